import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { waitFor } from '../local/support/stack-process';
import { EICAR, csv, pdf } from '../support/samples';
import {
  base,
  browser,
  browserSuite,
  checkEveryPage,
  newPage,
  scratch,
  signInFromSignInPage,
  signUpAndSignIn,
} from './support/browser-suite';
import { signedInPerson } from './support/people';
import { uploadChosen } from './support/screens';
import { shot } from './support/screenshots';

/**
 * The product in a real browser (Debian chromium via playwright-core) on this jest worker's
 * local stack and web server (support/browser-suite.ts): files a person can trust and uploads
 * they control: a content check, quarantine, the same file twice, pause and resume, a
 * reload mid-upload, cancel; and a statement shared to the vault from another app.
 */
browserSuite();

/** Who uploads, signed in on her statements, where she keeps one from her first minute (first-minute.test.ts). */
let alicePage: Page;
beforeAll(async () => {
  ({ page: alicePage } = await signedInPerson('alice', '/statements', {
    statements: [
      { fileName: 'January 2024.pdf', contentType: 'application/pdf', accountLabel: 'Checking', period: '2024-01', bytes: pdf(20_000) },
    ],
  }));
}, 120_000);

describe('files a person can trust, and uploads they control', () => {
  const partNumberOf = (url: string) => Number(new URL(url).searchParams.get('partNumber'));
  /** Part uploads answered 200, by part number, from now on. */
  const storedParts = (page: Page) => {
    const stored: number[] = [];
    const listener = (response: { url(): string; request(): { method(): string }; status(): number }) => {
      if (response.request().method() === 'PUT' && /partNumber=/.test(response.url()) && response.status() === 200)
        stored.push(partNumberOf(response.url()));
    };
    page.on('response', listener);
    return { stored, stop: () => page.off('response', listener) };
  };
  /** Part uploads started, by part number, from now on. */
  const sentParts = (page: Page) => {
    const sent: number[] = [];
    const listener = (request: { url(): string; method(): string }) => {
      if (request.method() === 'PUT' && /partNumber=/.test(request.url())) sent.push(partNumberOf(request.url()));
    };
    page.on('request', listener);
    return { sent, stop: () => page.off('request', listener) };
  };
  /** Slows every part upload down, so there is time to pause, reload or cancel. */
  const slowParts = (page: Page) =>
    page.route(/partNumber=/, async (route) => {
      if (route.request().method() === 'PUT') await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue().catch(() => undefined);
    });
  /** 60 MiB (four parts), its last row naming it, so no two are the same file. */
  const bigFile = (name: string) => {
    const file = path.join(scratch, name);
    const last = Buffer.from(`2024-06-30,${name},0.00\n`);
    fs.writeFileSync(file, Buffer.concat([csv(60 * 1024 * 1024 - last.length), last]));
    return file;
  };
  /** Starts a slowed-down upload of a 60 MiB file and waits until S3 holds a first part; `stored` grows until `stop()`. */
  const startSlowUpload = async (page: Page, name: string) => {
    await slowParts(page);
    const file = bigFile(name);
    const before = storedParts(page);
    // Its rows say their period; the account is the person's to give (nothing is filled for them).
    await page.getByLabel('Account', { exact: true }).fill('Checking');
    await page.getByLabel('Statement files').setInputFiles(file);
    await uploadChosen(page, 1);
    await until(() => before.stored.length > 0, 'a first part to be stored');
    return { file, ...before };
  };
  const item = (page: Page, name: string) => page.locator('[data-testid="upload-item"]', { hasText: name });
  const itemIn = (page: Page, name: string, status: string) =>
    page.locator(`[data-testid="upload-item"][data-status="${status}"]`, { hasText: name });
  /** Waits for an upload to finish; if it does not, says what its row shows (its status and text). */
  const finished = (page: Page, name: string) =>
    expect(itemIn(page, name, 'done'))
      .toBeVisible({ timeout: 120_000 })
      .catch(async (error: Error) => {
        const row = item(page, name);
        throw new Error(
          `${error.message}; the row is ${await row.getAttribute('data-status')}: ${(await row.textContent())?.replace(/\s+/g, ' ')}`,
        );
      });
  /** Waits until `ready()` holds (the browser suite runs on jest, without Playwright's polling expect). */
  const until = async (ready: () => boolean, what: string, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!ready()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  beforeAll(async () => {
    await alicePage.goto(`${base}/statements`);
    await alicePage.getByLabel('Account', { exact: true }).fill('Trust');
    await alicePage.getByLabel('Period', { exact: true }).fill('2024-06');
  });

  test('a file whose content is not its type is refused after it arrives, saying why, with no retry', async () => {
    const page = alicePage;
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415478da636060000000040001f61738550000000049454e44ae426082',
      'hex',
    );
    await page.getByLabel('Statement files').setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: png });
    await uploadChosen(page, 1);
    const refused = page.locator('[data-testid="upload-item"][data-status="refused"]', { hasText: 'fake.pdf' });
    await expect(refused).toContainText('Not stored: this file is not a PDF: its content is PNG.');
    await expect(refused.getByRole('button', { name: /Retry/ })).toHaveCount(0);
    await expect(page.getByRole('cell', { name: 'fake.pdf' })).toHaveCount(0);
  });

  test('the EICAR test file is quarantined: listed as such, never downloadable', async () => {
    const page = alicePage;
    const infected = Buffer.concat([Buffer.from('Date,Description,Amount\n2024-06-01,'), EICAR, Buffer.from(',1.00\n')]);
    await page.getByLabel('Statement files').setInputFiles({ name: 'eicar.csv', mimeType: 'text/csv', buffer: infected });
    await uploadChosen(page, 1);
    await expect(page.locator('[data-testid="upload-item"][data-status="quarantined"]', { hasText: 'eicar.csv' })).toContainText(
      'Quarantined: a threat was found',
    );
    const row = page.getByTestId('statement-row').filter({ hasText: 'eicar.csv' });
    await expect(row.getByTestId('statement-status')).toHaveText(/^Quarantined: a threat was found/);
    await expect(row.getByRole('button', { name: 'Download eicar.csv' })).toHaveCount(0);
    await shot(page, 'statements-quarantined');
  });

  test('the same file twice is recognised in the queue before anything is sent, with where it is kept, and the person chooses', async () => {
    const page = alicePage;
    // The same bytes as "January 2024.pdf", uploaded earlier under Checking.
    const same = { name: 'again.pdf', mimeType: 'application/pdf', buffer: pdf(20_000) };
    const apiCalls: string[] = [];
    const listener = (request: { url(): string; method(): string }) => {
      if (request.method() === 'POST' && /\/uploads$/.test(new URL(request.url()).pathname)) apiCalls.push(request.url());
    };
    page.on('request', listener);
    await page.getByLabel('Statement files').setInputFiles(same);
    const row = page.getByTestId('filing-row').filter({ hasText: 'again.pdf' });
    const kept = row.getByTestId('kept-as');
    // Said on its row while it waits, with where it is kept: nothing is sent yet.
    await expect(kept).toContainText('Your vault already keeps this file as “January 2024.pdf” (Checking, Jan 2024).');
    // It waits for the person's answer: the batch's button sends nothing and says why.
    await uploadChosen(page, 1);
    await expect(row.getByRole('alert')).toHaveText('Upload it again, or remove it.');
    await expect(page.getByTestId('upload-item').filter({ hasText: 'again.pdf' })).toHaveCount(0);
    expect(apiCalls).toEqual([]);
    await shot(page, 'statements-duplicate');
    await row.getByRole('button', { name: 'Remove again.pdf' }).click();
    await expect(row).toHaveCount(0);
    // Chosen again and uploaded again anyway, in one click: stored, and not asked again after sending.
    await page.getByLabel('Statement files').setInputFiles(same);
    await row.getByRole('button', { name: 'Upload it again anyway (again.pdf)' }).click();
    await expect(kept).toContainText('You chose to upload it again.');
    await uploadChosen(page, 1);
    await expect(itemIn(page, 'again.pdf', 'done')).toBeVisible();
    await expect(itemIn(page, 'again.pdf', 'duplicate')).toHaveCount(0);
    page.off('request', listener);
    expect(apiCalls).toHaveLength(1);
    await expect(page.getByRole('cell', { name: /^again\.pdf/ })).toBeVisible();
  });

  test('pause and resume: parts already stored are not sent again', async () => {
    const page = alicePage;
    const before = await startSlowUpload(page, 'paused.csv');
    await item(page, 'paused.csv').getByRole('button', { name: 'Pause paused.csv' }).click();
    await expect(itemIn(page, 'paused.csv', 'paused')).toBeVisible();
    before.stop();
    const whilePaused = sentParts(page);
    await page.waitForTimeout(2000);
    expect(whilePaused.sent).toEqual([]);
    await shot(page, 'statements-paused');
    await item(page, 'paused.csv').getByRole('button', { name: 'Resume paused.csv' }).click();
    await finished(page, 'paused.csv');
    whilePaused.stop();
    expect(whilePaused.sent.filter((part) => before.stored.includes(part))).toEqual([]);
    await page.unroute(/partNumber=/);
  }, 180_000);

  test('a reload mid-upload asks first; on return the upload resumes with the same file, sending only the parts S3 does not hold', async () => {
    const page = alicePage;
    const { file, stored, stop } = await startSlowUpload(page, 'reloaded.csv');
    const dialogs: string[] = [];
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    stop();
    expect(dialogs).toEqual(['beforeunload']);
    const unfinished = page.getByTestId('unfinished-upload').filter({ hasText: 'reloaded.csv' });
    await expect(unfinished).toBeVisible();
    await shot(page, 'statements-unfinished');
    const after = sentParts(page);
    const listParts = page.waitForResponse(
      (response) => response.request().method() === 'GET' && /\/uploads\/[^/]+\/parts\?uploadId=/.test(response.url()),
    );
    const chooser = page.waitForEvent('filechooser');
    await unfinished.getByRole('button', { name: 'Resume reloaded.csv' }).click();
    await (await chooser).setFiles(file);
    const held = await listParts;
    expect(held.status()).toBe(200);
    // What S3 holds: every part whose 200 the page saw, and maybe one whose answer the reload cut off.
    const inS3 = ((await held.json()) as { parts: { partNumber: number }[] }).parts.map((part) => part.partNumber);
    expect(inS3).toEqual(expect.arrayContaining(stored));
    await finished(page, 'reloaded.csv');
    after.stop();
    // Only the parts S3 did not hold are sent again, and together they make the whole file.
    expect(after.sent.filter((part) => inS3.includes(part))).toEqual([]);
    expect(new Set([...inS3, ...after.sent]).size).toBe(4);
    await page.unroute(/partNumber=/);
  }, 180_000);

  test('cancel aborts the upload in S3 and lists nothing', async () => {
    const page = alicePage;
    (await startSlowUpload(page, 'cancelled.csv')).stop();
    const aborted = page.waitForResponse(
      (response) => response.request().method() === 'DELETE' && /\/uploads\/[^/?]+\?uploadId=/.test(response.url()),
    );
    await item(page, 'cancelled.csv').getByRole('button', { name: 'Cancel cancelled.csv' }).click();
    expect((await aborted).status()).toBe(204);
    await expect(itemIn(page, 'cancelled.csv', 'cancelled')).toBeVisible();
    await page.unroute(/partNumber=/);
    await page.reload();
    await expect(page.getByTestId('unfinished-upload')).toHaveCount(0);
    await expect(page.getByRole('cell', { name: 'cancelled.csv' })).toHaveCount(0);
  }, 180_000);
});

describe('see and find: each kind of statement shown in place, hostile files kept as text, and the coverage grid with its gaps', () => {
  test("a statement shared from another app (the manifest's share target) lands in the upload queue with what it says; without the service worker the page says it did not arrive; an iPhone is told how instead", async () => {
    // The manifest: an app that opens on the list and takes statement files shared to it.
    const manifest = (await (await fetch(`${base}/manifest.webmanifest`)).json()) as {
      start_url: string;
      share_target: { action: string; method: string; enctype: string; params: { files: { name: string; accept: string[] }[] } };
      icons: { src: string }[];
    };
    expect(manifest.start_url).toBe('/statements');
    expect(manifest.share_target).toMatchObject({ action: '/share-target', method: 'POST', enctype: 'multipart/form-data' });
    expect(manifest.share_target.params.files[0].accept).toEqual(expect.arrayContaining(['application/pdf', '.pdf', 'text/csv', '.ofx']));
    for (const icon of manifest.icons) expect((await fetch(`${base}${icon.src}`)).status).toBe(200);

    // As the system's share sheet sends it: a navigation that POSTs the files to the share target.
    const share = async (page: Page, file: string) => {
      await page.evaluate((action) => {
        const form = document.createElement('form');
        Object.assign(form, { action, method: 'post', enctype: 'multipart/form-data' });
        const input = Object.assign(document.createElement('input'), { type: 'file', name: 'statements', id: 'shared-input' });
        form.append(input);
        document.body.append(form);
      }, manifest.share_target.action);
      await page.locator('#shared-input').setInputFiles(file);
      await page.evaluate(() => document.querySelector<HTMLFormElement>('#shared-input')!.form!.submit());
    };
    const file = path.join(__dirname, '..', 'fixtures', 'statements', 'releve-bnp.ofx');

    // A person of their own: what they share is all their queue holds.
    const sharer = { email: `sharer-${Date.now()}@example.com`, password: 'shared from the bank app' };
    const page = await newPage();
    await signUpAndSignIn(page, sharer.email, sharer.password);
    // The app's worker controls the page (it claims the pages open when it starts), and the
    // share target's own worker is active for its address, the only one it sees.
    await waitFor(
      () =>
        page.evaluate(async (action) => {
          const shareWorker = await navigator.serviceWorker.getRegistration(action);
          return navigator.serviceWorker.controller && shareWorker?.active && shareWorker.scope.endsWith(action) ? true : undefined;
        }, manifest.share_target.action),
      'the service workers to be active',
    );
    await share(page, file);
    const row = page.getByTestId('filing-row').filter({ hasText: 'releve-bnp.ofx' });
    await expect(row.getByLabel('Period for releve-bnp.ofx')).toHaveValue('2024-03', { timeout: 30_000 });
    await expect(page.getByTestId('shared-files')).toHaveText('1 file shared from another app: check what each says below, then upload.');
    // The address forgets the batch: a reload queues nothing twice, and the worker's copy is gone.
    await page.waitForURL((url) => url.pathname === '/statements' && !url.searchParams.has('shared'));
    expect(await page.evaluate(async () => (await (await caches.open('vault-shared-files')).keys()).length)).toBe(0);

    // Another site's page that posts a file to the share target, even without a referrer, queues nothing.
    await page.route('http://elsewhere.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<meta name="referrer" content="no-referrer"><form id="f" method="post" enctype="multipart/form-data" action="${base}${manifest.share_target.action}"><input type="file" name="statements" id="shared-input"></form>`,
      }),
    );
    await page.goto('http://elsewhere.test/');
    await page.locator('#shared-input').setInputFiles(file);
    await page.evaluate(() => document.querySelector<HTMLFormElement>('#f')!.submit());
    await expect(page.getByTestId('shared-files')).toHaveText(
      'The files shared from another app did not arrive here. Choose them again with Choose files.',
    );
    await expect(page.getByTestId('filing-row')).toHaveCount(0);
    expect(await page.evaluate(async () => (await (await caches.open('vault-shared-files')).keys()).length)).toBe(0);
    await page.context().close();

    // Without the worker (a browser that blocks them), the server keeps nothing and the page says so.
    const blocked = await newPage(await browser.newContext({ viewport: { width: 1100, height: 850 }, serviceWorkers: 'block' }));
    await signInFromSignInPage(blocked, sharer);
    await share(blocked, file);
    await expect(blocked.getByTestId('shared-files')).toHaveText(
      'The files shared from another app did not arrive here. Choose them again with Choose files.',
    );
    await expect(blocked.getByTestId('filing-row')).toHaveCount(0);
    await blocked.context().close();

    // Safari on an iPhone has no share target: the panel says how to bring a statement in.
    const iphone = await newPage(
      await browser.newContext({
        viewport: { width: 390, height: 844 },
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      }),
    );
    await signInFromSignInPage(iphone, sharer);
    await expect(iphone.getByTestId('share-hint')).toContainText('save a statement from your bank’s app to Files');
    await iphone.context().close();
  }, 180_000);
});

checkEveryPage();
