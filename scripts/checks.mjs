// @ts-check
import { spawn } from 'node:child_process';

/**
 * The static checks `npm test` runs before the suites: both type checks and the linter, side
 * by side (each uses one core), each one's output printed whole when it ends. Exits 1 if
 * any failed, naming which.
 */
const CHECKS = [
  ['types', ['npx', 'tsc', '--noEmit']],
  ["the web app's types", ['node', '--import', 'tsx', 'scripts/check-web-types.ts']],
  ['lint', ['npx', 'eslint', '.', '--max-warnings', '0']],
];

const run = ([name, [command, ...args]]) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? '✓' : '✗'} ${name} (${seconds} s)\n${output}`);
      resolve(code === 0 ? undefined : name);
    });
  });

const failed = (await Promise.all(CHECKS.map(run))).filter(Boolean);
if (failed.length > 0) {
  process.stderr.write(`\nFailed: ${failed.join(', ')}\n`);
  process.exit(1);
}
