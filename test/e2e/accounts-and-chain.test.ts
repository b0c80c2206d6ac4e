import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { STATEMENT_PAGE_SIZE } from '../../contract';
import { rawGraphql } from '../local/support/graphql';
import { waitFor } from '../local/support/stack-process';
import { uploadStatement } from '../local/support/uploads';
import { checkPacketOutside, pdfPagesText } from '../support/pdf-pages';
import { runningBalanceExport } from '../support/running-balance-export';
import { holdScripts, slowCpu } from './support/as-people-type';
import { formatDay, formatPeriod } from '../../contract/format';
import { base, browserSuite, checkEveryPage, newPage, sessionCookies, signInFromSignInPage, stack } from './support/browser-suite';
import type { Person } from './support/people';
import { docsShot, everyScheme } from './support/screenshots';
import { viewerWithFiles } from './support/viewer-files';

/**
 * The product in a real browser (Debian chromium via playwright-core) on this jest worker's
 * local stack and web server (support/browser-suite.ts): accounts: coverage by each account's
 * schedule with its gaps, an account's chain of balances and a packet of it, and an
 * account's page (details, rename, merge).
 */
browserSuite();

describe('see and find: each kind of statement shown in place, hostile files kept as text, and the coverage grid with its gaps', () => {
  /** Whose accounts these are: Visa holds a statement of each kind (support/viewer-files.ts); each one's id by its name. */
  let viewer: Person;
  let ids: Record<string, string>;
  beforeAll(async () => {
    ({ viewer, ids } = await viewerWithFiles());
    // Each is filed (and summed into its account) once its content is checked.
    await waitFor(
      async () => {
        const answer = await rawGraphql(stack.config, { Authorization: viewer.idToken }, '{ accounts { accountKey count } }');
        const accounts = (answer.body.data as { accounts: { accountKey: string; count: number }[] }).accounts;
        return accounts.find((account) => account.accountKey === 'visa')?.count === 6 || undefined;
      },
      "Visa's six statements to be filed",
      60_000,
    );
  }, 180_000);

  test("coverage follows each account's schedule: a quarterly and a closed account have no false gaps, a gap is listed and one click uploads for it", async () => {
    const page = await newPage();
    await signInFromSignInPage(page, viewer);
    // A brokerage account with a statement every three months, up to last month.
    const idToken = (await sessionCookies(page.context())).find((cookie) => cookie.name.endsWith('.idToken'))!.value;
    const now = new Date();
    const monthsAgo = (months: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1)).toISOString().slice(0, 7);
    const lastDayOf = (period: string) =>
      new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(5, 7)), 0)).toISOString().slice(0, 10);
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
    // Its page says when the next one is expected: a quarter after the newest, which came last month.
    await brokerage.getByRole('link', { name: 'Brokerage', exact: true }).click();
    await expect(page.getByTestId('next-statement')).toContainText(
      `Next statement expected around ${formatDay(lastDayOf(monthsAgo(-2)))} (for ${formatPeriod(monthsAgo(-2))}).`,
    );
    await expect(page.getByTestId('late-statement')).toHaveCount(0);
    await expect(page.getByTestId('next-statement')).toContainText('A statement counts as late 7 days after its usual day.');
    expect(await everyScheme(page, 'account-next-statement', () => page.locator('main'))).toEqual([]);
    await page.goBack();
    // The person gives Brokerage more time before a statement counts as late, typed key by key.
    await brokerage.getByText(/years? and schedule/).click();
    const brokerageForm = brokerage.getByRole('form', { name: 'Schedule of Brokerage' });
    await brokerageForm.getByLabel('Late after (days)').pressSequentially('61', { delay: 25 });
    await brokerageForm.getByRole('button', { name: 'Save schedule' }).click();
    await expect(brokerageForm.getByRole('alert')).toHaveText('Give the days as a whole number from 0 to 60.');
    await brokerageForm.getByLabel('Late after (days)').fill('');
    await brokerageForm.getByLabel('Late after (days)').pressSequentially('14', { delay: 25 });
    await brokerageForm.getByRole('button', { name: 'Save schedule' }).click();
    await expect(brokerageForm.getByRole('status')).toHaveText('Saved: coverage now follows this schedule.');
    await brokerage.getByRole('link', { name: 'Brokerage', exact: true }).click();
    await expect(page.getByTestId('next-statement')).toContainText('A statement counts as late 14 days after its usual day.');
    await page.goBack();
    // Visa's statements stopped in July 2024: read as open, every month since is missing, February 2024 first.
    await expect(visa.getByRole('link', { name: /missing\. Upload for this month$/ }).first()).toHaveAttribute(
      'aria-label',
      'Feb 2024: missing. Upload for this month',
    );
    // The person says the card closed after July 2024, in its folded years, as the page appears again:
    // before its scripts run, at 4x CPU slowdown, typed key by key as people write a month; the
    // form keeps it through hydration, and the save keeps it as the month it names.
    const scripts = await holdScripts(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${base}/statements/coverage`, { waitUntil: 'commit' });
    await visa.getByText(/years? and schedule/).click();
    await expect(visa.getByRole('link', { name: 'Jan 2024: statement' })).toHaveAttribute('href', `/statements/${ids['statement.pdf']}`);
    const form = visa.getByRole('form', { name: 'Schedule of Visa' });
    await form.getByLabel('Closed after').click();
    await page.keyboard.type('Jul 2024', { delay: 25 });
    scripts.release();
    await expect(form.getByLabel('Closed after')).toHaveValue('Jul 2024');
    await form.getByRole('button', { name: 'Save schedule' }).click();
    await expect(form.getByRole('status')).toHaveText('Saved: coverage now follows this schedule.');
    await expect(form.getByLabel('Closed after')).toHaveValue('2024-07');
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
    // Only the accounts that need the person, on the way to a long page's gaps.
    await expect(page.getByTestId('coverage-filter')).toHaveText('1 of 2 accounts has a missing statement or a break. Show only that one');
    await page.getByRole('link', { name: 'Show only that one' }).click();
    await page.waitForURL(`${base}/statements/coverage?show=gaps`);
    await expect(page.getByTestId('coverage-filter')).toHaveText(
      'Showing the account with a missing statement or a break. Show all 2 accounts',
    );
    await expect(brokerage).toHaveCount(0);
    await expect(visa).toContainText('6 of 7 months filed, 1 missing');
    await page.getByRole('link', { name: 'Show all 2 accounts' }).click();
    await page.waitForURL(`${base}/statements/coverage`);
    await expect(brokerage).toBeVisible();
    const gap = visa.getByRole('link', { name: 'Feb 2024: missing. Upload for this month' });
    await gap.click();
    await page.waitForURL((url) => url.pathname === '/statements' && url.searchParams.get('period') === '2024-02');
    expect(new URL(page.url()).searchParams.get('account')).toBe('Visa');
    await expect(page.getByLabel('Account', { exact: true })).toHaveValue('Visa');
    await expect(page.getByLabel('Period', { exact: true })).toHaveValue('2024-02');
    await expect(page.getByTestId('empty-state')).toBeVisible();
    await page.context().close();
  }, 180_000);

  test("an account's chain: three statements that follow on are continuous, a fourth after a missing month says which days no statement covers; each statement's page says its balances and where they came from", async () => {
    const page = await newPage();
    await signInFromSignInPage(page, viewer);
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
    // Exports, whose days are their transactions': each covers the month it is filed under, so April is what is missing.
    await expect(lines.nth(3)).toContainText(
      'Missing statement No statement covers Apr 1 – Apr 30, 2024 (30 days). The balance changed by -700.00 over those days.',
    );
    await expect(lines.nth(3)).toContainText('4,200.00');
    // Statements of 2024 filed today: the months after May were missing before they came, so none is late, and none is expected.
    await expect(page.getByTestId('next-statement')).toHaveText(
      /^No statement after May 2024, so no more are expected\. If the account is closed, set its last month below\. /,
    );
    await expect(page.getByTestId('late-statement')).toHaveCount(0);
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
    await signInFromSignInPage(page, viewer);
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
      'Visa Platinum 1% is another of your accounts. To file this account\'s 4 statements under it, tick "They are one account".',
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

checkEveryPage();
