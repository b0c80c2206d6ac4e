import * as fs from 'node:fs';
import type { Page } from 'playwright-core';
import { csv } from '../support/samples';
import { readZip } from '../support/zip';
import { accessibilityViolations } from './support/axe';
import { base, browserSuite, checkEveryPage, newPage, signUpAndSignIn, uploadsDone } from './support/browser-suite';
import { toast, uploadChosen } from './support/screens';
import { shot } from './support/screenshots';

/**
 * The product in a real browser (Debian chromium via playwright-core) on this jest worker's
 * local stack and web server (support/browser-suite.ts): fixing what statements are filed under:
 * one renamed and moved, a range moved together, a selection downloaded and deleted.
 */
browserSuite();

describe('fixing what statements are filed under, one or a selection', () => {
  const fixer = { email: `fixer-${Date.now()}@example.com`, password: 'fixing what is filed' };
  const rowOf = (page: Page, name: string) =>
    page.getByTestId('statement-row').filter({ has: page.getByRole('cell', { name, exact: true }) });

  test('a statement is renamed and moved; a shift-clicked range is moved together; a selection downloads as one ZIP and is deleted together', async () => {
    const page = await newPage();
    await signUpAndSignIn(page, fixer.email, fixer.password);
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
    // A month typed the way it is written on paper, key by key after a click.
    await dialog.getByLabel('Period').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('11/2023', { delay: 20 });
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Period')).toHaveValue('2023-11');
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

checkEveryPage();
