import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { sharedStack } from '../../local/support/shared-stack';
import type { StackProcess } from '../../local/support/stack-process';
import { CHROMIUM_FLAGS, ensureChromium } from './chromium';
import './locator-matchers';
import { signIn, signUpAndConfirm as signUpThroughScreens } from './screens';
import { SCREENSHOTS } from './screenshots';
import { sharedWebApp, type SharedWebApp } from './web-app';

/**
 * What a browser file is given: this jest worker's local stack (test/local/support/
 * shared-stack.ts) and web server (web-app.ts), one of each per worker for every file it
 * runs, and a chromium of the file's own, closed after it; pages that watch what they do;
 * and, as the file's last tests, the checks over every page it opened. A file calls
 * `browserSuite()` first and `checkEveryPage()` last, and signs up people of its own.
 *
 * The state here is the file's: jest gives each test file its own copy of this module.
 */

/** The local stack this worker's files share (each keeps to its own people). Set before the file's tests run. */
export let stack: StackProcess;
/** The web app this worker's files share, on the stack's web port. */
export let base: string;
export let browser: Browser;
/** A folder of the file's own for the files it writes, removed after it. */
export const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-e2e-'));

/** Every URL any page of the file asked for or navigated to: none may carry an e-mail address. */
const visitedUrls = new Set<string>();
/** Everything the Content-Security-Policy refused on any page of the file: nothing may be. */
const cspViolations: string[] = [];
/**
 * Requests a page sent again and again, the same address with the same body (more than
 * STORM_REQUESTS times within STORM_MS; the app's hashed files and ranged reads of one file
 * aside): a render or navigation loop, which a person meets as a busy fan and a server under load.
 */
const requestStorms = new Set<string>();
const STORM_REQUESTS = 30;
const STORM_MS = 2_000;
/** Each page's requests that have not ended, with when each began: where an upload that does not end waits. */
const pendingRequests = new WeakMap<Page, Map<Request, number>>();
/** The pages the file opened, and how many were seen asking for an address (every one, when the watching works). */
let pagesOpened = 0;
const pagesSeen = new WeakSet<Page>();
let pagesSeenCount = 0;
let web: SharedWebApp;
/** Where the file's share of the web server's output begins (all of it, for the file that started it). */
let webOutputFrom = 0;
let checked = false;

/** Call first, at the top of the file: the stack, the web server and the browser before its tests, the browser closed after. */
export const browserSuite = (): void => {
  beforeAll(async () => {
    const executablePath = ensureChromium();
    stack = await sharedStack();
    web = await sharedWebApp(stack);
    webOutputFrom = web.startedHere ? 0 : web.output().length;
    base = web.base;
    browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
    fs.mkdirSync(path.join(SCREENSHOTS, 'pages'), { recursive: true });
  }, 400_000);

  afterAll(async () => {
    await browser?.close();
    fs.rmSync(scratch, { recursive: true, force: true });
    if (!checked) throw new Error('a browser file ends with checkEveryPage(): the checks over every page it opened');
  });
};

/**
 * A page (in a new 1100×850 window unless a context is given) whose every URL, request
 * storm and CSP refusal is recorded for the file's closing checks.
 */
export const newPage = async (context?: BrowserContext) => {
  const page = await (context ?? (await browser.newContext({ viewport: { width: 1100, height: 850 } }))).newPage();
  page.setDefaultTimeout(30_000);
  pagesOpened += 1;
  page.on('request', (request) => {
    visitedUrls.add(request.url());
    if (pagesSeen.has(page)) return;
    pagesSeen.add(page);
    pagesSeenCount += 1;
  });
  page.on('framenavigated', (frame) => visitedUrls.add(frame.url()));
  const asked = new Map<string, number[]>();
  page.on('request', (request) => {
    if (request.headers().range || new URL(request.url()).pathname.startsWith('/_next/static/')) return;
    const address = `${request.method()} ${request.url()} ${(request.postData() ?? '').slice(0, 300)}`;
    const now = Date.now();
    const recent = (asked.get(address) ?? []).filter((at) => now - at < STORM_MS);
    recent.push(now);
    asked.set(address, recent);
    if (recent.length > STORM_REQUESTS) requestStorms.add(address);
  });
  const pending = new Map<Request, number>();
  page.on('request', (request) => pending.set(request, Date.now()));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  pendingRequests.set(page, pending);
  // The browser's own report of each refusal, as a page would send it to a report endpoint.
  await page.exposeFunction('reportCspViolation', (line: string) => cspViolations.push(line));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportCspViolation(line: string): void }).reportCspViolation(
        `${location.pathname}: ${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sample})`,
      ),
    ),
  );
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(`${page.url()}: ${message.text()}`);
  });
  return page;
};

/** The cookies Amplify keeps the session in (ID, access and refresh tokens, the last user). */
export const sessionCookies = async (context: BrowserContext) =>
  (await context.cookies(base)).filter((cookie) => cookie.name.startsWith('CognitoIdentityServiceProvider.'));

/** Sign-up and confirmation with the printed code, through the real screens. */
export const signUpAndConfirm = (page: Page, email: string, password: string) =>
  signUpThroughScreens(page, base, (address) => stack.codeFor(address), email, password);

/**
 * Opens the sign-in page and signs the person in there; ends on the statements page. Sign-in
 * leads there, or first to Needs you when something needs the person: then on, by its link.
 */
export const signInFromSignInPage = async (page: Page, person: { email: string; password: string }) => {
  await page.goto(`${base}/sign-in`);
  await signIn(page, person.email, person.password);
  // The address may show Needs you while its answer still sends on to the statements: what the page shows decides.
  const landed = page.getByTestId('needs-you-landed');
  await Promise.race([page.waitForURL(`${base}/statements`), landed.waitFor()]);
  if (new URL(page.url()).pathname !== '/statements') {
    await landed.getByRole('link', { name: 'Go to your statements' }).click();
    await page.waitForURL(`${base}/statements`);
  }
};

/** Sign-up, confirmation and sign-in through the real screens; ends on the statements page. */
export const signUpAndSignIn = async (page: Page, email: string, password: string) => {
  await signUpAndConfirm(page, email, password);
  await signIn(page, email, password);
  await page.waitForURL(`${base}/statements`);
};

/**
 * Waits as `wait` does; when it fails, the error also holds what the local stack logged
 * meanwhile (its last 60 lines), so a wait on the stack's pipeline (catalogue, scan,
 * profile) that runs out says where that pipeline stood.
 */
export const withStackLog = async (wait: () => Promise<unknown>): Promise<void> => {
  const from = stack.output().length;
  try {
    await wait();
  } catch (error) {
    const logged = stack.output().slice(from).trim();
    (error as Error).message += logged
      ? `\n\nThe local stack's log meanwhile (its last 60 lines at most):\n${logged.split('\n').slice(-60).join('\n')}`
      : '\n\nThe local stack logged nothing meanwhile.';
    throw error;
  }
};

/**
 * Waits for `count` uploads to be done; on failure says, besides, each upload's status and
 * words and the page's requests that have not ended (path, part, seconds), so an upload
 * that did not end says where it stopped.
 */
export const uploadsDone = (page: Page, count: number, timeout: number) =>
  expect(page.locator('[data-testid="upload-item"][data-status="done"]'))
    .toHaveCount(count, { timeout })
    .catch(async (error: unknown) => {
      const items = await page
        .getByTestId('upload-item')
        .evaluateAll((all) => all.map((item) => `${item.getAttribute('data-status')}: ${item.textContent}`));
      const waiting = [...(pendingRequests.get(page) ?? [])].map(([request, since]) => {
        const url = new URL(request.url());
        const part = url.searchParams.get('partNumber');
        return `${request.method()} ${url.host}${url.pathname}${part ? ` part ${part}` : ''} for ${Math.round((Date.now() - since) / 1000)} s`;
      });
      throw new Error(`${(error as Error).message}\nUploads:\n${items.join('\n')}\nRequests not ended:\n${waiting.join('\n')}`, {
        cause: error,
      });
    });

/**
 * Call last, at the end of the file: the checks over every page it opened, as its last
 * tests (a file is a suite to jest): the CSP refused nothing, no page asked for one address
 * again and again, no e-mail address travelled in a URL, and the web server printed no
 * warning meanwhile.
 */
export const checkEveryPage = (): void => {
  checked = true;
  test('the CSP refused nothing on any page of the suite', () => {
    expect(cspViolations).toEqual([]);
  });

  test('no page of the suite asked for one address again and again (a render or navigation loop)', () => {
    expect([...requestStorms]).toEqual([]);
  });

  test("the web server's terminal is not buried in a warning per request (Amplify's custom endpoint, which the local stack's is)", () => {
    const output = web.output();
    expect(output.length).toBeGreaterThan(0);
    expect(output.slice(webOutputFrom).filter((line) => /\[WARN\]/.test(line))).toEqual([]);
    // Nor by errors: a server action's redirect that Next fetches from its own origin reaches it (a port left out is port 80).
    expect(output.slice(webOutputFrom).filter((line) => /ECONNREFUSED|failed to get redirect response/.test(line))).toEqual([]);
  });

  test('no e-mail address ever travelled in a URL (pages, API calls, assets)', () => {
    // What was recorded is every page's: each page the file opened was seen asking for addresses.
    expect(pagesOpened).toBeGreaterThan(0);
    expect(pagesSeenCount).toBe(pagesOpened);
    expect(visitedUrls.size).toBeGreaterThan(pagesOpened);
    expect([...visitedUrls].filter((url) => /@|%40/i.test(url) || url.includes('example.com'))).toEqual([]);
  });
};
