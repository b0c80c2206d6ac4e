import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import type { Child } from '../../local/children';
import { freePort } from '../../local/ports';
import { STATIC_CACHE_CONTROL } from '../../lib/web-artifact';
import { MESSAGES } from '../../web/lib/messages';
import { SESSION_ENDED_COOKIE } from '../../web/lib/session-ended';
import { javaProcessesFor, startStack, waitFor, type StackProcess } from '../local/support/stack-process';
import { rawGraphql } from '../local/support/graphql';
import { callApi } from '../local/support/rest';
import { STATEMENT_PAGE_SIZE, STATEMENT_ROUTES } from '../../contract';
import { MAIL_WORDS } from '../../contract/mail';
import { MAIL_INBOX_PREFIX } from '../../contract/keys';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createS3Client } from '../../lambda/shared/runtime';
import { LOCAL_CREDENTIALS, LOCAL_IDS } from '../../local/settings';
import { NOT_INDEXED_REASONS, notIndexedSentence } from '../../contract/search/not-indexed';
import { formatDay, formatPeriod } from '../../contract/format';
import { CHROMIUM_FLAGS, ensureChromium, ensureFullChromium } from './support/chromium';
import './support/locator-matchers';
import { buildWebApp, startBuiltWebApp } from './support/web-app';
import { EICAR, csv, pdf, pngOf } from '../support/samples';
import { uploadStatement } from '../local/support/uploads';
import { signedInEarlier } from '../local/support/tokens';
import { readZip } from '../support/zip';
import { pdfBomb } from '../support/bombs';
import { STATEMENT_PDFS, statementPdf } from '../support/statement-pdfs';
import { STATEMENT_WORKBOOKS, statementWorkbook } from '../support/statement-workbooks';
import { runningBalanceExport } from '../support/running-balance-export';
import { checkPacketOutside, pdfPagesText } from '../support/pdf-pages';
import { accessibilityViolations } from './support/axe';
import { formReady, signIn, signUpAndConfirm as signUpThroughScreens, uploadChosen } from './support/screens';
import { PHONE, autofillAtLoad, handOverEmail, holdScripts, hydrated, slowCpu, typeInto } from './support/as-people-type';

/**
 * The product in a real browser (Debian chromium via playwright-core) on the local stack:
 * the deployable build of web/ (OpenNext's, in its local mode) with the stack's config,
 * every screen, both users.
 * Screenshots of every screen go to test-results/screenshots/.
 */
const SCREENSHOTS = path.join(__dirname, '..', '..', 'test-results', 'screenshots');

let stack: StackProcess;
let web: Child;
let browser: Browser;
let base: string;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-e2e-'));
/** What the web server printed, as `npm start` shows it in its terminal. */
const webOutput: string[] = [];

beforeAll(async () => {
  const executablePath = ensureChromium();
  stack = await startStack();
  buildWebApp();
  web = await startBuiltWebApp(stack.ports.web, path.join(stack.dataDir, 'amplify_outputs.json'), (line) => webOutput.push(line));
  base = `http://localhost:${stack.ports.web}`;
  browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
  fs.mkdirSync(path.join(SCREENSHOTS, 'pages'), { recursive: true });
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await web?.stop();
  expect(await stack.stop()).toBe(0);
  expect(javaProcessesFor(stack.dataDir)).toEqual([]);
  // Nothing of the run is left on the machine: the stack's folder went with it.
  expect(fs.existsSync(stack.dataDir)).toBe(false);
  fs.rmSync(scratch, { recursive: true, force: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
/**
 * The README's screenshots (docs/images/), so they follow the screens: the window at 1280×800
 * in light mode, from the top of the page or of `from`.
 */
const docsShot = async (page: Page, name: string, from?: ReturnType<Page['locator']>) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  await from?.evaluate((element) => {
    element.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -16);
  });
  await settled(page);
  await page.screenshot({ path: path.join(__dirname, '..', '..', 'docs', 'images', `${name}.png`) });
};

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** A 2×2 PNG: the profile picture of the suite's first user. */
const avatar = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR4nGNk+M/wn4GBgYGJgYGBAQAb/gIBiM5w3wAAAABJRU5ErkJggg==',
  'base64',
);

/** Every URL any page of the suite asked for or navigated to: none may carry an e-mail address. */
const visitedUrls = new Set<string>();
/** Everything the Content-Security-Policy refused on any page of the suite: nothing may be. */
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

/**
 * Waits for `count` uploads to be done; on failure says, besides, each upload's status and
 * words and the page's requests that have not ended (path, part, seconds), so an upload
 * that did not end says where it stopped.
 */
const uploadsDone = (page: Page, count: number, timeout: number) =>
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

const newPage = async (context?: BrowserContext) => {
  const page = await (context ?? (await browser.newContext({ viewport: { width: 1100, height: 850 } }))).newPage();
  page.setDefaultTimeout(30_000);
  page.on('request', (request) => visitedUrls.add(request.url()));
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

/**
 * Waits for the page's short animations to end (a toast sliding in or fading out, a
 * dialog opening): what a person reads is the settled screen, and axe measures contrast on
 * the colours as drawn, so a toast caught at half its opacity fails contrast that it meets.
 * Endless animations (a spinner) and long ones (a toast's countdown bar) are not waited for.
 */
const settled = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => {
          const timing = animation.effect?.getComputedTiming();
          return timing !== undefined && Number(timing.endTime) <= 2000;
        })
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );

/**
 * The page in light and dark, 1280 and 360 px wide: a screenshot of each (of `part` when
 * given) in test-results/screenshots/pages/, and what axe finds in each. The page is left
 * light, 1100 px wide.
 */
/** A page wider than the window (it scrolls sideways), said with how much: none, on any page at any width. */
const sidewaysScroll = async (page: Page, where: string): Promise<string[]> => {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  return overflow > 0 ? [`${where} scrolls sideways by ${overflow} px`] : [];
};

const everyScheme = async (page: Page, name: string, part?: () => ReturnType<Page['locator']>): Promise<string[]> => {
  const violations: string[] = [];
  // Toasts hold still while the page is measured: they pause when the window loses focus,
  // as for a person who looks away. Otherwise a toast whose time runs out during axe's run
  // is measured half faded out, a frame nobody reads (axe then reports its contrast).
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  for (const [scheme, width] of [
    ['light', 1280],
    ['dark', 1280],
    ['light', 360],
    ['dark', 360],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    const file = path.join(SCREENSHOTS, 'pages', `${name}-${scheme}-${width}.png`);
    await (part ? part().screenshot({ path: file }) : page.screenshot({ path: file, fullPage: true }));
    violations.push(...(await accessibilityViolations(page)), ...(await sidewaysScroll(page, `${name} at ${width} px`)));
  }
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1100, height: 850 });
  return violations;
};

/** The cookies Amplify keeps the session in (ID, access and refresh tokens, the last user). */
const sessionCookies = async (context: BrowserContext) =>
  (await context.cookies(base)).filter((cookie) => cookie.name.startsWith('CognitoIdentityServiceProvider.'));

const toast = (page: Page, text: string) => page.locator('.Toastify__toast', { hasText: text });

/**
 * Waits as `wait` does; when it fails, the error also holds what the local stack logged
 * meanwhile (its last 60 lines), so a wait on the stack's pipeline (catalogue, scan,
 * profile) that runs out says where that pipeline stood.
 */
const withStackLog = async (wait: () => Promise<unknown>): Promise<void> => {
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

/** Sign-up and confirmation with the printed code, through the real screens. */
const signUpAndConfirm = (page: Page, email: string, password: string) =>
  signUpThroughScreens(page, base, (address) => stack.codeFor(address), email, password);

const alice = { email: `alice-${Date.now()}@example.com`, password: 'alice likes long passwords' };
let alicePage: Page;

describe('first visit', () => {
  test('the landing page is server-rendered, has a title and favicon, and no analytics without an id', async () => {
    const response = await fetch(`${base}/`);
    const html = await response.text();
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    // The build holds no backend values: the server renders the config it was started with.
    const config = JSON.parse(fs.readFileSync(path.join(stack.dataDir, 'amplify_outputs.json'), 'utf8'));
    expect(html).toContain(config.auth.user_pool_client_id);
    expect(response.headers.get('cache-control')).toMatch(/no-store/);
    expect(html).toContain('Your financial statements, in one private place.');
    expect(html).toContain('<title>Statement Vault: your statements, private</title>');
    expect(html).toMatch(/<link rel="icon" href="\/icon\.svg/);
    expect(html).not.toContain('googletagmanager');
    // Emotion styles are in the HTML itself (no flash of unstyled content).
    expect(html).toMatch(/<style nonce="[^"]+" data-emotion="sv /);
    const page = await newPage();
    await page.goto(`${base}/`);
    await shot(page, 'home');
    await page.close();
  });

  test('pages and static files travel as on AWS: compressed as asked, hashed files immutable, the security headers on both', async () => {
    const get = (url: string, acceptEncoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync, deflate: zlib.inflateSync };
    // The server function's own choice, in its order: Brotli, else gzip, else deflate, else none.
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['deflate', 'deflate'],
      ['identity', undefined],
    ] as const) {
      const page = await get(`${base}/sign-in`, accept);
      expect(page.headers['content-encoding']).toBe(encoding);
      expect(page.headers['content-length']).toBeUndefined();
      const html = (encoding ? decode[encoding](page.body) : page.body).toString('utf8');
      expect(html).toMatch(/<form[^>]*method="post"/);
      expect(html).toMatch(/<\/html>$/);
    }

    const html = (await get(`${base}/sign-in`, 'identity')).body.toString('utf8');
    const script = /<script src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const hashed = await get(`${base}${script}`, 'gzip, deflate, br');
    expect(hashed.headers['content-encoding']).toBe('br');
    expect(hashed.headers['cache-control']).toBe(STATIC_CACHE_CONTROL.hashed);
    expect(hashed.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(hashed.headers['x-content-type-options']).toBe('nosniff');
    const plain = await get(`${base}${script}`, 'identity');
    expect(decode.br(hashed.body)).toEqual(plain.body);
    expect(hashed.body.length).toBeLessThan(plain.body.length / 2);
    // Files without a content hash are revalidated.
    expect((await get(`${base}/sw.js`, 'gzip')).headers['cache-control']).toBe(STATIC_CACHE_CONTROL.other);
  });

  test('the service worker is registered at /sw.js with scope /', async () => {
    const page = await newPage();
    await page.goto(`${base}/`);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${base}/`);
    await page.close();
  });
});

describe('account', () => {
  test('sign-up refuses a 7-character password, and says what each empty field needs, before calling Cognito', async () => {
    const page = await newPage();
    await page.goto(`${base}/sign-up`);
    await page.getByLabel('E-mail').fill('short@example.com');
    await page.getByLabel('Password').fill('seven77');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert').first()).toHaveText('The password needs at least 8 characters.');
    // Both fields empty: each says what it needs.
    await page.getByLabel('E-mail').fill('');
    await page.getByLabel('Password').fill('');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.locator('form').getByRole('alert')).toHaveText([
      'Enter your e-mail address.',
      'The password needs at least 8 characters.',
    ]);
    await page.close();
  });

  test('an unconfirmed user who signs in is sent on to /confirm, with a fresh code', async () => {
    const page = await newPage();
    const email = `unconfirmed-${Date.now()}@example.com`;
    await page.goto(`${base}/sign-up`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('not confirmed yet');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${base}/confirm`);
    await page.goto(`${base}/sign-in`);
    await signIn(page, email, 'not confirmed yet');
    await page.waitForURL(/\/confirm\?next=/);
    await expect(page.getByLabel('E-mail')).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveValue(email);
    await page.close();
  });

  test('sign-up, confirm with the e-mailed code (after a resend), and a private page sends you to sign-in and back', async () => {
    alicePage = await newPage();
    const page = alicePage;
    await page.goto(`${base}/sign-up`);
    await page.getByLabel('E-mail').fill(alice.email);
    await page.getByLabel('Password').fill(alice.password);
    await shot(page, 'sign-up');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${base}/confirm`);
    const codesBefore = fs
      .readFileSync(path.join(stack.dataDir, 'codes.jsonl'), 'utf8')
      .split('\n')
      .filter((line) => line.includes(alice.email));
    expect(codesBefore).toHaveLength(1);
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await expect(toast(page, 'A new code is on its way')).toBeVisible();
    const second = stack.codeFor(alice.email);
    expect(second).toMatch(/^\d{6}$/);
    expect(
      fs
        .readFileSync(path.join(stack.dataDir, 'codes.jsonl'), 'utf8')
        .split('\n')
        .filter((line) => line.includes(alice.email)),
    ).toHaveLength(2);
    await page.getByLabel('Confirmation code').fill(second);
    await shot(page, 'confirm');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.waitForURL(/\/sign-in/);

    await page.goto(`${base}/profile`);
    await page.waitForURL(`${base}/sign-in?next=%2Fprofile`);
    await shot(page, 'sign-in');
    await signIn(page, alice.email, 'not the password');
    await expect(page.getByRole('alert')).toHaveText('The e-mail or password is not right.');
    await signIn(page, alice.email, alice.password);
    await page.waitForURL(`${base}/profile`);
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  });
});

describe('profile', () => {
  test('set the avatar (with progress) and a display name', async () => {
    const page = alicePage;
    // Said once the malware scan has found it clean: as long as a loaded machine's scan takes.
    await withStackLog(async () => {
      await page.getByLabel('Profile picture file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: avatar });
      await expect(toast(page, 'Your profile picture is updated.')).toBeVisible({ timeout: 60_000 });
    });
    const img = page.getByTestId('avatar');
    await expect(img).toBeVisible();
    const served = await page.request.get((await img.getAttribute('src'))!);
    expect(Buffer.from(await served.body()).equals(avatar)).toBe(true);

    await page.getByLabel('Display name').fill('Alice A.');
    await page.getByRole('button', { name: 'Save name' }).click();
    // The save is the server's work, at 4x CPU slowdown: waited for as a person would.
    await expect(toast(page, 'Your name is saved.')).toBeVisible({ timeout: 60_000 });
    await shot(page, 'profile');
    // The page arrives with the picture: its first HTML shows it, at the app's own address.
    const first = await (await page.request.get(`${base}/profile`)).text();
    const shownFirst = /<img[^>]*data-testid="avatar"[^>]*>/.exec(first)?.[0].match(/src="([^"]+)"/)?.[1];
    expect(shownFirst).toMatch(/^\/profile\/picture\?v=[\w-]{16}$/);
    expect(Buffer.from(await (await page.request.get(`${base}${shownFirst}`)).body()).equals(avatar)).toBe(true);
    // The header names the person with what they set, on every page: their name and their picture.
    await page.goto(`${base}/statements`);
    const me = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Alice A.' });
    await expect(me).toHaveAttribute('href', '/profile');
    const picture = page.getByTestId('header-picture');
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="header-picture"]') as HTMLImageElement | null)?.complete === true,
    );
    expect(await picture.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(2);
    // Its address holds nothing of the picture's key (nor so of the person's id): a 16-character digest.
    expect(await picture.getAttribute('src')).toMatch(/^\/profile\/picture\?v=[A-Za-z0-9_-]{16}$/);
    // On a phone the person sits on the brand's line, and the places keep one line under it.
    await page.setViewportSize({ width: 360, height: 800 });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const brand = (await nav.getByRole('link', { name: 'Statement Vault' }).boundingBox())!;
    const person = (await me.boundingBox())!;
    expect(Math.abs(person.y + person.height / 2 - (brand.y + brand.height / 2))).toBeLessThanOrEqual(4);
    const places = await nav
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
    expect(new Set(places).size).toBe(1);
    await shot(page, 'header-360');
    await page.setViewportSize({ width: 1100, height: 850 });
    await page.goto(`${base}/profile`);
  });

  test('the display name is saved by a form action: a blank name is refused in words, and it works without JavaScript', async () => {
    const page = alicePage;
    await page.getByLabel('Display name').fill('   ');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Use 1 to 80 characters.')).toBeVisible();
    expect(await page.getByLabel('Display name').getAttribute('aria-invalid')).toBe('true');

    // The same session's cookies in a browser that runs no script: the form posts to the server action.
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const noScript = await newPage(context);
    await noScript.goto(`${base}/profile`);
    await noScript.getByLabel('Display name').fill('Alice without scripts');
    const posted = noScript.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().startsWith(`${base}/profile`),
    );
    await noScript.getByRole('button', { name: 'Save name' }).click();
    expect((await posted).status()).toBe(200);
    await context.close();
    const html = await (await page.request.get(`${base}/profile`)).text();
    expect(html).toContain('value="Alice without scripts"');

    await page.reload();
    await page.getByLabel('Display name').fill('Alice A.');
    await page.getByRole('button', { name: 'Save name' }).click();
    // The save is the server's work, at 4x CPU slowdown: waited for as a person would.
    await expect(toast(page, 'Your name is saved.')).toBeVisible({ timeout: 60_000 });
  });
  test('statements by mail: an address from the profile, replaced at once; what a mail sent with smtplib brings waits there with why, and a mail with nothing to keep is said in words', async () => {
    const page = alicePage;
    const card = page.getByRole('region', { name: 'Statements by mail' });
    await card.getByRole('button', { name: 'Get an address' }).click();
    const shown = card.getByTestId('mail-address');
    await expect(shown).toHaveText(/^s-[a-z2-7]{20}@mail\.localhost$/);
    const first = (await shown.textContent())!;
    await card.getByRole('button', { name: 'Replace address…' }).click();
    await expect(card.getByRole('group', { name: 'Replace your address' })).toContainText('stops taking mail at once');
    await card.getByRole('button', { name: 'Replace it' }).click();
    await expect(toast(page, 'Your new address is ready; the old one no longer takes mail.')).toBeVisible();
    await expect(shown).not.toHaveText(first);
    const address = (await shown.textContent())!;

    // Mail from a client this project did not write (Python's smtplib), to the SMTP server playing SES.
    const send = (to: string, subject: string, files: string[], options: string[] = []) =>
      execFileSync('python3', [
        path.join(__dirname, '..', 'support', 'send-mail.py'),
        '127.0.0.1',
        String(stack.ports.mail),
        to,
        subject,
        ...files,
        ...options,
      ]);
    send(address, 'Card activity', [path.join(__dirname, '..', 'fixtures', 'statements', 'Chase1234_Activity_20240229.CSV')]);
    // From the vault's own domain, with a display name that speaks as the vault.
    send(address, 'Just saying hello', [], ['--from', 'Statement Vault Security <security@statement-vault.example>']);
    // To the retired address: taken, then dropped as mail to no one.
    send(first, 'To the old address', [path.join(__dirname, '..', 'fixtures', 'statements', 'releve-bnp.ofx')]);
    const waiting = card.getByRole('list', { name: 'Arrived by mail, waiting for you' });
    const keptOut = card.getByRole('list', { name: 'Mail kept out' });
    // What the mail function made of them, asked of the statements API with her token; then the page again, as a person would.
    const idToken = (await sessionCookies(page.context())).find((cookie) => cookie.name.endsWith('.idToken'))!.value;
    const inbox = createS3Client({ credentials: LOCAL_CREDENTIALS, endpoints: { s3: `http://127.0.0.1:${stack.ports.s3}` } });
    await waitFor(
      async () => {
        const { body } = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.mailArrivals, { token: idToken });
        // And every message dealt with (each is deleted from where SES stored it), the one to the old address too.
        const stored = await inbox.send(new ListObjectsV2Command({ Bucket: LOCAL_IDS.bucketName, Prefix: MAIL_INBOX_PREFIX }));
        return body.arrived.length > 0 && body.keptOut.length > 0 && !stored.KeyCount ? true : undefined;
      },
      'the mail to arrive',
      60_000,
    );
    await page.reload();
    await expect(waiting).toContainText(MAIL_WORDS.noAccount);
    // The sender as an address, flagged where it is at the vault's own domain; never its display name.
    await expect(keptOut).toContainText('“Just saying hello” from security@statement-vault.example');
    await expect(keptOut.getByTestId('from-vault-domain')).toHaveText(MAIL_WORDS.fromVaultDomain);
    await expect(card).not.toContainText('Statement Vault Security');
    await expect(waiting).toContainText('“Card activity” from statements@harbor.example');
    await expect(waiting.getByRole('listitem')).toHaveCount(1);
    await expect(card).not.toContainText('To the old address');
    await shot(page, 'profile-mail');
    // On a phone the address keeps its name whole and breaks before its domain.
    await page.setViewportSize({ width: 360, height: 800 });
    const lineCounts = await shown.locator('span').evaluateAll((parts) => parts.map((part) => part.getClientRects().length));
    expect(lineCounts).toEqual([1, 1]);
    await shot(page, 'profile-mail-360');
    await page.setViewportSize({ width: 1100, height: 850 });

    // Filing asks for what the file did not say, and fills in only what it did, saying so.
    const name = 'Chase1234_Activity_20240229.CSV';
    const row = waiting.getByTestId('waiting-file');
    await row.getByRole('button', { name: `File ${name}…` }).click();
    const form = row.getByRole('form', { name: `File ${name}` });
    await expect(form.getByLabel('Month')).toHaveValue('2024-02');
    await expect(form.getByLabel('Account')).toHaveValue('');
    await expect(form).toContainText('The file does not say: name its account.');
    await expect(form).toContainText('From the file:');
    await shot(page, 'profile-mail-file');
    await page.setViewportSize({ width: 360, height: 800 });
    await shot(page, 'profile-mail-file-360');
    await page.setViewportSize({ width: 1100, height: 850 });
    await form.getByRole('button', { name: 'Cancel' }).click();
    // Discarded after asking: gone from the page and from the API's answer.
    await row.getByRole('button', { name: `Discard ${name}…` }).click();
    await row.getByRole('button', { name: 'Discard it' }).click();
    await expect(toast(page, `${name} was discarded.`)).toBeVisible();
    await expect(waiting).toHaveCount(0);
    const after = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.mailArrivals, { token: idToken });
    expect(after.body.arrived).toEqual([]);

    // Whom she takes mail from: saved for her account, shown again after a reload, and cleared.
    const senders = card.getByRole('form', { name: 'Whom you take mail from' });
    await senders.getByLabel('Only take mail from').fill('Statements@Harbor.Example,  @bank.example');
    await senders.getByRole('button', { name: 'Save senders' }).click();
    await expect(toast(page, 'Only mail from these senders is taken now.')).toBeVisible();
    await page.reload();
    await expect(senders.getByLabel('Only take mail from')).toHaveValue('statements@harbor.example, @bank.example');
    await shot(page, 'profile-mail-senders');
    await senders.getByLabel('Only take mail from').fill('');
    await senders.getByRole('button', { name: 'Save senders' }).click();
    await expect(toast(page, 'Mail from anyone is taken now.')).toBeVisible();
    expect((await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.mailAddress, { token: idToken })).body.senders).toEqual([]);
  });
});

describe('statements', () => {
  const small = pdf(20_000);
  const largePath = path.join(scratch, 'brokerage-2023.csv');
  let large: Buffer;

  test('the empty state shows before any upload', async () => {
    const page = alicePage;
    await page.goto(`${base}/statements`);
    await expect(page.getByTestId('empty-state')).toHaveText('No statements yet. Upload your first one above.');
    await shot(page, 'statements-empty');
  });

  test('upload two statements, one by drag and drop, one large enough for multipart (a failed part is retried)', async () => {
    const page = alicePage;
    large = csv(50 * 1024 * 1024 + 1);
    fs.writeFileSync(largePath, large);
    let partTwoAttempts = 0;
    await page.route(/partNumber=2/, async (route) => {
      if (route.request().method() === 'PUT' && partTwoAttempts++ === 0) return route.abort('failed');
      return route.continue();
    });
    await page.getByLabel('Account', { exact: true }).fill('Checking');
    await page.getByLabel('Period', { exact: true }).fill('2024-01');
    // Drag and drop: a real drop event carrying a File.
    await page.evaluate(
      ({ base64 }) => {
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], 'January 2024.pdf', { type: 'application/pdf' }));
        const zone = document.querySelector('[data-testid="drop-zone"]')!;
        zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
        zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      },
      { base64: small.toString('base64') },
    );
    await page.getByLabel('Statement files').setInputFiles(largePath);
    // Nothing is sent until the batch is confirmed: each file read its own period (the PDF from its name, the CSV from its dates).
    await expect(page.getByLabel('Period for January 2024.pdf')).toHaveValue('2024-01');
    await expect(page.getByLabel('Period for brokerage-2023.csv')).toHaveValue('2024-01');
    await uploadChosen(page, 2);
    await expect(page.locator('progress[aria-label="Upload of brokerage-2023.csv"]')).toBeVisible();
    await shot(page, 'statements-uploading');
    await uploadsDone(page, 2, 120_000);
    // Refused once, then sent again (and maybe a second copy of it once the other parts were done).
    expect(partTwoAttempts).toBeGreaterThanOrEqual(2);
    await page.unroute(/partNumber=2/);
    await expect(page.getByTestId('statement-row')).toHaveCount(2);
    await expect(page.getByRole('cell', { name: 'January 2024.pdf' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'brokerage-2023.csv' })).toBeVisible();
    await shot(page, 'statements');
  }, 180_000);

  test("the signed-in first HTML already holds the person's list and profile (no loading state, no second request)", async () => {
    const page = alicePage;
    // The request the browser makes on a hard reload, with the session's cookies.
    const statementsHtml = await (await page.request.get(`${base}/statements`)).text();
    expect(statementsHtml).toContain('January 2024.pdf');
    expect(statementsHtml).toContain('brokerage-2023.csv');
    expect(statementsHtml).toContain('data-testid="usage"');
    expect(statementsHtml).not.toContain('data-testid="list-loading"');
    const profileHtml = await (await page.request.get(`${base}/profile`)).text();
    expect(profileHtml).toContain(alice.email);
    expect(profileHtml).toContain('value="Alice A."');
    // A reload shows the list without asking AppSync for it again.
    const graphql: string[] = [];
    const record = (request: import('playwright-core').Request) => {
      if (request.method() === 'POST' && /\/graphql$/.test(new URL(request.url()).pathname)) graphql.push(request.postData() ?? '');
    };
    page.on('request', record);
    await page.reload();
    await expect(page.getByRole('cell', { name: 'January 2024.pdf' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    page.off('request', record);
    expect(graphql.filter((body) => /query Statements|query Summaries/.test(body))).toEqual([]);
  });

  test('download one and get the same bytes', async () => {
    const page = alicePage;
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download January 2024.pdf' }).click();
    // If no download comes, say where the page is and what it said, not only that none came.
    const download = await downloading.catch(async (error: Error) => {
      const said = await page.locator('.Toastify__toast').allTextContents();
      throw new Error(`${error.message}; the page is at ${page.url()}, its toasts: ${JSON.stringify(said)}`);
    });
    expect(download.suggestedFilename()).toBe('January 2024.pdf');
    const saved = path.join(scratch, 'downloaded.pdf');
    await download.saveAs(saved);
    expect(sha(fs.readFileSync(saved))).toBe(sha(small));
  });

  test("the filters offer the server's accounts and periods, and an older match shows on the first page; usage is shown", async () => {
    const page = alicePage;
    await page.goto(`${base}/statements`);
    // An older statement of another account, behind the two newer Checking ones.
    const savingsPath = path.join(scratch, 'savings-2023-12.pdf');
    fs.writeFileSync(savingsPath, pdf(10_000));
    await page.getByLabel('Account', { exact: true }).fill('Savings');
    await page.getByLabel('Period', { exact: true }).fill('2023-12');
    await page.getByLabel('Statement files').setInputFiles(savingsPath);
    await uploadChosen(page, 1);
    await expect(page.getByTestId('statement-row')).toHaveCount(3, { timeout: 30_000 });
    await expect(page.getByTestId('usage')).toHaveText(/^\d+(\.\d)? MiB of 10 GiB, 3 statements$/);

    const accounts = page.getByLabel('Filter by account');
    await expect(accounts.locator('option')).toHaveText(['All accounts', 'Checking (2)', 'Savings (1)']);
    await expect(page.getByLabel('Filter by period').locator('option')).toHaveText(['All periods', 'Jan 2024 (2)', 'Dec 2023 (1)']);
    await accounts.selectOption('Savings');
    await expect(page.getByTestId('statement-row')).toHaveCount(1);
    await expect(page.getByRole('cell', { name: 'savings-2023-12.pdf' })).toBeVisible();
    // The view lives in the URL: a reload (or a shared link) renders it on the server, and Back returns to the whole list.
    await page.waitForURL(`${base}/statements?account=Savings`);
    expect(await (await page.request.get(page.url())).text()).not.toContain('January 2024.pdf');
    await page.reload();
    await expect(page.getByTestId('statement-row')).toHaveCount(1);
    await expect(accounts).toHaveValue('Savings');
    await page.goBack();
    await expect(page.getByTestId('statement-row')).toHaveCount(3);
    await page.goForward();
    await expect(page.getByTestId('statement-row')).toHaveCount(1);
    await shot(page, 'statements-filtered');
    await page.getByLabel('Filter by period').selectOption('2024-01');
    await expect(page.getByTestId('empty-state')).toHaveText('No statements match these filters.');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByTestId('statement-row')).toHaveCount(3);

    await page.getByRole('button', { name: 'Delete savings-2023-12.pdf' }).click();
    await page.getByRole('dialog', { name: 'Delete this statement?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('statement-row')).toHaveCount(2);
    await expect(accounts.locator('option')).toHaveText(['All accounts', 'Checking (2)']);
    // Still kept, in Recently deleted: the usage says so.
    await expect(page.getByTestId('usage')).toHaveText(/, 3 statements, 1 of them in Recently deleted$/);
  }, 60_000);

  test('export everything: a ZIP of every statement (one sent in parts) and the avatar, byte for byte, with a manifest of how each was checked; cancel leaves nothing', async () => {
    const page = alicePage;
    await page.goto(`${base}/profile`);
    // Chromium's save-file picker needs a person at the screen: the suite takes the download path every browser has.
    await page.evaluate(() => Object.defineProperty(window, 'showSaveFilePicker', { value: undefined, configurable: true }));
    const card = page.getByRole('region', { name: 'Your data' });
    // 50 MiB through the local S3, two hashes and a ZIP: seconds here, longer on a loaded machine.
    const downloading = page.waitForEvent('download', { timeout: 90_000 });
    await card.getByRole('button', { name: 'Export everything' }).click();
    await expect(card.getByRole('status')).toContainText('Exporting:');
    const download = await downloading.catch(async (error: Error) => {
      throw new Error(`${error.message}; the card says: ${(await card.textContent())?.replace(/\s+/g, ' ')}`);
    });
    expect(download.suggestedFilename()).toMatch(/^statement-vault-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(toast(page, 'Your export is saved: 3 files, each checked against its record.')).toBeVisible();
    const saved = path.join(scratch, 'export.zip');
    await download.saveAs(saved);
    const files = await readZip(fs.readFileSync(saved));
    expect([...files.keys()].sort()).toEqual([
      'manifest.csv',
      'manifest.json',
      'profile/avatar.png',
      'statements/Checking/2024-01/January 2024.pdf',
      'statements/Checking/2024-01/brokerage-2023.csv',
    ]);
    expect(sha(files.get('statements/Checking/2024-01/January 2024.pdf')!)).toBe(sha(small));
    expect(sha(files.get('statements/Checking/2024-01/brokerage-2023.csv')!)).toBe(sha(large));
    expect(files.get('profile/avatar.png')!.equals(avatar)).toBe(true);
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as {
      accounts: { name: string; statements: number; sources: Record<string, string> }[];
      records: Record<string, unknown>[];
    };
    // The account the statements are filed under, described as the vault holds it.
    expect(manifest.accounts).toEqual([expect.objectContaining({ name: 'Checking', statements: 2, sources: expect.any(Object) })]);
    expect(manifest.records).toHaveLength(3);
    expect(manifest.records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'statement',
          fileName: 'January 2024.pdf',
          checksumType: 'FULL_OBJECT',
          verification: 'verified',
          size: small.length,
        }),
        expect.objectContaining({
          kind: 'statement',
          fileName: 'brokerage-2023.csv',
          checksumType: 'COMPOSITE',
          verification: 'verified',
          size: large.length,
          verifiedBy: expect.stringMatching(/^SHA-256 of each exported part/),
        }),
        expect.objectContaining({ kind: 'profileImage', path: 'profile/avatar.png', verification: 'unverified', size: avatar.length }),
      ]),
    );
    const csvLines = files.get('manifest.csv')!.toString('utf8').trimEnd().split('\r\n');
    expect(csvLines[0]).toBe(
      'kind,path,id,fileName,accountLabel,accountInstitution,accountKind,accountCurrency,period,contentType,size,uploadedAt,status,checksum,checksumType,verification,verifiedBy',
    );
    expect(csvLines).toHaveLength(4);

    // Cancelled while the large file streams: no download, and the page says so.
    let downloads = 0;
    page.on('download', () => downloads++);
    await page.route(/brokerage-2023\.csv/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue().catch(() => undefined);
    });
    await card.getByRole('button', { name: 'Export everything' }).click();
    await card.getByRole('button', { name: 'Cancel export' }).click();
    await expect(toast(page, 'The export was cancelled; nothing was saved.')).toBeVisible();
    await page.unroute(/brokerage-2023\.csv/);
    expect(downloads).toBe(0);
    await expect(card.getByRole('button', { name: 'Export everything' })).toBeVisible();
  }, 150_000);

  test('delete one after confirming', async () => {
    const page = alicePage;
    await page.goto(`${base}/statements`);
    await page.getByRole('button', { name: 'Delete brokerage-2023.csv' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this statement?' });
    await expect(dialog).toBeVisible();
    await shot(page, 'statements-delete-dialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'brokerage-2023.csv moved to Recently deleted.')).toBeVisible();
    await expect(page.getByTestId('statement-row')).toHaveCount(1);
  });

  test('the page works 360 px wide', async () => {
    const page = alicePage;
    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    await expect(page.getByTestId('statement-row')).toHaveCount(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'statements-360px');
    await page.setViewportSize({ width: 1100, height: 850 });
  });
});

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

describe('files a person can trust, and uploads they control', () => {
  const partNumberOf = (url: string) => Number(new URL(url).searchParams.get('partNumber'));
  /** Part uploads answered 200, by part number, from now on. */
  const storedParts = (page: Page) => {
    const stored: number[] = [];
    const listener = (response: { url(): string; request(): { method(): string }; status(): number }) => {
      if (response.request().method() === 'PUT' && /partNumber=/.test(response.url()) && response.status() === 200)
        stored.push(partNumberOf(response.url()));
    };
    page.on('response', listener);
    return { stored, stop: () => page.off('response', listener) };
  };
  /** Part uploads started, by part number, from now on. */
  const sentParts = (page: Page) => {
    const sent: number[] = [];
    const listener = (request: { url(): string; method(): string }) => {
      if (request.method() === 'PUT' && /partNumber=/.test(request.url())) sent.push(partNumberOf(request.url()));
    };
    page.on('request', listener);
    return { sent, stop: () => page.off('request', listener) };
  };
  /** Slows every part upload down, so there is time to pause, reload or cancel. */
  const slowParts = (page: Page) =>
    page.route(/partNumber=/, async (route) => {
      if (route.request().method() === 'PUT') await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue().catch(() => undefined);
    });
  /** 60 MiB (four parts), its last row naming it, so no two are the same file. */
  const bigFile = (name: string) => {
    const file = path.join(scratch, name);
    const last = Buffer.from(`2024-06-30,${name},0.00\n`);
    fs.writeFileSync(file, Buffer.concat([csv(60 * 1024 * 1024 - last.length), last]));
    return file;
  };
  /** Starts a slowed-down upload of a 60 MiB file and waits until S3 holds a first part; `stored` grows until `stop()`. */
  const startSlowUpload = async (page: Page, name: string) => {
    await slowParts(page);
    const file = bigFile(name);
    const before = storedParts(page);
    // Its rows say their period; the account is the person's to give (nothing is filled for them).
    await page.getByLabel('Account', { exact: true }).fill('Checking');
    await page.getByLabel('Statement files').setInputFiles(file);
    await uploadChosen(page, 1);
    await until(() => before.stored.length > 0, 'a first part to be stored');
    return { file, ...before };
  };
  const item = (page: Page, name: string) => page.locator('[data-testid="upload-item"]', { hasText: name });
  const itemIn = (page: Page, name: string, status: string) =>
    page.locator(`[data-testid="upload-item"][data-status="${status}"]`, { hasText: name });
  /** Waits for an upload to finish; if it does not, says what its row shows (its status and text). */
  const finished = (page: Page, name: string) =>
    expect(itemIn(page, name, 'done'))
      .toBeVisible({ timeout: 120_000 })
      .catch(async (error: Error) => {
        const row = item(page, name);
        throw new Error(
          `${error.message}; the row is ${await row.getAttribute('data-status')}: ${(await row.textContent())?.replace(/\s+/g, ' ')}`,
        );
      });
  /** Waits until `ready()` holds (the browser suite runs on jest, without Playwright's polling expect). */
  const until = async (ready: () => boolean, what: string, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!ready()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  beforeAll(async () => {
    await alicePage.goto(`${base}/statements`);
    await alicePage.getByLabel('Account', { exact: true }).fill('Trust');
    await alicePage.getByLabel('Period', { exact: true }).fill('2024-06');
  });

  test('a file whose content is not its type is refused after it arrives, saying why, with no retry', async () => {
    const page = alicePage;
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415478da636060000000040001f61738550000000049454e44ae426082',
      'hex',
    );
    await page.getByLabel('Statement files').setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: png });
    await uploadChosen(page, 1);
    const refused = page.locator('[data-testid="upload-item"][data-status="refused"]', { hasText: 'fake.pdf' });
    await expect(refused).toContainText('Not stored: this file is not a PDF: its content is PNG.');
    await expect(refused.getByRole('button', { name: /Retry/ })).toHaveCount(0);
    await expect(page.getByRole('cell', { name: 'fake.pdf' })).toHaveCount(0);
  });

  test('the EICAR test file is quarantined: listed as such, never downloadable', async () => {
    const page = alicePage;
    const infected = Buffer.concat([Buffer.from('Date,Description,Amount\n2024-06-01,'), EICAR, Buffer.from(',1.00\n')]);
    await page.getByLabel('Statement files').setInputFiles({ name: 'eicar.csv', mimeType: 'text/csv', buffer: infected });
    await uploadChosen(page, 1);
    await expect(page.locator('[data-testid="upload-item"][data-status="quarantined"]', { hasText: 'eicar.csv' })).toContainText(
      'Quarantined: a threat was found',
    );
    const row = page.getByTestId('statement-row').filter({ hasText: 'eicar.csv' });
    await expect(row.getByTestId('statement-status')).toHaveText(/^Quarantined: a threat was found/);
    await expect(row.getByRole('button', { name: 'Download eicar.csv' })).toHaveCount(0);
    await shot(page, 'statements-quarantined');
  });

  test('the same file twice is flagged before anything is stored, and the person chooses', async () => {
    const page = alicePage;
    // The same bytes as "January 2024.pdf", uploaded earlier under Checking.
    const same = { name: 'again.pdf', mimeType: 'application/pdf', buffer: pdf(20_000) };
    const apiCalls: string[] = [];
    const listener = (request: { url(): string; method(): string }) => {
      if (request.method() === 'POST' && /\/uploads$/.test(new URL(request.url()).pathname)) apiCalls.push(request.url());
    };
    page.on('request', listener);
    await page.getByLabel('Statement files').setInputFiles(same);
    await uploadChosen(page, 1);
    const flagged = itemIn(page, 'again.pdf', 'duplicate');
    await expect(flagged).toContainText('Your vault already keeps this file as “January 2024.pdf” (Checking, Jan 2024). Store it again?');
    expect(apiCalls).toEqual([]);
    await shot(page, 'statements-duplicate');
    await flagged.getByRole('button', { name: 'Cancel again.pdf' }).click();
    await expect(itemIn(page, 'again.pdf', 'cancelled')).toBeVisible();
    await page.getByLabel('Statement files').setInputFiles(same);
    await uploadChosen(page, 1);
    await itemIn(page, 'again.pdf', 'duplicate').getByRole('button', { name: 'Store again.pdf again' }).click();
    await expect(itemIn(page, 'again.pdf', 'done')).toBeVisible();
    page.off('request', listener);
    expect(apiCalls).toHaveLength(1);
    await expect(page.getByRole('cell', { name: /^again\.pdf/ })).toBeVisible();
  });

  test('pause and resume: parts already stored are not sent again', async () => {
    const page = alicePage;
    const before = await startSlowUpload(page, 'paused.csv');
    await item(page, 'paused.csv').getByRole('button', { name: 'Pause paused.csv' }).click();
    await expect(itemIn(page, 'paused.csv', 'paused')).toBeVisible();
    before.stop();
    const whilePaused = sentParts(page);
    await page.waitForTimeout(2000);
    expect(whilePaused.sent).toEqual([]);
    await shot(page, 'statements-paused');
    await item(page, 'paused.csv').getByRole('button', { name: 'Resume paused.csv' }).click();
    await finished(page, 'paused.csv');
    whilePaused.stop();
    expect(whilePaused.sent.filter((part) => before.stored.includes(part))).toEqual([]);
    await page.unroute(/partNumber=/);
  }, 180_000);

  test('a reload mid-upload asks first; on return the upload resumes with the same file, sending only the parts S3 does not hold', async () => {
    const page = alicePage;
    const { file, stored, stop } = await startSlowUpload(page, 'reloaded.csv');
    const dialogs: string[] = [];
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    stop();
    expect(dialogs).toEqual(['beforeunload']);
    const unfinished = page.getByTestId('unfinished-upload').filter({ hasText: 'reloaded.csv' });
    await expect(unfinished).toBeVisible();
    await shot(page, 'statements-unfinished');
    const after = sentParts(page);
    const listParts = page.waitForResponse(
      (response) => response.request().method() === 'GET' && /\/uploads\/[^/]+\/parts\?uploadId=/.test(response.url()),
    );
    const chooser = page.waitForEvent('filechooser');
    await unfinished.getByRole('button', { name: 'Resume reloaded.csv' }).click();
    await (await chooser).setFiles(file);
    const held = await listParts;
    expect(held.status()).toBe(200);
    // What S3 holds: every part whose 200 the page saw, and maybe one whose answer the reload cut off.
    const inS3 = ((await held.json()) as { parts: { partNumber: number }[] }).parts.map((part) => part.partNumber);
    expect(inS3).toEqual(expect.arrayContaining(stored));
    await finished(page, 'reloaded.csv');
    after.stop();
    // Only the parts S3 did not hold are sent again, and together they make the whole file.
    expect(after.sent.filter((part) => inS3.includes(part))).toEqual([]);
    expect(new Set([...inS3, ...after.sent]).size).toBe(4);
    await page.unroute(/partNumber=/);
  }, 180_000);

  test('cancel aborts the upload in S3 and lists nothing', async () => {
    const page = alicePage;
    (await startSlowUpload(page, 'cancelled.csv')).stop();
    const aborted = page.waitForResponse(
      (response) => response.request().method() === 'DELETE' && /\/uploads\/[^/?]+\?uploadId=/.test(response.url()),
    );
    await item(page, 'cancelled.csv').getByRole('button', { name: 'Cancel cancelled.csv' }).click();
    expect((await aborted).status()).toBe(204);
    await expect(itemIn(page, 'cancelled.csv', 'cancelled')).toBeVisible();
    await page.unroute(/partNumber=/);
    await page.reload();
    await expect(page.getByTestId('unfinished-upload')).toHaveCount(0);
    await expect(page.getByRole('cell', { name: 'cancelled.csv' })).toHaveCount(0);
  }, 180_000);
});

describe('sign out and a second user', () => {
  test('sign out from the profile signs out every tab of the app at once, saying why', async () => {
    const page = alicePage;
    const otherTab = await newPage(page.context());
    await otherTab.goto(`${base}/statements`);
    await expect(otherTab.getByTestId('statement-row').first()).toBeVisible();
    await page.goto(`${base}/profile`);
    await page.getByRole('main').getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(`${base}/sign-in`);
    await otherTab.waitForURL(/\/sign-in/);
    await expect(toast(otherTab, MESSAGES.signedOutElsewhere)).toBeVisible();
    await expect(otherTab.getByText('January 2024.pdf')).toHaveCount(0);
    await otherTab.close();
    await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();
    await page.goto(`${base}/statements`);
    await page.waitForURL(/\/sign-in\?next=%2Fstatements/);
  });

  test("a second user sees none of the first user's statements", async () => {
    const page = await newPage();
    const bob = { email: `bob-${Date.now()}@example.com`, password: 'bob likes long passwords' };
    await signUpAndConfirm(page, bob.email, bob.password);
    await signIn(page, bob.email, bob.password);
    await page.waitForURL(`${base}/statements`);
    await expect(page.getByTestId('empty-state')).toHaveText('No statements yet. Upload your first one above.');
    await expect(page.getByText('January 2024.pdf')).toHaveCount(0);
    await page.close();
  });

  test('your account: change the password and the e-mail address, then sign out everywhere, which ends the other device too', async () => {
    const carol = { email: `carol-${Date.now()}@example.com`, password: 'carol keeps a long one' };
    const newEmail = `carol-new-${Date.now()}@example.com`;
    const page = await newPage();
    await signUpAndConfirm(page, carol.email, carol.password);
    await signIn(page, carol.email, carol.password);
    await page.waitForURL(`${base}/statements`);
    // A second device, signed in as the same person.
    const otherDevice = await browser.newContext();
    const other = await newPage(otherDevice);
    await other.goto(`${base}/sign-in`);
    await signIn(other, carol.email, carol.password);
    await other.waitForURL(`${base}/statements`);

    await page.goto(`${base}/profile`);
    const password = page.getByRole('region', { name: 'Password' });
    await password.getByLabel('Current password').fill('not my password');
    await password.getByLabel('New password').fill('an even longer one');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByRole('alert')).toHaveText('The current password is not right.');
    await password.getByLabel('Current password').fill(carol.password);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(toast(page, 'Your password is changed.')).toBeVisible();

    const address = page.getByRole('region', { name: 'E-mail address' });
    await address.getByLabel('New e-mail address').fill(newEmail);
    await address.getByRole('button', { name: 'Change e-mail address' }).click();
    await expect(address.getByRole('status')).toContainText(`Until you enter it, you keep signing in with ${carol.email}.`);
    await shot(page, 'profile-email-code');
    await address.getByLabel('Code from the new address').fill(stack.codeFor(newEmail));
    await address.getByRole('button', { name: 'Confirm new address' }).click();
    await expect(toast(page, `Your e-mail address is now ${newEmail}.`)).toBeVisible();
    await expect(page.getByRole('main').getByText(newEmail, { exact: true })).toBeVisible();

    await page.getByRole('main').getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL(`${base}/sign-in`);
    await expect(toast(page, MESSAGES.signedOutEverywhere)).toBeVisible();
    // The other device's session is over: Cognito refuses its refresh token.
    const cookies = await otherDevice.cookies(base);
    const refreshToken = cookies.find((cookie) => cookie.name.endsWith('.refreshToken'))?.value;
    expect(refreshToken).toEqual(expect.any(String));
    const refresh = await other.request.post(stack.config.custom.userPoolEndpoint!, {
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      },
      data: JSON.stringify({ ClientId: stack.config.auth.user_pool_client_id, RefreshToken: refreshToken }),
    });
    expect(refresh.status()).toBe(400);
    expect((await refresh.json()).__type).toBe('NotAuthorizedException');
    await otherDevice.close();

    // Only the new address and the new password sign in now.
    await signIn(page, carol.email, 'an even longer one');
    await expect(page.getByRole('alert')).toHaveText('The e-mail or password is not right.');
    await signIn(page, newEmail, 'an even longer one');
    await page.waitForURL(`${base}/statements`);
    await page.close();
  });

  test('close the account: what goes is shown first, the address confirms it, an old sign-in signs in again, and the page after says what was deleted; nothing of it opens any more', async () => {
    const dave = { email: `dave-${Date.now()}@example.com`, password: 'dave keeps a long one' };
    const page = await newPage();
    const violations: string[] = [];
    await signUpAndConfirm(page, dave.email, dave.password);
    await signIn(page, dave.email, dave.password);
    await page.waitForURL(`${base}/statements`);
    await page.getByLabel('Account', { exact: true }).fill('Savings');
    await page.getByLabel('Period', { exact: true }).fill('2024-02');
    await page.getByLabel('Statement files').setInputFiles({ name: 'February 2024.pdf', mimeType: 'application/pdf', buffer: pdf() });
    await uploadChosen(page, 1);
    await expect(page.locator('[data-testid="upload-item"][data-status="done"]')).toHaveCount(1, { timeout: 60_000 });
    await page.goto(`${base}/profile`);
    // Said once the malware scan has found it clean: as long as a loaded machine's scan takes.
    await withStackLog(async () => {
      await page.getByLabel('Profile picture file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: avatar });
      await expect(toast(page, 'Your profile picture is updated.')).toBeVisible({ timeout: 60_000 });
    });
    const avatarUrl = (await page.getByTestId('avatar').getAttribute('src'))!;
    expect((await page.request.get(avatarUrl)).status()).toBe(200);

    // The session goes on, but its sign-in was ten minutes ago (a refreshed session keeps its auth_time).
    const context = page.context();
    await context.addCookies(
      (await sessionCookies(context)).map((cookie) => ({
        ...cookie,
        value: cookie.name.endsWith('.idToken') ? signedInEarlier(cookie.value, 600) : cookie.value,
      })),
    );
    await page.reload();
    const card = page.getByRole('region', { name: 'Close account' });
    await card.getByRole('button', { name: 'Close account…' }).click();
    await expect(card.getByTestId('closing-contents')).toContainText('1 statement (');
    await expect(card.getByTestId('closing-contents')).toContainText('your profile picture');
    violations.push(...(await accessibilityViolations(page)));
    await shot(page, 'profile-close-account');
    await card.getByLabel('Type your e-mail address to confirm').fill(`someone-else@example.com`);
    await card.getByRole('button', { name: 'Close my account for good' }).click();
    await expect(card.getByRole('alert')).toHaveText('Type the e-mail address you sign in with, exactly.');
    await card.getByLabel('Type your e-mail address to confirm').fill(dave.email);
    await card.getByRole('button', { name: 'Close my account for good' }).click();
    // The server wants a recent sign-in: sign in again, and back to the card.
    await page.waitForURL(`${base}/sign-in?next=%2Fprofile%23close-account&reason=sign-in-again`);
    await expect(page.getByRole('status').first()).toHaveText(MESSAGES.signInAgain);
    await signIn(page, dave.email, dave.password);
    await page.waitForURL(`${base}/profile#close-account`);
    await expect(card.getByTestId('closing-contents')).toContainText('1 statement (');
    await card.getByLabel('Type your e-mail address to confirm').fill(` ${dave.email.toUpperCase()}`);
    // The tab signs out and goes to the page after once: no request for it again and again.
    let closedPageRequests = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/account-closed') closedPageRequests += 1;
    });
    await card.getByRole('button', { name: 'Close my account for good' }).click();

    await page.waitForURL(`${base}/account-closed`, { timeout: 60_000 });
    const counts = page.getByTestId('deleted-counts');
    await expect(counts).toContainText('1 statement and');
    await expect(counts).toContainText('2 stored file versions deleted');
    await expect(counts).toContainText('Your sign-in is deleted');
    violations.push(...(await accessibilityViolations(page)));
    await shot(page, 'account-closed');
    expect(violations).toEqual([]);
    expect(closedPageRequests).toBe(1);

    // Nothing opens any more: not the picture's earlier link, not the sign-in, not a private page.
    expect([403, 404]).toContain((await page.request.get(avatarUrl)).status());
    expect(await sessionCookies(context)).toEqual([]);
    await page.goto(`${base}/profile`);
    await page.waitForURL(/\/sign-in\?next=%2Fprofile/);
    await signIn(page, dave.email, dave.password);
    await expect(page.getByRole('alert')).toHaveText('The e-mail or password is not right.');
    await page.close();
  }, 180_000);

  test('forgot password: request a code, set a new password, sign in with it', async () => {
    const page = await newPage();
    await page.goto(`${base}/forgot-password`);
    await shot(page, 'forgot-password');
    await page.getByLabel('E-mail').fill(alice.email);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    // The second step shows once Cognito has sent the code.
    await expect(page.getByText(`If an account exists for ${alice.email}, a code is on its way.`)).toBeVisible();
    await page.getByLabel('Code').fill(stack.codeFor(alice.email));
    await page.getByLabel('New password').fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL(`${base}/sign-in`);
    // The address came along, but not in the URL.
    await expect(page.getByLabel('E-mail')).toHaveValue(alice.email);
    await page.getByLabel('Password').fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${base}/statements`);
    await page.close();
  });
});

describe('filing a year of statements from several banks at once', () => {
  const CORPUS = path.join(__dirname, '..', 'fixtures', 'statements');
  const OFX_JS = path.join(path.dirname(require.resolve('ofx-js/package.json')), 'test', 'data');
  const expected: Record<string, { period: string; account: string | null }> = {
    ...JSON.parse(fs.readFileSync(path.join(CORPUS, 'expected.json'), 'utf8')),
    'example1.ofx': { period: '2012-10', account: '••6700' },
    // Its account id is masked: the person's account above, said as theirs.
    'example-xml.qfx': { period: '2017-01', account: null },
  };
  const filer = { email: `filer-${Date.now()}@example.com`, password: 'a year of statements at once' };
  const files: string[] = [];

  beforeAll(async () => {
    // PDF statements in several banks' layouts and languages, a protected one and a scan: read by pdf.js in the page's worker.
    // The first nine, and one of each further layout and language (the unit suite reads all of them through pdf.js).
    const inBrowser = new Set(['first-harbor.pdf', 'tagesgeld.pdf', 'carte-boursorama.pdf', 'santander.pdf']);
    for (const spec of STATEMENT_PDFS.filter((one) => !one.language || inBrowser.has(one.name))) {
      fs.writeFileSync(path.join(scratch, spec.name), await statementPdf(spec));
      expected[spec.name] = { period: spec.period ?? '2025-01', account: spec.account };
    }
    // Workbooks, their first sheet read by read-excel-file in the worker.
    for (const spec of STATEMENT_WORKBOOKS) {
      fs.writeFileSync(path.join(scratch, spec.name), await statementWorkbook(spec));
      expected[spec.name] = { period: spec.period, account: spec.account };
    }
    files.push(
      ...Object.keys(expected).map((name) =>
        name.startsWith('example')
          ? path.join(OFX_JS, name)
          : /\.(pdf|xlsx)$/.test(name)
            ? path.join(scratch, name)
            : path.join(CORPUS, name),
      ),
    );
  });

  test('each file proposes its own period and account, says where from, and is listed under them once the batch is sent', async () => {
    const page = await newPage();
    await signUpAndConfirm(page, filer.email, filer.password);
    await signIn(page, filer.email, filer.password);
    await page.waitForURL(`${base}/statements`);
    // Nothing is filled for the person: a file that says neither its account nor its period waits for them.
    await expect(page.getByLabel('Account', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Period', { exact: true })).toHaveValue('');
    await page.getByLabel('Statement files').setInputFiles(path.join(scratch, 'scan.pdf'));
    const unread = page.getByTestId('filing-row').filter({ hasText: 'scan.pdf' });
    await expect(unread.getByTestId('account-source')).toHaveText('not in the file: choose one');
    await expect(unread.getByTestId('period-source')).toHaveText('not in the file: choose one');
    await page.getByRole('button', { name: 'Upload 1 file', exact: true }).click();
    await expect(unread.getByRole('alert')).toHaveText('Name its account.');
    await expect(page.locator('[data-testid="upload-item"]')).toHaveCount(0);
    await unread.getByRole('button', { name: 'Remove scan.pdf' }).click();
    await expect(page.getByTestId('filing-row')).toHaveCount(0);
    // What the person sets for files that do not say.
    await page.getByLabel('Account', { exact: true }).fill('Everyday');
    await page.getByLabel('Period', { exact: true }).fill('2025-01');
    await page.getByLabel('Statement files').setInputFiles(files);
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="filing-row"][data-reading="false"]').length === count,
      files.length,
    );
    // Nothing is sent before the person confirms.
    await expect(page.locator('[data-testid="upload-item"]')).toHaveCount(0);
    // The same Sparkasse account in two layouts (its CAMT export and Excel's Unicode text), neither naming the
    // bank: the last four alone never put two files under one account, so the later row asks.
    const asks: Record<string, string> = { 'kontoauszug-unicode.txt.csv': 'sparkasse-camt-2024-03.csv' };
    for (const [name, want] of Object.entries(expected)) {
      const row = page.getByTestId('filing-row').filter({ has: page.getByText(name, { exact: true }) });
      await expect(row.getByLabel(`Period for ${name}`)).toHaveValue(want.period);
      if (asks[name]) {
        await expect(row.getByLabel(`Account for ${name}`)).toHaveValue('');
        await expect(row.getByTestId('account-source')).toContainText(
          `the file does not settle it: choose one: ${asks[name]} here is also ${want.account} but read from`,
        );
        continue;
      }
      await expect(row.getByLabel(`Account for ${name}`)).toHaveValue(want.account ?? 'Everyday');
      await expect(row.getByTestId('account-source')).toContainText(want.account ? 'from the file' : 'as you set it above');
    }
    // What an export with a running balance says of its days and money, shown before anything is sent.
    const balancesOf = (name: string) =>
      page
        .getByTestId('filing-row')
        .filter({ has: page.getByText(name, { exact: true }) })
        .getByTestId('balances-source');
    await expect(balancesOf('stmt.csv')).toHaveText('From the file: Nov 3 – Nov 28, 2023 · opening 1,502.11 · closing 2,291.67');
    await expect(balancesOf('ing-umsatzanzeige.csv')).toHaveText(
      'From the file: Apr 2 – Apr 30, 2024 · opening 8,091.86 · closing 8,503.20',
    );

    // The queue before sending, in light and dark, wide and narrow: screens, checked by axe.
    expect(await everyScheme(page, 'filing-queue', () => page.getByRole('region', { name: 'Files to upload' }))).toEqual([]);

    // A PDF nothing could be read from says why.
    await expect(page.getByTestId('filing-row').filter({ hasText: 'locked-2024-04.pdf' })).toContainText(
      'This PDF is protected by a password, so nothing in it was read.',
    );
    await expect(page.getByTestId('filing-row').filter({ hasText: 'scan.pdf' })).toContainText('This PDF has no text to read');

    // A row changed by the person keeps the change, whatever the file said; the row that asked gets its answer.
    await page.getByLabel('Account for stmt.csv').fill('Joint ••0042');
    await page.getByLabel('Account for kontoauszug-unicode.txt.csv').fill('••4931');
    await page.getByRole('button', { name: `Upload ${files.length} files`, exact: true }).click();
    // Every file ends done: waited for as long as a batch of this size takes on a loaded machine
    // (each is scanned and catalogued), then every other ending named, file by file.
    const endings = () =>
      page
        .getByTestId('upload-item')
        .evaluateAll((items) =>
          items.map((item) => `${item.querySelector('strong')?.textContent ?? '?'}: ${item.getAttribute('data-status')}`),
        );
    const under = ['hashing', 'uploading', 'completing', 'listing', 'scanning'];
    for (const deadline = Date.now() + 200_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 500))) {
      const now = await endings();
      if (now.length === files.length && !now.some((ending) => under.some((status) => ending.endsWith(`: ${status}`)))) break;
    }
    expect((await endings()).filter((ending) => !ending.endsWith(': done'))).toEqual([]);
    // The list, page by page: every file under its own period and account. Read from a fresh
    // render once every statement is counted (no refresh of the page still under way).
    await expect(page.getByTestId('usage')).toContainText(`${files.length} statements`, { timeout: 60_000 });
    await page.reload();
    const listed = new Map<string, { period: string; account: string }>();
    for (let turned = 0; ; turned++) {
      // The page the URL names, rendered and settled (the list is not busy with a navigation).
      await page.waitForURL((url) => url.searchParams.getAll('after').length === turned);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(page.getByTestId('statement-row').first()).toBeVisible();
      // One reading of the page's rows (the list renders again as statements are listed).
      const rows = await page.getByTestId('statement-row').evaluateAll((elements) =>
        elements.map((row) => ({
          name: row.querySelector('td[data-label="Name"]')!.firstChild!.textContent!.trim(),
          period: row.querySelector('time')!.getAttribute('datetime')!,
          account: row.querySelector('td[data-label="Account"]')!.textContent!.trim(),
        })),
      );
      for (const { name, ...filed } of rows) listed.set(name, filed);
      if (listed.size >= files.length) break;
      const next = page.getByRole('button', { name: 'Next page' });
      await expect(next).toBeEnabled();
      await next.click();
    }
    expect(Object.fromEntries(listed)).toEqual(
      Object.fromEntries(
        Object.entries(expected).map(([name, want]) => [
          name,
          { period: want.period, account: name === 'stmt.csv' ? 'Joint ••0042' : (want.account ?? 'Everyday') },
        ]),
      ),
    );
    // Dense, as a document product is: on a laptop's first screen (1280×800) at least 12
    // statements, one line each, and where this page is in the list.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${base}/statements`);
    const pageSize = STATEMENT_PAGE_SIZE.default;
    await expect(page.getByTestId('list-position')).toHaveText(`1–${Math.min(files.length, pageSize)} of ${files.length}`);
    await shot(page, 'statements-1280x800');
    const onFirstScreen = await page
      .getByTestId('statement-row')
      .evaluateAll((rows) =>
        rows.map((row) => row.getBoundingClientRect()).filter((box) => box.top >= 0 && box.bottom <= window.innerHeight),
      );
    expect(onFirstScreen.length).toBeGreaterThanOrEqual(12);
    // One line each: no row taller than the shortest by more than a pixel.
    const heights = onFirstScreen.map((box) => box.height);
    expect(Math.max(...heights) - Math.min(...heights)).toBeLessThanOrEqual(1);
    // The selection's actions stay in sight while a row far down the list is ticked.
    const last = page.getByTestId('statement-row').last();
    await last.scrollIntoViewIfNeeded();
    await last.getByRole('checkbox').check();
    const bar = page.getByRole('toolbar', { name: 'Selected statements' });
    await expect(bar.getByTestId('selection-count')).toHaveText('1 statement selected');
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y).toBeGreaterThanOrEqual(0);
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(800);
    await expect(bar.getByRole('button', { name: 'Delete selected…' })).toBeInViewport();
    await shot(page, 'statements-selection-scrolled');
    await bar.getByRole('button', { name: 'Clear selection' }).click();
    // A larger page holds them all; the position and the page turns say so, and the URL keeps the size.
    if (files.length > pageSize) {
      await page.getByLabel('Statements per page').selectOption('50');
      await page.waitForURL(`${base}/statements?size=50`);
      await expect(page.getByTestId('statement-row')).toHaveCount(Math.min(files.length, 50));
      await expect(page.getByTestId('list-position')).toHaveText(`1–${Math.min(files.length, 50)} of ${files.length}`);
      await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
    }
    // Ordered by a column's heading (a link), then by the order's menu; the URL keeps the order with the size.
    // Each row's period, and its id (a ULID, minted as its upload began: upload order).
    const times = () =>
      page
        .getByTestId('statement-row')
        .evaluateAll((rows) =>
          rows.map((row) => [
            row.querySelector('time')!.getAttribute('datetime')!,
            row.querySelector('td.name a')!.getAttribute('href')!.split('/').pop()!,
          ]),
        );
    const sorted = (values: string[], way: 'up' | 'down') =>
      values.every((value, index) => index === 0 || (way === 'up' ? values[index - 1] <= value : values[index - 1] >= value));
    const heading = (name: string) => page.getByRole('columnheader', { name });
    await expect(heading('Period')).toHaveAttribute('aria-sort', 'descending');
    expect(
      sorted(
        (await times()).map(([period]) => period),
        'down',
      ),
    ).toBe(true);
    await heading('Period').getByRole('link').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'period-oldest');
    await expect(heading('Period')).toHaveAttribute('aria-sort', 'ascending');
    const oldestFirst = (await times()).map(([period]) => period);
    expect(oldestFirst).toHaveLength(Math.min(files.length, files.length > pageSize ? 50 : pageSize));
    expect(sorted(oldestFirst, 'up')).toBe(true);
    await page.getByLabel('Sort statements').selectOption({ label: 'Newest upload first' });
    await page.waitForURL((url) => url.searchParams.get('sort') === 'uploaded-newest');
    await expect(heading('Uploaded')).toHaveAttribute('aria-sort', 'descending');
    expect(await heading('Period').getAttribute('aria-sort')).toBeNull();
    const newestUploads = (await times()).map(([, id]) => id);
    expect(newestUploads).toHaveLength(oldestFirst.length);
    expect(sorted(newestUploads, 'down')).toBe(true);
    await page.setViewportSize({ width: 1100, height: 850 });
    // A file naming an IBAN filed before goes to that account by it (its keyed hash, filed with
    // the statements), though the label names no bank and the last four alone never decide.
    await page.getByLabel('Statement files').setInputFiles(path.join(CORPUS, 'sparkasse-camt-2024-03.csv'));
    const again = page.getByTestId('filing-row').filter({ hasText: 'sparkasse-camt-2024-03.csv' });
    await expect(again.getByLabel('Account for sparkasse-camt-2024-03.csv')).toHaveValue('••4931');
    await expect(again.getByTestId('account-source')).toContainText('your account by its IBAN');
    // What the files said of their accounts is the accounts' own: First Harbor's page names its bank.
    await page.goto(`${base}/statements/accounts/${encodeURIComponent('first harbor bank ••4821')}`);
    await expect(page.getByTestId('account-details')).toHaveText('First Harbor Bank (as its files say)');
    // Its statement's page names the account with what it is, and leads back to it.
    await page.getByRole('region', { name: 'Its statements' }).getByRole('link').first().click();
    // Its name holds its bank, which is not said twice.
    await expect(page.getByTestId('statement-account')).toHaveText('First Harbor Bank ••4821');
    await shot(page, 'statement-account-1100');
    await page.setViewportSize({ width: 360, height: 800 });
    await shot(page, 'statement-account-360');
    await page.getByTestId('statement-account').getByRole('link').click();
    await page.waitForURL(`${base}/statements/accounts/${encodeURIComponent('first harbor bank ••4821')}`);
    // The README's picture of the list: the year filed, its scans done.
    await waitFor(
      async () => {
        await page.goto(`${base}/statements`);
        return (await page.locator('[data-testid="statement-status"][data-status="SCANNING"]').count()) === 0 ? true : undefined;
      },
      "the batch's scans to end",
      60_000,
    );
    await docsShot(page, 'statements');
    await page.context().close();
  }, 360_000);

  test('two cards ending in 1234 whose files name no bank are not filed as one: the second row asks, is refused until named, and they list as two accounts', async () => {
    const cards = { email: `cards-${Date.now()}@example.com`, password: 'two cards one ending' };
    const page = await newPage();
    await signUpAndConfirm(page, cards.email, cards.password);
    await signIn(page, cards.email, cards.password);
    await page.waitForURL(`${base}/statements`);
    // An Australian card's OFX (its whole number, in AUD; ofxparse's) and a US card's CSV in Capital One's layout ("Card No." 1234).
    const ofx = path.join(__dirname, '..', 'fixtures', 'genuine', 'ofxparse-0.21', 'anzcc.ofx');
    const csvFile = path.join(scratch, 'capital-one-2024-03.csv');
    fs.writeFileSync(
      csvFile,
      [
        'Transaction Date,Posted Date,Card No.,Description,Category,Debit,Credit',
        '2024-03-02,2024-03-03,1234,COFFEE SHOP,Dining,4.50,',
        '2024-03-15,2024-03-16,1234,GROCERY,Merchandise,52.10,',
        '2024-03-28,2024-03-29,1234,PAYMENT,Payment/Credit,,300.00',
      ].join('\n'),
    );
    await page.getByLabel('Statement files').setInputFiles([ofx, csvFile]);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="filing-row"][data-reading="false"]').length === 2);
    const ofxRow = page.getByTestId('filing-row').filter({ hasText: 'anzcc.ofx' });
    const csvRow = page.getByTestId('filing-row').filter({ hasText: 'capital-one-2024-03.csv' });
    await expect(ofxRow.getByLabel('Account for anzcc.ofx')).toHaveValue('••1234');
    await expect(ofxRow.getByTestId('account-source')).toHaveText(
      'from the file: its card account id (a new account: no account of yours is ending in 1234) (card, AUD)',
    );
    // The CSV's card ends the same, read from another layout, and neither names its bank: nothing is filled.
    await expect(csvRow.getByLabel('Account for capital-one-2024-03.csv')).toHaveValue('');
    await expect(csvRow.getByTestId('account-source')).toHaveText(
      'the file does not settle it: choose one: anzcc.ofx here is also ••1234 but read from its card account id there and its "Card No." column here, and neither names its bank: two accounts ending so, or one (card)',
    );
    await page.getByRole('button', { name: 'Upload 2 files', exact: true }).click();
    await expect(csvRow.getByRole('alert')).toHaveText('Name its account.');
    await expect(page.getByTestId('upload-item')).toHaveCount(0);
    // The person says which card it is.
    await csvRow.getByLabel('Account for capital-one-2024-03.csv').fill('Capital One ••1234');
    await page.getByRole('button', { name: 'Upload 2 files', exact: true }).click();
    for (const name of ['anzcc.ofx', 'capital-one-2024-03.csv'])
      await expect(page.getByTestId('upload-item').filter({ hasText: name })).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
    await expect(page.getByTestId('usage')).toContainText('2 statements', { timeout: 60_000 });
    await page.reload();
    const rows = await page
      .getByTestId('statement-row')
      .evaluateAll((elements) =>
        elements.map((row) => [
          row.querySelector('td[data-label="Name"]')!.firstChild!.textContent!.trim(),
          row.querySelector('td[data-label="Account"]')!.textContent!.trim(),
        ]),
      );
    expect(Object.fromEntries(rows)).toEqual({ 'anzcc.ofx': '••1234', 'capital-one-2024-03.csv': 'Capital One ••1234' });
    await page.context().close();
  }, 180_000);
  test('a protected PDF asks for its password, says when it is wrong, opens with the right one, and opens by itself once kept for its account until it is forgotten', async () => {
    const page = await newPage();
    await page.goto(`${base}/statements?size=50`);
    await page.waitForURL(/\/sign-in/);
    await signIn(page, filer.email, filer.password);
    await page.waitForURL(`${base}/statements?size=50`);
    await page.getByRole('link', { name: 'locked-2024-04.pdf', exact: true }).click();
    await page.waitForURL(/\/statements\/[0-9A-Z]{26}$/);
    const statementUrl = page.url();
    const form = page.getByRole('form', { name: 'Open the protected PDF' });
    await expect(form).toContainText('This PDF is protected by a password.');
    await shot(page, 'statement-pdf-password');
    await form.getByLabel('PDF password').fill('not it');
    await form.getByRole('button', { name: 'Open' }).click();
    await expect(form.getByRole('alert')).toHaveText('That password does not open this PDF.');
    await expect(form.getByLabel('PDF password')).toHaveValue('not it');
    await form.getByLabel('PDF password').fill('secret');
    await form.getByLabel('Keep it for Everyday: its PDFs then open with it').check();
    await form.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByTestId('pdf-canvas')).toHaveAttribute('data-drawn-page', '1');
    await expect(page.getByTestId('pdf-page')).toHaveText('Page 1 of 1');
    await expect(page.getByText('The password is kept for Everyday: its PDFs open with it, those that arrive by mail too.')).toBeVisible();

    // Kept: the next visit opens it without asking, says with what, and offers to forget it.
    await page.reload();
    await expect(page.getByTestId('pdf-canvas')).toHaveAttribute('data-drawn-page', '1');
    await expect(page.getByTestId('pdf-password-kept')).toContainText('Opened with the password kept for Everyday.');
    await expect(form).toHaveCount(0);
    // The kept password is not in the page as served: the preview reads it when the PDF asks.
    expect(await (await page.request.get(statementUrl)).text()).not.toMatch(/\bsecret\b/);
    await page.setViewportSize({ width: 360, height: 800 });
    await shot(page, 'statement-pdf-password-kept-360');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1100, height: 850 });
    await page.getByTestId('pdf-password-kept').getByRole('button', { name: 'Forget it' }).click();
    await expect(page.getByTestId('pdf-password-kept')).toHaveText(
      'Opened with the password that was kept for Everyday; it is forgotten now.',
    );
    await page.reload();
    await expect(form).toContainText('This PDF is protected by a password.');
    await expect(form.getByRole('alert')).toHaveCount(0);

    // Given on the account's page before any PDF asks (a form action), it opens the next one.
    await page.goto(`${base}/statements/accounts/everyday`);
    const card = page.getByRole('form', { name: 'PDF password of Everyday' });
    await expect(card.getByTestId('pdf-password-state')).toContainText('No password is kept.');
    await card.getByLabel('Password of its PDFs').fill('secret');
    await card.getByRole('button', { name: 'Keep password' }).click();
    await expect(card.getByTestId('pdf-password-state')).toContainText('A password is kept for its protected PDFs');
    await expect(card.getByRole('button', { name: 'Forget it' })).toBeVisible();
    await page.goto(statementUrl);
    await expect(page.getByTestId('pdf-canvas')).toHaveAttribute('data-drawn-page', '1');
    await expect(page.getByTestId('pdf-password-kept')).toContainText('Opened with the password kept for Everyday.');
  });
});

describe('fixing what statements are filed under, one or a selection', () => {
  const fixer = { email: `fixer-${Date.now()}@example.com`, password: 'fixing what is filed' };
  const rowOf = (page: Page, name: string) =>
    page.getByTestId('statement-row').filter({ has: page.getByRole('cell', { name, exact: true }) });

  test('a statement is renamed and moved; a shift-clicked range is moved together; a selection downloads as one ZIP and is deleted together', async () => {
    const page = await newPage();
    await signUpAndConfirm(page, fixer.email, fixer.password);
    await signIn(page, fixer.email, fixer.password);
    await page.waitForURL(`${base}/statements`);
    const names = ['a.csv', 'b.csv', 'c.csv', 'd.csv'];
    await page.getByLabel('Account', { exact: true }).fill('Everyday');
    // Four different files: the same bytes four times would be the same file, and whether the vault already keeps
    // it when the next one is checked would depend on how far the first one has got.
    await page.getByLabel('Statement files').setInputFiles(
      names.map((name) => ({
        name,
        mimeType: 'text/csv',
        buffer: Buffer.concat([csv(500), Buffer.from(`\n2024-01-28,Only in ${name},1.00\n`)]),
      })),
    );
    await uploadChosen(page, names.length);
    await uploadsDone(page, names.length, 60_000);
    await expect(page.getByTestId('statement-row')).toHaveCount(names.length);

    // One statement: a new name, account and period.
    await page.getByRole('button', { name: 'Edit a.csv' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading')).toHaveText('Edit a.csv');
    await dialog.getByLabel('Name').fill('Bank of America November.csv');
    await dialog.getByLabel('Account').fill('Bank of America');
    await dialog.getByLabel('Period').fill('2023-11');
    await shot(page, 'statements-edit-dialog');
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Saved.')).toBeVisible();
    const moved = rowOf(page, 'Bank of America November.csv');
    await expect(moved.locator('td[data-label="Account"]')).toHaveText('Bank of America');
    await expect(moved.locator('time').first()).toHaveAttribute('datetime', '2023-11');
    await expect(page.getByLabel('Filter by account').locator('option')).toHaveText([
      'All accounts',
      'Bank of America (1)',
      'Everyday (3)',
    ]);

    // A range, in the three still under Everyday: the first row ticked, the third shift-clicked.
    await page.getByLabel('Filter by account').selectOption('Everyday');
    await expect(page.getByTestId('statement-row')).toHaveCount(3);
    const boxes = page.getByRole('checkbox', { name: /^Select (?!every)/ });
    await boxes.nth(0).click();
    await boxes.nth(2).click({ modifiers: ['Shift'] });
    await expect(page.getByTestId('selection-count')).toHaveText('3 statements selected');
    await page.getByRole('button', { name: 'Edit selected…' }).click();
    await expect(dialog.getByRole('heading')).toHaveText('Edit 3 statements');
    await dialog.getByLabel('Account').fill('Archive');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, '3 statements saved.')).toBeVisible();
    await expect(page.getByLabel('Filter by account').locator('option')).toHaveText(['All accounts', 'Archive (3)', 'Bank of America (1)']);

    // Its own page holds every action for it: renamed there, shared from there, deleted there (and undone).
    await page.getByLabel('Filter by account').selectOption('Bank of America');
    await page.getByRole('link', { name: 'Bank of America November.csv' }).click();
    await page.waitForURL(/\/statements\/[^/?]+$/);
    const statementUrl = page.url();
    const actions = page.getByRole('toolbar', { name: 'This statement' });
    await expect(actions.getByRole('button')).toHaveText(['Download', 'Edit…', 'Delete…']);
    await actions.getByRole('button', { name: 'Edit…' }).click();
    await dialog.getByLabel('Name').fill('BoA 2023-11.csv');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Saved.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('BoA 2023-11.csv');
    await shot(page, 'statement-actions');
    await actions.getByRole('link', { name: 'Share…' }).click();
    await page.waitForURL((url) => url.pathname === '/shares' && url.searchParams.get('ids') === statementUrl.split('/').pop());
    await page.goBack();
    await actions.getByRole('button', { name: 'Delete…' }).click();
    await expect(page.getByRole('dialog')).toContainText('BoA 2023-11.csv (Bank of America, Nov 2023) moves to Recently deleted');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(`${base}/statements`);
    const undo = toast(page, 'BoA 2023-11.csv moved to Recently deleted.');
    await undo.getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page, 'BoA 2023-11.csv is back.')).toBeVisible();
    await expect(rowOf(page, 'BoA 2023-11.csv')).toBeVisible();

    // Every row of the page, as one ZIP (the download path every browser has), then deleted together.
    await page.getByLabel('Filter by account').selectOption('');
    await expect(page.getByTestId('statement-row')).toHaveCount(4);
    await page.evaluate(() => Object.defineProperty(window, 'showSaveFilePicker', { value: undefined, configurable: true }));
    await page.getByRole('checkbox', { name: 'Select every statement on this page' }).check();
    await expect(page.getByTestId('selection-count')).toHaveText('4 statements selected');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download selected' }).click();
    const files = await readZip(fs.readFileSync(await (await downloading).path()));
    expect([...files.keys()].filter((name) => name.startsWith('statements/')).length).toBe(4);
    const selection = JSON.parse(files.get('manifest.json')!.toString('utf8')) as {
      accounts: { name: string; statements: number }[];
      records: unknown[];
    };
    expect(selection.records).toHaveLength(4);
    expect(selection.accounts.map(({ name, statements }) => [name, statements])).toEqual([
      ['Archive', 3],
      ['Bank of America', 1],
    ]);
    await page.getByRole('button', { name: 'Delete selected…' }).click();
    await expect(page.getByRole('dialog').getByRole('heading')).toHaveText('Delete 4 statements?');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, '4 statements moved to Recently deleted.')).toBeVisible();
    await expect(page.getByTestId('empty-state')).toBeVisible();
    await page.context().close();
  }, 180_000);
});

describe('recently deleted: an undo, a restore and a deletion for good, with and without JavaScript', () => {
  const keeper = { email: `keeper-${Date.now()}@example.com`, password: 'keeping what I delete' };

  test('a delete is undone from its toast; Recently deleted lists what was deleted with its days left, restores it, and deletes it for good after asking', async () => {
    const page = await newPage();
    await signUpAndConfirm(page, keeper.email, keeper.password);
    await signIn(page, keeper.email, keeper.password);
    await page.waitForURL(`${base}/statements`);
    const idToken = (await sessionCookies(page.context())).find((cookie) => cookie.name.endsWith('.idToken'))!.value;
    for (const [fileName, period] of [
      ['march.pdf', '2024-03'],
      ['april.pdf', '2024-04'],
      ['may.pdf', '2024-05'],
    ])
      await uploadStatement(stack.config, idToken, {
        fileName,
        contentType: 'application/pdf',
        accountLabel: 'Card',
        period,
        bytes: pdf(3000),
      });
    await waitFor(async () => {
      const answer = await rawGraphql(stack.config, { Authorization: idToken }, '{ statements { items { id } } }');
      return (answer.body.data as { statements: { items: unknown[] } }).statements.items.length === 3 ? true : undefined;
    }, 'the three statements to be listed');
    await page.reload();
    const rows = page.getByTestId('statement-row');
    await expect(rows).toHaveCount(3);
    const remove = async (name: string) => {
      await page.getByRole('button', { name: `Delete ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this statement?' });
      await expect(dialog).toContainText('moves to Recently deleted, where you can restore it for 30 days');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(toast(page, `${name} moved to Recently deleted.`)).toBeVisible();
    };

    // Undo, from the toast that says where it went.
    await remove('march.pdf');
    await expect(rows).toHaveCount(2);
    await toast(page, 'march.pdf moved to Recently deleted.').getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page, 'march.pdf is back.')).toBeVisible();
    await expect(rows).toHaveCount(3);

    // Two deleted: out of the list, still counted (their files are kept).
    await remove('march.pdf');
    await remove('april.pdf');
    await expect(rows).toHaveCount(1);
    await expect(page.getByTestId('usage')).toHaveText(/, 3 statements, 2 of them in Recently deleted$/);
    await page.getByRole('link', { name: 'Recently deleted' }).click();
    await page.waitForURL(`${base}/statements/deleted`);
    const deleted = page.getByTestId('deleted-row');
    await expect(deleted).toHaveCount(2);
    // Most recently deleted first, each with its days left.
    await expect(deleted.first()).toHaveAttribute('aria-label', 'april.pdf');
    await expect(deleted.first().getByTestId('days-left')).toHaveText(/^Goes for good in 30 days \(/);
    await expect(page.getByTestId('deleted-usage')).toContainText('2 statements');
    expect(await everyScheme(page, 'recently-deleted')).toEqual([]);

    // A restore puts it back exactly: the same page of the same statement.
    await page.getByRole('button', { name: 'Restore april.pdf' }).click();
    await expect(page.getByRole('status')).toHaveText('april.pdf is back in your statements.');
    await expect(deleted).toHaveCount(1);

    // Deleting for good asks first; keeping it changes nothing.
    await page.getByRole('link', { name: 'Delete for good: march.pdf' }).click();
    await expect(page.getByRole('main')).toContainText('Delete “march.pdf” for good? It cannot be brought back.');
    await page.getByRole('link', { name: 'Keep it' }).click();
    await expect(deleted).toHaveCount(1);
    await page.getByRole('link', { name: 'Delete for good: march.pdf' }).click();
    expect(await everyScheme(page, 'recently-deleted-confirm')).toEqual([]);
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await expect(page.getByRole('status')).toHaveText('The statement was deleted for good.');
    await expect(deleted).toHaveCount(0);
    await expect(page.getByTestId('deleted-usage')).toHaveText('Nothing is here.');

    await page.getByRole('link', { name: '← All statements' }).click();
    await page.waitForURL(`${base}/statements`);
    await expect(rows).toHaveCount(2);
    await expect(page.getByRole('cell', { name: 'april.pdf' })).toBeVisible();
    await expect(page.getByTestId('usage')).toHaveText(/, 2 statements$/);

    // Without JavaScript, Recently deleted works the same: its buttons are forms.
    const listed = await rawGraphql(stack.config, { Authorization: idToken }, '{ statements { items { id fileName } } }');
    const may = (listed.body.data as { statements: { items: { id: string; fileName: string }[] } }).statements.items.find(
      (item) => item.fileName === 'may.pdf',
    )!;
    expect(
      (
        await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.deleteStatement, {
          token: idToken,
          params: { statementId: may.id },
        })
      ).status,
    ).toBe(204);
    const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const plain = await noScript.newPage();
    await plain.goto(`${base}/statements/deleted`);
    await expect(plain.getByTestId('deleted-row')).toHaveCount(1);
    await plain.getByRole('button', { name: 'Restore may.pdf' }).click();
    await expect(plain.getByRole('status')).toHaveText('may.pdf is back in your statements.');
    await expect(plain.getByTestId('deleted-row')).toHaveCount(0);
    await noScript.close();
    await page.context().close();
  }, 240_000);
});

describe('shares: a set of statements for someone without an account, with and without JavaScript', () => {
  const sharer = { email: `sharer-${Date.now()}@example.com`, password: 'sharing with my accountant' };
  const statementsOf = async (idToken: string) =>
    (
      (await rawGraphql(stack.config, { Authorization: idToken }, '{ statements { items { id fileName status } } }')).body.data as {
        statements: { items: { id: string; fileName: string; status: string }[] };
      }
    ).statements.items;

  /**
   * Every request a recipient's browser makes (pages, scripts, the action, files, the
   * bucket, new tabs): its URL, its Referer and its body, to show where the secret went.
   */
  const recorded: { method: string; url: string; referer?: string; body?: string }[] = [];
  const recipientContext = async (options: Parameters<Browser['newContext']>[0] = {}) => {
    const context = await browser.newContext(options);
    context.on('request', (request) =>
      recorded.push({
        method: request.method(),
        url: request.url(),
        referer: request.headers().referer,
        body: request.postData() ?? undefined,
      }),
    );
    return context;
  };
  /** What says a link leads nowhere: the same for a withdrawn link, a made-up one and a malformed one. */
  const deadLink = (page: Page) => page.getByTestId('share-dead');

  test('the owner shares two statements; the recipient opens the link (its secret in no URL, Referer or log line), with and without JavaScript, before the page has run, and by an old /s/{secret} link; downloads one and all as a ZIP; the owner sees who opened it and takes one out; a deleted statement leaves; a withdrawn link leads nowhere, as a made-up one', async () => {
    const page = await newPage();
    await signUpAndConfirm(page, sharer.email, sharer.password);
    await signIn(page, sharer.email, sharer.password);
    await page.waitForURL(`${base}/statements`);
    const idToken = (await sessionCookies(page.context())).find((cookie) => cookie.name.endsWith('.idToken'))!.value;
    const uploaded = new Map<string, Buffer>();
    for (const [fileName, accountLabel, period] of [
      ['card-january.pdf', 'Card', '2024-01'],
      ['card-february.pdf', 'Card', '2024-02'],
      ['private-savings.pdf', 'Savings', '2024-01'],
    ]) {
      const bytes = pdf(4000 + uploaded.size);
      uploaded.set(fileName, bytes);
      // The card's files say what it is (as a filing sends what it read): the recipient is told too.
      const accountFacts =
        accountLabel === 'Card' ? { institution: 'First Harbor Bank', kind: 'card' as const, currency: 'USD' } : undefined;
      await uploadStatement(stack.config, idToken, { fileName, contentType: 'application/pdf', accountLabel, period, bytes, accountFacts });
    }
    await waitFor(async () => {
      const items = await statementsOf(idToken);
      return items.length === 3 && items.every((item) => item.status === 'AVAILABLE') ? true : undefined;
    }, 'the three statements to be scanned clean');
    await page.reload();

    // The owner chooses two in the list and shares them, with a note.
    for (const name of ['card-january.pdf', 'card-february.pdf']) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    await page.getByRole('button', { name: 'Share selected…' }).click();
    await page.waitForURL((url) => url.pathname === '/shares' && (url.searchParams.get('ids') ?? '').split(',').length === 2);
    // The form names what is about to be handed over.
    const toShare = page.getByRole('list', { name: 'Statements to share' }).getByRole('listitem');
    await expect(toShare).toHaveCount(2);
    expect((await toShare.allTextContents()).map((line) => line.split(' (')[0]).sort()).toEqual(['card-february.pdf', 'card-january.pdf']);
    for (const line of await toShare.allTextContents()) expect(line).toMatch(/^\S+\.pdf \(.+, [A-Z][a-z]{2} \d{4}\)$/);
    await page.getByLabel('A note for them').fill('For Jane, my accountant: the card statements for the tax return.');
    await page.getByLabel('The link works for').selectOption({ label: '1 day' });
    await page.getByRole('button', { name: 'Make the link' }).click();
    const link = (await page.getByTestId('share-link').locator('p').nth(1).textContent())!.trim();
    // The secret is in the fragment, which the browser never sends.
    expect(link).toMatch(new RegExp(`^${base}/s#[A-Za-z0-9_-]{43}$`));
    const secret = link.slice(link.indexOf('#') + 1);
    expect(await everyScheme(page, 'shares')).toEqual([]);

    // The recipient, without JavaScript: the server cannot see the fragment, so the page asks
    // for the link; pasted, it is sent in the form's body and the answer is the share: only
    // the two, the note as text, nothing of the owner.
    const plain = await recipientContext({ javaScriptEnabled: false });
    const recipient = await plain.newPage();
    const opened = await recipient.goto(link);
    expect(opened?.status()).toBe(200);
    // A referrer to the page's own origin alone: its forms post to itself with an Origin, and nothing else gets one.
    expect(opened?.headers()['referrer-policy']).toBe('same-origin');
    expect(opened?.headers()['x-robots-tag']).toContain('noindex');
    expect(opened?.headers()['cache-control']).toMatch(/no-store/);
    await expect(recipient.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow, nocache');
    await expect(recipient.locator('meta[name="referrer"]')).toHaveAttribute('content', 'same-origin');
    // The page works without JavaScript: it does not say it needs it.
    await expect(recipient.locator('.noscript')).toHaveCount(0);
    await recipient.getByLabel('Paste the link you were sent').fill(link);
    const answering = recipient.waitForResponse((response) => response.request().method() === 'POST' && response.url() === `${base}/s`);
    await recipient.getByRole('button', { name: 'Open', exact: true }).click();
    const answer = await answering;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['referrer-policy']).toBe('same-origin');
    expect(answer.headers()['cache-control']).toMatch(/no-store/);
    const html = await answer.text();
    expect(html).not.toContain(sharer.email);
    expect(html).not.toContain('private-savings.pdf');
    await expect(recipient.getByTestId('shared-statement')).toHaveCount(2);
    await expect(recipient.getByTestId('shared-statement').first()).toContainText('Card (First Harbor Bank · card · USD), ');
    await expect(recipient.getByRole('region', { name: 'Their note' })).toContainText('For Jane, my accountant');
    // The ZIP is made by the page's script: without it, its button is there but cannot be pressed.
    expect(await recipient.getByRole('button', { name: 'Download all as one ZIP' }).isDisabled()).toBe(true);
    await shot(recipient, 'share-recipient-without-javascript');
    // Download and View are forms too: the secret in their body, the answer a redirect to the file.
    const downloading = recipient.waitForEvent('download');
    await recipient.getByRole('button', { name: 'Download card-january.pdf' }).click();
    expect(fs.readFileSync((await (await downloading).path())!)).toEqual(uploaded.get('card-january.pdf'));
    const viewing = plain.waitForEvent('response', (response) => /X-Amz-Signature=/.test(response.url()));
    await recipient.getByRole('button', { name: 'View card-february.pdf' }).click();
    expect((await viewing).status()).toBe(200);
    // A link pasted wrong leads nowhere, as any dead link.
    await recipient.goto(`${base}/s`);
    await recipient.getByLabel('Paste the link you were sent').fill(`${base}/s#${secret.slice(0, 20)}`);
    await recipient.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(deadLink(recipient)).toBeVisible();
    await plain.close();

    // With JavaScript, on a slow phone, a link pasted and sent before the page's script has
    // run: the browser sends the form itself, the server answers with the share, and once
    // the script runs the page stays as it is (opened once).
    const early = await newPage(await recipientContext(PHONE));
    await slowCpu(early);
    const scripts = await holdScripts(early);
    await early.goto(`${base}/s`, { waitUntil: 'commit' });
    await typeInto(early.getByLabel('Paste the link you were sent'), link);
    await early.getByRole('button', { name: 'Open', exact: true }).tap();
    await expect(early.getByTestId('shared-statement')).toHaveCount(2);
    // (Next.js names itself on `window` when its script runs.)
    expect(await early.evaluate(() => 'next' in window)).toBe(false);
    scripts.release();
    await early.waitForFunction(() => 'next' in window);
    await expect(early.getByTestId('shared-statement')).toHaveCount(2);
    await early.context().close();

    // With JavaScript, the link as sent: the page reads the fragment and opens the share by a
    // POST; everything as one ZIP; the page in light and dark, wide and narrow.
    const scripted = await newPage(await recipientContext({ viewport: { width: 1100, height: 850 } }));
    await slowCpu(scripted);
    await scripted.goto(link);
    await expect(scripted.getByTestId('shared-statement')).toHaveCount(2);
    await slowCpu(scripted, 1);
    expect(await everyScheme(scripted, 'share-recipient')).toEqual([]);
    const zipping = scripted.waitForEvent('download');
    await scripted.getByRole('button', { name: 'Download all as one ZIP' }).click();
    const zip = await readZip(fs.readFileSync((await (await zipping).path())!));
    expect([...zip.keys()].sort()).toEqual(['card-february.pdf', 'card-january.pdf']);
    expect(zip.get('card-february.pdf')).toEqual(uploaded.get('card-february.pdf'));

    // A link sent before the secret moved to the fragment still works: a redirect, calling nothing.
    const oldLink = `${base}/s/${secret}`;
    const redirect = await scripted.request.get(oldLink, { maxRedirects: 0 });
    expect(redirect.status()).toBe(308);
    expect(redirect.headers().location).toBe(`/s#${secret}`);
    expect(redirect.headers()['referrer-policy']).toBe('no-referrer');
    const byOldLink = await newPage(await recipientContext());
    await byOldLink.goto(oldLink);
    expect(byOldLink.url()).toBe(link);
    await expect(byOldLink.getByTestId('shared-statement')).toHaveCount(2);
    await byOldLink.context().close();

    // The owner sees who opened it (without JavaScript, before the script ran, as sent, by the old link) and each statement's downloads.
    await page.goto(`${base}/shares`);
    await expect(page.getByTestId('share-row')).toContainText('opened 4 times');
    await page.getByTestId('share-row').getByRole('link').click();
    await page.waitForURL((url) => /^\/shares\/[0-9A-Z]{26}$/.test(url.pathname));
    await expect(page.getByTestId('openings').locator('tbody tr')).toHaveCount(4);
    await expect(page.getByTestId('openings')).toContainText('Chrome on Linux');
    await expect(page.getByTestId('shared-row').filter({ hasText: 'card-january.pdf' }).getByTestId('downloads')).toHaveText(
      'downloaded 2 times',
    );
    expect(await everyScheme(page, 'share-details')).toEqual([]);

    // The owner takes January out of the share, saying so twice: the recipient no longer sees it.
    const january = page.getByTestId('shared-row').filter({ hasText: 'card-january.pdf' });
    await january.getByRole('button', { name: /^Remove from this share\W+card-january\.pdf$/ }).click();
    await january.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(january).toContainText('taken out of the share by you');
    await expect(january.getByRole('button')).toHaveCount(0);
    await scripted.reload();
    await expect(scripted.getByTestId('shared-statement')).toHaveCount(1);
    await expect(scripted.getByTestId('shared-statement')).toContainText('card-february.pdf');

    // A statement deleted since leaves the share at once.
    const february = (await statementsOf(idToken)).find((item) => item.fileName === 'card-february.pdf')!;
    await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.deleteStatement, {
      token: idToken,
      params: { statementId: february.id },
    });
    await scripted.reload();
    await expect(scripted.getByText('Nothing is shared here any more.')).toBeVisible();

    // Another link typed over this one changes only the fragment (the page does not load
    // again) and is opened too: a made-up one leads nowhere.
    await scripted.goto(`${base}/s#${'A'.repeat(43)}`);
    await expect(deadLink(scripted)).toBeVisible();
    const madeUp = (await deadLink(scripted).textContent())!.replace(/\s+/g, ' ').trim();
    expect(madeUp).toMatch(/^This link does not lead to anything\./);
    expect(await everyScheme(scripted, 'share-dead-link')).toEqual([]);

    // Withdrawn: the link leads nowhere, the same as a link never made.
    await page.reload();
    await page.getByRole('button', { name: 'Withdraw now' }).click();
    await expect(page.getByRole('main')).toContainText('Withdrawn');
    const asked = scripted.waitForResponse((response) => response.request().method() === 'POST' && response.url() === `${base}/s`);
    await scripted.goto(link);
    await asked;
    await expect(deadLink(scripted)).toHaveText(madeUp);

    // No URL and no Referer any recipient's browser sent held the secret but the old link's
    // own request; only the share page's action and the file route received it, in a body.
    const withSecret = recorded.filter((request) => request.url !== oldLink);
    expect(withSecret.filter((request) => request.url.includes(secret) || (request.referer ?? '').includes(secret))).toEqual([]);
    expect(recorded.filter((request) => request.url === oldLink)).toHaveLength(1);
    expect(
      [...new Set(recorded.filter((request) => (request.body ?? '').includes(secret)).map((r) => `${r.method} ${r.url}`))].sort(),
    ).toEqual([`POST ${base}/s`, `POST ${base}/s/file`]);
    // The bucket's requests carry no referrer at all.
    expect(recorded.filter((request) => /X-Amz-Signature=/.test(request.url) && request.referer)).toEqual([]);
    // A withdrawn link's files lead nowhere either.
    const file = await scripted.request.post(`${base}/s/file`, {
      form: { secret, statement: february.id, disposition: 'attachment' },
      maxRedirects: 0,
    });
    expect(file.status()).toBe(404);
    // No GET takes a secret any more: the file links of old are gone.
    expect((await scripted.request.get(`${oldLink}/files/${february.id}?disposition=attachment`, { maxRedirects: 0 })).status()).toBe(404);
    await scripted.context().close();
    await page.context().close();
  }, 300_000);

  test('with a tracking id set: the share page loads no analytics, and the search gives analytics no search terms, nor later pages a referrer holding them', async () => {
    const person = { email: `tracked-${Date.now()}@example.com`, password: 'counted but not read' };
    // The same build with a tracking id: its server reads the id when it runs (the build had none to put in its place).
    const port = await freePort();
    const tracked = `http://localhost:${port}`;
    process.env.NEXT_PUBLIC_GA_MEASUREMENT_ID = 'G-E2ETEST';
    let server: Child;
    try {
      server = await startBuiltWebApp(port, path.join(stack.dataDir, 'amplify_outputs.json'));
    } finally {
      delete process.env.NEXT_PUBLIC_GA_MEASUREMENT_ID;
    }
    try {
      const context = await browser.newContext({ viewport: { width: 1100, height: 850 } });
      // Google's script, stood in for (nothing leaves this machine): it reads the queue as
      // gtag.js does and reports each event with what gtag documents it sends, the page's
      // address and referrer as given, else `location.href` and `document.referrer`.
      const standIn = `(function () {
        var given = {};
        var send = function (name, params) {
          var all = Object.assign({}, given, params || {});
          var dl = all.page_location || location.href;
          var dr = all.page_referrer !== undefined ? all.page_referrer : document.referrer;
          fetch('https://region1.google-analytics.com/g/collect?' + new URLSearchParams({ v: '2', en: name, dl: dl, dr: dr }), { method: 'POST', mode: 'no-cors', keepalive: true });
        };
        var handle = function (command) {
          var args = Array.prototype.slice.call(command);
          if (args[0] === 'set') Object.assign(given, args[1]);
          else if (args[0] === 'config') { Object.assign(given, args[2]); if (!args[2] || args[2].send_page_view !== false) send('page_view'); }
          else if (args[0] === 'event') send(args[1], args[2]);
        };
        var queue = (window.dataLayer = window.dataLayer || []);
        queue.forEach(handle);
        var push = queue.push;
        queue.push = function () { for (var i = 0; i < arguments.length; i++) handle(arguments[i]); return push.apply(queue, arguments); };
      })();`;
      const loads: string[] = [];
      await context.route(/^https:\/\/www\.googletagmanager\.com\//, (route) => {
        loads.push(route.request().url());
        return route.fulfill({ contentType: 'text/javascript', body: standIn });
      });
      const hits: URLSearchParams[] = [];
      await context.route(/^https:\/\/[^/]*google-analytics\.com\//, (route) => {
        hits.push(new URL(route.request().url()).searchParams);
        return route.fulfill({ status: 204 });
      });
      const sent: { url: string; referer?: string }[] = [];
      context.on('request', (request) => sent.push({ url: request.url(), referer: request.headers().referer }));
      const page = await newPage(context);
      await signUpAndConfirm(page, person.email, person.password);
      await signIn(page, person.email, person.password);
      await page.waitForURL(`${base}/statements`);
      const idToken = (await sessionCookies(context)).find((cookie) => cookie.name.endsWith('.idToken'))!.value;
      await uploadStatement(stack.config, idToken, {
        fileName: 'private-savings.pdf',
        contentType: 'application/pdf',
        accountLabel: 'Savings',
        period: '2024-03',
        bytes: pdf(5000),
      });
      const [statement] = await waitFor(async () => {
        const items = await statementsOf(idToken);
        return items.length === 1 && items[0].status === 'AVAILABLE' ? items : undefined;
      }, 'the statement to be scanned clean');
      const made = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.createShare, {
        token: idToken,
        body: { statementIds: [statement.id], expiresInSeconds: 3600 },
      });
      const secret = (made.body as { secret: string }).secret;

      // The share page: no analytics script at all, and a CSP that would refuse Google's origins.
      const shared = await page.goto(`${tracked}/s#${secret}`);
      expect(shared?.headers()['content-security-policy']).not.toMatch(/google/);
      expect(await shared!.text()).not.toMatch(/googletagmanager|gtag/);
      await expect(page.getByTestId('shared-statement')).toHaveCount(1);
      expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
      expect(loads).toEqual([]);
      expect(hits).toEqual([]);

      // The statements (cookies are the host's, so the session holds on this port), then the
      // search as it is typed, a result, back, and a page loaded from the search.
      await page.goto(`${tracked}/statements`);
      await page.getByRole('link', { name: 'Search', exact: true }).click();
      await page.waitForURL(`${tracked}/statements/search`);
      const box = page.getByRole('searchbox', { name: 'Search statements' });
      await box.pressSequentially('savings', { delay: 250 });
      await page.waitForURL((url) => url.searchParams.get('q') === 'savings');
      const result = page.getByRole('main').getByRole('listitem').getByRole('link', { name: 'private-savings.pdf' });
      await expect(result).toBeVisible({ timeout: 30_000 });
      await result.click();
      await page.waitForURL(`${tracked}/statements/${statement.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('private-savings.pdf');
      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get('q') === 'savings');
      await expect(result).toBeVisible();
      const leaving = page.waitForRequest((request) => request.url() === `${tracked}/statements/coverage` && request.isNavigationRequest());
      await page.evaluate(() => window.location.assign('/statements/coverage'));
      expect((await leaving).headers().referer).toBe(`${tracked}/`);
      await page.waitForURL(`${tracked}/statements/coverage`);
      await waitFor(
        async () => hits.some((hit) => hit.get('dl') === `${tracked}/statements/coverage`) || undefined,
        'the page view of the page loaded from the search',
      );

      // Analytics loaded on the other pages, and heard one page view per page shown, with
      // addresses and referrers that hold no query and nothing typed.
      expect(loads.length).toBeGreaterThan(0);
      const views = hits.filter((hit) => hit.get('en') === 'page_view').map((hit) => [hit.get('dl'), hit.get('dr')]);
      expect(views).toEqual([
        [`${tracked}/statements`, expect.any(String)],
        [`${tracked}/statements/search`, `${tracked}/statements`],
        [`${tracked}/statements/${statement.id}`, `${tracked}/statements/search`],
        [`${tracked}/statements/search`, `${tracked}/statements/${statement.id}`],
        [`${tracked}/statements/coverage`, `${tracked}/`],
      ]);
      for (const hit of hits) expect(`${hit}`).not.toMatch(/savings|q%3D|%3F|%23/i);
      // Nor did any request of the browser carry the words typed in its Referer.
      expect(sent.filter((request) => /savings/.test(request.referer ?? ''))).toEqual([]);
      await context.close();
    } finally {
      await server.stop();
    }
  }, 240_000);
});

describe('statements by mail, in the list', () => {
  test('a mailed OFX is filed by itself and a waiting CSV from the profile under the account typed; both are listed marked as mailed, and the statement says how it came', async () => {
    const mailer = { email: `mailer-${Date.now()}@example.com`, password: 'statements by mail' };
    const page = await newPage();
    await signUpAndConfirm(page, mailer.email, mailer.password);
    await signIn(page, mailer.email, mailer.password);
    await page.waitForURL(`${base}/statements`);
    await page.goto(`${base}/profile`);
    const card = page.getByRole('region', { name: 'Statements by mail' });
    await card.getByRole('button', { name: 'Get an address' }).click();
    await expect(card.getByTestId('mail-address')).toHaveText(/^s-[a-z2-7]{20}@mail\.localhost$/);
    const address = (await card.getByTestId('mail-address').textContent())!;
    // One mail, two statements, from Python's smtplib: the OFX names its account, the CSV does not.
    const fixtures = path.join(__dirname, '..', 'fixtures', 'statements');
    execFileSync('python3', [
      path.join(__dirname, '..', 'support', 'send-mail.py'),
      '127.0.0.1',
      String(stack.ports.mail),
      address,
      'Your statements',
      path.join(fixtures, 'releve-bnp.ofx'),
      path.join(fixtures, 'Chase1234_Activity_20240229.CSV'),
    ]);
    const idToken = (await sessionCookies(page.context())).find((cookie) => cookie.name.endsWith('.idToken'))!.value;
    await waitFor(
      async () => {
        const { body } = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.mailArrivals, { token: idToken });
        const listed = await rawGraphql(stack.config, { Authorization: idToken }, '{ accounts { label } }');
        const accounts = (listed.body.data as { accounts: unknown[] } | undefined)?.accounts ?? [];
        return body.arrived.length > 0 && accounts.length > 0 ? true : undefined;
      },
      'the CSV to wait, and the OFX to be filed',
      60_000,
    );
    await page.reload();
    const waiting = card.getByRole('list', { name: 'Arrived by mail, waiting for you' });
    await expect(waiting).toContainText(MAIL_WORDS.noAccount);
    expect(await everyScheme(page, 'profile-mail-waiting', () => card)).toEqual([]);

    const name = 'Chase1234_Activity_20240229.CSV';
    await waiting.getByRole('button', { name: `File ${name}…` }).click();
    const form = waiting.getByRole('form', { name: `File ${name}` });
    // The person's accounts are offered; none is filled in for them.
    await expect(form.locator('datalist option')).toHaveCount(1);
    await expect(form.locator('datalist option')).toHaveAttribute('value', 'BNP Paribas ••5678');
    await expect(form.getByLabel('Account')).toHaveValue('');
    await form.getByLabel('Account').pressSequentially('Chase Freedom');
    await expect(form.getByLabel('Month')).toHaveValue('2024-02');
    await form.getByRole('button', { name: 'File it' }).click();
    await expect(toast(page, `${name} goes under Chase Freedom, Feb 2024: it is listed once the vault has checked it.`)).toBeVisible();
    await expect(waiting).toHaveCount(0);

    // Both listed, each marked as mailed, under the account and month each is filed under.
    await waitFor(
      async () => {
        const answer = await rawGraphql(stack.config, { Authorization: idToken }, '{ statements { items { id status } } }');
        const items = (answer.body.data as { statements: { items: { status: string }[] } } | undefined)?.statements.items ?? [];
        return items.length === 2 && items.every((item) => item.status === 'AVAILABLE') ? true : undefined;
      },
      'both mailed statements to be listed and scanned',
      60_000,
    );
    await page.goto(`${base}/statements`);
    const rows = page.getByTestId('statement-row');
    await expect(rows).toHaveCount(2);
    for (const [file, account] of [
      ['releve-bnp.ofx', 'BNP Paribas ••5678'],
      [name, 'Chase Freedom'],
    ] as const) {
      const row = rows.filter({ hasText: file });
      await expect(row.getByTestId('arrived-by-mail')).toHaveText('✉ By mail,');
      await expect(row.locator('td[data-label="Account"]')).toHaveText(account);
    }
    expect(await everyScheme(page, 'statements-by-mail')).toEqual([]);
    await rows.filter({ hasText: 'releve-bnp.ofx' }).getByRole('link', { name: 'releve-bnp.ofx' }).click();
    await expect(page.getByTestId('statement-arrival')).toContainText(', in a mail to your vault');
  });
});

describe('notifications: web push sent for real, shown by the service worker', () => {
  const notified = { email: `notified-${Date.now()}@example.com`, password: 'tell me when it is ready' };
  // The full chromium: the shell the rest of the suite runs in has no notifications.
  let full: Browser;
  beforeAll(async () => {
    full = await chromium.launch({ executablePath: ensureFullChromium(), args: CHROMIUM_FLAGS });
  });
  afterAll(() => full?.close());
  const fullContext = () => full.newContext({ viewport: { width: 1100, height: 850 } });

  test('turned on for this device from the profile, a test notice and a ready statement arrive through the push service, encrypted to the device, and the service worker shows them; turned off, the device is gone', async () => {
    const pushOrigin = `http://127.0.0.1:${stack.ports.pushService}`;
    const context = await fullContext();
    await context.grantPermissions(['notifications'], { origin: base });
    const page = await newPage(context);
    // Chromium here has no push service of its own (its own is Google's, out of reach): the
    // browser's part of subscribing, keys and endpoint, is made by the local push service,
    // which then checks each notice's VAPID signature and decrypts it with those keys.
    await page.exposeFunction('localPushSubscribe', async (applicationServerKey: string) =>
      (await fetch(`${pushOrigin}/subscriptions`, { method: 'POST', body: JSON.stringify({ applicationServerKey }) })).json(),
    );
    await page.addInitScript(() => {
      const stored = 'local-push-subscription';
      const asSubscription = (made: { endpoint: string; keys: { p256dh: string; auth: string } }) => ({
        endpoint: made.endpoint,
        expirationTime: null,
        toJSON: () => ({ endpoint: made.endpoint, expirationTime: null, keys: made.keys }),
        unsubscribe: async () => {
          localStorage.removeItem(stored);
          return true;
        },
      });
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = btoa(String.fromCharCode(...new Uint8Array(options!.applicationServerKey as ArrayBuffer)))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
        const made = await (window as unknown as { localPushSubscribe(key: string): Promise<never> }).localPushSubscribe(key);
        localStorage.setItem(stored, JSON.stringify(made));
        return asSubscription(made) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        const made = localStorage.getItem(stored);
        return (made ? asSubscription(JSON.parse(made)) : null) as unknown as PushSubscription;
      };
    });
    await signUpAndConfirm(page, notified.email, notified.password);
    await signIn(page, notified.email, notified.password);
    await page.waitForURL(`${base}/statements`);
    const idToken = (await sessionCookies(context)).find((cookie) => cookie.name.endsWith('.idToken'))!.value;

    await page.goto(`${base}/profile`);
    const card = page.getByRole('region', { name: 'Notifications on your devices' });
    await expect(card.getByText('No device has notifications on.')).toBeVisible();
    await card.getByRole('button', { name: 'Turn on for this device' }).click();
    await expect(toast(page, 'Notifications are on for this device.')).toBeVisible();
    const devices = card.getByRole('list', { name: 'Devices with notifications on' });
    await expect(devices).toContainText('Chrome on Linux (this device)');
    expect(await everyScheme(page, 'profile-notifications', () => card)).toEqual([]);
    const endpoint = JSON.parse((await page.evaluate(() => localStorage.getItem('local-push-subscription')))!).endpoint as string;
    const arrived = async (count: number) =>
      waitFor(async () => {
        const messages = (await (await fetch(`${endpoint}/messages`)).json()) as { payload: string }[];
        return messages.length >= count ? messages[count - 1].payload : undefined;
      }, `notice ${count} at the push service`);

    // The service worker, handed what the push service received, shows it as the browser would.
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; scopeURL: string }[] }) =>
      registrations.push(...event.registrations),
    );
    await cdp.send('ServiceWorker.enable');
    const registration = await waitFor(async () => registrations.find((one) => one.scopeURL === `${base}/`), 'the service worker');
    const deliver = (data: string) =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin: base, registrationId: registration.registrationId, data });
    const notifications = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map(({ title, body }) => ({ title, body })),
      );

    await card.getByRole('button', { name: 'Send a test' }).click();
    await deliver(await arrived(1));
    expect(await waitFor(async () => ((await notifications()).length > 0 ? notifications() : undefined), 'the test notification')).toEqual([
      { title: 'Notifications are on', body: 'This device will tell you when a statement is ready.' },
    ]);

    // A statement scanned clean: told without its name; with the page in view, as a toast.
    await uploadStatement(stack.config, idToken, {
      fileName: 'pushed-may.pdf',
      contentType: 'application/pdf',
      accountLabel: 'Card',
      period: '2024-05',
      bytes: pdf(2000),
    });
    const ready = await arrived(2);
    expect(JSON.parse(ready)).toMatchObject({ kind: 'statementReady', title: 'Statement ready' });
    expect(ready).not.toContain('pushed-may');
    await deliver(ready);
    await expect(toast(page, 'Statement ready: A statement you uploaded is scanned and kept.')).toBeVisible();

    await card.getByRole('button', { name: 'Turn off notifications for Chrome on Linux (this device)' }).click();
    await expect(card.getByText('No device has notifications on.')).toBeVisible();
    const listed = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.listPushDevices, { token: idToken });
    expect(listed.body.devices).toEqual([]);
    await context.close();
  });

  test('where the browser refuses, or its push service cannot be reached, the card says so in words and the button stays', async () => {
    // Headless Chromium refuses a permission nobody granted, as a person's "Block" does.
    const refused = await newPage(await fullContext());
    await refused.goto(`${base}/sign-in`);
    await signIn(refused, notified.email, notified.password);
    await refused.waitForURL(`${base}/statements`);
    await refused.goto(`${base}/profile`);
    const card = refused.getByRole('region', { name: 'Notifications on your devices' });
    await card.getByRole('button', { name: 'Turn on for this device' }).click();
    await expect(card.getByRole('alert')).toHaveText(
      'This browser is set to block notifications from this site: allow them in its site settings, then try again.',
    );
    await expect(card.getByRole('button', { name: 'Turn on for this device' })).toBeEnabled();
    await refused.context().close();
    // Allowed, but the browser's push service is out of reach: its "push service error" is not shown raw.
    const context = await fullContext();
    await context.grantPermissions(['notifications'], { origin: base });
    const offline = await newPage(context);
    await offline.addInitScript(() => {
      PushManager.prototype.subscribe = async () => {
        throw new DOMException('Registration failed - push service error', 'AbortError');
      };
    });
    await offline.goto(`${base}/sign-in`);
    await signIn(offline, notified.email, notified.password);
    await offline.waitForURL(`${base}/statements`);
    await offline.goto(`${base}/profile`);
    const again = offline.getByRole('region', { name: 'Notifications on your devices' });
    await again.getByRole('button', { name: 'Turn on for this device' }).click();
    await expect(again.getByRole('alert')).toHaveText(
      "The browser's push service could not be reached, so notifications are not on. Try again when this device is online.",
    );
    await expect(again.getByRole('button', { name: 'Turn on for this device' })).toBeEnabled();
    await context.close();
  }, 120_000);
});

describe('as people type: key by key as the page appears, on a phone-speed browser (4x CPU slowdown, 412 px)', () => {
  const typist = { email: `typist-${Date.now()}@example.com`, password: 'typed key by key' };
  const phonePage = async () => {
    const page = await newPage(await browser.newContext(PHONE));
    await slowCpu(page);
    return page;
  };
  const emailField = (page: Page) => page.getByLabel('E-mail');
  const passwordField = (page: Page) => page.getByLabel('Password', { exact: true });

  test('sign-up, confirmation and sign-in, each typed as its page appears: every field ends with exactly what was typed', async () => {
    const page = await phonePage();
    // Sign-up, typed before the page's script runs.
    const scripts = await holdScripts(page);
    await page.goto(`${base}/sign-up`, { waitUntil: 'commit' });
    await typeInto(emailField(page), typist.email);
    await typeInto(passwordField(page), typist.password);
    expect(await hydrated(page)).toBe(false);
    scripts.release();
    await formReady(page);
    await expect(emailField(page)).toHaveValue(typist.email);
    await expect(passwordField(page)).toHaveValue(typist.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${base}/confirm`);
    // The confirmation page fills in the address; the code is typed as the page appears.
    await typeInto(page.getByLabel('Confirmation code'), stack.codeFor(typist.email));
    await expect(emailField(page)).toHaveValue(typist.email);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.waitForURL(/\/sign-in/);
    // The sign-in page fills the address in too; a person who types it anyway, as the page
    // appears, ends with what they typed, not with the two mixed.
    await typeInto(emailField(page), typist.email);
    await typeInto(passwordField(page), typist.password);
    await expect(emailField(page)).toHaveValue(typist.email);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${base}/statements`);
    await page.context().close();
  }, 120_000);

  test('an address handed to a page that has not hydrated: what was typed stays, whether the page runs mid-word or after', async () => {
    for (const typedBeforeScripts of [typist.email.slice(0, 9), typist.email]) {
      const page = await phonePage();
      await handOverEmail(page, base, typist.email);
      const scripts = await holdScripts(page);
      await page.goto(`${base}/sign-in`, { waitUntil: 'commit' });
      await typeInto(emailField(page), typedBeforeScripts);
      expect(await hydrated(page)).toBe(false);
      // The page's script runs while the person goes on typing.
      const typing = page.keyboard.type(typist.email.slice(typedBeforeScripts.length), { delay: 25 });
      scripts.release();
      await typing;
      await formReady(page);
      await expect(emailField(page)).toHaveValue(typist.email);
      await typeInto(passwordField(page), typist.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(`${base}/statements`);
      await page.context().close();
    }
  }, 120_000);

  test('an address filled in for the person is taken whole or replaced whole: a tap into it and typing replaces it', async () => {
    const page = await phonePage();
    await handOverEmail(page, base, 'someone-else@example.com');
    await page.goto(`${base}/sign-in`);
    await formReady(page);
    await expect(emailField(page)).toHaveValue('someone-else@example.com');
    await typeInto(emailField(page), typist.email);
    await expect(emailField(page)).toHaveValue(typist.email);
    // Once the person has changed it, it is an ordinary field: a tap puts the caret where it lands.
    await emailField(page).press('End');
    await page.keyboard.press('Backspace');
    await expect(emailField(page)).toHaveValue(typist.email.slice(0, -1));
    await page.context().close();

    // Nobody typing: the address is there, and only the password is typed.
    const quiet = await phonePage();
    await handOverEmail(quiet, base, typist.email);
    await quiet.goto(`${base}/sign-in`, { waitUntil: 'commit' });
    await typeInto(passwordField(quiet), typist.password);
    await formReady(quiet);
    await expect(emailField(quiet)).toHaveValue(typist.email);
    await quiet.getByRole('button', { name: 'Sign in', exact: true }).click();
    await quiet.waitForURL(`${base}/statements`);
    await quiet.context().close();
  }, 120_000);

  test("the browser's autofill at load, on a reload of a page an address was handed to, is kept as filled", async () => {
    const page = await phonePage();
    await handOverEmail(page, base, typist.email);
    await autofillAtLoad(page, typist);
    const scripts = await holdScripts(page);
    await page.goto(`${base}/sign-in`, { waitUntil: 'commit' });
    await expect(emailField(page)).toHaveValue(typist.email);
    scripts.release();
    await formReady(page);
    // A reload fills it again, before and after the page runs.
    await page.reload();
    await formReady(page);
    await expect(emailField(page)).toHaveValue(typist.email);
    await expect(passwordField(page)).toHaveValue(typist.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${base}/statements`);
    await page.context().close();
  }, 120_000);

  test("the upload panel's account, typed before the page ran, is what a file that names none is filed under, said as set above", async () => {
    const page = await phonePage();
    await page.goto(`${base}/sign-in`);
    await typeInto(emailField(page), typist.email);
    await typeInto(passwordField(page), typist.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${base}/statements`);
    const scripts = await holdScripts(page);
    await page.goto(`${base}/statements`, { waitUntil: 'commit' });
    await typeInto(page.getByLabel('Account', { exact: true }), 'Typed ••0042');
    scripts.release();
    // Files can be chosen once the page runs: its file input has React's handlers then.
    await page.waitForFunction(() => {
      const input = document.querySelector('input[aria-label="Statement files"]');
      return input !== null && Object.keys(input).some((key) => key.startsWith('__reactProps'));
    });
    await expect(page.getByLabel('Account', { exact: true })).toHaveValue('Typed ••0042');
    await page.getByLabel('Statement files').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: pngOf(40, 40) });
    const row = page.getByTestId('filing-row').filter({ hasText: 'receipt.png' });
    await expect(row.getByLabel('Account for receipt.png')).toHaveValue('Typed ••0042');
    await expect(row.getByTestId('account-source')).toHaveText('as you set it above');
    await expect(row.getByTestId('period-source')).toHaveText('not in the file: choose one');
    await page.context().close();
  }, 120_000);

  test('the other forms keep what was typed before their page ran: password reset, and the display name', async () => {
    const page = await phonePage();
    let scripts = await holdScripts(page);
    await page.goto(`${base}/forgot-password`, { waitUntil: 'commit' });
    await typeInto(emailField(page), typist.email);
    scripts.release();
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await expect(page.getByText(`If an account exists for ${typist.email}, a code is on its way.`)).toBeVisible();
    await typeInto(page.getByLabel('Code'), stack.codeFor(typist.email));
    await typeInto(page.getByLabel('New password'), 'typed again, key by key');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL(`${base}/sign-in`);
    await typeInto(passwordField(page), 'typed again, key by key');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${base}/statements`);

    scripts = await holdScripts(page);
    await page.goto(`${base}/profile`, { waitUntil: 'commit' });
    const name = page.getByLabel('Display name');
    await name.tap();
    await name.press('Control+A');
    await page.keyboard.type('Typed Before It Ran', { delay: 25 });
    scripts.release();
    // The export button works only with the page's script, so it is enabled once the page has hydrated.
    await expect(page.getByRole('button', { name: 'Export everything' })).toBeEnabled();
    await expect(name).toHaveValue('Typed Before It Ran');
    await page.getByRole('button', { name: 'Save name' }).click();
    // The save is the server's work, at 4x CPU slowdown: waited for as a person would.
    await expect(toast(page, 'Your name is saved.')).toBeVisible({ timeout: 60_000 });
    await expect(name).toHaveValue('Typed Before It Ran');
    await page.context().close();
  }, 120_000);
});

describe('served as a visitor receives it', () => {
  const PUBLIC_FORMS = [
    ['/sign-in', ['E-mail', 'Password'], 'Sign in'],
    ['/sign-up', ['E-mail', 'Password'], 'Create account'],
    ['/forgot-password', ['E-mail'], 'Send me a code'],
    ['/confirm', ['E-mail', 'Confirmation code'], 'Confirm'],
  ] as const;

  test('without JavaScript, every public form is there (sent by POST, never into the URL) with a message that JavaScript is needed', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await newPage(context);
    for (const [route, fields, button] of PUBLIC_FORMS) {
      await page.goto(`${base}${route}`);
      for (const field of fields) await expect(page.getByLabel(field, { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: button, exact: true })).toBeVisible();
      expect(await page.locator('form').first().getAttribute('method')).toBe('post');
      // (Playwright's text and role locators do not look inside <noscript>; the browser shows it.)
      await expect(page.locator('p.noscript')).toBeVisible();
      expect(await page.locator('p.noscript').textContent()).toMatch(/^Statement Vault needs JavaScript/);
    }
    await context.close();
  });

  test('a strict CSP with a fresh nonce on every page: every script and style carries it, nothing else may run', async () => {
    const policies: string[] = [];
    for (const route of ['/', '/sign-in', '/no-such-page']) {
      const response = await fetch(`${base}${route}`);
      const policy = response.headers.get('content-security-policy') ?? '';
      const html = await response.text();
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22,}={0,2}$/);
      const directives = Object.fromEntries(
        policy
          .split(';')
          .map((part) => part.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
      expect(directives['script-src']).toEqual([`'nonce-${nonce}'`, "'strict-dynamic'"]);
      expect(directives['style-src']).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(directives['frame-ancestors']).toEqual(["'none'"]);
      expect(directives['object-src']).toEqual(["'none'"]);
      expect(directives['base-uri']).toEqual(["'self'"]);
      // The browser talks to the stack's own endpoints and nothing else (no analytics without an id).
      const config = JSON.parse(fs.readFileSync(path.join(stack.dataDir, 'amplify_outputs.json'), 'utf8'));
      expect(directives['connect-src']).toEqual(
        expect.arrayContaining(["'self'", new URL(config.data.url).origin, new URL(config.custom.statementsApiUrl).origin]),
      );
      expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|googletagmanager|\*/);
      // Every script and style element of the page carries this response's nonce.
      const tags = [...html.matchAll(/<(script|style)\b[^>]*>/g)].map((match) => match[0]);
      expect(tags.length).toBeGreaterThan(3);
      expect(tags.filter((tag) => !tag.includes(`nonce="${nonce}"`))).toEqual([]);
      expect(html).not.toMatch(/ style="/);
      policies.push(nonce!);
    }
    expect(new Set(policies).size).toBe(policies.length);
  });
});

describe('see and find: each kind of statement shown in place, hostile files kept as text, and the coverage grid with its gaps', () => {
  const viewer = { email: `viewer-${Date.now()}@example.com`, password: 'looking without downloading' };
  /** A PDF whose opening action is JavaScript (an alert and a title change): pdf.js runs none of it. */
  const scriptedPdf = () => {
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R /Names << /JavaScript << /Names [(x) 4 0 R] >> >> >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 5 0 R /Resources << /Font << /F1 6 0 R >> >> >>',
      "<< /S /JavaScript /JS (app.alert('pdf script ran'); this.title = 'pwned';) >>",
      '<< /Length 44 >>\nstream\nBT /F1 18 Tf 20 100 Td (Scripted PDF) Tj ET\nendstream',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ];
    let body = '%PDF-1.7\n';
    const offsets: number[] = [];
    objects.forEach((object, index) => {
      offsets.push(body.length);
      body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    });
    const xref = body.length;
    body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
    body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return Buffer.from(body, 'latin1');
  };
  const hostileCsv = Buffer.from(
    [
      'Date,Description,Amount,Balance',
      '2024-03-02,"<img src=x onerror=""document.title=\'pwned\'"">Coffee",-3.20,996.80',
      '2024-03-05,"<script>document.title=""pwned""</script>",-12.00,984.80',
      '2024-03-09,"=HYPERLINK(""http://attacker.example"",""click"")",-1.00,983.80',
      '2024-03-15,Salary ACME,2500.00,3483.80',
    ].join('\r\n'),
    'utf8',
  );
  const ids: Record<string, string> = {};

  test('each kind previews in place; nothing the files hold becomes markup or runs', async () => {
    const page = await newPage();
    await signUpAndConfirm(page, viewer.email, viewer.password);
    await signIn(page, viewer.email, viewer.password);
    await page.waitForURL(`${base}/statements`);
    const idToken = (await sessionCookies(page.context())).find((cookie) => cookie.name.endsWith('.idToken'))!.value;
    const workbook = STATEMENT_WORKBOOKS[0];
    const files: [string, string, string, Buffer][] = [
      ['statement.pdf', 'application/pdf', '2024-01', await statementPdf({ ...STATEMENT_PDFS[0], name: 'statement.pdf' })],
      ['hostile.csv', 'text/csv', '2024-03', hostileCsv],
      ['receipt.png', 'image/png', '2024-04', pngOf(240, 120)],
      [
        'releve.ofx',
        'application/x-ofx',
        '2024-05',
        fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'statements', 'releve-bnp.ofx')),
      ],
      ['scripted.pdf', 'application/pdf', '2024-06', scriptedPdf()],
      [workbook.name, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', '2024-07', await statementWorkbook(workbook)],
    ];
    for (const [fileName, contentType, period, bytes] of files)
      ids[fileName] = (
        await uploadStatement(stack.config, idToken, { fileName, contentType, accountLabel: 'Visa', period, bytes })
      ).statementId;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const open = async (name: string) => {
      await page.goto(`${base}/statements/${ids[name]}`);
      // Until the scan finds it clean, the page says why it is not shown, and looks again.
      await expect(page.getByTestId('scan-verdict')).toHaveText('Clean', { timeout: 60_000 });
    };

    // A PDF drawn on a canvas: page 1 of 1, with ink on it.
    await open('statement.pdf');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('statement.pdf');
    await expect(page.getByTestId('pdf-canvas')).toHaveAttribute('data-drawn-page', '1', { timeout: 30_000 });
    await expect(page.getByTestId('pdf-page')).toHaveText('Page 1 of 1');
    const ink = await page.getByTestId('pdf-canvas').evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let dark = 0;
      for (let index = 0; index < data.length; index += 4) if (data[index] < 128) dark++;
      return dark;
    });
    expect(ink).toBeGreaterThan(100);
    const violations = await everyScheme(page, 'statement-pdf');

    // On a phone the page fits the width, and zooms in to be read: drawn larger (not
    // stretched), scrolled across within its frame, the part in the middle kept there.
    await page.setViewportSize({ width: 360, height: 800 });
    const canvas = page.getByTestId('pdf-canvas');
    const sizes = () =>
      canvas.evaluate((element: HTMLCanvasElement) => {
        const frame = element.parentElement!;
        return {
          drawn: element.width / window.devicePixelRatio,
          shown: element.getBoundingClientRect().width,
          frame: frame.clientWidth,
          across: frame.scrollWidth,
          left: frame.scrollLeft,
        };
      });
    // The window narrowed (a phone turned) draws the page again to the frame's new width.
    await waitFor(async () => {
      const now = await sizes();
      return Math.abs(now.shown - now.frame) <= 1 && Math.abs(now.drawn - now.frame) <= 1 ? true : undefined;
    }, 'the page to be drawn again to fit 360 px');
    const fit = await sizes();
    expect(fit.frame).toBeLessThan(360);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(page.getByTestId('pdf-zoom')).toHaveText('200%');
    await waitFor(async () => ((await sizes()).shown >= 2 * fit.frame - 1 ? true : undefined), 'the page to be drawn at 200%');
    const zoomed = await sizes();
    expect(zoomed.drawn).toBeGreaterThanOrEqual(2 * fit.frame - 1);
    expect(zoomed.across).toBeGreaterThan(zoomed.frame);
    expect(zoomed.left).toBeGreaterThan(0);
    expect(await sidewaysScroll(page, 'a PDF zoomed to 200% at 360 px')).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'pages', 'statement-pdf-zoomed-light-360.png') });
    // The keyboard does the same: 0 fits the width again.
    await canvas.locator('..').focus();
    await page.keyboard.press('0');
    await expect(page.getByTestId('pdf-zoom')).toHaveText('Fit width');
    await expect(page.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    await page.setViewportSize({ width: 1100, height: 850 });

    // The CSV's cells, markup and formula alike, are text in a table: no element, no script, no link.
    await open('hostile.csv');
    const table = page.getByTestId('transactions');
    await expect(table.locator('tbody tr')).toHaveCount(4);
    await expect(table).toContainText('<script>document.title="pwned"</script>');
    await expect(table).toContainText('<img src=x onerror="document.title=\'pwned\'">Coffee');
    await expect(table).toContainText('=HYPERLINK("http://attacker.example","click")');
    expect(await table.locator('img, script, a').count()).toBe(0);
    await expect(table.locator('tbody tr').last()).toContainText('2500.00');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'pages', 'statement-csv-light-1100.png'), fullPage: true });
    violations.push(...(await accessibilityViolations(page)));

    // An image from storage's own origin, as the PNG it was verified to be.
    await open('receipt.png');
    const image = page.getByTestId('image-preview');
    await expect(image).toBeVisible();
    expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(240);
    expect(new URL((await image.getAttribute('src'))!).origin).not.toBe(base);

    // OFX and a workbook: their transactions.
    await open('releve.ofx');
    await expect(page.getByTestId('transactions').locator('tbody tr')).toHaveCount(2);
    // Its days as every date in the vault is said (the file writes 20240305), and what came in and went out.
    await expect(page.getByTestId('transactions').locator('tbody tr time')).toHaveText(['Mar 5, 2024', 'Mar 25, 2024']);
    await expect(page.getByTestId('transaction-totals')).toHaveText('Money in 2,410.00 · money out -12.30');
    await open(workbook.name);
    await expect(page.getByTestId('transactions').locator('tbody tr').nth(1)).toBeVisible();

    // A PDF with JavaScript in it is drawn, and none of its script runs.
    await open('scripted.pdf');
    await expect(page.getByTestId('pdf-canvas')).toHaveAttribute('data-drawn-page', '1', { timeout: 30_000 });

    // An SVG sent as a PNG never becomes a statement: refused once it arrives (its content is
    // not a PNG), it has no page to be shown on, and its URL is never signed.
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="document.title=\'pwned\'"><script>document.title="pwned"</script></svg>',
    );
    const drawing = await uploadStatement(stack.config, idToken, {
      fileName: 'drawing.png',
      contentType: 'image/png',
      accountLabel: 'Hostile',
      period: '2024-08',
      bytes: svg,
    });
    await waitFor(async () => {
      const answer = (
        await rawGraphql(stack.config, { Authorization: idToken }, `{ uploadRefusal(id: "${drawing.statementId}") { reason } }`)
      ).body;
      return (answer.data as { uploadRefusal?: { reason: string } | null }).uploadRefusal?.reason;
    }, 'the SVG to be refused').then((reason) => expect(reason).toMatch(/not a PNG/));
    const drawingPage = await page.goto(`${base}/statements/${drawing.statementId}`);
    expect(drawingPage?.status()).toBe(404);

    // A quarantined statement's page says why it is not shown, and signs nothing.
    const infected = Buffer.concat([Buffer.from('Date,Description,Amount\n2024-09-01,'), EICAR, Buffer.from(',1.00\n')]);
    const quarantined = await uploadStatement(stack.config, idToken, {
      fileName: 'infected.csv',
      contentType: 'text/csv',
      accountLabel: 'Hostile',
      period: '2024-09',
      bytes: infected,
    });
    const signed: string[] = [];
    page.on('request', (request) => {
      if (/\/(preview|download)-url$/.test(new URL(request.url()).pathname)) signed.push(request.url());
    });
    await waitFor(async () => {
      const answer = (
        await rawGraphql(stack.config, { Authorization: idToken }, `{ statement(id: "${quarantined.statementId}") { status } }`)
      ).body;
      return (answer.data as { statement?: { status: string } | null }).statement?.status === 'QUARANTINED' ? true : undefined;
    }, 'the infected file to be quarantined');
    await page.goto(`${base}/statements/${quarantined.statementId}`);
    await expect(page.getByTestId('scan-verdict')).toHaveText(/^Quarantined/);
    await expect(page.getByRole('main')).toContainText('This statement is quarantined');
    expect(await page.getByTestId('transactions').count()).toBe(0);
    expect(signed).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(await page.title()).not.toContain('pwned');
    expect(violations).toEqual([]);
    await page.context().close();
  }, 240_000);

  test("coverage follows each account's schedule: a quarterly and a closed account have no false gaps, a gap is listed and one click uploads for it", async () => {
    const page = await newPage();
    await page.goto(`${base}/sign-in`);
    await signIn(page, viewer.email, viewer.password);
    await page.waitForURL(`${base}/statements`);
    // A brokerage account with a statement every three months, up to last month.
    const idToken = (await sessionCookies(page.context())).find((cookie) => cookie.name.endsWith('.idToken'))!.value;
    const now = new Date();
    const monthsAgo = (months: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1)).toISOString().slice(0, 7);
    for (const months of [10, 7, 4, 1])
      await uploadStatement(stack.config, idToken, {
        fileName: `brokerage-${monthsAgo(months)}.pdf`,
        accountLabel: 'Brokerage',
        contentType: 'application/pdf',
        size: 2048 + months,
        period: monthsAgo(months),
      });
    // Each is filed (and summed into its account) once its content is checked.
    await waitFor(
      async () => {
        const answer = await rawGraphql(stack.config, { Authorization: idToken }, '{ accounts { accountKey count } }');
        const accounts = (answer.body.data as { accounts: { accountKey: string; count: number }[] }).accounts;
        return accounts.find((account) => account.accountKey === 'brokerage')?.count === 4 || undefined;
      },
      'the four brokerage statements to be filed',
      60_000,
    );
    await page.getByRole('link', { name: 'Coverage' }).click();
    await page.waitForURL(`${base}/statements/coverage`);
    const visa = page.getByRole('region', { name: 'Visa' });
    const brokerage = page.getByRole('region', { name: 'Brokerage' });
    // The rows as the server rendered them once the navigation has landed (a slow machine takes its time);
    // if they never show, the failure says what the page showed instead.
    await expect(brokerage)
      .toContainText('4 quarters filed, none missing', { timeout: 30_000 })
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\nThe page showed: ${await page.locator('main').innerText()}`);
      });
    // Each cadence says where it came from: here, the months of the statements.
    await expect(brokerage).toContainText('quarterly (from the months of 4 statements)');
    await expect(visa).toContainText('monthly (from the months of 6 statements)');
    // Visa's statements stopped in July 2024: read as open, every month since is missing, February 2024 first.
    await expect(visa.getByRole('link', { name: /missing\. Upload for this month$/ }).first()).toHaveAttribute(
      'aria-label',
      'Feb 2024: missing. Upload for this month',
    );
    // The person says the card closed after July 2024, in its folded years, as the page appears again:
    // before its scripts run, at 4x CPU slowdown. A month is picked whole, as the browser's month
    // picker sets it; the form keeps it through hydration.
    const scripts = await holdScripts(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${base}/statements/coverage`, { waitUntil: 'commit' });
    await visa.getByText(/years? and schedule/).click();
    await expect(visa.getByRole('link', { name: 'Jan 2024: statement' })).toHaveAttribute('href', `/statements/${ids['statement.pdf']}`);
    const form = visa.getByRole('form', { name: 'Schedule of Visa' });
    await form.getByLabel('Closed after').fill('2024-07');
    scripts.release();
    await expect(form.getByLabel('Closed after')).toHaveValue('2024-07');
    await form.getByRole('button', { name: 'Save schedule' }).click();
    await expect(form.getByRole('status')).toHaveText('Saved: coverage now follows this schedule.');
    await expect(visa).toContainText('6 of 7 months filed, 1 missing');
    await expect(visa).toContainText('closed after Jul 2024');
    // The saved schedule's fold stays open: the page in every scheme, with its years shown.
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    expect(await everyScheme(page, 'coverage')).toEqual([]);
    // On a phone the twelve months fit: nothing clipped, nothing to scroll sideways.
    await page.setViewportSize({ width: 360, height: 900 });
    expect(await visa.getByRole('table').evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth)).toBe(0);
    await page.setViewportSize({ width: 1100, height: 850 });
    // A reload shows the same: the schedule is kept (the folded form starts from it), and the URL is the view.
    await page.reload();
    await expect(visa).toContainText('6 of 7 months filed, 1 missing');
    await expect(visa).toContainText('closed after Jul 2024');
    await expect(visa.locator('form[aria-label="Schedule of Visa"] input[name="closedAfter"]')).toHaveValue('2024-07');
    const gap = visa.getByRole('link', { name: 'Feb 2024: missing. Upload for this month' });
    await gap.click();
    await page.waitForURL((url) => url.pathname === '/statements' && url.searchParams.get('period') === '2024-02');
    expect(new URL(page.url()).searchParams.get('account')).toBe('Visa');
    await expect(page.getByLabel('Account', { exact: true })).toHaveValue('Visa');
    await expect(page.getByLabel('Period', { exact: true })).toHaveValue('2024-02');
    await expect(page.getByTestId('empty-state')).toBeVisible();
    await page.context().close();
  }, 180_000);

  test('search finds by a word only in a PDF, a payee only in a CSV, and a name, as typed and before the script runs; N and P turn statements', async () => {
    const page = await newPage();
    await page.goto(`${base}/sign-in`);
    await signIn(page, viewer.email, viewer.password);
    await page.waitForURL(`${base}/statements`);
    const results = page.getByRole('main').getByRole('listitem');

    // "/" searches from any page: on the list, its own box; elsewhere, the search page, its box ready.
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('/');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.closest('[role="search"]') !== null)).toBe(true);
    await page.keyboard.type('jpmorg');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/statements/search' && url.searchParams.get('q') === 'jpmorg');
    await expect(results.first()).toContainText('Matched in content: jpmorgan');
    await page.goto(`${base}/profile`);
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('/');
    await page.waitForURL(`${base}/statements/search`);
    await expect(page.getByRole('searchbox', { name: 'Search statements' })).toBeVisible();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('search');
    await page.goto(`${base}/statements`);

    // Before the page's script runs, Enter searches: the box is a form.
    const scripts = await holdScripts(page);
    await page.goto(`${base}/statements/search`, { waitUntil: 'commit' });
    const box = page.getByRole('searchbox', { name: 'Search statements' });
    await box.fill('acme');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/statements/search' && url.searchParams.get('q') === 'acme', { waitUntil: 'commit' });
    // "Salary ACME" is a description in the CSV, and in no name, account or other file.
    await expect(results).toHaveCount(1, { timeout: 30_000 });
    await expect(results.first().getByRole('link')).toHaveText('hostile.csv');
    await expect(results.first()).toContainText('Matched in content: acme');
    // What matched, in its transaction: the day as everywhere else, the file's amount.
    const acme = results.first().getByTestId('search-context');
    await expect(acme).toHaveText(/^Mar 15, 2024\s*Salary ACME\s*2500\.00$/);
    await expect(acme.locator('mark')).toHaveText('ACME');
    scripts.release();

    // Once it runs, results follow each key typed, on a slow phone's CPU; what is typed while
    // it is still starting is asked for when it has.
    await slowCpu(page);
    await box.fill('');
    await box.pressSequentially('jpmorg', { delay: 60 });
    // JPMorgan is in the text of the PDF's page, not in its name or account.
    await expect(results.first().getByRole('link')).toHaveText('statement.pdf', { timeout: 30_000 });
    await expect(results).toHaveCount(1);
    await expect(results.first()).toContainText('Matched in content: jpmorgan');
    await page.waitForURL((url) => url.searchParams.get('q') === 'jpmorg');
    // The URL is the search: a reload shows the same results.
    await page.reload();
    await expect(results.first().getByRole('link')).toHaveText('statement.pdf');
    await expect(page.getByRole('searchbox', { name: 'Search statements' })).toHaveValue('jpmorg');

    // A name: the matched word is marked in it.
    await box.fill('');
    await box.pressSequentially('recei', { delay: 60 });
    await expect(results.first().getByRole('link')).toHaveText('receipt.png', { timeout: 30_000 });
    await expect(results.first().getByRole('link').locator('mark')).toHaveText('receipt');

    // A line of the file's that holds markup is shown as the text it is, never run.
    await box.fill('');
    await box.pressSequentially('onerror', { delay: 60 });
    await expect(results.first().getByRole('link')).toHaveText('hostile.csv', { timeout: 30_000 });
    await expect(results).toHaveCount(1);
    await expect(results.first().getByTestId('search-context')).toHaveText(
      /^Mar 2, 2024\s*<img src=x onerror="document\.title='pwned'">Coffee\s*-3\.20$/,
    );
    await expect(results.first().locator('img')).toHaveCount(0);
    expect(await page.title()).not.toContain('pwned');
    expect(await everyScheme(page, 'search')).toEqual([]);
    await box.fill('');
    await box.pressSequentially('recei', { delay: 60 });
    await expect(results.first().getByRole('link')).toHaveText('receipt.png', { timeout: 30_000 });

    // From a result to its page, then to the next and previous statement of the list by keyboard.
    await results.first().getByRole('link').click();
    await page.waitForURL(`${base}/statements/${ids['receipt.png']}`);
    await expect(page.getByRole('link', { name: 'Next' })).toHaveAttribute('aria-keyshortcuts', 'n');
    await page.keyboard.press('n');
    await page.waitForURL(`${base}/statements/${ids['hostile.csv']}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('hostile.csv');
    await page.keyboard.press('p');
    await page.waitForURL(`${base}/statements/${ids['receipt.png']}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('receipt.png');
    await page.context().close();
  }, 180_000);

  test("a browser set to German, on Berlin's time, hydrates the list to what the server wrote: its months and days as the app writes them everywhere", async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 850 }, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    const page = await newPage(context);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${base}/sign-in`);
    await signIn(page, viewer.email, viewer.password);
    await page.waitForURL(`${base}/statements`);
    // A whole page load, so the list is hydrated in this browser, not rendered by it.
    await page.reload();
    const row = page.getByTestId('statement-row').first();
    await expect(row).toBeVisible();
    await waitFor(
      () => row.evaluate((element) => (Object.keys(element).some((key) => key.startsWith('__reactFiber')) ? true : undefined)),
      'the list to hydrate',
    );
    const [period, uploaded] = await row
      .locator('time')
      .evaluateAll((times) => times.map((time) => [time.getAttribute('datetime')!, time.textContent!]));
    expect(period[1]).toBe(formatPeriod(period[0]));
    expect(uploaded[1]).toBe(formatDay(uploaded[0].slice(0, 10)));
    expect(errors.filter((error) => /hydrat|did not match|didn't match/i.test(error))).toEqual([]);
    await context.close();
  }, 120_000);

  test("a statement shared from another app (the manifest's share target) lands in the upload queue with what it says; without the service worker the page says it did not arrive; an iPhone is told how instead", async () => {
    // The manifest: an app that opens on the list and takes statement files shared to it.
    const manifest = (await (await fetch(`${base}/manifest.webmanifest`)).json()) as {
      start_url: string;
      share_target: { action: string; method: string; enctype: string; params: { files: { name: string; accept: string[] }[] } };
      icons: { src: string }[];
    };
    expect(manifest.start_url).toBe('/statements');
    expect(manifest.share_target).toMatchObject({ action: '/share-target', method: 'POST', enctype: 'multipart/form-data' });
    expect(manifest.share_target.params.files[0].accept).toEqual(expect.arrayContaining(['application/pdf', '.pdf', 'text/csv', '.ofx']));
    for (const icon of manifest.icons) expect((await fetch(`${base}${icon.src}`)).status).toBe(200);

    // As the system's share sheet sends it: a navigation that POSTs the files to the share target.
    const share = async (page: Page, file: string) => {
      await page.evaluate((action) => {
        const form = document.createElement('form');
        Object.assign(form, { action, method: 'post', enctype: 'multipart/form-data' });
        const input = Object.assign(document.createElement('input'), { type: 'file', name: 'statements', id: 'shared-input' });
        form.append(input);
        document.body.append(form);
      }, manifest.share_target.action);
      await page.locator('#shared-input').setInputFiles(file);
      await page.evaluate(() => document.querySelector<HTMLFormElement>('#shared-input')!.form!.submit());
    };
    const file = path.join(__dirname, '..', 'fixtures', 'statements', 'releve-bnp.ofx');

    // A person of their own: what they share is all their queue holds.
    const sharer = { email: `sharer-${Date.now()}@example.com`, password: 'shared from the bank app' };
    const page = await newPage();
    await signUpAndConfirm(page, sharer.email, sharer.password);
    await signIn(page, sharer.email, sharer.password);
    await page.waitForURL(`${base}/statements`);
    // The app's worker controls the page (it claims the pages open when it starts), and the
    // share target's own worker is active for its address, the only one it sees.
    await waitFor(
      () =>
        page.evaluate(async (action) => {
          const shareWorker = await navigator.serviceWorker.getRegistration(action);
          return navigator.serviceWorker.controller && shareWorker?.active && shareWorker.scope.endsWith(action) ? true : undefined;
        }, manifest.share_target.action),
      'the service workers to be active',
    );
    await share(page, file);
    const row = page.getByTestId('filing-row').filter({ hasText: 'releve-bnp.ofx' });
    await expect(row.getByLabel('Period for releve-bnp.ofx')).toHaveValue('2024-03', { timeout: 30_000 });
    await expect(page.getByTestId('shared-files')).toHaveText('1 file shared from another app: check what each says below, then upload.');
    // The address forgets the batch: a reload queues nothing twice, and the worker's copy is gone.
    await page.waitForURL((url) => url.pathname === '/statements' && !url.searchParams.has('shared'));
    expect(await page.evaluate(async () => (await (await caches.open('vault-shared-files')).keys()).length)).toBe(0);

    // Another site's page that posts a file to the share target, even without a referrer, queues nothing.
    await page.route('http://elsewhere.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<meta name="referrer" content="no-referrer"><form id="f" method="post" enctype="multipart/form-data" action="${base}${manifest.share_target.action}"><input type="file" name="statements" id="shared-input"></form>`,
      }),
    );
    await page.goto('http://elsewhere.test/');
    await page.locator('#shared-input').setInputFiles(file);
    await page.evaluate(() => document.querySelector<HTMLFormElement>('#f')!.submit());
    await expect(page.getByTestId('shared-files')).toHaveText(
      'The files shared from another app did not arrive here. Choose them again with Choose files.',
    );
    await expect(page.getByTestId('filing-row')).toHaveCount(0);
    expect(await page.evaluate(async () => (await (await caches.open('vault-shared-files')).keys()).length)).toBe(0);
    await page.context().close();

    // Without the worker (a browser that blocks them), the server keeps nothing and the page says so.
    const blocked = await newPage(await browser.newContext({ viewport: { width: 1100, height: 850 }, serviceWorkers: 'block' }));
    await blocked.goto(`${base}/sign-in`);
    await signIn(blocked, sharer.email, sharer.password);
    await blocked.waitForURL(`${base}/statements`);
    await share(blocked, file);
    await expect(blocked.getByTestId('shared-files')).toHaveText(
      'The files shared from another app did not arrive here. Choose them again with Choose files.',
    );
    await expect(blocked.getByTestId('filing-row')).toHaveCount(0);
    await blocked.context().close();

    // Safari on an iPhone has no share target: the panel says how to bring a statement in.
    const iphone = await newPage(
      await browser.newContext({
        viewport: { width: 390, height: 844 },
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      }),
    );
    await iphone.goto(`${base}/sign-in`);
    await signIn(iphone, sharer.email, sharer.password);
    await iphone.waitForURL(`${base}/statements`);
    await expect(iphone.getByTestId('share-hint')).toContainText('save a statement from your bank’s app to Files');
    await iphone.context().close();
  }, 180_000);

  test('a PDF whose page inflates to 400 MB is listed and found by its name; its page and the results say in words why its contents are not', async () => {
    // A person of its own: the file is all their vault holds.
    const owner = { email: `bomb-${Date.now()}@example.com`, password: 'a file that unpacks forever' };
    const page = await newPage();
    await signUpAndConfirm(page, owner.email, owner.password);
    await signIn(page, owner.email, owner.password);
    await page.waitForURL(`${base}/statements`);
    const idToken = (await sessionCookies(page.context())).find((cookie) => cookie.name.endsWith('.idToken'))!.value;
    const { statementId } = await uploadStatement(stack.config, idToken, {
      fileName: 'bomb page.pdf',
      contentType: 'application/pdf',
      accountLabel: 'Visa',
      period: '2024-10',
      bytes: pdfBomb(),
    });
    await waitFor(async () => {
      const answer = (
        await rawGraphql(stack.config, { Authorization: idToken }, `{ statement(id: "${statementId}") { contentNotIndexed } }`)
      ).body;
      return (answer.data as { statement?: { contentNotIndexed: string | null } | null }).statement?.contentNotIndexed ?? undefined;
    }, 'the bomb to be marked not indexed');
    const sentence = notIndexedSentence(NOT_INDEXED_REASONS['too large']);
    await page.goto(`${base}/statements/${statementId}`);
    await expect(page.getByTestId('scan-verdict')).toHaveText('Clean');
    await expect(page.getByTestId('content-not-indexed')).toHaveText(sentence);
    await page.goto(`${base}/statements/search?q=bomb`);
    const results = page.getByRole('main').getByRole('listitem');
    await expect(results).toHaveCount(1);
    await expect(results.first().getByRole('link')).toHaveText('bomb page.pdf');
    await expect(results.first().getByTestId('content-not-indexed')).toHaveText(sentence);
    await page.context().close();
  }, 180_000);

  test("an account's chain: three statements that follow on are continuous, a fourth after a missing month says which days no statement covers; each statement's page says its balances and where they came from", async () => {
    const page = await newPage();
    await page.goto(`${base}/sign-in`);
    await signIn(page, viewer.email, viewer.password);
    await page.waitForURL(`${base}/statements`);
    const idToken = (await sessionCookies(page.context())).find((cookie) => cookie.name.endsWith('.idToken'))!.value;
    const months: [string, string, string, number][] = [
      ['2024-01', '2024-01-02', '2024-01-30', 100],
      ['2024-02', '2024-02-01', '2024-02-28', 1300],
      ['2024-03', '2024-03-01', '2024-03-29', 2500],
      // April's statement is not here, and May opens at 3,000.00, not March's 3,700.00.
      ['2024-05', '2024-05-02', '2024-05-30', 3000],
    ];
    const ids: string[] = [];
    for (const [period, first, last, opening] of months)
      ids.push(
        (
          await uploadStatement(stack.config, idToken, {
            fileName: `everyday-${period}.csv`,
            accountLabel: 'Everyday Chain',
            contentType: 'text/csv',
            period,
            bytes: runningBalanceExport(first, last, opening),
          })
        ).statementId,
      );
    const summary = page.getByTestId('chain-summary');
    // Each is read after its scan: the account's page says so once all four are.
    await waitFor(
      async () => {
        await page.goto(`${base}/statements/accounts/${encodeURIComponent('everyday chain')}`);
        return (await page.locator('[data-verdict]').count()) === 4 && (await page.locator('[data-verdict="unknown"]').count()) === 0
          ? true
          : undefined;
      },
      'the four statements to be read',
      60_000,
    );
    await expect(summary).toHaveText('Not continuous: 4 statements from Jan 2024 to May 2024, with 1 missing statement.');
    const lines = page.getByTestId('account-chain').getByRole('listitem');
    expect(await lines.evaluateAll((items) => items.map((item) => item.getAttribute('data-verdict')))).toEqual([
      'first',
      'continuous',
      'continuous',
      'missing',
    ]);
    await expect(lines.nth(1)).toContainText('Continuous It begins after the one before ends, with its closing balance.');
    await expect(lines.nth(3)).toContainText(
      'Missing statement Mar 30, 2024 to May 1, 2024 (33 days) are in no statement; the balance moved by -700.00 over them.',
    );
    await expect(lines.nth(3)).toContainText('4,200.00');
    await docsShot(page, 'account-chain', page.getByRole('heading', { name: 'Continuity' }));
    expect(await everyScheme(page, 'account-chain', () => page.getByTestId('account-chain'))).toEqual([]);
    // A packet for a lender: a preset span with none of these statements is never "complete".
    await page.getByRole('link', { name: 'Make a packet' }).click();
    await page.waitForURL(/\/statements\/packet\?account=everyday\+chain$/);
    await page.getByRole('button', { name: 'Last two full months' }).click();
    await expect(page.getByTestId('packet-verdict')).toHaveText('Not complete. Everyday Chain: no statement covers any day of the span.');
    await expect(page.getByRole('button', { name: 'Download the packet' })).toHaveCount(0);
    // All four: the missing month is said on what the cover will say.
    await page.getByLabel('From', { exact: true }).fill('2024-01-01');
    await page.getByLabel('To', { exact: true }).fill('2024-05-31');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(page.getByTestId('packet-verdict')).toHaveText('Not complete. Everyday Chain: 1 missing statement.');
    // The first three: complete, and the packet's files are the files uploaded, each checked against its cover line.
    await page.getByLabel('To', { exact: true }).fill('2024-03-31');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(page.getByTestId('packet-verdict')).toHaveText(/^Complete: every statement of the span is here/);
    await expect(preview.getByTestId('packet-account-words')).toHaveText(
      'Continuous from Jan 2024 to Mar 2024: 3 statements, every closing balance matches the next opening balance.',
    );
    expect(await preview.locator('[data-verdict]').evaluateAll((items) => items.map((item) => item.getAttribute('data-verdict')))).toEqual([
      'first',
      'continuous',
      'continuous',
    ]);
    expect(await everyScheme(page, 'packet', () => page.locator('main'))).toEqual([]);
    const downloading = page.waitForEvent('download');
    await preview.getByRole('button', { name: 'Download the packet' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Statement packet 2024-01-01 to 2024-03-31.zip');
    const { folder, report } = checkPacketOutside(fs.readFileSync(await download.path()));
    expect(report.match(/: OK$/gm)).toHaveLength(4);
    const cover = pdfPagesText(fs.readFileSync(path.join(folder, 'cover.pdf'))).join('\n');
    expect(cover).toContain('Complete: every statement of the span is here');
    for (const [, first, last, opening] of months.slice(0, 3)) {
      const bytes = runningBalanceExport(first, last, opening);
      const [entry] = fs.readdirSync(path.join(folder, 'Everyday Chain')).filter((name) => name.startsWith(`${first} to ${last}`));
      expect(fs.readFileSync(path.join(folder, 'Everyday Chain', entry))).toEqual(bytes);
      expect(cover).toContain(`SHA-256: ${createHash('sha256').update(bytes).digest('hex')}`);
    }
    await page.goto(`${base}/statements/accounts/${encodeURIComponent('everyday chain')}`);
    // A statement's own page: its days and balances, each from the file.
    await lines.nth(1).getByRole('link').click();
    await page.waitForURL(`${base}/statements/${ids[1]}`);
    await expect(page.getByTestId('statement-days')).toHaveText('Feb 1 – Feb 28, 2024 · from the file');
    await expect(page.getByTestId('statement-opening')).toHaveText('1,300.00 · from the file');
    await expect(page.getByTestId('statement-closing')).toHaveText('2,500.00 · from the file');
    // Corrected by hand, typed as the page appears (a form action: it works before the script runs) on a slow phone's
    // CPU, the value is the person's.
    const held = await holdScripts(page);
    await slowCpu(page);
    await page.reload({ waitUntil: 'commit' });
    await page.getByText('Enter or correct its days and balances').click();
    const form = page.getByRole('form', { name: 'Days and balances' });
    await form.getByLabel('Closing balance').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('2,600.00', { delay: 25 });
    held.release();
    await form.getByRole('button', { name: 'Save' }).click();
    // The save is the server's work, sent as the page hydrates on a 4x slower CPU: waited for as a person would.
    await expect(page.getByTestId('statement-closing')).toHaveText('2,600.00 · you entered', { timeout: 60_000 });
    await expect(page.getByTestId('statement-opening')).toHaveText('1,300.00 · from the file');
    await slowCpu(page, 1);
    expect(await everyScheme(page, 'statement-balances', () => page.locator('main'))).toEqual([]);
    // March now opens at a balance February did not close with: a break, with the amount.
    await page.goto(`${base}/statements/accounts/${encodeURIComponent('everyday chain')}`);
    await expect(lines.nth(2)).toHaveAttribute('data-verdict', 'break');
    await expect(lines.nth(2)).toContainText('Balance break It opens at 2,500.00, but the one before closed at 2,600.00 (-100.00 apart).');
    await expect(summary).toHaveText(
      'Not continuous: 4 statements from Jan 2024 to May 2024, with 1 missing statement and 1 balance break.',
    );
    // Four uploads read after their scans, a packet made and unpacked, a form typed on a slowed CPU.
  }, 120_000);

  test("an account's page: its coverage and schedule; renamed, it keeps its address, statements, details and schedule; merged into another once the person says they are one", async () => {
    const page = await newPage();
    await page.goto(`${base}/sign-in`);
    await signIn(page, viewer.email, viewer.password);
    await page.waitForURL(`${base}/statements`);
    await page.goto(`${base}/statements/coverage`);
    await page.getByRole('region', { name: 'Visa' }).getByRole('link', { name: 'Visa', exact: true }).click();
    await page.waitForURL(`${base}/statements/accounts/visa`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Visa');
    const count = Number((await page.getByText(/^\d+ statements?, /).textContent())!.split(' ')[0]);
    expect(count).toBeGreaterThanOrEqual(6);
    await expect(page.getByRole('region', { name: 'Visa' })).toContainText('closed after Jul 2024');
    // Its newest statements are on its page, a line each, each leading to its own page.
    const its = page.getByRole('region', { name: 'Its statements' });
    await expect(its.getByRole('listitem')).toHaveCount(Math.min(count, 10));
    await expect(its.getByRole('link', { name: /^All \d+ of its statements$/ })).toHaveCount(count > 10 ? 1 : 0);
    expect(await its.getByRole('listitem').first().getByRole('link').getAttribute('href')).toMatch(/^\/statements\/[0-9A-Z]{26}$/);
    // What the person says it is, typed key by key as the page appears again, before its
    // scripts run, at 4x CPU slowdown: each detail they change is theirs, and says so.
    const held = await holdScripts(page);
    await slowCpu(page);
    await page.reload({ waitUntil: 'commit' });
    const details = page.getByRole('form', { name: 'Details of Visa' });
    await details.getByLabel('Institution').click();
    await page.keyboard.type('Northwind Bank', { delay: 25 });
    await details.getByLabel('Kind').selectOption('card');
    await details.getByLabel('Currency').click();
    await page.keyboard.type('USD', { delay: 25 });
    held.release();
    await expect(details.getByLabel('Institution')).toHaveValue('Northwind Bank');
    await expect(details.getByLabel('Kind')).toHaveValue('card');
    await details.getByRole('button', { name: 'Save details' }).click();
    await expect(details.getByRole('status')).toHaveText('Saved.');
    await expect(page.getByTestId('account-details')).toHaveText('Northwind Bank · card · USD (as you said)');
    // The form shows what was kept, the chosen kind too (a select is reset to what it mounted with).
    await expect(details.getByLabel('Currency')).toHaveValue('USD');
    await expect(details.getByLabel('Kind')).toHaveValue('card');
    await slowCpu(page, 1);
    expect(await everyScheme(page, 'account')).toEqual([]);
    // Renamed (a "%" in the name): the account keeps its address, and its statements, details and schedule stay with it.
    const name = page.getByRole('form', { name: 'Name of Visa' });
    await name.getByLabel('Name').fill('Visa Platinum 1%');
    await name.getByRole('button', { name: 'Rename or merge' }).click();
    await page.waitForURL(`${base}/statements/accounts/visa?renamed=${count}`);
    await expect(page.getByRole('status')).toHaveText(`Renamed. Its ${count} statements, details and schedule stay with it.`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Visa Platinum 1%');
    await expect(page.getByRole('region', { name: 'Visa Platinum 1%' })).toContainText('closed after Jul 2024');
    await expect(page.getByTestId('account-details')).toHaveText('Northwind Bank · card · USD (as you said)');
    // Its statements say the new name, and the list filtered by it holds them all.
    await page.getByRole('link', { name: 'See its statements' }).click();
    await page.waitForURL(/\/statements\?account=Visa/);
    await expect(page.getByTestId('statement-row')).toHaveCount(Math.min(count, STATEMENT_PAGE_SIZE.default));
    for (const row of await page.getByTestId('statement-row').all()) await expect(row).toContainText('Visa Platinum 1%');
    await page.goBack();
    // Merged: the brokerage account's statements go under Visa Platinum only once the person says they are one.
    // The name is typed key by key as the page appears, before its scripts run, at 4x CPU slowdown.
    const scripts = await holdScripts(page);
    await slowCpu(page);
    await page.goto(`${base}/statements/accounts/brokerage`, { waitUntil: 'commit' });
    const merge = page.getByRole('form', { name: 'Name of Brokerage' });
    await merge.getByLabel('Name').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('visa platinum 1%', { delay: 25 });
    scripts.release();
    await expect(merge.getByLabel('Name')).toHaveValue('visa platinum 1%');
    await merge.getByRole('button', { name: 'Rename or merge' }).click();
    // The server's answer to the form, at 4x CPU slowdown on a loaded machine: waited for as a person would.
    await expect(merge.getByRole('alert')).toHaveText(
      'Visa Platinum 1% is another of your accounts. Tick "They are one account" to file this one\'s 4 statements under it.',
      { timeout: 60_000 },
    );
    expect(new URL(page.url()).pathname).toBe('/statements/accounts/brokerage');
    // What was typed stays for the answer.
    await expect(merge.getByLabel('Name')).toHaveValue('visa platinum 1%');
    await merge.getByLabel("They are one account: file this one's statements under it").check();
    await merge.getByRole('button', { name: 'Rename or merge' }).click();
    await page.waitForURL(`${base}/statements/accounts/visa?moved=4`);
    await expect(page.getByText(/^\d+ statements?, /)).toHaveText(new RegExp(`^${count + 4} statements, `));
    await page.goto(`${base}/statements/coverage`);
    // Its row says what it is, as the person said it on its page.
    await expect(page.getByRole('region', { name: 'Visa Platinum 1%' })).toContainText('Northwind Bank · card · USD · ');
    await expect(page.getByRole('region', { name: 'Brokerage' })).toHaveCount(0);
    await page.context().close();
  }, 300_000);
});

describe('every page, light and dark, wide and narrow', () => {
  test('an unknown address gets the branded 404 with a way home', async () => {
    const page = await newPage();
    const response = await page.goto(`${base}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toContainText('This page is not in the vault');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL(`${base}/`);
    await page.close();
  });

  test.each([
    ['light', 1280],
    ['dark', 1280],
    ['light', 360],
    ['dark', 360],
  ] as const)(
    'screens in %s mode at %i px (test-results/screenshots/pages/)',
    async (scheme, width) => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
      const page = await newPage(context);
      const violations: string[] = [];
      const save = async (name: string) => {
        await page.screenshot({ path: path.join(SCREENSHOTS, 'pages', `${name}-${scheme}-${width}.png`), fullPage: true });
        violations.push(...(await accessibilityViolations(page)), ...(await sidewaysScroll(page, `${name} at ${width} px`)));
      };
      for (const route of ['/', '/sign-up', '/confirm', '/forgot-password', '/no-such-page', '/account-closed', '/sign-in']) {
        await page.goto(`${base}${route}`);
        // A form's page as a person uses it: hydrated, its submit button enabled.
        if ((await page.locator('main form button[type="submit"]').count()) > 0) await formReady(page);
        await save(route === '/' ? 'home' : route.slice(1));
      }
      // A form with its error showing.
      await signIn(page, alice.email, 'not the password');
      await expect(page.getByRole('alert')).toHaveText('The e-mail or password is not right.');
      await save('sign-in-error');
      // The page follows the system setting: the dark palette's background in dark mode.
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
        scheme === 'dark' ? 'rgb(17, 24, 39)' : 'rgb(243, 244, 246)',
      );
      await signIn(page, alice.email, 'a brand new passphrase');
      await page.waitForURL(`${base}/statements`);
      await expect(page.getByTestId('statement-row').first()).toBeVisible();
      // Signed in on this page, the header names her at once, without a reload.
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Alice A.' })).toBeVisible();
      await save('statements');
      await page
        .getByRole('button', { name: /^Delete / })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await save('statements-delete-dialog');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.goto(`${base}/profile`);
      await expect(page.getByRole('main').getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
      await save('profile');
      const closing = page.getByRole('region', { name: 'Close account' });
      await closing.getByRole('button', { name: 'Close account…' }).click();
      await expect(closing.getByTestId('closing-contents')).toBeVisible();
      await save('profile-close-account');
      await closing.getByRole('button', { name: 'Keep my account' }).click();
      await page.getByRole('main').getByRole('button', { name: 'Sign out', exact: true }).click();
      await page.waitForURL(`${base}/sign-in`);
      await context.close();
      // axe-core (WCAG 2.x A and AA) on every page and state above, and no page wider than the window: nothing.
      expect(violations).toEqual([]);
    },
    180_000,
  );
});

test('the CSP refused nothing on any page of the suite', () => {
  expect(cspViolations).toEqual([]);
});

test('no page of the suite asked for one address again and again (a render or navigation loop)', () => {
  expect([...requestStorms]).toEqual([]);
});

test("the web server's terminal is not buried in a warning per request (Amplify's custom endpoint, which the local stack's is)", () => {
  expect(webOutput.length).toBeGreaterThan(0);
  expect(webOutput.filter((line) => /\[WARN\]/.test(line))).toEqual([]);
});

test('no e-mail address ever travelled in a URL (pages, API calls, assets)', () => {
  expect(visitedUrls.size).toBeGreaterThan(50);
  expect([...visitedUrls].filter((url) => /@|%40/i.test(url) || url.includes('example.com'))).toEqual([]);
});
