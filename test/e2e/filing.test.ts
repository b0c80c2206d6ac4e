import * as fs from 'node:fs';
import * as path from 'node:path';
import PDFDocument from 'pdfkit';
import { STATEMENT_PAGE_SIZE } from '../../contract';
import { waitFor } from '../local/support/stack-process';
import { ofxMonth } from '../support/ofx-statements';
import { STATEMENT_PDFS, statementPdf } from '../support/statement-pdfs';
import { STATEMENT_WORKBOOKS, statementWorkbook } from '../support/statement-workbooks';
import { accessibilityViolations } from './support/axe';
import { base, browserSuite, checkEveryPage, newPage, scratch, signUpAndSignIn, uploadsDone } from './support/browser-suite';
import { signIn } from './support/screens';
import { docsShot, everyScheme, shot } from './support/screenshots';

/**
 * The product in a real browser (Debian chromium via playwright-core) on this jest worker's
 * local stack and web server (support/browser-suite.ts): filing a year of statements from several
 * banks at once (each file's period and account proposed and said where from, listed
 * under them), two cards that end alike, and a protected PDF and its kept password.
 */
browserSuite();

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
      // A protected PDF's month is only its name's, which asks nothing of a row the person gave a month above.
      expected[spec.name] = { period: (!spec.options?.userPassword && spec.period) || '2025-01', account: spec.account };
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
    await signUpAndSignIn(page, filer.email, filer.password);
    // Nothing is filled for the person: a file that says neither its account nor its period waits for them.
    await expect(page.getByLabel('Account', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Period', { exact: true })).toHaveValue('');
    await page.getByLabel('Statement files').setInputFiles(path.join(scratch, 'scan.pdf'));
    const unread = page.getByTestId('filing-row').filter({ hasText: 'scan.pdf' });
    await expect(unread.getByTestId('account-source')).toHaveText('Not in the file. Choose one.');
    await expect(unread.getByTestId('period-source')).toHaveText('Not in the file. Choose one.');
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
          `Which account is it? ${asks[name]} also ends in ${want.account?.slice(-4)}, and neither file names its bank.`,
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

    // Filling empty periods from above changes no month a file states, and the rows say where each came from.
    await page.getByRole('button', { name: 'Fill empty periods from above' }).click();
    for (const [name, want] of Object.entries(expected)) {
      const row = page.getByTestId('filing-row').filter({ has: page.getByText(name, { exact: true }) });
      await expect(row.getByLabel(`Period for ${name}`)).toHaveValue(want.period);
    }
    await expect(
      page
        .getByTestId('filing-row')
        .filter({ has: page.getByText('stmt.csv', { exact: true }) })
        .getByTestId('period-source'),
    ).toContainText('from the file');

    // The queue before sending, in light and dark, wide and narrow: screens, checked by axe.
    expect(await everyScheme(page, 'filing-queue', () => page.getByRole('region', { name: 'Files to upload' }))).toEqual([]);

    // A PDF nothing could be read from says why.
    await expect(page.getByTestId('filing-row').filter({ hasText: 'locked-2024-04.pdf' })).toContainText(
      'This PDF is protected by a password, so nothing in it was read.',
    );
    await expect(page.getByTestId('filing-row').filter({ hasText: 'scan.pdf' })).toContainText(
      'This PDF is a scan, with no text to read here.',
    );

    // A row changed by the person keeps the change, whatever the file said.
    await page.getByLabel('Account for stmt.csv').fill('Joint ••0042');
    // The queue counts the rows that wait for the person and shows only them on request; the one
    // answered stays in view as it is typed, and the queue shows all again when asked.
    const queue = page.getByRole('region', { name: 'Files to upload' });
    await expect(queue.getByRole('heading', { level: 3 })).toHaveText(`${files.length} files chosen · 1 file needs you`);
    await queue.getByRole('button', { name: 'Show only the one that needs you' }).click();
    await expect(page.getByTestId('filing-row')).toHaveCount(1);
    await page.getByLabel('Account for kontoauszug-unicode.txt.csv').click();
    await page.keyboard.type('••4931', { delay: 20 });
    await expect(page.getByLabel('Account for kontoauszug-unicode.txt.csv')).toHaveValue('••4931');
    await expect(queue.getByRole('heading', { level: 3 })).toHaveText(`${files.length} files chosen`);
    await queue.getByRole('button', { name: `Show all ${files.length} files` }).click();
    await expect(page.getByTestId('filing-row')).toHaveCount(files.length);
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
    await expect(again.getByTestId('account-source')).toContainText('••4931: the account with this IBAN');
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
    await signUpAndSignIn(page, cards.email, cards.password);
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
      'Which account is it? anzcc.ofx also ends in 1234, and neither file names its bank. Each gives the number in another place. (card)',
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
  test('two banks, one account id: two accounts, never merged; a third bank is asked about, answered with one click', async () => {
    const person = { email: `two-banks-${Date.now()}@example.com`, password: 'one number two banks' };
    const page = await newPage();
    await signUpAndSignIn(page, person.email, person.password);
    const write = (name: string, bytes: Buffer) => {
      fs.writeFileSync(path.join(scratch, name), bytes);
      return path.join(scratch, name);
    };
    // A Canadian bank's OFX and an Australian building society's, with one ACCTID and no bank name (no ORG).
    const canadian = write('bank-2009-04.ofx', ofxMonth({ id: '160000100', currency: 'CAD' }, '20090401', '20090430', 382.34));
    const society = write('society-2018-05.ofx', ofxMonth({ id: 'NPBS', currency: 'AUD' }, '20180501', '20180531', 123.45));
    await page.getByLabel('Statement files').setInputFiles([canadian, society]);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="filing-row"][data-reading="false"]').length === 2);
    const rowOf = (name: string) => page.getByTestId('filing-row').filter({ hasText: name });
    await expect(rowOf('bank-2009-04.ofx').getByLabel('Account for bank-2009-04.ofx')).toHaveValue('••5678');
    await expect(rowOf('society-2018-05.ofx').getByLabel('Account for society-2018-05.ofx')).toHaveValue('Bank NPBS ••5678');
    await expect(rowOf('society-2018-05.ofx').getByTestId('account-source')).toHaveText(
      'from the file: a new account at Bank NPBS (bank-2009-04.ofx also ends in 5678, but it is from Bank 160000100) (current account, AUD)',
    );
    await page.getByRole('button', { name: 'Upload 2 files', exact: true }).click();
    for (const name of ['bank-2009-04.ofx', 'society-2018-05.ofx'])
      await expect(page.getByTestId('upload-item').filter({ hasText: name })).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
    await expect(page.getByTestId('usage')).toContainText('2 statements', { timeout: 60_000 });
    // A third bank's file with the same ACCTID: nothing filled; the row offers each account ending so and a new one.
    await page.reload();
    // The person's accounts are listed (with what they are known by) before the next file is read.
    await expect(page.getByTestId('statement-row')).toHaveCount(2);
    const third = write('third-2020-01.ofx', ofxMonth({ id: '021000021', currency: 'USD' }, '20200101', '20200131', 50));
    await page.getByLabel('Statement files').setInputFiles(third);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="filing-row"][data-reading="false"]').length === 1);
    const row = rowOf('third-2020-01.ofx');
    await expect(row.getByLabel('Account for third-2020-01.ofx')).toHaveValue('');
    await expect(row.getByTestId('account-source')).toHaveText(
      'Which account is it? ••5678 ends in 5678, but this file is from Bank 021000021. (current account, USD)',
    );
    const choices = row.getByTestId('account-choices').getByRole('button');
    expect(await choices.allTextContents()).toEqual([
      '••5678 for third-2020-01.ofx',
      'A new account at Bank 021000021 for third-2020-01.ofx',
    ]);
    await shot(page, 'filing-two-banks');
    await row.getByRole('button', { name: 'A new account at Bank 021000021 for third-2020-01.ofx' }).click();
    await expect(row.getByLabel('Account for third-2020-01.ofx')).toHaveValue('Bank 021000021 ••5678');
    await expect(row.getByTestId('account-source')).toHaveText('as you chose: A new account at Bank 021000021 (current account, USD)');
    await page.getByRole('button', { name: 'Upload 1 file', exact: true }).click();
    await expect(page.getByTestId('upload-item').filter({ hasText: 'third-2020-01.ofx' })).toHaveAttribute('data-status', 'done', {
      timeout: 120_000,
    });
    await expect(page.getByTestId('usage')).toContainText('3 statements', { timeout: 60_000 });
    await page.reload();
    const rows = await page
      .getByTestId('statement-row')
      .evaluateAll((elements) =>
        elements.map((one) => [
          one.querySelector('td[data-label="Name"]')!.firstChild!.textContent!.trim(),
          one.querySelector('td[data-label="Account"]')!.textContent!.trim(),
        ]),
      );
    expect(Object.fromEntries(rows)).toEqual({
      'bank-2009-04.ofx': '••5678',
      'society-2018-05.ofx': 'Bank NPBS ••5678',
      'third-2020-01.ofx': 'Bank 021000021 ••5678',
    });
    await page.context().close();
  }, 240_000);
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

describe('a month the file does not settle is asked, and answered with one click', () => {
  /** A one-page PDF of these lines, in pdfkit's standard font. */
  const textPdf = (lines: string[]) =>
    new Promise<Buffer>((resolve) => {
      const document = new PDFDocument({ size: 'A4' });
      const parts: Buffer[] = [];
      document.on('data', (part: Buffer) => parts.push(part));
      document.on('end', () => resolve(Buffer.concat(parts)));
      for (const line of lines) document.text(line);
      document.end();
    });

  test("a file name's date and dates that read two ways fill nothing: each row asks, and sends once answered", async () => {
    const named = path.join(scratch, '20250614_statement.pdf');
    const twoWays = path.join(scratch, 'harbor-savings.pdf');
    fs.writeFileSync(named, await textPdf(['Harbor Savings Bank', 'Account number 12345678', 'Thank you for banking with us.']));
    fs.writeFileSync(
      twoWays,
      await textPdf(['Harbor Savings Bank', 'Account number 12345678', 'Statement period 02/03/2024 - 03/02/2024']),
    );
    const page = await newPage();
    await signUpAndSignIn(page, `asked-${Date.now()}@example.com`, 'a month asked, not guessed');
    await page.getByLabel('Statement files').setInputFiles([named, twoWays]);
    const rowOf = (name: string) => page.getByTestId('filing-row').filter({ has: page.getByText(name, { exact: true }) });
    // The download stamp in a name is offered, not filled.
    const byName = rowOf('20250614_statement.pdf').getByRole('group', { name: 'The month of 20250614_statement.pdf' });
    await expect(byName).toContainText('The file name says June 2025: is that its month?');
    await expect(rowOf('20250614_statement.pdf').getByLabel('Period for 20250614_statement.pdf')).toHaveValue('');
    // Dates that read day first or month first, with nothing in the statement to say which: both months offered.
    const twoReadings = rowOf('harbor-savings.pdf').getByRole('group', { name: 'The month of harbor-savings.pdf' });
    await expect(twoReadings).toContainText("This statement's dates can be read two ways: choose its month.");
    await expect(twoReadings.getByRole('button')).toHaveText(['February 2024 for harbor-savings.pdf', 'March 2024 for harbor-savings.pdf']);
    await expect(rowOf('harbor-savings.pdf').getByLabel('Period for harbor-savings.pdf')).toHaveValue('');
    await shot(page, 'filing-month-asked');
    // Nothing is sent while a row asks.
    await page.getByRole('button', { name: 'Upload 2 files', exact: true }).click();
    await expect(page.getByTestId('upload-item')).toHaveCount(0);
    // One click each answers it.
    await byName.getByRole('button', { name: 'Yes, June 2025 for 20250614_statement.pdf' }).click();
    await twoReadings.getByRole('button', { name: 'March 2024 for harbor-savings.pdf' }).click();
    await expect(rowOf('20250614_statement.pdf').getByLabel('Period for 20250614_statement.pdf')).toHaveValue('2025-06');
    await expect(rowOf('harbor-savings.pdf').getByLabel('Period for harbor-savings.pdf')).toHaveValue('2024-03');
    await expect(page.getByTestId('period-question')).toHaveCount(0);
    await page.getByRole('button', { name: 'Upload 2 files', exact: true }).click();
    await uploadsDone(page, 2, 120_000);
  });
});

checkEveryPage();
