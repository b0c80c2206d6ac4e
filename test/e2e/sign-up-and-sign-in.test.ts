import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { MESSAGES } from '../../web/lib/messages';
import { pdf } from '../support/samples';
import { base, browserSuite, checkEveryPage, newPage, sessionCookies, signUpAndSignIn, stack } from './support/browser-suite';
import { keepStatements } from './support/people';
import { signIn, toast } from './support/screens';
import { shot } from './support/screenshots';

/**
 * The product in a real browser (Debian chromium via playwright-core) on this jest worker's
 * local stack and web server (support/browser-suite.ts): the account's forms: sign-up and its
 * password rule, confirmation with a resent code, an unconfirmed sign-in, a private page's
 * way to sign-in and back, signing out every tab, a second person, and a forgotten password.
 */
browserSuite();

const alice = { email: `alice-${Date.now()}@example.com`, password: 'alice likes long passwords' };
let alicePage: Page;

describe('account', () => {
  test('sign-up refuses a 7-character password, and says what each empty field needs, before calling Cognito', async () => {
    const page = await newPage();
    await page.goto(`${base}/sign-up`);
    await page.getByLabel('E-mail').fill('short@example.com');
    await page.getByLabel('Password').fill('seven77');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert').first()).toHaveText('The password needs at least 8 characters.');
    // Both fields empty: each says what it needs.
    await page.getByLabel('E-mail').fill('');
    await page.getByLabel('Password').fill('');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.locator('form').getByRole('alert')).toHaveText([
      'Enter your e-mail address.',
      'The password needs at least 8 characters.',
    ]);
    await page.close();
  });

  test('an unconfirmed user who signs in is sent on to /confirm, with a fresh code', async () => {
    const page = await newPage();
    const email = `unconfirmed-${Date.now()}@example.com`;
    await page.goto(`${base}/sign-up`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('not confirmed yet');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${base}/confirm`);
    await page.goto(`${base}/sign-in`);
    await signIn(page, email, 'not confirmed yet');
    await page.waitForURL(/\/confirm\?next=/);
    await expect(page.getByLabel('E-mail')).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveValue(email);
    await page.close();
  });

  test('sign-up, confirm with the e-mailed code (after a resend), and a private page sends you to sign-in and back', async () => {
    alicePage = await newPage();
    const page = alicePage;
    await page.goto(`${base}/sign-up`);
    await page.getByLabel('E-mail').fill(alice.email);
    await page.getByLabel('Password').fill(alice.password);
    await shot(page, 'sign-up');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${base}/confirm`);
    const codesBefore = fs
      .readFileSync(path.join(stack.dataDir, 'codes.jsonl'), 'utf8')
      .split('\n')
      .filter((line) => line.includes(alice.email));
    expect(codesBefore).toHaveLength(1);
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await expect(toast(page, 'A new code is on its way')).toBeVisible();
    const second = stack.codeFor(alice.email);
    expect(second).toMatch(/^\d{6}$/);
    expect(
      fs
        .readFileSync(path.join(stack.dataDir, 'codes.jsonl'), 'utf8')
        .split('\n')
        .filter((line) => line.includes(alice.email)),
    ).toHaveLength(2);
    await page.getByLabel('Confirmation code').fill(second);
    await shot(page, 'confirm');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.waitForURL(/\/sign-in/);

    await page.goto(`${base}/profile`);
    await page.waitForURL(`${base}/sign-in?next=%2Fprofile`);
    await shot(page, 'sign-in');
    await signIn(page, alice.email, 'not the password');
    await expect(page.getByRole('alert')).toHaveText('The e-mail or password is not right.');
    await signIn(page, alice.email, alice.password);
    await page.waitForURL(`${base}/profile`);
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  });
});

describe('sign out and a second user', () => {
  // What her first minute leaves her with (first-minute.test.ts): a statement in her list.
  beforeAll(async () => {
    const idToken = (await sessionCookies(alicePage.context())).find((cookie) => cookie.name.endsWith('.idToken'))!.value;
    await keepStatements(idToken, [
      { fileName: 'January 2024.pdf', contentType: 'application/pdf', accountLabel: 'Checking', period: '2024-01', bytes: pdf(20_000) },
    ]);
  });

  test('sign out from the profile signs out every tab of the app at once, saying why', async () => {
    const page = alicePage;
    const otherTab = await newPage(page.context());
    await otherTab.goto(`${base}/statements`);
    await expect(otherTab.getByTestId('statement-row').first()).toBeVisible();
    await page.goto(`${base}/profile`);
    await page.getByRole('main').getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(`${base}/sign-in`);
    await otherTab.waitForURL(/\/sign-in/);
    await expect(toast(otherTab, MESSAGES.signedOutElsewhere)).toBeVisible();
    await expect(otherTab.getByText('January 2024.pdf')).toHaveCount(0);
    await otherTab.close();
    await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();
    await page.goto(`${base}/statements`);
    await page.waitForURL(/\/sign-in\?next=%2Fstatements/);
  });

  test("a second user sees none of the first user's statements", async () => {
    const page = await newPage();
    const bob = { email: `bob-${Date.now()}@example.com`, password: 'bob likes long passwords' };
    await signUpAndSignIn(page, bob.email, bob.password);
    await expect(page.getByTestId('empty-state')).toHaveText('No statements yet. Upload your first one above.');
    await expect(page.getByText('January 2024.pdf')).toHaveCount(0);
    await page.close();
  });

  test('forgot password: request a code, set a new password, sign in with it', async () => {
    const page = await newPage();
    await page.goto(`${base}/forgot-password`);
    await shot(page, 'forgot-password');
    await page.getByLabel('E-mail').fill(alice.email);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    // The second step shows once Cognito has sent the code.
    await expect(page.getByText(`If an account exists for ${alice.email}, a code is on its way.`)).toBeVisible();
    await page.getByLabel('Code').fill(stack.codeFor(alice.email));
    await page.getByLabel('New password').fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL(`${base}/sign-in`);
    // The address came along, but not in the URL.
    await expect(page.getByLabel('E-mail')).toHaveValue(alice.email);
    await page.getByLabel('Password').fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${base}/statements`);
    await page.close();
  });
});

checkEveryPage();
