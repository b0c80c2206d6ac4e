import { STATEMENT_ROUTES } from '../../contract';
import { rawGraphql } from '../local/support/graphql';
import { callApi } from '../local/support/rest';
import { waitFor } from '../local/support/stack-process';
import { uploadStatement } from '../local/support/uploads';
import { pdf } from '../support/samples';
import { base, browser, browserSuite, checkEveryPage, newPage, sessionCookies, signUpAndSignIn, stack } from './support/browser-suite';
import { toast } from './support/screens';
import { everyScheme } from './support/screenshots';

/**
 * The product in a real browser (Debian chromium via playwright-core) on this jest worker's
 * local stack and web server (support/browser-suite.ts): Recently deleted: an undo, a restore and a
 * deletion for good, with and without JavaScript.
 */
browserSuite();

describe('recently deleted: an undo, a restore and a deletion for good, with and without JavaScript', () => {
  const keeper = { email: `keeper-${Date.now()}@example.com`, password: 'keeping what I delete' };

  test('a delete is undone from its toast; Recently deleted lists what was deleted with its days left, restores it, and deletes it for good after asking', async () => {
    const page = await newPage();
    await signUpAndSignIn(page, keeper.email, keeper.password);
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

checkEveryPage();
