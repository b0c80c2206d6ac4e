import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { STATIC_CACHE_CONTROL } from '../../lib/web-artifact';
import { base, browser, browserSuite, checkEveryPage, newPage, stack } from './support/browser-suite';
import { shot } from './support/screenshots';

/**
 * The product in a real browser (Debian chromium via playwright-core) on this jest worker's
 * local stack and web server (support/browser-suite.ts): what a visitor is served before
 * signing in: the landing page, its headers and compression, the service worker, the
 * public forms without JavaScript, and the CSP.
 */
browserSuite();

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

checkEveryPage();
