import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureJava } from '../../local/system-packages';
import { SHARED_STACKS_ENV } from '../local/support/shared-stack';
import { ensureDebianPackage } from './debian-package';

/**
 * Once before the suites, so stacks started side by side never race apt-get: Java for
 * DynamoDB Local, and ClamAV's daemon, with which every local stack the integration and
 * browser tests start scans uploads.
 */
export default async (): Promise<void> => {
  // Where each worker records the stack its suites share (the workers inherit this environment).
  process.env[SHARED_STACKS_ENV] ??= fs.mkdtempSync(path.join(os.tmpdir(), 'vault-shared-stacks-'));
  ensureJava((line) => process.stderr.write(`${line}\n`));
  if (process.env.LOCAL_CLAMD) return;
  ensureDebianPackage({ packageName: 'clamav-daemon', binary: '/usr/sbin/clamd', neededFor: 'The local-stack tests (malware scanning)' });
};
