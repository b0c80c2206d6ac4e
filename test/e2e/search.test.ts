import { rawGraphql } from '../local/support/graphql';
import { waitFor } from '../local/support/stack-process';
import { holdScripts, slowCpu } from './support/as-people-type';
import { base, browserSuite, checkEveryPage, newPage, signInFromSignInPage, stack } from './support/browser-suite';
import type { Person } from './support/people';
import { everyScheme } from './support/screenshots';
import { viewerWithFiles } from './support/viewer-files';

/**
 * The product in a real browser (Debian chromium via playwright-core) on this jest worker's
 * local stack and web server (support/browser-suite.ts): search on the statements list: by a
 * word only in a PDF, a payee only in a CSV, a name and an amount however it is typed, as typed
 * and before the script runs, and N and P from a result.
 */
browserSuite();

describe('see and find: each kind of statement shown in place, hostile files kept as text, and the coverage grid with its gaps', () => {
  /** Who searches, with a statement of each kind (support/viewer-files.ts), and each one's id by its name. */
  let viewer: Person;
  let ids: Record<string, string>;
  beforeAll(async () => {
    ({ viewer, ids } = await viewerWithFiles());
    // Their contents are read into the search index once each is checked: searched for below as soon as it holds them.
    for (const [word, name] of [
      ['jpmorg', 'statement.pdf'],
      ['acme', 'hostile.csv'],
    ])
      await waitFor(
        async () => {
          const answer = await rawGraphql(
            stack.config,
            { Authorization: viewer.idToken },
            `{ search(query: ${JSON.stringify(word)}) { hits { statement { id } fields } } }`,
          );
          const hits = (answer.body.data as { search?: { hits: { statement: { id: string }; fields: string[] }[] } } | undefined)?.search
            ?.hits;
          return hits?.some((hit) => hit.statement.id === ids[name] && hit.fields.includes('CONTENT')) || undefined;
        },
        `${name}'s contents to be found by "${word}"`,
        60_000,
      );
  }, 180_000);

  test('search finds by a word only in a PDF, a payee only in a CSV, and a name, as typed and before the script runs; N and P turn statements', async () => {
    const page = await newPage();
    await signInFromSignInPage(page, viewer);
    const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
    const summary = page.getByTestId('search-summary');

    // "/" searches from any page: on the list, its own box; elsewhere, the search page, its box ready.
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('/');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.closest('[role="search"]') !== null)).toBe(true);
    await page.keyboard.type('jpmorg');
    await page.keyboard.press('Enter');
    // The results are on the list itself, in its place.
    await page.waitForURL((url) => url.pathname === '/statements' && url.searchParams.get('q') === 'jpmorg');
    await expect(results.first()).toContainText('Matched in content: jpmorgan');
    await expect(summary).toHaveText('1 statement matches “jpmorg”.');
    await expect(page.getByRole('heading', { name: 'Your statements' })).toBeVisible();
    // The old search page's address shows the same search on the list.
    await page.goto(`${base}/statements/search?q=jpmorg`);
    await page.waitForURL((url) => url.pathname === '/statements' && url.searchParams.get('q') === 'jpmorg');
    await expect(results.first()).toContainText('Matched in content: jpmorgan');
    await page.goto(`${base}/profile`);
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('/');
    await page.waitForURL(`${base}/statements#search`);
    await expect(page.getByRole('searchbox', { name: 'Search statements' })).toBeVisible();
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.type === 'search');
    await page.goto(`${base}/statements`);

    // Before the page's script runs, Enter searches: the box is a form.
    const scripts = await holdScripts(page);
    await page.goto(`${base}/statements`, { waitUntil: 'commit' });
    const box = page.getByRole('searchbox', { name: 'Search statements' });
    await box.fill('acme');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/statements' && url.searchParams.get('q') === 'acme', { waitUntil: 'commit' });
    // "Salary ACME" is a description in the CSV, and in no name, account or other file.
    await expect(results).toHaveCount(1, { timeout: 30_000 });
    await expect(results.first().getByRole('link')).toHaveText('hostile.csv');
    await expect(results.first()).toContainText('Matched in content: acme');
    // What matched, in its transaction: the day and the amount as everywhere else (the file's writing in their titles).
    const acme = results.first().getByTestId('search-context');
    await expect(acme).toHaveText(/^Mar 15, 2024\s*Salary ACME\s*2,500\.00$/);
    await expect(acme.locator('mark')).toHaveText('ACME');
    await expect(acme.getByTitle('2500.00')).toHaveText('2,500.00');
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

    // An amount, key by key as people type it: the transaction that holds it, its amount marked.
    await box.fill('');
    await box.pressSequentially('2,500.00', { delay: 60 });
    await page.waitForURL((url) => url.searchParams.get('q') === '2,500.00');
    const salary = results.filter({ has: page.getByRole('link', { name: 'hostile.csv', exact: true }) });
    await expect(salary).toHaveCount(1, { timeout: 30_000 });
    await expect(salary).toContainText('Matched in content: 2,500.00');
    await expect(salary.getByTestId('search-context')).toHaveText(/^Mar 15, 2024\s*Salary ACME\s*2,500\.00$/);
    await expect(salary.getByTestId('search-context').locator('mark')).toHaveText('2,500.00');
    // Written the other ways people write it, or as whole units, it is the same amount.
    for (const typed of ['2.500,00', '2500']) {
      await box.fill('');
      await box.pressSequentially(typed, { delay: 60 });
      await page.waitForURL((url) => url.searchParams.get('q') === typed);
      await expect(salary.getByTestId('search-context')).toHaveText(/^Mar 15, 2024\s*Salary ACME\s*2,500\.00$/, { timeout: 30_000 });
    }
    // An amount on a PDF's line: the line, the amount marked in it as the file prints it.
    await box.fill('');
    await box.pressSequentially('2145.67', { delay: 60 });
    const chase = results.filter({ has: page.getByRole('link', { name: 'statement.pdf', exact: true }) });
    await expect(chase.getByTestId('search-context')).toHaveText('Beginning Balance $2,145.67', { timeout: 30_000 });
    await expect(chase.getByTestId('search-context').locator('mark')).toHaveText('$2,145.67');
    // The list's results, light and dark, at 1280 and 360 px: nothing scrolls sideways, axe finds nothing.
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
});

checkEveryPage();
