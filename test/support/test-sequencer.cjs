// @ts-check
const Sequencer = require('@jest/test-sequencer').default;

/**
 * Jest's order (failed first, then the slowest of the last run, else the largest file first),
 * with the browser files after every other: the browser layer's global setup builds the web
 * app in the background (test/e2e/support/build-ahead.ts) while the other layers run, so no
 * worker sits waiting for the build, and the browser files, which share each worker's stack
 * and web server, run side by side at the end on both workers.
 */
class SuiteSequencer extends Sequencer {
  /** @param {import('@jest/test-result').Test[]} tests */
  async sort(tests) {
    const sorted = await super.sort(tests);
    const browser = (/** @type {import('@jest/test-result').Test} */ test) => test.context.config.displayName?.name === 'e2e';
    return [...sorted.filter((test) => !browser(test)), ...sorted.filter(browser)];
  }
}

module.exports = SuiteSequencer;
