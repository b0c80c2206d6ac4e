import type { Page } from 'playwright-core';

/**
 * Waits until the page's form runs: its submit button is enabled once the page has
 * hydrated (before that a form would post natively). For screens taken as a person uses
 * them; typing before the page runs is tested on its own (as-people-type.ts).
 */
export const formReady = (page: Page) =>
  page.waitForFunction(() => {
    const button = document.querySelector<HTMLButtonElement>('main form button[type="submit"]');
    return button !== null && !button.disabled;
  });

/** Sign-up and confirmation with the code the local stack printed, through the real screens; ends on the sign-in page. */
export const signUpAndConfirm = async (page: Page, origin: string, codeFor: (email: string) => string, email: string, password: string) => {
  await page.goto(`${origin}/sign-up`);
  await formReady(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${origin}/confirm`);
  await formReady(page);
  await page.getByLabel('Confirmation code').fill(codeFor(email));
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await page.waitForURL(/\/sign-in/);
};

/** Fills in and sends the sign-in form of the page shown. */
export const signIn = async (page: Page, email: string, password: string) => {
  await formReady(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
};

/**
 * Uploads the files waiting in the upload panel, as a person does: once every row has read
 * its file (its account and period proposed), the one button for the batch.
 */
export const uploadChosen = async (page: Page, count: number) => {
  await page.waitForFunction(
    (expected) =>
      document.querySelectorAll('[data-testid="filing-row"]').length === expected &&
      document.querySelectorAll('[data-testid="filing-row"][data-reading="true"]').length === 0,
    count,
  );
  await page.getByRole('button', { name: count === 1 ? 'Upload 1 file' : `Upload ${count} files`, exact: true }).click();
};

/** The toast that says `text` (any of its words). */
export const toast = (page: Page, text: string) => page.locator('.Toastify__toast', { hasText: text });
