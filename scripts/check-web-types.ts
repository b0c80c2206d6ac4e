/**
 * The web app's type check, as `next build` makes it: Next.js's route types first (so a
 * page's or layout's exports are checked against its route), then `tsc -p web`. When it
 * passes, the sources' fingerprint is recorded so a build of the same sources need not
 * check them again (lib/web-sources.ts).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { WEB_DIR } from '../lib/web-artifact';
import { WEB_TYPES_CHECKED_FILE, webSourcesFingerprint } from '../lib/web-sources';

const step = (command: string, args: string[]): void => {
  const result = spawnSync(command, args, { cwd: WEB_DIR, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const before = webSourcesFingerprint();
fs.rmSync(WEB_TYPES_CHECKED_FILE, { force: true });
step('npx', ['next', 'typegen']);
step('npx', ['tsc', '--noEmit', '-p', '.']);
// Sources changed while they were checked are not the ones that passed.
if (webSourcesFingerprint() === before) {
  fs.mkdirSync(path.dirname(WEB_TYPES_CHECKED_FILE), { recursive: true });
  fs.writeFileSync(WEB_TYPES_CHECKED_FILE, before);
}
