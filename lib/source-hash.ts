import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The repository's root. */
export const REPO_ROOT = path.join(__dirname, '..');

/** Where the local stack keeps what it builds from the sources, by their hash (a cache, as tools keep under node_modules/.cache). */
export const LOCAL_CACHE_DIR = path.join(REPO_ROOT, 'node_modules', '.cache', 'statement-vault');

/** A short hash of these files and folders of the repository (names and contents), for a cache's key. */
export const sourcesHash = (inputs: readonly string[]): string => {
  const hash = createHash('sha256');
  const add = (relative: string) => {
    const file = path.join(REPO_ROOT, relative);
    if (!fs.existsSync(file)) return;
    if (fs.statSync(file).isDirectory()) {
      for (const entry of fs.readdirSync(file).sort()) add(path.join(relative, entry));
      return;
    }
    hash.update(relative).update('\0').update(fs.readFileSync(file)).update('\0');
  };
  inputs.forEach(add);
  return hash.digest('hex').slice(0, 16);
};
