import type { Page } from 'playwright-core';
import { MESSAGES } from '../../web/lib/messages';
import { signedInEarlier } from '../local/support/tokens';
import { pdf } from '../support/samples';
import { accessibilityViolations } from './support/axe';
import {
  base,
  browser,
  browserSuite,
  checkEveryPage,
  newPage,
  sessionCookies,
  signInFromSignInPage,
  signUpAndSignIn,
  stack,
  withStackLog,
} from './support/browser-suite';
import { avatar, signedInPerson } from './support/people';
import { signIn, toast, uploadChosen } from './support/screens';
import { shot } from './support/screenshots';

/**
 * The product in a real browser (Debian chromium via playwright-core) on this jest worker's
 * local stack and web server (support/browser-suite.ts): the profile (the picture, the display
 * name with and without JavaScript) and what a person may do with their account: change its
 * password and address, sign out everywhere, and close it.
 */
browserSuite();

/** Whose profile this is, signed in on it (her sign-up is sign-up-and-sign-in.test.ts's). */
let alicePage: Page;
beforeAll(async () => ({ page: alicePage } = await signedInPerson('alice', '/profile')), 120_000);

describe('profile', () => {
  test('set the avatar (with progress) and a display name', async () => {
    const page = alicePage;
    // Said once the malware scan has found it clean: as long as a loaded machine's scan takes.
    await withStackLog(async () => {
      await page.getByLabel('Profile picture file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: avatar });
      await expect(toast(page, 'Your profile picture is updated.')).toBeVisible({ timeout: 60_000 });
    });
    const img = page.getByTestId('avatar');
    await expect(img).toBeVisible();
    const served = await page.request.get((await img.getAttribute('src'))!);
    expect(Buffer.from(await served.body()).equals(avatar)).toBe(true);

    await page.getByLabel('Display name').fill('Alice A.');
    await page.getByRole('button', { name: 'Save name' }).click();
    // The save is the server's work, at 4x CPU slowdown: waited for as a person would.
    await expect(toast(page, 'Your name is saved.')).toBeVisible({ timeout: 60_000 });
    await shot(page, 'profile');
    // The page arrives with the picture: its first HTML shows it, at the app's own address.
    const first = await (await page.request.get(`${base}/profile`)).text();
    const shownFirst = /<img[^>]*data-testid="avatar"[^>]*>/.exec(first)?.[0].match(/src="([^"]+)"/)?.[1];
    expect(shownFirst).toMatch(/^\/profile\/picture\?v=[\w-]{16}$/);
    expect(Buffer.from(await (await page.request.get(`${base}${shownFirst}`)).body()).equals(avatar)).toBe(true);
    // The header names the person with what they set, on every page: their name and their picture.
    await page.goto(`${base}/statements`);
    const me = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Alice A.' });
    await expect(me).toHaveAttribute('href', '/profile');
    const picture = page.getByTestId('header-picture');
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="header-picture"]') as HTMLImageElement | null)?.complete === true,
    );
    expect(await picture.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(2);
    // Its address holds nothing of the picture's key (nor so of the person's id): a 16-character digest.
    expect(await picture.getAttribute('src')).toMatch(/^\/profile\/picture\?v=[A-Za-z0-9_-]{16}$/);
    // On a phone the person sits on the brand's line, and the places keep one line under it.
    await page.setViewportSize({ width: 360, height: 800 });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const brand = (await nav.getByRole('link', { name: 'Statement Vault' }).boundingBox())!;
    const person = (await me.boundingBox())!;
    expect(Math.abs(person.y + person.height / 2 - (brand.y + brand.height / 2))).toBeLessThanOrEqual(4);
    const places = await nav
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
    expect(new Set(places).size).toBe(1);
    await shot(page, 'header-360');
    await page.setViewportSize({ width: 1100, height: 850 });
    await page.goto(`${base}/profile`);
  });

  test('the display name is saved by a form action: a blank name is refused in words, and it works without JavaScript', async () => {
    const page = alicePage;
    await page.getByLabel('Display name').fill('   ');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Use 1 to 80 characters.')).toBeVisible();
    expect(await page.getByLabel('Display name').getAttribute('aria-invalid')).toBe('true');

    // The same session's cookies in a browser that runs no script: the form posts to the server action.
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const noScript = await newPage(context);
    await noScript.goto(`${base}/profile`);
    await noScript.getByLabel('Display name').fill('Alice without scripts');
    const posted = noScript.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().startsWith(`${base}/profile`),
    );
    await noScript.getByRole('button', { name: 'Save name' }).click();
    expect((await posted).status()).toBe(200);
    await context.close();
    const html = await (await page.request.get(`${base}/profile`)).text();
    expect(html).toContain('value="Alice without scripts"');

    await page.reload();
    await page.getByLabel('Display name').fill('Alice A.');
    await page.getByRole('button', { name: 'Save name' }).click();
    // The save is the server's work, at 4x CPU slowdown: waited for as a person would.
    await expect(toast(page, 'Your name is saved.')).toBeVisible({ timeout: 60_000 });
  });
});

describe('sign out and a second user', () => {
  test('your account: change the password and the e-mail address, then sign out everywhere, which ends the other device too', async () => {
    const carol = { email: `carol-${Date.now()}@example.com`, password: 'carol keeps a long one' };
    const newEmail = `carol-new-${Date.now()}@example.com`;
    const page = await newPage();
    await signUpAndSignIn(page, carol.email, carol.password);
    // A second device, signed in as the same person.
    const otherDevice = await browser.newContext();
    const other = await newPage(otherDevice);
    await signInFromSignInPage(other, carol);

    await page.goto(`${base}/profile`);
    const password = page.getByRole('region', { name: 'Password' });
    await password.getByLabel('Current password').fill('not my password');
    await password.getByLabel('New password').fill('an even longer one');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByRole('alert')).toHaveText('The current password is not right.');
    await password.getByLabel('Current password').fill(carol.password);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(toast(page, 'Your password is changed.')).toBeVisible();

    const address = page.getByRole('region', { name: 'E-mail address' });
    await address.getByLabel('New e-mail address').fill(newEmail);
    await address.getByRole('button', { name: 'Change e-mail address' }).click();
    await expect(address.getByRole('status')).toContainText(`Until you enter it, you keep signing in with ${carol.email}.`);
    await shot(page, 'profile-email-code');
    await address.getByLabel('Code from the new address').fill(stack.codeFor(newEmail));
    await address.getByRole('button', { name: 'Confirm new address' }).click();
    await expect(toast(page, `Your e-mail address is now ${newEmail}.`)).toBeVisible();
    await expect(page.getByRole('main').getByText(newEmail, { exact: true })).toBeVisible();

    await page.getByRole('main').getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL(`${base}/sign-in`);
    await expect(toast(page, MESSAGES.signedOutEverywhere)).toBeVisible();
    // The other device's session is over: Cognito refuses its refresh token.
    const cookies = await otherDevice.cookies(base);
    const refreshToken = cookies.find((cookie) => cookie.name.endsWith('.refreshToken'))?.value;
    expect(refreshToken).toEqual(expect.any(String));
    const refresh = await other.request.post(stack.config.custom.userPoolEndpoint!, {
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      },
      data: JSON.stringify({ ClientId: stack.config.auth.user_pool_client_id, RefreshToken: refreshToken }),
    });
    expect(refresh.status()).toBe(400);
    expect((await refresh.json()).__type).toBe('NotAuthorizedException');
    await otherDevice.close();

    // Only the new address and the new password sign in now.
    await signIn(page, carol.email, 'an even longer one');
    await expect(page.getByRole('alert')).toHaveText('The e-mail or password is not right.');
    await signIn(page, newEmail, 'an even longer one');
    await page.waitForURL(`${base}/statements`);
    await page.close();
  });

  test('close the account: what goes is shown first, an old sign-in signs in again before anything is typed, the address confirms it, and the page after says what was deleted; another browser still signed in is signed out at its next page; nothing of it opens any more', async () => {
    const dave = { email: `dave-${Date.now()}@example.com`, password: 'dave keeps a long one' };
    const page = await newPage();
    const violations: string[] = [];
    await signUpAndSignIn(page, dave.email, dave.password);
    await page.getByLabel('Account', { exact: true }).fill('Savings');
    await page.getByLabel('Period', { exact: true }).fill('2024-02');
    await page.getByLabel('Statement files').setInputFiles({ name: 'February 2024.pdf', mimeType: 'application/pdf', buffer: pdf() });
    await uploadChosen(page, 1);
    await expect(page.locator('[data-testid="upload-item"][data-status="done"]')).toHaveCount(1, { timeout: 60_000 });
    // A second browser, signed in as Dave too, on his statements.
    const otherBrowser = await browser.newContext();
    const other = await newPage(otherBrowser);
    await signInFromSignInPage(other, dave);
    await expect(other.getByText('February 2024.pdf').first()).toBeVisible({ timeout: 30_000 });
    await page.goto(`${base}/profile`);
    // Said once the malware scan has found it clean: as long as a loaded machine's scan takes.
    await withStackLog(async () => {
      await page.getByLabel('Profile picture file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: avatar });
      await expect(toast(page, 'Your profile picture is updated.')).toBeVisible({ timeout: 60_000 });
    });
    const avatarUrl = (await page.getByTestId('avatar').getAttribute('src'))!;
    expect((await page.request.get(avatarUrl)).status()).toBe(200);

    // The session goes on, but its sign-in was ten minutes ago (a refreshed session keeps its auth_time).
    const context = page.context();
    await context.addCookies(
      (await sessionCookies(context)).map((cookie) => ({
        ...cookie,
        value: cookie.name.endsWith('.idToken') ? signedInEarlier(cookie.value, 600) : cookie.value,
      })),
    );
    await page.reload();
    const card = page.getByRole('region', { name: 'Close account' });
    await card.getByRole('button', { name: 'Close account…' }).click();
    await expect(card.getByTestId('closing-contents')).toContainText('1 statement (');
    await expect(card.getByTestId('closing-contents')).toContainText('your profile picture');
    // Too old a sign-in is renewed before the person types anything: no address field yet.
    await expect(card.getByTestId('closing-sign-in-again')).toContainText(
      'To close your account, sign in again first. Closing needs a sign-in from the last 5 minutes.',
    );
    await expect(card.getByLabel('Type your e-mail address to confirm')).toHaveCount(0);
    violations.push(...(await accessibilityViolations(page)));
    await shot(page, 'profile-close-account-sign-in-again');
    await card.getByRole('button', { name: 'Sign in again' }).click();
    await page.waitForURL(`${base}/sign-in?next=%2Fprofile%23close-account&reason=sign-in-again`);
    await expect(page.getByRole('status').first()).toHaveText(MESSAGES.signInAgain);
    await signIn(page, dave.email, dave.password);
    await page.waitForURL(`${base}/profile#close-account`);
    await expect(card.getByTestId('closing-contents')).toContainText('1 statement (');
    await expect(card.getByTestId('closing-sign-in-again')).toHaveCount(0);
    await shot(page, 'profile-close-account');
    await card.getByLabel('Type your e-mail address to confirm').pressSequentially(`someone-else@example.com`);
    await card.getByRole('button', { name: 'Close my account for good' }).click();
    await expect(card.getByRole('alert')).toHaveText('Type the e-mail address you sign in with, exactly.');
    await card.getByLabel('Type your e-mail address to confirm').fill('');
    await card.getByLabel('Type your e-mail address to confirm').pressSequentially(` ${dave.email.toUpperCase()}`);
    // The tab signs out and goes to the page after once: no request for it again and again.
    let closedPageRequests = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/account-closed') closedPageRequests += 1;
    });
    await card.getByRole('button', { name: 'Close my account for good' }).click();

    await page.waitForURL(`${base}/account-closed`, { timeout: 60_000 });
    const counts = page.getByTestId('deleted-counts');
    await expect(counts).toContainText('1 statement and');
    await expect(counts).toContainText('2 stored file versions deleted');
    await expect(counts).toContainText('Your sign-in is deleted');
    violations.push(...(await accessibilityViolations(page)));
    await shot(page, 'account-closed');
    expect(violations).toEqual([]);
    expect(closedPageRequests).toBe(1);

    // The other browser's sign-in outlives the account (its ID token lives an hour): its next
    // page signs it out and says why, rather than showing an empty vault.
    await other.goto(`${base}/statements`);
    await other.waitForURL(`${base}/account-closed?elsewhere=1`);
    await expect(other.getByRole('status').first()).toContainText('This account was closed, so this browser is signed out.');
    expect(await sessionCookies(otherBrowser)).toEqual([]);
    await shot(other, 'account-closed-elsewhere');
    violations.push(...(await accessibilityViolations(other)));
    await other.goto(`${base}/profile`);
    await other.waitForURL(/\/sign-in\?next=%2Fprofile/);
    await otherBrowser.close();
    expect(violations).toEqual([]);

    // Nothing opens any more: not the picture's earlier link, not the sign-in, not a private page.
    expect([403, 404]).toContain((await page.request.get(avatarUrl)).status());
    expect(await sessionCookies(context)).toEqual([]);
    await page.goto(`${base}/profile`);
    await page.waitForURL(/\/sign-in\?next=%2Fprofile/);
    await signIn(page, dave.email, dave.password);
    await expect(page.getByRole('alert')).toHaveText('The e-mail or password is not right.');
    await page.close();
  }, 180_000);
});

checkEveryPage();
