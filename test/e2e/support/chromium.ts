import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';

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

const INSTALL = 'sudo apt-get update && sudo apt-get install -y chromium';

/**
 * The browser tests drive Debian's chromium (no browser download works here). If it is
 * missing, root installs it with apt; anyone else gets the exact command. Never a skip.
 */
export const ensureChromium = (): string => {
  const configured = process.env.CHROME_PATH;
  if (configured) {
    if (!fs.existsSync(configured)) throw new Error(`CHROME_PATH=${configured} does not exist`);
    return configured;
  }
  const path = '/usr/bin/chromium';
  if (fs.existsSync(path)) return path;
  if (process.getuid?.() !== 0) {
    throw new Error(`The browser tests need Debian's chromium at ${path}. Install it with:\n  ${INSTALL}\n(or set CHROME_PATH to a Chromium binary).`);
  }
  process.stderr.write('chromium is missing: installing it with apt-get (once per machine)…\n');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (install.status !== 0 || !fs.existsSync(path)) throw new Error(`apt-get could not install chromium; run:\n  ${INSTALL}`);
  return path;
};
