// @ts-check
import path from 'node:path';

/**
 * Prints, at the end of a run, how long each test file took (slowest first), each layer's
 * sum and the run's own wall time: where a run's time goes, so what is waiting rather than
 * testing can be found. CI prints it with the rest of `npm test`.
 */
const SLOWEST_TESTS = 15;

class TimingReporter {
  /** @param {import('@jest/reporters').Config.GlobalConfig} globalConfig */
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.started = Date.now();
  }

  /** @param {unknown} _contexts @param {import('@jest/reporters').AggregatedResult} results */
  onRunComplete(_contexts, results) {
    const files = results.testResults
      .map((result) => ({
        file: path.relative(this.rootDir, result.testFilePath),
        layer: result.displayName?.name ?? '',
        seconds: (result.perfStats.end - result.perfStats.start) / 1000,
        tests: result.numPassingTests + result.numFailingTests + result.numPendingTests,
      }))
      .sort((a, b) => b.seconds - a.seconds);
    if (files.length === 0) return;
    // A file's setup (its stack, its browser, its build) is what its tests' own times leave out.
    const tests = results.testResults
      .flatMap((result) =>
        result.testResults.map((test) => ({
          name: `${path.relative(this.rootDir, result.testFilePath)} \u203a ${test.fullName}`,
          seconds: (test.duration ?? 0) / 1000,
        })),
      )
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SLOWEST_TESTS);
    const setups = results.testResults
      .map((result) => ({
        file: path.relative(this.rootDir, result.testFilePath),
        seconds:
          (result.perfStats.end - result.perfStats.start) / 1000 -
          result.testResults.reduce((sum, test) => sum + (test.duration ?? 0), 0) / 1000,
      }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SLOWEST_TESTS);
    const layers = new Map();
    for (const file of files) {
      const layer = layers.get(file.layer) ?? { seconds: 0, files: 0, tests: 0 };
      layers.set(file.layer, { seconds: layer.seconds + file.seconds, files: layer.files + 1, tests: layer.tests + file.tests });
    }
    const width = Math.max(...files.map((file) => file.file.length));
    const lines = [
      '',
      'Time per test file (slowest first):',
      ...files.map(
        (file) =>
          `  ${file.seconds.toFixed(1).padStart(7)} s  ${file.file.padEnd(width)}  ${String(file.tests).padStart(4)} tests  ${file.layer}`,
      ),
      `The ${tests.length} slowest tests:`,
      ...tests.map((test) => `  ${test.seconds.toFixed(1).padStart(7)} s  ${test.name.slice(0, 140)}`),
      'Time outside tests (setup, teardown, loading), largest first:',
      ...setups.map((setup) => `  ${setup.seconds.toFixed(1).padStart(7)} s  ${setup.file}`),
      'Per layer (the files\u2019 own times, summed; two run at once):',
      ...[...layers].map(
        ([layer, sum]) =>
          `  ${sum.seconds.toFixed(1).padStart(7)} s  ${(layer || '(none)').padEnd(12)} ${sum.files} files, ${sum.tests} tests`,
      ),
      `Wall time: ${((Date.now() - this.started) / 1000).toFixed(1)} s for ${results.numTotalTests} tests in ${results.numTotalTestSuites} files.`,
      '',
    ];
    process.stderr.write(`${lines.join('\n')}\n`);
  }
}

export default TimingReporter;
