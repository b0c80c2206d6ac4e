import type { Locator, Page } from 'playwright-core';
import { PENDING_EMAIL_KEY } from '../../../web/lib/pending-email';

/**
 * A person on a phone, as they enter text: a 412 px touch screen and a CPU four times slower
 * than this machine's, typing key by key into what they see, from the moment it appears,
 * with no regard for whether the page's script has run.
 */
export const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true } as const;

export const slowCpu = async (page: Page, rate = 4) =>
  (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate });

/** Taps the field and types, key by key, where the caret lands. */
export const typeInto = async (field: Locator, text: string) => {
  await field.tap();
  await field.page().keyboard.type(text, { delay: 25 });
};

/**
 * Holds back the page's scripts (a slow network, or a slow phone still parsing them) until
 * `release`, so what a test types is typed before the page hydrates, for certain. After
 * that, scripts pass at once.
 */
export const holdScripts = async (page: Page) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_next\/static\/chunks\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
};

/** Whether the page has hydrated: its form's submit button is enabled only then. */
export const hydrated = (page: Page) =>
  page.evaluate(() => {
    const button = document.querySelector<HTMLButtonElement>('main form button[type="submit"]');
    return button !== null && !button.disabled;
  });

/**
 * The browser's autofill of saved credentials as the page loads: as soon as the fields are
 * parsed (before any script of the page runs), each is set whole and told `input` and
 * `change`, as Chromium's autofill does.
 */
export const autofillAtLoad = (page: Page, values: { email: string; password: string }) =>
  page.addInitScript((fill) => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const apply = () => {
      const email = document.querySelector<HTMLInputElement>('input[autocomplete="email"]');
      const password = document.querySelector<HTMLInputElement>('input[autocomplete="current-password"]');
      if (!email || !password) return false;
      for (const [field, value] of [
        [email, fill.email],
        [password, fill.password],
      ] as const) {
        setValue.call(field, value);
        field.dispatchEvent(new Event('input', { bubbles: true }));
        field.dispatchEvent(new Event('change', { bubbles: true }));
      }
      return true;
    };
    const observer = new MutationObserver(() => {
      if (apply()) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  }, values);

/** Hands an address over as a previous form of the app does (this tab's session storage), for the next page load. */
export const handOverEmail = async (page: Page, origin: string, email: string) => {
  if (!page.url().startsWith(origin)) await page.goto(`${origin}/`);
  await page.evaluate(([key, address]) => sessionStorage.setItem(key, address), [PENDING_EMAIL_KEY, email] as const);
};
