import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { accessibilityViolations } from './axe';

/** Screenshots of every screen: test-results/screenshots/, the pages in each scheme in pages/. */
export const SCREENSHOTS = path.join(__dirname, '..', '..', '..', 'test-results', 'screenshots');

export const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });

/**
 * Waits for the page's short animations to end (a toast sliding in or fading out, a
 * dialog opening): what a person reads is the settled screen, and axe measures contrast on
 * the colours as drawn, so a toast caught at half its opacity fails contrast that it meets.
 * Endless animations (a spinner) and long ones (a toast's countdown bar) are not waited for.
 */
export const settled = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => {
          const timing = animation.effect?.getComputedTiming();
          return timing !== undefined && Number(timing.endTime) <= 2000;
        })
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );

/**
 * The README's screenshots (docs/images/), so they follow the screens: the window at 1280×800
 * in light mode, from the top of the page or of `from`.
 */
export const docsShot = async (page: Page, name: string, from?: ReturnType<Page['locator']>) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  await from?.evaluate((element) => {
    element.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -16);
  });
  await settled(page);
  await page.screenshot({ path: path.join(__dirname, '..', '..', '..', 'docs', 'images', `${name}.png`) });
};

/** A page wider than the window (it scrolls sideways), said with how much: none, on any page at any width. */
export const sidewaysScroll = async (page: Page, where: string): Promise<string[]> => {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  return overflow > 0 ? [`${where} scrolls sideways by ${overflow} px`] : [];
};

/**
 * The page in light and dark, 1280 and 360 px wide: a screenshot of each (of `part` when
 * given) in test-results/screenshots/pages/, and what axe finds in each. The page is left
 * light, 1100 px wide.
 */
export const everyScheme = async (page: Page, name: string, part?: () => ReturnType<Page['locator']>): Promise<string[]> => {
  const violations: string[] = [];
  // Toasts hold still while the page is measured: they pause when the window loses focus,
  // as for a person who looks away. Otherwise a toast whose time runs out during axe's run
  // is measured half faded out, a frame nobody reads (axe then reports its contrast).
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  for (const [scheme, width] of [
    ['light', 1280],
    ['dark', 1280],
    ['light', 360],
    ['dark', 360],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    const file = path.join(SCREENSHOTS, 'pages', `${name}-${scheme}-${width}.png`);
    await (part ? part().screenshot({ path: file }) : page.screenshot({ path: file, fullPage: true }));
    violations.push(...(await accessibilityViolations(page)), ...(await sidewaysScroll(page, `${name} at ${width} px`)));
  }
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1100, height: 850 });
  return violations;
};
