import * as fs from 'node:fs';
import { ensureDebianPackage } from '../../support/debian-package';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The browser tests drive Debian's chromium-headless-shell (no browser download works here):
 * the engine of Debian's chromium, built without the browser's windows, which is what
 * Playwright's own headless mode runs. A full chromium in headless mode draws every open page
 * again and again whether anything on it changes or not (eight idle pages take a third of a
 * core; in the shell, nothing), and the suite keeps several people's pages open. Root
 * installs it when missing, anyone else gets the command. `CHROME_PATH` picks another.
 */
export const ensureChromium = (): string => {
  const configured = process.env.CHROME_PATH;
  if (configured) {
    if (!fs.existsSync(configured)) throw new Error(`CHROME_PATH=${configured} does not exist`);
    return configured;
  }
  return ensureDebianPackage({
    packageName: 'chromium-headless-shell',
    binary: '/usr/bin/chromium-headless-shell',
    neededFor: 'The browser tests',
  });
};

/**
 * Debian's full chromium (in headless mode), for what the shell leaves out: notifications. The
 * shell answers a permission nobody granted as dismissed rather than blocked, and its service
 * workers keep no notifications. `CHROME_PATH` picks another here too.
 */
export const ensureFullChromium = (): string =>
  process.env.CHROME_PATH
    ? ensureChromium()
    : ensureDebianPackage({ packageName: 'chromium', binary: '/usr/bin/chromium', neededFor: 'The notification tests' });
