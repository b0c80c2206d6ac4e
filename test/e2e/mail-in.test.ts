import type { Page } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { STATEMENT_ROUTES } from '../../contract';
import { MAIL_INBOX_PREFIX } from '../../contract/keys';
import { MAIL_WORDS } from '../../contract/mail';
import { createS3Client } from '../../lambda/shared/runtime';
import { LOCAL_CREDENTIALS, LOCAL_IDS } from '../../local/settings';
import { rawGraphql } from '../local/support/graphql';
import { callApi } from '../local/support/rest';
import { waitFor } from '../local/support/stack-process';
import { base, browserSuite, checkEveryPage, newPage, sessionCookies, signUpAndSignIn, stack } from './support/browser-suite';
import { signedInPerson } from './support/people';
import { toast } from './support/screens';
import { everyScheme, shot } from './support/screenshots';

/**
 * The product in a real browser (Debian chromium via playwright-core) on this jest worker's
 * local stack and web server (support/browser-suite.ts): statements by mail: the profile's private
 * address, what a mail sent with Python's smtplib brings, filing what waits, whom mail is
 * taken from, and mailed statements in the list.
 */
browserSuite();

/** Who takes statements by mail, signed in on her profile. */
let alicePage: Page;
beforeAll(async () => ({ page: alicePage } = await signedInPerson('alice', '/profile')), 120_000);

describe('profile', () => {
  test('statements by mail: an address from the profile, replaced at once; what a mail sent with smtplib brings waits there with why, and a mail with nothing to keep is said in words', async () => {
    const page = alicePage;
    const card = page.getByRole('region', { name: 'Statements by mail' });
    await card.getByRole('button', { name: 'Get an address' }).click();
    const shown = card.getByTestId('mail-address');
    await expect(shown).toHaveText(/^s-[a-z2-7]{20}@mail\.localhost$/);
    const first = (await shown.textContent())!;
    await card.getByRole('button', { name: 'Replace address…' }).click();
    await expect(card.getByRole('group', { name: 'Replace your address' })).toContainText('stops taking mail at once');
    await card.getByRole('button', { name: 'Replace it' }).click();
    await expect(toast(page, 'Your new address is ready; the old one no longer takes mail.')).toBeVisible();
    await expect(shown).not.toHaveText(first);
    const address = (await shown.textContent())!;

    // Where SES stores each message until the mail function has dealt with it: what it holds before these are sent
    // is other people's (the stack is this worker's, shared), and stays theirs.
    const inbox = createS3Client({ credentials: LOCAL_CREDENTIALS, endpoints: { s3: `http://127.0.0.1:${stack.ports.s3}` } });
    const storedMail = async () =>
      ((await inbox.send(new ListObjectsV2Command({ Bucket: LOCAL_IDS.bucketName, Prefix: MAIL_INBOX_PREFIX }))).Contents ?? []).map(
        (object) => object.Key!,
      );
    const storedBefore = new Set(await storedMail());
    // Mail from a client this project did not write (Python's smtplib), to the SMTP server playing SES.
    const send = (to: string, subject: string, files: string[], options: string[] = []) =>
      execFileSync('python3', [
        path.join(__dirname, '..', 'support', 'send-mail.py'),
        '127.0.0.1',
        String(stack.ports.mail),
        to,
        subject,
        ...files,
        ...options,
      ]);
    send(address, 'Card activity', [path.join(__dirname, '..', 'fixtures', 'statements', 'Chase1234_Activity_20240229.CSV')]);
    // From the vault's own domain, with a display name that speaks as the vault.
    send(address, 'Just saying hello', [], ['--from', 'Statement Vault Security <security@statement-vault.example>']);
    // To the retired address: taken, then dropped as mail to no one.
    send(first, 'To the old address', [path.join(__dirname, '..', 'fixtures', 'statements', 'releve-bnp.ofx')]);
    const waiting = card.getByRole('list', { name: 'Arrived by mail, waiting for you' });
    const keptOut = card.getByRole('list', { name: 'Mail kept out' });
    // What the mail function made of them, asked of the statements API with her token; then the page again, as a person would.
    const idToken = (await sessionCookies(page.context())).find((cookie) => cookie.name.endsWith('.idToken'))!.value;
    await waitFor(
      async () => {
        const { body } = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.mailArrivals, { token: idToken });
        // And every message dealt with (each is deleted from where SES stored it), the one to the old address too.
        const stored = (await storedMail()).filter((key) => !storedBefore.has(key));
        return body.arrived.length > 0 && body.keptOut.length > 0 && stored.length === 0 ? true : undefined;
      },
      'the mail to arrive',
      60_000,
    );
    await page.reload();
    await expect(waiting).toContainText(MAIL_WORDS.noAccount);
    // The sender as an address, flagged where it is at the vault's own domain; never its display name.
    await expect(keptOut).toContainText('“Just saying hello” from security@statement-vault.example');
    await expect(keptOut.getByTestId('from-vault-domain')).toHaveText(MAIL_WORDS.fromVaultDomain);
    await expect(card).not.toContainText('Statement Vault Security');
    await expect(waiting).toContainText('“Card activity” from statements@harbor.example');
    await expect(waiting.getByRole('listitem')).toHaveCount(1);
    await expect(card).not.toContainText('To the old address');
    await shot(page, 'profile-mail');
    // On a phone the address keeps its name whole and breaks before its domain.
    await page.setViewportSize({ width: 360, height: 800 });
    const lineCounts = await shown.locator('span').evaluateAll((parts) => parts.map((part) => part.getClientRects().length));
    expect(lineCounts).toEqual([1, 1]);
    await shot(page, 'profile-mail-360');
    await page.setViewportSize({ width: 1100, height: 850 });

    // Filing asks for what the file did not say, and fills in only what it did, saying so.
    const name = 'Chase1234_Activity_20240229.CSV';
    const row = waiting.getByTestId('waiting-file');
    await row.getByRole('button', { name: `File ${name}…` }).click();
    const form = row.getByRole('form', { name: `File ${name}` });
    await expect(form.getByLabel('Month')).toHaveValue('2024-02');
    await expect(form.getByLabel('Account')).toHaveValue('');
    await expect(form).toContainText('The file does not say: name its account.');
    await expect(form).toContainText('From the file:');
    await shot(page, 'profile-mail-file');
    await page.setViewportSize({ width: 360, height: 800 });
    await shot(page, 'profile-mail-file-360');
    await page.setViewportSize({ width: 1100, height: 850 });
    await form.getByRole('button', { name: 'Cancel' }).click();
    // Discarded after asking: gone from the page and from the API's answer.
    await row.getByRole('button', { name: `Discard ${name}…` }).click();
    await row.getByRole('button', { name: 'Discard it' }).click();
    await expect(toast(page, `${name} was discarded.`)).toBeVisible();
    await expect(waiting).toHaveCount(0);
    const after = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.mailArrivals, { token: idToken });
    expect(after.body.arrived).toEqual([]);

    // Whom she takes mail from: saved for her account, shown again after a reload, and cleared.
    const senders = card.getByRole('form', { name: 'Whom you take mail from' });
    await senders.getByLabel('Only take mail from').fill('Statements@Harbor.Example,  @bank.example');
    await senders.getByRole('button', { name: 'Save senders' }).click();
    await expect(toast(page, 'Only mail from these senders is taken now.')).toBeVisible();
    await page.reload();
    await expect(senders.getByLabel('Only take mail from')).toHaveValue('statements@harbor.example, @bank.example');
    await shot(page, 'profile-mail-senders');
    await senders.getByLabel('Only take mail from').fill('');
    await senders.getByRole('button', { name: 'Save senders' }).click();
    await expect(toast(page, 'Mail from anyone is taken now.')).toBeVisible();
    expect((await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.mailAddress, { token: idToken })).body.senders).toEqual([]);
  });
});

describe('statements by mail, in the list', () => {
  test('a mailed OFX is filed by itself and a waiting CSV from the profile under the account typed; both are listed marked as mailed, and the statement says how it came', async () => {
    const mailer = { email: `mailer-${Date.now()}@example.com`, password: 'statements by mail' };
    const page = await newPage();
    await signUpAndSignIn(page, mailer.email, mailer.password);
    await page.goto(`${base}/profile`);
    const card = page.getByRole('region', { name: 'Statements by mail' });
    await card.getByRole('button', { name: 'Get an address' }).click();
    await expect(card.getByTestId('mail-address')).toHaveText(/^s-[a-z2-7]{20}@mail\.localhost$/);
    const address = (await card.getByTestId('mail-address').textContent())!;
    // One mail, two statements, from Python's smtplib: the OFX names its account, the CSV does not.
    const fixtures = path.join(__dirname, '..', 'fixtures', 'statements');
    execFileSync('python3', [
      path.join(__dirname, '..', 'support', 'send-mail.py'),
      '127.0.0.1',
      String(stack.ports.mail),
      address,
      'Your statements',
      path.join(fixtures, 'releve-bnp.ofx'),
      path.join(fixtures, 'Chase1234_Activity_20240229.CSV'),
    ]);
    const idToken = (await sessionCookies(page.context())).find((cookie) => cookie.name.endsWith('.idToken'))!.value;
    await waitFor(
      async () => {
        const { body } = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.mailArrivals, { token: idToken });
        const listed = await rawGraphql(stack.config, { Authorization: idToken }, '{ accounts { label } }');
        const accounts = (listed.body.data as { accounts: unknown[] } | undefined)?.accounts ?? [];
        return body.arrived.length > 0 && accounts.length > 0 ? true : undefined;
      },
      'the CSV to wait, and the OFX to be filed',
      60_000,
    );
    await page.reload();
    const waiting = card.getByRole('list', { name: 'Arrived by mail, waiting for you' });
    await expect(waiting).toContainText(MAIL_WORDS.noAccount);
    expect(await everyScheme(page, 'profile-mail-waiting', () => card)).toEqual([]);

    const name = 'Chase1234_Activity_20240229.CSV';
    await waiting.getByRole('button', { name: `File ${name}…` }).click();
    const form = waiting.getByRole('form', { name: `File ${name}` });
    // The person's accounts are offered; none is filled in for them.
    await expect(form.locator('datalist option')).toHaveCount(1);
    await expect(form.locator('datalist option')).toHaveAttribute('value', 'BNP Paribas ••5678');
    await expect(form.getByLabel('Account')).toHaveValue('');
    await form.getByLabel('Account').pressSequentially('Chase Freedom');
    await expect(form.getByLabel('Month')).toHaveValue('2024-02');
    await form.getByRole('button', { name: 'File it' }).click();
    await expect(toast(page, `${name} goes under Chase Freedom, Feb 2024: it is listed once the vault has checked it.`)).toBeVisible();
    await expect(waiting).toHaveCount(0);

    // Both listed, each marked as mailed, under the account and month each is filed under.
    await waitFor(
      async () => {
        const answer = await rawGraphql(stack.config, { Authorization: idToken }, '{ statements { items { id status } } }');
        const items = (answer.body.data as { statements: { items: { status: string }[] } } | undefined)?.statements.items ?? [];
        return items.length === 2 && items.every((item) => item.status === 'AVAILABLE') ? true : undefined;
      },
      'both mailed statements to be listed and scanned',
      60_000,
    );
    await page.goto(`${base}/statements`);
    const rows = page.getByTestId('statement-row');
    await expect(rows).toHaveCount(2);
    for (const [file, account] of [
      ['releve-bnp.ofx', 'BNP Paribas ••5678'],
      [name, 'Chase Freedom'],
    ] as const) {
      const row = rows.filter({ hasText: file });
      await expect(row.getByTestId('arrived-by-mail')).toHaveText('✉ By mail,');
      await expect(row.locator('td[data-label="Account"]')).toHaveText(account);
    }
    expect(await everyScheme(page, 'statements-by-mail')).toEqual([]);
    await rows.filter({ hasText: 'releve-bnp.ofx' }).getByRole('link', { name: 'releve-bnp.ofx' }).click();
    await expect(page.getByTestId('statement-arrival')).toContainText(', in a mail to your vault');
  });
});

checkEveryPage();
