/**
 * The baseline the web app's JavaScript is measured against: a bare Next.js app of the
 * same installed versions (one page, one layout, nothing else), built in the same run.
 * It lives under .bench/ (ignored by git) inside the repository, so it resolves the very
 * same node_modules.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { OPEN_NEXT_CLI } from '../lib/web-build';

const ROOT = path.join(__dirname, '..');
export const BARE_NEXT_DIR = path.join(ROOT, '.bench', 'bare-next');
export const NEXT_BIN = require.resolve('next/dist/bin/next');

const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'bare-next', private: true }),
  'next.config.mjs': `export default { turbopack: { root: ${JSON.stringify(ROOT)} } };\n`,
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      lib: ['dom', 'esnext'],
      jsx: 'react-jsx',
      module: 'esnext',
      moduleResolution: 'bundler',
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      isolatedModules: true,
      esModuleInterop: true,
      plugins: [{ name: 'next' }],
    },
    include: ['**/*.ts', '**/*.tsx'],
  }),
  'app/layout.tsx': `export default function RootLayout({ children }: { children: React.ReactNode }) {\n  return (<html lang="en"><body>{children}</body></html>);\n}\n`,
  'app/page.tsx': `export const metadata = { title: 'Bare Next.js' };\nexport default function Page() {\n  return (<main><h1>Sign in</h1><p>A bare Next.js page.</p></main>);\n}\n`,
  // The same address as the app's sign-in page, rendered per request as the app's pages are.
  'app/sign-in/page.tsx': `import { connection } from 'next/server';\nexport const metadata = { title: 'Sign in' };\nexport default async function SignIn() {\n  await connection();\n  return (<main><h1>Sign in</h1><p>A bare Next.js page.</p></main>);\n}\n`,
  // The web app's own OpenNext config for a local run (its wrapper and converter), building with `next build` here.
  // (A relative import: OpenNext bundles the config's relative imports, and leaves the rest to Node.)
  'open-next.config.ts': `import local from '../../web/open-next.local.config';\nexport default { ...local, buildCommand: ${JSON.stringify(`${JSON.stringify(process.execPath)} ${JSON.stringify(require.resolve('next/dist/bin/next'))} build`)} };\n`,
};

/** Writes and builds the bare app (`next build`); returns its folder. */
export const buildBareNext = (): string => {
  fs.rmSync(BARE_NEXT_DIR, { recursive: true, force: true });
  for (const [file, content] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(BARE_NEXT_DIR, file)), { recursive: true });
    fs.writeFileSync(path.join(BARE_NEXT_DIR, file), content);
  }
  execFileSync(process.execPath, [NEXT_BIN, 'build'], {
    cwd: BARE_NEXT_DIR,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: 'pipe',
  });
  return BARE_NEXT_DIR;
};

/** Where OpenNext writes the bare app's build. */
export const BARE_OPEN_NEXT_DIR = path.join(BARE_NEXT_DIR, '.open-next');

/**
 * Builds the bare app with OpenNext and the web app's local config (the same adapter,
 * wrapper and converter), as `npm start` runs the web app; returns its build's folder.
 */
export const buildBareOpenNext = (): string => {
  buildBareNext();
  if (!OPEN_NEXT_CLI) throw new Error('@opennextjs/aws is not installed; run `npm ci` first');
  execFileSync(process.execPath, [OPEN_NEXT_CLI, 'build', '--config-path', 'open-next.config.ts'], {
    cwd: BARE_NEXT_DIR,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: 'pipe',
  });
  return BARE_OPEN_NEXT_DIR;
};
