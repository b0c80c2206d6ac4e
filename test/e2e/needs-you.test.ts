import { STATEMENT_ROUTES } from '../../contract';
import { rawGraphql } from '../local/support/graphql';
import { callApi } from '../local/support/rest';
import { waitFor } from '../local/support/stack-process';
import { runningBalanceExport } from '../support/running-balance-export';
import { base, browser, browserSuite, checkEveryPage, newPage, signInFromSignInPage, stack } from './support/browser-suite';
import { signedInPerson, type Person } from './support/people';
import { everyScheme } from './support/screenshots';
import { signIn, uploadChosen } from './support/screens';

/**
 * The product in a real browser (Debian chromium via playwright-core) on this jest worker's
 * local stack and web server (support/browser-suite.ts): "Needs you", the one page of what
 * waits for the person, each thing with its action, and each gone once it is done.
 */
browserSuite();

/** A month's export whose days run from its 2nd to its 28th, opening at `opening` (it closes 1,200.00 higher). */
const monthExport = (period: string, opening: number) => runningBalanceExport(`${period}-02`, `${period}-28`, opening);

/** Waits until the person's statements are all read (their days and balances known), as the account's chain needs. */
const everyStatementRead = (person: Person, count: number) =>
  waitFor(
    async () => {
      const answer = await rawGraphql(
        stack.config,
        { Authorization: person.idToken },
        '{ accountChain(accountKey: "everyday") { items { status balances { closing } } } }',
      );
      const items = (answer.body.data as { accountChain: { items: { status: string; balances?: { closing?: number } }[] } }).accountChain
        .items;
      return (
        (items.length === count && items.every((item) => item.status === 'AVAILABLE' && typeof item.balances?.closing === 'number')) ||
        undefined
      );
    },
    `${count} statements to be read`,
    60_000,
  );

describe('needs you: what waits for the person, each with its action, gone once done', () => {
  test('nothing to do says so, with the way to begin', async () => {
    const { person, page } = await signedInPerson('Nobody Waiting', '/needs-you');
    await expect(page.getByTestId('needs-nothing')).toHaveText(
      'Nothing needs you. Every statement due is filed, none is late, nothing waits by mail, and no share ends soon. Upload your first statements and the vault starts looking out for the next ones.',
    );
    await expect(page.getByRole('link', { name: 'Needs you' })).toHaveAttribute('aria-current', 'page');
    await page.context().close();
    // Signing in with nothing waiting leads on to the statements.
    const again = await newPage(await browser.newContext());
    await signInFromSignInPage(again, person);
    await again.context().close();
  }, 120_000);

  test('a missing month and a balance that does not carry over are listed once each; saying the account closed and uploading the month take them off', async () => {
    // Everyday's statements of 2024: January to March chain, April never came (May opens at
    // 4,900.00 after March closed at 3,700.00, over days no statement covers), and June opens
    // at 6,300.00, not May's 6,100.00: a balance break.
    const months: [string, number][] = [
      ['2024-01', 100],
      ['2024-02', 1300],
      ['2024-03', 2500],
      ['2024-05', 4900],
      ['2024-06', 6300],
    ];
    const { person, page } = await signedInPerson('Waiting Things', '/statements', {
      statements: months.map(([period, opening]) => ({
        fileName: `everyday-${period}.csv`,
        accountLabel: 'Everyday',
        contentType: 'text/csv',
        period,
        bytes: monthExport(period, opening),
      })),
    });
    await everyStatementRead(person, months.length);
    // A share of June's statement for an hour, and one for a week: only the first ends soon.
    for (const [note, hours] of [
      ['For the letting agent', 1],
      ['For the accountant', 24 * 7],
    ] as const) {
      const made = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.createShare, {
        token: person.idToken,
        body: { statementIds: [person.statementIds[4]], expiresInSeconds: hours * 3600, note },
      });
      expect(made.status).toBe(201);
    }
    await page.getByRole('link', { name: 'Needs you' }).click();
    await page.waitForURL(`${base}/needs-you`);
    const missing = page.getByTestId('needs-missing');
    // No statement since June 2024, to this month: every month after it is missing too, until the person says it closed.
    await expect(missing).toHaveText(
      /^Everyday: \d+ months without a statement\. None came after Jun 2024\. If it is closed, set its last month on its page\./,
    );
    await expect(missing.getByRole('link', { name: 'Upload Apr 2024 for Everyday' })).toBeVisible();
    await expect(missing.getByRole('link', { name: /^See all \d+$/ })).toBeVisible();
    await expect(page.getByTestId('needs-break')).toHaveText(
      'Everyday, Jun 2024: balance break. It opens at 6,300.00, but the one before closed at 6,100.00 (200.00 apart).Open everyday-2024-06.csvSee the chain',
    );
    await expect(page.getByTestId('needs-late')).toHaveCount(0);
    await expect(page.getByTestId('needs-share')).toHaveText(
      /^For the letting agent ends .+\. Its link stops working then\.Extend or end it$/,
    );
    await expect(page.locator('.page-lead')).toHaveText(/^\d+ things need you\. Each leaves this page once it is done\.$/);
    expect(await everyScheme(page, 'needs-you')).toEqual([]);
    // Signing in again elsewhere leads here first, while something needs the person.
    const again = await newPage(await browser.newContext());
    await again.goto(`${base}/sign-in`);
    await signIn(again, person.email, person.password);
    await again.waitForURL(`${base}/needs-you?from=sign-in`);
    await expect(again.getByTestId('needs-you-landed')).toHaveText('You are signed in. First, what needs you. Go to your statements');
    await again.context().close();

    // The person says the account closed after June 2024, on its page.
    await missing.getByRole('link', { name: 'set its last month on its page' }).click();
    await page.waitForURL(`${base}/statements/accounts/everyday`);
    const account = page.getByRole('region', { name: 'Everyday' });
    await account.getByText(/years? and schedule/).click();
    const form = account.getByRole('form', { name: 'Schedule of Everyday' });
    await form.getByLabel('Closed after').click();
    await page.keyboard.type('06/2024', { delay: 25 });
    await form.getByRole('button', { name: 'Save schedule' }).click();
    await expect(form.getByRole('status')).toHaveText('Saved: coverage now follows this schedule.');
    await page.getByRole('link', { name: 'Needs you' }).click();
    await page.waitForURL(`${base}/needs-you`);
    await expect(missing).toHaveText('Everyday: 1 month without a statement.Apr 2024');
    await expect(page.locator('.page-lead')).toHaveText('3 things need you. Each leaves this page once it is done.');

    // April's link is the upload panel with its account and month; its export, uploaded there, takes the month off.
    await missing.getByRole('link', { name: 'Upload Apr 2024 for Everyday' }).click();
    await page.waitForURL((url) => url.pathname === '/statements' && url.searchParams.get('period') === '2024-04');
    await expect(page.getByLabel('Account', { exact: true })).toHaveValue('Everyday');
    await page
      .getByLabel('Statement files')
      .setInputFiles({ name: 'everyday-2024-04.csv', mimeType: 'text/csv', buffer: monthExport('2024-04', 3700) });
    await uploadChosen(page, 1);
    await everyStatementRead(person, months.length + 1);
    await page.getByRole('link', { name: 'Needs you' }).click();
    await page.waitForURL(`${base}/needs-you`);
    await expect(page.getByTestId('needs-missing')).toHaveCount(0);
    // April now sits between March and May: May's opening is April's closing, and June's break stays until the person acts on it.
    await expect(page.getByTestId('needs-break')).toHaveCount(1);
    await expect(page.locator('.page-lead')).toHaveText('2 things need you. Each leaves this page once it is done.');
    // The share that ends soon, opened from its line: its page, where it is extended or ended.
    await page.getByTestId('needs-share').getByRole('link', { name: 'Extend or end it' }).click();
    await page.waitForURL(/\/shares\/[^/]+$/);
    await expect(page.getByRole('button', { name: /^Extend/ }).first()).toBeVisible();
    await page.context().close();
  }, 240_000);
});

checkEveryPage();
