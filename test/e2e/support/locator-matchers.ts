import type { Locator } from 'playwright-core';

/**
 * Web-first assertions for jest: each polls the locator until it holds or the timeout
 * passes (the DOM settles asynchronously), like @playwright/test's, which needs its own
 * runner.
 */
/**
 * Polls until the assertion as written holds (the check true, or false under `.not`) or the
 * timeout passes, and gives the last reading. A `.not` assertion is so done as soon as the
 * page is as it says, not after waiting out the timeout for the opposite.
 */
const poll = async (isNot: boolean | undefined, check: () => Promise<boolean>, timeout: number): Promise<boolean> => {
  const deadline = Date.now() + timeout;
  for (;;) {
    const holds = await check().catch(() => false);
    if (holds !== Boolean(isNot) || Date.now() > deadline) return holds;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const text = async (locator: Locator) => ((await locator.first().textContent({ timeout: 500 })) ?? '').replace(/\s+/g, ' ').trim();

interface Options {
  timeout?: number;
}

expect.extend({
  /** Enabled: a control that needs the page's script is enabled once the page has hydrated. */
  async toBeEnabled(this: jest.MatcherContext, locator: Locator, options: Options = {}) {
    const pass = await poll(this.isNot, () => locator.first().isEnabled({ timeout: 500 }), options.timeout ?? 15_000);
    return { pass, message: () => `expected ${locator} ${pass ? 'not ' : ''}to be enabled` };
  },
  async toBeDisabled(this: jest.MatcherContext, locator: Locator, options: Options = {}) {
    const pass = await poll(this.isNot, () => locator.first().isDisabled({ timeout: 500 }), options.timeout ?? 15_000);
    return { pass, message: () => `expected ${locator} ${pass ? 'not ' : ''}to be disabled` };
  },
  /** Wholly inside the window as it is scrolled now (a sticky bar stays so; a row scrolled past does not). */
  async toBeInViewport(this: jest.MatcherContext, locator: Locator, options: Options = {}) {
    const inside = () =>
      locator.first().evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
      });
    const pass = await poll(this.isNot, inside, options.timeout ?? 15_000);
    return { pass, message: () => `expected ${locator} ${pass ? 'not ' : ''}to be wholly in the window` };
  },
  async toBeVisible(this: jest.MatcherContext, locator: Locator, options: Options = {}) {
    const pass = await poll(this.isNot, () => locator.first().isVisible(), options.timeout ?? 15_000);
    return { pass, message: () => `expected ${locator} ${pass ? 'not ' : ''}to be visible` };
  },
  /** One text (exact, or a pattern) for the first match; a list for every match, in order. */
  async toHaveText(this: jest.MatcherContext, locator: Locator, expected: string | RegExp | string[], options: Options = {}) {
    const actual = async (): Promise<string | string[]> =>
      Array.isArray(expected) ? (await locator.allTextContents()).map((one) => one.replace(/\s+/g, ' ').trim()) : text(locator);
    const matches = (value: string | string[]) =>
      Array.isArray(expected)
        ? Array.isArray(value) && value.length === expected.length && value.every((one, i) => one === expected[i])
        : typeof value === 'string' && (expected instanceof RegExp ? expected.test(value) : value === expected);
    const pass = await poll(this.isNot, async () => matches(await actual()), options.timeout ?? 15_000);
    const seen = await actual().catch(() => '(nothing)');
    return { pass, message: () => `expected ${locator} to have text ${JSON.stringify(String(expected))}, it has ${JSON.stringify(seen)}` };
  },
  async toContainText(this: jest.MatcherContext, locator: Locator, expected: string, options: Options = {}) {
    const pass = await poll(this.isNot, async () => (await text(locator)).includes(expected), options.timeout ?? 15_000);
    const actual = pass ? expected : await text(locator).catch(() => '(nothing)');
    return { pass, message: () => `expected ${locator} to contain "${expected}", it has "${actual}"` };
  },
  async toHaveCount(this: jest.MatcherContext, locator: Locator, expected: number, options: Options = {}) {
    const pass = await poll(this.isNot, async () => (await locator.count()) === expected, options.timeout ?? 15_000);
    const actual = await locator.count().catch(() => -1);
    return { pass, message: () => `expected ${locator} to match ${expected} element(s), it matches ${actual}` };
  },
  async toHaveAttribute(this: jest.MatcherContext, locator: Locator, name: string, expected: string, options: Options = {}) {
    const read = () => locator.first().getAttribute(name, { timeout: 500 });
    const pass = await poll(this.isNot, async () => (await read()) === expected, options.timeout ?? 15_000);
    const actual = await read().catch(() => '(nothing)');
    return { pass, message: () => `expected ${locator} to have ${name}="${expected}", it has "${actual}"` };
  },
  /** The value of an input, which a page may fill in after it hydrates. */
  async toHaveValue(this: jest.MatcherContext, locator: Locator, expected: string, options: Options = {}) {
    const pass = await poll(
      this.isNot,
      async () => (await locator.first().inputValue({ timeout: 500 })) === expected,
      options.timeout ?? 15_000,
    );
    const actual = await locator
      .first()
      .inputValue({ timeout: 500 })
      .catch(() => '(nothing)');
    return { pass, message: () => `expected ${locator} to have the value "${expected}", it has "${actual}"` };
  },
});

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace jest {
    interface Matchers<R> {
      toBeEnabled(options?: Options): Promise<R>;
      toBeDisabled(options?: Options): Promise<R>;
      toBeInViewport(options?: Options): Promise<R>;
      toBeVisible(options?: Options): Promise<R>;
      toHaveText(expected: string | RegExp | string[], options?: Options): Promise<R>;
      toContainText(expected: string, options?: Options): Promise<R>;
      toHaveCount(expected: number, options?: Options): Promise<R>;
      toHaveValue(expected: string, options?: Options): Promise<R>;
      toHaveAttribute(name: string, expected: string, options?: Options): Promise<R>;
    }
  }
}
