/**
 * First Load JS of the web app's pages: the gzipped JavaScript each prerendered page's
 * HTML loads, from a production build made in this run (against a fixture config).
 * Baseline: /_not-found, which carries only what every page pays (Next, React, the root
 * layout with Amplify, Apollo, Emotion and toasts).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';

const WEB = path.join(__dirname, '..', 'web');
const DIST = '.next-bench';
const CONFIG = '.bench-amplify_outputs.json';
const PAGES = ['/_not-found', '/', '/sign-in', '/statements', '/profile'];

const build = () => {
  fs.copyFileSync(path.join(__dirname, '..', 'test', 'web', 'fixtures', 'amplify_outputs.json'), path.join(WEB, CONFIG));
  const started = Date.now();
  const result = spawnSync(process.execPath, [require.resolve('next/dist/bin/next'), 'build'], {
    cwd: WEB,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', WEB_CONFIG_FILE: CONFIG, NEXT_DIST_DIR: DIST },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`next build failed:\n${result.stdout}\n${result.stderr}`);
  return Date.now() - started;
};

const firstLoadJs = (page: string) => {
  const html = fs.readFileSync(path.join(WEB, DIST, 'server', 'app', `${page === '/' ? 'index' : page.slice(1)}.html`), 'utf8');
  const scripts = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((match) => match[1]))];
  let gzip = 0;
  let raw = 0;
  for (const src of scripts) {
    const file = path.join(WEB, DIST, src.replace(/^\/_next\//, ''));
    const bytes = fs.readFileSync(file);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { scripts: scripts.length, raw, gzip };
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const ms = build();
console.log(`Web app First Load JS (production build in ${(ms / 1000).toFixed(0)} s; baseline /_not-found)`);
const baseline = firstLoadJs('/_not-found');
for (const page of PAGES) {
  const size = firstLoadJs(page);
  console.log(
    `  ${page.padEnd(12)} ${kb(size.gzip).padStart(9)} gzip (${kb(size.raw)} raw, ${size.scripts} scripts)  ` +
      `ratio ${(size.gzip / baseline.gzip).toFixed(2)}x  page's own ${kb(size.gzip - baseline.gzip)}`,
  );
}
fs.rmSync(path.join(WEB, CONFIG), { force: true });
