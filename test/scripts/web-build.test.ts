import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { webSourcesFingerprint } from '../../lib/web-build';

/** `npm start` builds the web app again only when this fingerprint of its sources changes. */
let repo: string;
const write = (file: string, content: string) => {
  fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  fs.writeFileSync(path.join(repo, file), content);
};

beforeEach(() => {
  repo = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-web-sources-'));
  write('web/app/page.tsx', 'export default function Page() { return null; }');
  write('web/public/sw.js', '// worker');
  write('contract/index.ts', 'export const LIMIT = 1;');
  write('lib/web-artifact.ts', "export const HASHED_ASSETS_PATH = '_next/static';");
  write('lib/other.ts', 'export {};');
  write('package-lock.json', '{}');
});
afterEach(() => fs.rmSync(repo, { recursive: true, force: true }));

test.each([
  ['a page', 'web/app/page.tsx'],
  ['a public file', 'web/public/sw.js'],
  ['the contract', 'contract/index.ts'],
  ['the static files’ rules', 'lib/web-artifact.ts'],
  ['the installed versions', 'package-lock.json'],
])('changing %s changes it', (_what, file) => {
  const before = webSourcesFingerprint(repo);
  write(file, `${fs.readFileSync(path.join(repo, file), 'utf8')}\n// changed`);
  expect(webSourcesFingerprint(repo)).not.toBe(before);
});

test('a new file and a renamed one change it', () => {
  const before = webSourcesFingerprint(repo);
  write('web/app/new/page.tsx', 'x');
  const added = webSourcesFingerprint(repo);
  expect(added).not.toBe(before);
  fs.renameSync(path.join(repo, 'web/app/new/page.tsx'), path.join(repo, 'web/app/new/other.tsx'));
  expect(webSourcesFingerprint(repo)).not.toBe(added);
});

test('build output, dependencies, the local config and the rest of lib/ do not', () => {
  const before = webSourcesFingerprint(repo);
  for (const file of [
    'web/.next/server/app.js',
    'web/.open-next-local/assets/x.js',
    'web/.open-next/index.mjs',
    'web/node_modules/pkg/index.js',
    'web/amplify_outputs.json',
    'web/next-env.d.ts',
    'web/tsconfig.tsbuildinfo',
    'lib/other.ts',
  ])
    write(file, 'generated');
  expect(webSourcesFingerprint(repo)).toBe(before);
});
