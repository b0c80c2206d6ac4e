import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { MESSAGES } from '../../web/lib/messages';
import { SESSION_ENDED_COOKIE } from '../../web/lib/session-ended';
import { csv } from '../support/samples';
import { base, browserSuite, checkEveryPage, newPage, sessionCookies, stack } from './support/browser-suite';
import { type Person, signedInPerson } from './support/people';
import { signIn, toast, uploadChosen } from './support/screens';
import { shot } from './support/screenshots';

/**
 * The product in a real browser (Debian chromium via playwright-core) on this jest worker's
 * local stack and web server (support/browser-suite.ts): what each failure says: a GraphQL
 * error status, a body that is not JSON, an upload refused by its rules or cut off
 * midway, and a session that ends on a refused token refresh.
 */
browserSuite();

/** Who meets each failure, signed in on her statements. */
let alice: Person;
let alicePage: Page;
beforeAll(async () => {
  ({ person: alice, page: alicePage } = await signedInPerson('alice', '/statements'));
}, 120_000);

describe('error catalogue', () => {
  const graphql = () => `http://127.0.0.1:${stack.ports.appsync}/graphql`;
  const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };

  const answerGraphqlWith = async (page: Page, status: number, body: string) =>
    page.route(graphql(), (route) =>
      route.request().method() === 'OPTIONS'
        ? route.fulfill({ status: 204, headers: CORS })
        : route.fulfill({ status, headers: { ...CORS, 'content-type': 'application/json' }, body }),
    );

  /**
   * A query the browser makes itself (the pages come with their data from the server): the
   * check for the same file already stored, which runs before an upload sends a byte.
   */
  const queryFromTheBrowser = async (page: Page) => {
    await page.goto(`${base}/statements`);
    await page.getByLabel('Account', { exact: true }).fill('Checking');
    await page.getByLabel('Statement files').setInputFiles({ name: 'probe.csv', mimeType: 'text/csv', buffer: csv(100) });
    await uploadChosen(page, 1);
  };

  test('a GraphQL status of 300 or above shows the server-error toast', async () => {
    const page = alicePage;
    await answerGraphqlWith(page, 502, '{"errors":[{"message":"bad gateway"}]}');
    await queryFromTheBrowser(page);
    await expect(toast(page, MESSAGES.serverError)).toBeVisible();
    await shot(page, 'toast-server-error');
    await page.unroute(graphql());
  });

  test('a body that is not JSON shows the parse-error toast', async () => {
    const page = alicePage;
    await answerGraphqlWith(page, 200, '<html>not json</html>');
    await queryFromTheBrowser(page);
    await expect(toast(page, MESSAGES.parseError)).toBeVisible();
    await page.unroute(graphql());
  });

  test('an upload that breaks a rule is refused in words before any byte is sent', async () => {
    const page = alicePage;
    await page.reload();
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`:${stack.ports.statementsApi}/`) || request.url().includes(`:${stack.ports.s3}/`))
        apiCalls.push(request.url());
    });
    await page.getByLabel('Account', { exact: true }).fill('Checking');
    await page.getByLabel('Statement files').setInputFiles({ name: 'archive.zip', mimeType: 'application/zip', buffer: randomBytes(10) });
    // Said on the file's row as soon as it is chosen; it offers no upload.
    const refused = page.getByTestId('filing-row').filter({ hasText: 'archive.zip' });
    await expect(refused.getByRole('alert')).toHaveText(
      'Statements must be PDF, CSV, OFX, QFX, Excel (XLSX), JPEG or PNG files; this one is a ZIP archive.',
    );
    await expect(page.getByRole('button', { name: /^Upload \d+ files?$/ })).toHaveCount(0);
    await refused.getByRole('button', { name: 'Remove archive.zip' }).click();
    await expect(page.getByTestId('filing-row')).toHaveCount(0);
    expect(apiCalls).toEqual([]);
  });

  test('an upload that fails midway shows the error with a retry, and nothing is listed until it succeeds', async () => {
    const page = alicePage;
    const s3 = new RegExp(`127\\.0\\.0\\.1:${stack.ports.s3}/`);
    await page.route(s3, (route) => (route.request().method() === 'PUT' ? route.abort('connectionreset') : route.continue()));
    await page.getByLabel('Account', { exact: true }).fill('Checking');
    await page.getByLabel('Statement files').setInputFiles({ name: 'flaky.csv', mimeType: 'text/csv', buffer: csv(1000) });
    await uploadChosen(page, 1);
    const failed = page.locator('[data-testid="upload-item"][data-status="failed"]', { hasText: 'flaky.csv' });
    await expect(failed).toContainText('The connection broke during the upload.');
    await expect(page.getByRole('cell', { name: 'flaky.csv' })).toHaveCount(0);
    await page.unroute(s3);
    await failed.getByRole('button', { name: 'Retry flaky.csv' }).click();
    await expect(page.locator('[data-testid="upload-item"][data-status="done"]', { hasText: 'flaky.csv' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'flaky.csv' })).toBeVisible();
  });

  test('NotAuthorized on token refresh ends the session in every tab: sign-in says why, the stale cookies are gone, and it leads back', async () => {
    const page = alicePage;
    const context = page.context();
    // Tokens that have expired (signature intact: the adapter refreshes them) and a refresh token Cognito refuses.
    const expire = (token: string) => {
      const [head, body, signature] = token.split('.');
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      claims.exp = Math.floor(Date.now() / 1000) - 60;
      return [head, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
    };
    const endSession = async () => {
      const cookies = await sessionCookies(context);
      expect(cookies.map((cookie) => cookie.name.split('.').at(-1))).toEqual(
        expect.arrayContaining(['idToken', 'accessToken', 'refreshToken']),
      );
      await context.addCookies(
        cookies.map((cookie) => ({
          ...cookie,
          value: /\.(idToken|accessToken)$/.test(cookie.name)
            ? expire(cookie.value)
            : cookie.name.endsWith('.refreshToken')
              ? 'revoked-refresh-token'
              : cookie.value,
        })),
      );
    };
    const staleTokens = async () => (await sessionCookies(context)).filter((cookie) => /\.(idToken|refreshToken)$/.test(cookie.name));
    const saysEnded = async (tab: Page) => {
      await tab.waitForURL(`${base}/sign-in?next=%2Fstatements&reason=session-ended`);
      await expect(tab.getByRole('status').first()).toHaveText(MESSAGES.sessionEnded);
    };

    // The server finds it first: another tab of the app shows private data while this one asks for a page.
    const otherTab = await newPage(context);
    await otherTab.goto(`${base}/statements`);
    await expect(otherTab.getByTestId('statement-row').first()).toBeVisible();
    await endSession();
    await page.goto(`${base}/statements`);
    await saysEnded(page);
    expect(await staleTokens()).toEqual([]);
    // The other tab leaves its private page at once, saying why.
    await otherTab.waitForURL(/\/sign-in/);
    await expect(toast(otherTab, MESSAGES.sessionEnded)).toBeVisible();
    await otherTab.close();
    await signIn(page, alice.email, alice.password);
    await page.waitForURL(`${base}/statements`);

    // A tab finds it first (a download asks for a token) and removes the cookies: the next
    // page another tab asks for arrives without them, and still says why.
    await endSession();
    await page
      .getByTestId('statement-row')
      .first()
      .getByRole('button', { name: /^Download / })
      .click();
    await saysEnded(page);
    // Said once, though both the tab and the download found it.
    await expect(toast(page, MESSAGES.sessionEnded)).toHaveCount(1);
    // Amplify's sign-out removes them a moment after the tab leaves.
    for (let tries = 0; (await staleTokens()).length > 0; tries += 1) {
      if (tries > 100) throw new Error("the ended session's cookies stayed");
      await page.waitForTimeout(100);
    }
    const laterTab = await newPage(context);
    await laterTab.goto(`${base}/statements`);
    await saysEnded(laterTab);
    await laterTab.close();
    await signIn(page, alice.email, alice.password);
    await page.waitForURL(`${base}/statements`);
    // A session that works again has nothing left to explain.
    expect((await context.cookies(base)).map((cookie) => cookie.name)).not.toContain(SESSION_ENDED_COOKIE);
  });
});

checkEveryPage();
