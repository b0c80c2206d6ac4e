import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { STATEMENT_ROUTES } from '../../contract';
import type { Child } from '../../local/children';
import { freePort } from '../../local/ports';
import { rawGraphql } from '../local/support/graphql';
import { callApi } from '../local/support/rest';
import { waitFor } from '../local/support/stack-process';
import { uploadStatement } from '../local/support/uploads';
import { pdf } from '../support/samples';
import { readZip } from '../support/zip';
import { PHONE, holdScripts, slowCpu, typeInto } from './support/as-people-type';
import { base, browser, browserSuite, checkEveryPage, newPage, sessionCookies, signUpAndSignIn, stack } from './support/browser-suite';
import { everyScheme, shot } from './support/screenshots';
import { startBuiltWebApp } from './support/web-app';

/**
 * The product in a real browser (Debian chromium via playwright-core) on this jest worker's
 * local stack and web server (support/browser-suite.ts): shares: a set of statements for someone
 * without an account, with and without JavaScript, and analytics kept from share pages
 * and search terms.
 */
browserSuite();

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
    await signUpAndSignIn(page, sharer.email, sharer.password);
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
      await signUpAndSignIn(page, person.email, person.password);
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
      // The header's Search is the list's own box, there at once.
      await page.getByRole('link', { name: 'Search', exact: true }).click();
      const box = page.getByRole('searchbox', { name: 'Search statements' });
      await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.type === 'search');
      await box.pressSequentially('savings', { delay: 250 });
      await page.waitForURL((url) => url.pathname === '/statements' && url.searchParams.get('q') === 'savings');
      const result = page
        .getByRole('list', { name: 'Search results' })
        .getByRole('listitem')
        .getByRole('link', { name: 'private-savings.pdf' });
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
        // The search typed on the list changes its query alone: no page view of its own.
        [`${tracked}/statements/${statement.id}`, `${tracked}/statements`],
        [`${tracked}/statements`, `${tracked}/statements/${statement.id}`],
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

checkEveryPage();
