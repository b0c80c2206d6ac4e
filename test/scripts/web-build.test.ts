import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { WEB_BUILD_ID_ENV, webBuildId, webSourcesFingerprint } from '../../lib/web-sources';

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
  write('lib/web-sources.ts', 'export {};');
  write('lib/other.ts', 'export {};');
  write('package-lock.json', '{}');
});
afterEach(() => fs.rmSync(repo, { recursive: true, force: true }));

test.each([
  ['a page', 'web/app/page.tsx'],
  ['the fingerprint itself', 'lib/web-sources.ts'],
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

describe("Next.js's build id", () => {
  const saved = process.env[WEB_BUILD_ID_ENV];
  afterEach(() => {
    if (saved === undefined) delete process.env[WEB_BUILD_ID_ENV];
    else process.env[WEB_BUILD_ID_ENV] = saved;
  });

  test('comes from the sources, never at random: the one a build hands it, else the fingerprint of the sources as they are', async () => {
    // By a path TypeScript does not follow: Next.js's types would reshape process.env for every test.
    const configModule = '../../web/next.config';
    const { default: nextConfig } = (await import(configModule)) as { default: { generateBuildId: () => Promise<string> | string } };
    delete process.env[WEB_BUILD_ID_ENV];
    const fromSources = await nextConfig.generateBuildId();
    expect(fromSources).toBe(webBuildId(webSourcesFingerprint()));
    expect(await nextConfig.generateBuildId()).toBe(fromSources);
    process.env[WEB_BUILD_ID_ENV] = 'given-by-the-build';
    expect(await nextConfig.generateBuildId()).toBe('given-by-the-build');
  });

  test('variables Next.js writes into the build (NEXT_PUBLIC_*) are sources too; others are not', () => {
    const before = webSourcesFingerprint(repo, {});
    expect(webSourcesFingerprint(repo, { PATH: '/usr/bin', HOME: '/root' })).toBe(before);
    expect(webSourcesFingerprint(repo, { NEXT_PUBLIC_GA_MEASUREMENT_ID: 'G-1' })).not.toBe(before);
  });
});
