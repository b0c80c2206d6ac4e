import * as fs from 'node:fs';
import { ensureDebianPackage } from '../../support/debian-package';

export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The browser tests drive Debian's chromium (no browser download works here); root
 * installs it when missing, anyone else gets the command. `CHROME_PATH` picks another.
 */
export const ensureChromium = (): string => {
  const configured = process.env.CHROME_PATH;
  if (configured) {
    if (!fs.existsSync(configured)) throw new Error(`CHROME_PATH=${configured} does not exist`);
    return configured;
  }
  return ensureDebianPackage({ packageName: 'chromium', binary: '/usr/bin/chromium', neededFor: 'The browser tests' });
};
