import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { csv, pdf } from '../support/samples';
import { readZip } from '../support/zip';
import { base, browserSuite, checkEveryPage, scratch, uploadsDone } from './support/browser-suite';
import { avatar, type Person, signedInPerson } from './support/people';
import { toast, uploadChosen } from './support/screens';
import { shot } from './support/screenshots';

/**
 * The product in a real browser (Debian chromium via playwright-core) on this jest worker's
 * local stack and web server (support/browser-suite.ts): a person's first minute with their
 * statements: the empty list, the first uploads (drag and drop, multipart with a part
 * retried), the first HTML, a download, the filters, an export of everything, a delete.
 */
browserSuite();

/** Her first minute with her statements: she has set her name and picture (profile-and-data-rights.test.ts), and has no statement yet. */
let alice: Person;
let alicePage: Page;
beforeAll(async () => {
  ({ person: alice, page: alicePage } = await signedInPerson('alice', '/statements', { displayName: 'Alice A.', avatar }));
}, 120_000);

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

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

checkEveryPage();
