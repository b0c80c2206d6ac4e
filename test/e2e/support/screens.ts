import type { Page } from 'playwright-core';

/** Sign-up and confirmation with the code the local stack printed, through the real screens; ends on the sign-in page. */
export const signUpAndConfirm = async (page: Page, origin: string, codeFor: (email: string) => string, email: string, password: string) => {
  await page.goto(`${origin}/sign-up`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${origin}/confirm`);
  await page.getByLabel('Confirmation code').fill(codeFor(email));
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await page.waitForURL(/\/sign-in/);
};

/** Fills in and sends the sign-in form of the page shown. */
export const signIn = async (page: Page, email: string, password: string) => {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
};
