import { ensureDebianPackage } from './debian-package';

/**
 * Once before the suites: every local stack the integration and browser tests start scans
 * uploads with ClamAV, as `npm start` does.
 */
export default async (): Promise<void> => {
  if (process.env.LOCAL_CLAMD) return;
  ensureDebianPackage({ packageName: 'clamav-daemon', binary: '/usr/sbin/clamd', neededFor: 'The local-stack tests (malware scanning)' });
};
