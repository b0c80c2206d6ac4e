import { SESSION_ENDED_COOKIE } from '../../web/lib/session-ended';
import { NextRequest, loadProxy, type Proxy } from './support/proxy';

/**
 * One tab finds the session ended and removes its cookies before another tab's next page
 * reaches the server: the mark it leaves is what lets that page still say why.
 */
describe('the proxy, after a tab found the session ended', () => {
  let proxy: Proxy;
  beforeAll(() => {
    proxy = loadProxy();
  });

  const visit = (path: string, cookie?: string) =>
    proxy(new NextRequest(`https://vault.example${path}`, { headers: cookie ? { cookie } : {} }));
  /** The mark as the response sets it: its value and attributes, or undefined when it is not set. */
  const markSet = (response: Response) =>
    (response.headers.get('set-cookie') ?? '')
      .split(/,(?=\s*[\w-]+=)/)
      .map((line) => line.trim())
      .find((line) => line.startsWith(`${SESSION_ENDED_COOKIE}=`));

  test('a private page asked for without a session sends to sign in, saying nothing it does not know', async () => {
    const response = await visit('/statements?q=visa');
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('https://vault.example/sign-in?next=%2Fstatements%3Fq%3Dvisa');
  });

  test('with the mark, it says the session ended, and keeps the mark for the other tabs', async () => {
    const response = await visit('/statements', `${SESSION_ENDED_COOKIE}=1`);
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('https://vault.example/sign-in?next=%2Fstatements&reason=session-ended');
    expect(markSet(response)).toMatch(/^sv-session-ended=1; Path=\/; Expires=[^;]+; Max-Age=600; Secure; SameSite=lax$/i);
  });

  test('a signed-out page neither needs nor touches the mark', async () => {
    const response = await visit('/sign-in', `${SESSION_ENDED_COOKIE}=1`);
    expect(response.headers.get('location')).toBeNull();
    expect(markSet(response)).toBeUndefined();
  });
});
