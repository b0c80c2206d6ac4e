import { SHARE_ROUTES } from '../../contract/routes';
import { SHARE_FILE_PATH, SHARE_PAGE, isSharePage, secretOfLink, sharePagePath } from '../../contract/share-pages';
import { VIEWER_ADDRESS_HEADER, type RecipientShare } from '../../contract/shares';
import type { ShareAnswer } from '../../web/lib/share-api';

/**
 * The share API as the web server calls it, replaced: what each call asked, and its answer.
 * The real one signs with the server's role and is tested on the local stack.
 */
const calls: { route: string; secret: string; viewer: unknown; input?: unknown }[] = [];
let answer: ShareAnswer<never> | ((secret: string) => ShareAnswer<never>);
jest.mock('../../web/lib/share-api', () => ({
  ...jest.requireActual('../../web/lib/share-api'),
  callShareApi: async (route: { resource: string }, secret: string, viewer: unknown, input?: unknown) => {
    calls.push({ route: route.resource, secret, viewer, ...(input ? { input } : {}) });
    return typeof answer === 'function' ? answer(secret) : answer;
  },
}));
let requestHeaders = new Headers();
jest.mock('next/headers', () => ({ headers: async () => requestHeaders }));

import { openShareView, type ShareView } from '../../web/lib/share-view';

/*
 * The page's action and routes import Next.js, whose types redeclare `process.env` for every
 * file the root project compiles (NODE_ENV required, which other tests' environments lack):
 * they are loaded here without their types, with the shapes Next.js calls them with.
 */
const { openShare } = jest.requireActual<{ openShare: (previous: ShareView, form: FormData) => Promise<ShareView> }>(
  '../../web/app/s/actions',
);
const { POST: postFile } = jest.requireActual<{ POST: (request: Request) => Promise<Response> }>('../../web/app/s/file/route');
const { GET: oldLink } = jest.requireActual<{
  GET: (request: Request, context: { params: Promise<{ secret: string }> }) => Promise<Response>;
}>('../../web/app/s/[secret]/route');
const robots = jest.requireActual<{ default: () => unknown }>('../../web/app/robots').default;

const SECRET = 'Q2hhcmxlcyBEYXJ3aW4gbGlrZWQgYmVldGxlcywgYSA';
const OTHER = 'A'.repeat(43);
const STATEMENT = '01HZZZZZZZZZZZZZZZZZZZZZZZ';
const share: RecipientShare = {
  note: 'For Jane',
  expiresAt: '2030-01-01T00:00:00.000Z',
  statements: [{ id: STATEMENT, fileName: 'a.pdf', contentType: 'application/pdf', size: 10, accountLabel: 'Card', period: '2024-01' }],
};
const notFound = { ok: false, status: 404, message: 'Not found' } as const;
const viewer = { address: '203.0.113.9', agent: 'Chrome' };

beforeEach(() => {
  calls.length = 0;
  answer = notFound;
  requestHeaders = new Headers();
});

describe('links', () => {
  test('a link is the one share page with the secret in its fragment, which no request carries', () => {
    expect(sharePagePath(SECRET)).toBe(`/s#${SECRET}`);
    expect(new URL(sharePagePath(SECRET), 'https://vault.example').pathname).toBe(SHARE_PAGE);
    expect(SHARE_FILE_PATH).toBe('/s/file');
  });

  test('the share page and what lies under it, and nothing else that starts with s', () => {
    expect(['/s', '/s/', '/s/file', `/s/${SECRET}`].every(isSharePage)).toBe(true);
    expect(['/', '/sign-in', '/sign-up', '/shares', '/shares/x', '/statements', '/s-x', '/x/s'].some(isSharePage)).toBe(false);
  });

  test('a pasted link gives its secret, whatever was pasted of it', () => {
    for (const pasted of [
      `https://vault.example/s#${SECRET}`,
      `vault.example/s#${SECRET}`,
      `/s#${SECRET}`,
      `#${SECRET}`,
      `  <https://vault.example/s#${SECRET}>  `,
      `"https://vault.example/s#${SECRET}".`,
      `https://vault.example/s/${SECRET}`,
      `http://localhost:3000/s/${SECRET}?utm=x`,
      SECRET,
    ])
      expect(secretOfLink(pasted)).toBe(SECRET);
    expect(secretOfLink('https://vault.example/s#')).toBe('');
    expect(secretOfLink('')).toBe('');
  });

  test('robots.txt keeps crawlers from the share page and what lies under it, not from /sign-in or /shares', () => {
    expect(robots()).toEqual({ rules: { userAgent: '*', disallow: ['/s$', '/s/'] } });
  });
});

describe('the share page’s action', () => {
  test('opens the share the link names, with the viewer CloudFront saw, and gives the page the secret for its files', async () => {
    answer = { ok: true, body: share as never };
    requestHeaders = new Headers({ [VIEWER_ADDRESS_HEADER]: viewer.address, 'user-agent': viewer.agent });
    const form = new FormData();
    form.set('link', `https://vault.example/s#${SECRET}`);
    await expect(openShare({ kind: 'ask' }, form)).resolves.toEqual({ kind: 'open', secret: SECRET, share });
    expect(calls).toEqual([{ route: SHARE_ROUTES.openShare.resource, secret: SECRET, viewer }]);
  });

  test('every dead link is the same answer after the same call: unknown, ended, withdrawn, malformed, cut short', async () => {
    const outcomes = [];
    for (const pasted of [`#${OTHER}`, `#${SECRET.slice(0, 30)}`, 'https://vault.example/s#not a secret', 'hello']) {
      answer = (secret) => (secret === SECRET ? { ok: true, body: share as never } : notFound);
      outcomes.push(await openShareView(pasted, viewer));
    }
    expect(outcomes).toEqual(Array(4).fill({ kind: 'dead' }));
    // A malformed one is asked for as an empty secret, which leads nowhere: the same work.
    expect(calls.map((call) => call.secret)).toEqual([OTHER, '', '', '']);
  });

  test('too many requests, or the vault out of reach, is said in words; nothing pasted is said without a call', async () => {
    answer = { ok: false, status: 429, message: 'This link was opened too often: try again in a minute.' };
    await expect(openShareView(`#${SECRET}`, viewer)).resolves.toEqual({
      kind: 'failed',
      message: 'This link was opened too often: try again in a minute.',
    });
    calls.length = 0;
    await expect(openShareView('   ', viewer)).resolves.toEqual({ kind: 'blank' });
    await expect(openShareView(null, viewer)).resolves.toEqual({ kind: 'blank' });
    expect(calls).toEqual([]);
  });
});

describe('the file route', () => {
  const post = (fields: Record<string, string>) =>
    postFile(
      new Request('http://localhost/s/file', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          [VIEWER_ADDRESS_HEADER]: viewer.address,
          'user-agent': viewer.agent,
        },
        body: new URLSearchParams(fields),
      }),
    );
  const expectShareHeaders = (response: Response) => {
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('cache-control')).toBe('no-store, private');
    expect(response.headers.get('x-robots-tag')).toContain('noindex');
  };

  test('a View or Download form is answered with a redirect to the file’s fresh URL; the secret came in the body', async () => {
    answer = { ok: true, body: { url: 'https://bucket.example/file?X-Amz-Signature=1' } as never };
    const response = await post({ secret: SECRET, statement: STATEMENT, disposition: 'inline' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('https://bucket.example/file?X-Amz-Signature=1');
    expectShareHeaders(response);
    expect(calls).toEqual([
      {
        route: SHARE_ROUTES.sharedFileUrl.resource,
        secret: SECRET,
        viewer,
        input: { params: { statementId: STATEMENT }, query: { disposition: 'inline' } },
      },
    ]);
  });

  test('the ZIP asks for the URL itself (as=url); the disposition is an attachment unless inline is asked', async () => {
    answer = { ok: true, body: { url: 'https://bucket.example/file' } as never };
    const response = await post({ secret: SECRET, statement: STATEMENT, disposition: 'anything', as: 'url' });
    expect(response.status).toBe(200);
    await expect(response.json()).resolves.toEqual({ url: 'https://bucket.example/file' });
    expectShareHeaders(response);
    expect(calls[0].input).toEqual({ params: { statementId: STATEMENT }, query: { disposition: 'attachment' } });
  });

  test('a file not shared, a dead link or a form that is not ours is the same 404; only well-formed ones reach the API', async () => {
    const forms: Record<string, string>[] = [
      { secret: SECRET, statement: STATEMENT },
      { secret: 'short', statement: STATEMENT },
      { secret: SECRET, statement: '../../etc' },
      {},
    ];
    for (const fields of forms) {
      const response = await post(fields);
      expect(response.status).toBe(404);
      await expect(response.text()).resolves.toBe('This file is not shared here.');
      expectShareHeaders(response);
    }
    expect(calls).toHaveLength(1);
  });

  test('too many requests is a 429 in words', async () => {
    answer = { ok: false, status: 429, message: 'Too many files from this link: try again in a minute.' };
    const response = await post({ secret: SECRET, statement: STATEMENT, disposition: 'attachment' });
    expect(response.status).toBe(429);
    await expect(response.text()).resolves.toBe('Too many files from this link: try again in a minute.');
  });
});

test('an old link (/s/{secret}) redirects to the share page with the secret in the fragment, and calls nothing', async () => {
  const response = await oldLink(new Request(`http://localhost/s/${SECRET}`), { params: Promise.resolve({ secret: SECRET }) });
  expect(response.status).toBe(308);
  expect(response.headers.get('location')).toBe(`/s#${SECRET}`);
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(calls).toEqual([]);
  const odd = await oldLink(new Request('http://localhost/s/x'), { params: Promise.resolve({ secret: 'a b#c' }) });
  expect(odd.headers.get('location')).toBe('/s#a%20b%23c');
});
