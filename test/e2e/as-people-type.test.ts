import type { Page } from 'playwright-core';
import { pngOf } from '../support/samples';
import { PHONE, autofillAtLoad, handOverEmail, holdScripts, hydrated, slowCpu, typeInto } from './support/as-people-type';
import { base, browser, browserSuite, checkEveryPage, newPage, stack } from './support/browser-suite';
import { formReady, toast } from './support/screens';

/**
 * The product in a real browser (Debian chromium via playwright-core) on this jest worker's
 * local stack and web server (support/browser-suite.ts): forms typed key by key as their page
 * appears, before it hydrates, on a phone-speed browser (4x CPU slowdown, 412 px).
 */
browserSuite();

describe('as people type: key by key as the page appears, on a phone-speed browser (4x CPU slowdown, 412 px)', () => {
  const typist = { email: `typist-${Date.now()}@example.com`, password: 'typed key by key' };
  const phonePage = async () => {
    const page = await newPage(await browser.newContext(PHONE));
    await slowCpu(page);
    return page;
  };
  const emailField = (page: Page) => page.getByLabel('E-mail');
  const passwordField = (page: Page) => page.getByLabel('Password', { exact: true });

  test('sign-up, confirmation and sign-in, each typed as its page appears: every field ends with exactly what was typed', async () => {
    const page = await phonePage();
    // Sign-up, typed before the page's script runs.
    const scripts = await holdScripts(page);
    await page.goto(`${base}/sign-up`, { waitUntil: 'commit' });
    await typeInto(emailField(page), typist.email);
    await typeInto(passwordField(page), typist.password);
    expect(await hydrated(page)).toBe(false);
    scripts.release();
    await formReady(page);
    await expect(emailField(page)).toHaveValue(typist.email);
    await expect(passwordField(page)).toHaveValue(typist.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${base}/confirm`);
    // The confirmation page fills in the address; the code is typed as the page appears.
    await typeInto(page.getByLabel('Confirmation code'), stack.codeFor(typist.email));
    await expect(emailField(page)).toHaveValue(typist.email);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.waitForURL(/\/sign-in/);
    // The sign-in page fills the address in too; a person who types it anyway, as the page
    // appears, ends with what they typed, not with the two mixed.
    await typeInto(emailField(page), typist.email);
    await typeInto(passwordField(page), typist.password);
    await expect(emailField(page)).toHaveValue(typist.email);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${base}/statements`);
    await page.context().close();
  }, 120_000);

  test('an address handed to a page that has not hydrated: what was typed stays, whether the page runs mid-word or after', async () => {
    for (const typedBeforeScripts of [typist.email.slice(0, 9), typist.email]) {
      const page = await phonePage();
      await handOverEmail(page, base, typist.email);
      const scripts = await holdScripts(page);
      await page.goto(`${base}/sign-in`, { waitUntil: 'commit' });
      await typeInto(emailField(page), typedBeforeScripts);
      expect(await hydrated(page)).toBe(false);
      // The page's script runs while the person goes on typing.
      const typing = page.keyboard.type(typist.email.slice(typedBeforeScripts.length), { delay: 25 });
      scripts.release();
      await typing;
      await formReady(page);
      await expect(emailField(page)).toHaveValue(typist.email);
      await typeInto(passwordField(page), typist.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(`${base}/statements`);
      await page.context().close();
    }
  }, 120_000);

  test('an address filled in for the person is taken whole or replaced whole: a tap into it and typing replaces it', async () => {
    const page = await phonePage();
    await handOverEmail(page, base, 'someone-else@example.com');
    await page.goto(`${base}/sign-in`);
    await formReady(page);
    await expect(emailField(page)).toHaveValue('someone-else@example.com');
    await typeInto(emailField(page), typist.email);
    await expect(emailField(page)).toHaveValue(typist.email);
    // Once the person has changed it, it is an ordinary field: a tap puts the caret where it lands.
    await emailField(page).press('End');
    await page.keyboard.press('Backspace');
    await expect(emailField(page)).toHaveValue(typist.email.slice(0, -1));
    await page.context().close();

    // Nobody typing: the address is there, and only the password is typed.
    const quiet = await phonePage();
    await handOverEmail(quiet, base, typist.email);
    await quiet.goto(`${base}/sign-in`, { waitUntil: 'commit' });
    await typeInto(passwordField(quiet), typist.password);
    await formReady(quiet);
    await expect(emailField(quiet)).toHaveValue(typist.email);
    await quiet.getByRole('button', { name: 'Sign in', exact: true }).click();
    await quiet.waitForURL(`${base}/statements`);
    await quiet.context().close();
  }, 120_000);

  test("the browser's autofill at load, on a reload of a page an address was handed to, is kept as filled", async () => {
    const page = await phonePage();
    await handOverEmail(page, base, typist.email);
    await autofillAtLoad(page, typist);
    const scripts = await holdScripts(page);
    await page.goto(`${base}/sign-in`, { waitUntil: 'commit' });
    await expect(emailField(page)).toHaveValue(typist.email);
    scripts.release();
    await formReady(page);
    // A reload fills it again, before and after the page runs.
    await page.reload();
    await formReady(page);
    await expect(emailField(page)).toHaveValue(typist.email);
    await expect(passwordField(page)).toHaveValue(typist.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${base}/statements`);
    await page.context().close();
  }, 120_000);

  test("the upload panel's account and month, typed before the page ran, are what a file that names neither is filed under, said as set above", async () => {
    const page = await phonePage();
    await page.goto(`${base}/sign-in`);
    await typeInto(emailField(page), typist.email);
    await typeInto(passwordField(page), typist.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${base}/statements`);
    const scripts = await holdScripts(page);
    await page.goto(`${base}/statements`, { waitUntil: 'commit' });
    await typeInto(page.getByLabel('Account', { exact: true }), 'Typed ••0042');
    // A month as people write one: no browser's month picker takes "03/2024" typed after a tap.
    await typeInto(page.getByLabel('Period', { exact: true }), '03/2024');
    scripts.release();
    // Files can be chosen once the page runs: its file input has React's handlers then.
    await page.waitForFunction(() => {
      const input = document.querySelector('input[aria-label="Statement files"]');
      return input !== null && Object.keys(input).some((key) => key.startsWith('__reactProps'));
    });
    await expect(page.getByLabel('Account', { exact: true })).toHaveValue('Typed ••0042');
    await page.getByLabel('Statement files').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: pngOf(40, 40) });
    const row = page.getByTestId('filing-row').filter({ hasText: 'receipt.png' });
    await expect(row.getByLabel('Account for receipt.png')).toHaveValue('Typed ••0042');
    await expect(row.getByTestId('account-source')).toHaveText('as you set it above');
    await expect(row.getByLabel('Period for receipt.png')).toHaveValue('2024-03');
    await expect(row.getByTestId('period-source')).toHaveText('as you set it above');
    // The row's own month, typed over key by key, is written as the month it names once left.
    await row.getByLabel('Period for receipt.png').tap();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Apr 2024', { delay: 25 });
    await expect(row.getByLabel('Period for receipt.png')).toHaveValue('Apr 2024');
    await page.keyboard.press('Tab');
    await expect(row.getByLabel('Period for receipt.png')).toHaveValue('2024-04');
    await expect(row.getByTestId('period-source')).toHaveText('as you set it');
    await page.context().close();
  }, 120_000);

  test('the other forms keep what was typed before their page ran: password reset, and the display name', async () => {
    const page = await phonePage();
    let scripts = await holdScripts(page);
    await page.goto(`${base}/forgot-password`, { waitUntil: 'commit' });
    await typeInto(emailField(page), typist.email);
    scripts.release();
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await expect(page.getByText(`If an account exists for ${typist.email}, a code is on its way.`)).toBeVisible();
    await typeInto(page.getByLabel('Code'), stack.codeFor(typist.email));
    await typeInto(page.getByLabel('New password'), 'typed again, key by key');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL(`${base}/sign-in`);
    await typeInto(passwordField(page), 'typed again, key by key');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${base}/statements`);

    scripts = await holdScripts(page);
    await page.goto(`${base}/profile`, { waitUntil: 'commit' });
    const name = page.getByLabel('Display name');
    await name.tap();
    await name.press('Control+A');
    await page.keyboard.type('Typed Before It Ran', { delay: 25 });
    scripts.release();
    // The export button works only with the page's script, so it is enabled once the page has hydrated.
    await expect(page.getByRole('button', { name: 'Export everything' })).toBeEnabled();
    await expect(name).toHaveValue('Typed Before It Ran');
    await page.getByRole('button', { name: 'Save name' }).click();
    // The save is the server's work, at 4x CPU slowdown: waited for as a person would.
    await expect(toast(page, 'Your name is saved.')).toBeVisible({ timeout: 60_000 });
    await expect(name).toHaveValue('Typed Before It Ran');
    await page.context().close();
  }, 120_000);
});

checkEveryPage();
