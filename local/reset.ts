/**
 * `npm run local:reset`: deletes everything the local stack keeps between runs (users,
 * profiles, statements, files, codes), after saying what it will delete. Stop the stack
 * first; a running stack would keep using the deleted files.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { killLeftovers } from './children';
import { dataPaths, defaultDataDir } from './settings';

const sizeOf = (target: string): number => {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.size;
  return fs.readdirSync(target).reduce((total, entry) => total + sizeOf(path.join(target, entry)), 0);
};

const dataDir = defaultDataDir();
const paths = dataPaths(dataDir);
if (!fs.existsSync(dataDir)) {
  console.log(`local:reset: nothing to delete (${dataDir} does not exist)`);
  process.exit(0);
}
const pidsFile = fs.existsSync(paths.pids) ? JSON.parse(fs.readFileSync(paths.pids, 'utf8')) : undefined;
if (pidsFile?.owner) {
  try {
    process.kill(pidsFile.owner, 0);
    console.error(`local:reset: the local stack is running (pid ${pidsFile.owner}); stop it with Ctrl-C first`);
    process.exit(1);
  } catch {
    killLeftovers(paths.pids);
  }
}
const parts: [string, string][] = [
  [paths.cognito, 'users and their passwords (Cognito)'],
  [paths.dynamodb, 'profiles and statement records (DynamoDB)'],
  [paths.s3, 'uploaded files and avatars (S3)'],
  [paths.codes, 'confirmation and reset codes'],
];
console.log(`local:reset: deleting ${dataDir}:`);
for (const [target, what] of parts) {
  if (fs.existsSync(target))
    console.log(`  - ${what}: ${path.relative(process.cwd(), target)} (${(sizeOf(target) / 1024).toFixed(0)} KiB)`);
}
fs.rmSync(dataDir, { recursive: true, force: true });
console.log('local:reset: done; the next `npm start` begins empty');
