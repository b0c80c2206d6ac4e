import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureJava } from '../../local/system-packages';
import { SHARED_STACKS_ENV } from '../local/support/shared-stack';
import { ensureChromium, ensureFullChromium } from '../e2e/support/chromium';
import { ensureDebianPackage } from './debian-package';

/** Where the browser layer's build ahead (test/e2e/support/build-ahead.ts) records its process, in the run's registry. */
export const BUILD_AHEAD_RECORD = 'web-build-ahead.pid';

/** Starts the web app's build in a process group of its own, its output in the registry: the browser files wait for it. */
const buildAhead = (registry: string) => {
  const log = fs.openSync(path.join(registry, 'web-build-ahead.log'), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', 'e2e', 'support', 'build-ahead.ts')], {
    detached: true,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  child.unref();
  fs.writeFileSync(path.join(registry, BUILD_AHEAD_RECORD), String(child.pid));
};

/**
 * Once before the suites of each layer that names it (integration and the browser layer), so
 * stacks and browsers started side by side never race apt-get (two installs at once: one
 * waits on dpkg's lock and fails): Java for DynamoDB Local and ClamAV's daemon, with which
 * every local stack the integration and browser tests start scans uploads; and for the
 * browser layer, both of Debian's chromiums, and the web app's build started in the background.
 */
export default async (_globalConfig: unknown, projectConfig: { displayName?: { name: string } }): Promise<void> => {
  // Where each worker records the stack its suites share (the workers inherit this environment).
  const registry = (process.env[SHARED_STACKS_ENV] ??= fs.mkdtempSync(path.join(os.tmpdir(), 'vault-shared-stacks-')));
  ensureJava((line) => process.stderr.write(`${line}\n`));
  if (!process.env.LOCAL_CLAMD)
    ensureDebianPackage({ packageName: 'clamav-daemon', binary: '/usr/sbin/clamd', neededFor: 'The local-stack tests (malware scanning)' });
  if (projectConfig.displayName?.name !== 'e2e') return;
  ensureChromium();
  ensureFullChromium();
  buildAhead(registry);
};
