import * as path from 'node:path';
import { formatDay, formatPeriod } from '../../contract/format';
import { NOT_INDEXED_REASONS, notIndexedSentence } from '../../contract/search/not-indexed';
import { rawGraphql } from '../local/support/graphql';
import { waitFor } from '../local/support/stack-process';
import { uploadStatement } from '../local/support/uploads';
import { pdfBomb } from '../support/bombs';
import { EICAR } from '../support/samples';
import { accessibilityViolations } from './support/axe';
import {
  base,
  browser,
  browserSuite,
  checkEveryPage,
  newPage,
  sessionCookies,
  signInFromSignInPage,
  signUpAndSignIn,
  stack,
} from './support/browser-suite';
import { SCREENSHOTS, everyScheme, sidewaysScroll } from './support/screenshots';
import { VIEWER_WORKBOOK, viewerFiles } from './support/viewer-files';

/**
 * The product in a real browser (Debian chromium via playwright-core) on this jest worker's
 * local stack and web server (support/browser-suite.ts): a statement's own page: each kind
 * previewed in place, hostile files kept as text, a PDF whose page inflates to 400 MB, and
 * the list hydrated in another language and time zone.
 */
browserSuite();

describe('see and find: each kind of statement shown in place, hostile files kept as text, and the coverage grid with its gaps', () => {
  const viewer = { email: `viewer-${Date.now()}@example.com`, password: 'looking without downloading' };
  /** Each file's statement id, by its name. */
  const ids: Record<string, string> = {};

  test('each kind previews in place; nothing the files hold becomes markup or runs', async () => {
    const page = await newPage();
    await signUpAndSignIn(page, viewer.email, viewer.password);
    const idToken = (await sessionCookies(page.context())).find((cookie) => cookie.name.endsWith('.idToken'))!.value;
    // A statement of each kind (support/viewer-files.ts), each under Visa, a month apart.
    for (const file of await viewerFiles()) ids[file.fileName] = (await uploadStatement(stack.config, idToken, file)).statementId;
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
    await open(VIEWER_WORKBOOK.name);
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

  test("a browser set to German, on Berlin's time, hydrates the list to what the server wrote: its months and days as the app writes them everywhere", async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 850 }, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    const page = await newPage(context);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await signInFromSignInPage(page, viewer);
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

  test('a PDF whose page inflates to 400 MB is listed and found by its name; its page and the results say in words why its contents are not', async () => {
    // A person of its own: the file is all their vault holds.
    const owner = { email: `bomb-${Date.now()}@example.com`, password: 'a file that unpacks forever' };
    const page = await newPage();
    await signUpAndSignIn(page, owner.email, owner.password);
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
    await page.goto(`${base}/statements?q=bomb`);
    const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
    await expect(results).toHaveCount(1);
    await expect(results.first().getByRole('link')).toHaveText('bomb page.pdf');
    await expect(results.first().getByTestId('content-not-indexed')).toHaveText(sentence);
    await page.context().close();
  }, 180_000);
});

checkEveryPage();
