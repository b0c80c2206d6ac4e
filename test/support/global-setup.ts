import { ensureJava } from '../../local/system-packages';
import { ensureDebianPackage } from './debian-package';

/**
 * Once before the suites, so stacks started side by side never race apt-get: Java for
 * DynamoDB Local, and ClamAV's daemon, with which every local stack the integration and
 * browser tests start scans uploads.
 */
export default async (): Promise<void> => {
  ensureJava((line) => process.stderr.write(`${line}\n`));
  if (process.env.LOCAL_CLAMD) return;
  ensureDebianPackage({ packageName: 'clamav-daemon', binary: '/usr/sbin/clamd', neededFor: 'The local-stack tests (malware scanning)' });
};
