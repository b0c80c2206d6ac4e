import * as path from 'node:path';
import { accessibilityViolations } from './support/axe';
import { pdf } from '../support/samples';
import { base, browser, browserSuite, checkEveryPage, newPage } from './support/browser-suite';
import { type Person, personWith } from './support/people';
import { formReady, signIn } from './support/screens';
import { SCREENSHOTS, sidewaysScroll } from './support/screenshots';

/**
 * The product in a real browser (Debian chromium via playwright-core) on this jest worker's
 * local stack and web server (support/browser-suite.ts): every public and private page in
 * light and dark, 1280 and 360 px wide, checked by axe (WCAG 2.x A and AA) with no
 * sideways scroll, and the branded 404.
 */
browserSuite();

/** Whose private pages are shown, each screen signing her in: her name set, a statement kept. */
let alice: Person;
/** A name as a bank's download gives it: long, with no space to break it at. */
const LONG_NAME = 'eStatement_HarborBank_EverydayChecking_ending6789_2024-01-31_downloaded_20240614T101500.pdf';
const NAME = 'Alexandra Konstantinopoulou-Whitfield';
beforeAll(async () => {
  alice = await personWith('alice', {
    displayName: NAME,
    statements: [
      {
        fileName: LONG_NAME,
        contentType: 'application/pdf',
        accountLabel: 'Harbor Bank Everyday Checking',
        period: '2024-01',
        bytes: pdf(20_000),
      },
    ],
  });
}, 120_000);

describe('every page, light and dark, wide and narrow', () => {
  test('an unknown address gets the branded 404 with a way home', async () => {
    const page = await newPage();
    const response = await page.goto(`${base}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toContainText('This page is not in the vault');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL(`${base}/`);
    await page.close();
  });

  test.each([
    ['light', 1280],
    ['dark', 1280],
    ['light', 360],
    ['dark', 360],
  ] as const)(
    'screens in %s mode at %i px (test-results/screenshots/pages/)',
    async (scheme, width) => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
      const page = await newPage(context);
      const violations: string[] = [];
      const save = async (name: string, on = page) => {
        await on.screenshot({ path: path.join(SCREENSHOTS, 'pages', `${name}-${scheme}-${width}.png`), fullPage: true });
        violations.push(...(await accessibilityViolations(on)), ...(await sidewaysScroll(on, `${name} at ${width} px`)));
      };
      for (const route of ['/', '/sign-up', '/confirm', '/forgot-password', '/no-such-page', '/account-closed', '/sign-in']) {
        await page.goto(`${base}${route}`);
        // A form's page as a person uses it: hydrated, its submit button enabled.
        if ((await page.locator('main form button[type="submit"]').count()) > 0) await formReady(page);
        await save(route === '/' ? 'home' : route.slice(1));
      }
      // A form with its error showing.
      await signIn(page, alice.email, 'not the password');
      await expect(page.getByRole('alert')).toHaveText('The e-mail or password is not right.');
      await save('sign-in-error');
      // The page follows the system setting: the dark palette's background in dark mode.
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
        scheme === 'dark' ? 'rgb(17, 24, 39)' : 'rgb(243, 244, 246)',
      );
      await signIn(page, alice.email, alice.password);
      await page.waitForURL(`${base}/statements`);
      await expect(page.getByTestId('statement-row').first()).toBeVisible();
      // Signed in on this page, the header names her at once, without a reload.
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: NAME })).toBeVisible();
      await save('statements');
      await page
        .getByRole('button', { name: /^Delete / })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await save('statements-delete-dialog');
      await page.getByRole('button', { name: 'Cancel' }).click();
      // The statement's own page, its long name and all.
      await page.goto(`${base}/statements/${alice.statementIds[0]}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('eStatement_HarborBank');
      await save('statement');
      // The upload queue with a file of such a name chosen (in a page of its own, closed with the context: nothing is sent).
      const queue = await newPage(context);
      await queue.goto(`${base}/statements`);
      const chosen = LONG_NAME.replace('2024-01', '2024-02');
      await queue.getByLabel('Statement files').setInputFiles({ name: chosen, mimeType: 'application/pdf', buffer: pdf(20_000) });
      await expect(queue.getByLabel(`Period for ${chosen}`)).toBeVisible();
      await save('statements-queue', queue);
      await page.goto(`${base}/profile`);
      await expect(page.getByRole('main').getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
      await save('profile');
      const closing = page.getByRole('region', { name: 'Close account' });
      await closing.getByRole('button', { name: 'Close account…' }).click();
      await expect(closing.getByTestId('closing-contents')).toBeVisible();
      await save('profile-close-account');
      await closing.getByRole('button', { name: 'Keep my account' }).click();
      await page.getByRole('main').getByRole('button', { name: 'Sign out', exact: true }).click();
      await page.waitForURL(`${base}/sign-in`);
      await context.close();
      // axe-core (WCAG 2.x A and AA) on every page and state above, and no page wider than the window: nothing.
      expect(violations).toEqual([]);
    },
    180_000,
  );
});

checkEveryPage();
