/**
 * The web app as it deploys, built in this run with OpenNext:
 *   - the server function's bundle (what Lambda unpacks; its limit is 250 MB) and its cold
 *     import in a fresh Node process, against an empty script in the same run;
 *   - First Load JS of each page: the gzipped JavaScript its server-rendered HTML loads,
 *     from OpenNext's local mode serving the same build. Baseline: /_not-found, which
 *     carries only what every page pays (Next, React, the root layout with Amplify,
 *     Apollo, Emotion and toasts).
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { WEB_CONFIG_ENV } from '../contract';
import { serverFunctionDir, staticAssetsDir, webArtifactDir } from '../lib/web-artifact';
import { startWebApp } from '../local/web';
import { buildWebArtifact } from '../scripts/web-build';
import { medianMs } from './measure';

const PAGES = ['/_not-found', '/', '/sign-in', '/statements', '/profile'];
const FIXTURE_CONFIG = path.join(__dirname, '..', 'test', 'web', 'fixtures', 'amplify_outputs.json');
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3917);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const timed = <T>(fn: () => T): [T, number] => {
  const started = Date.now();
  return [fn(), (Date.now() - started) / 1000];
};

const folderSize = (dir: string): { bytes: number; files: number } => {
  let bytes = 0;
  let files = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
    files++;
  }
  return { bytes, files };
};

/**
 * Loads the server's handler as Lambda would: Lambda's Node runtime provides the
 * `awslambda` global the streaming wrapper calls at load; a pass-through stands in here.
 */
const coldImport = (entry: string) =>
  medianMs(5, () =>
    execFileSync(
      process.execPath,
      [
        '--no-warnings',
        '--input-type=module',
        '-e',
        entry ? `globalThis.awslambda = { streamifyResponse: (fn) => fn }; await import(${JSON.stringify(entry)});` : '',
      ],
      { env: { ...process.env, [WEB_CONFIG_ENV.json]: fs.readFileSync(FIXTURE_CONFIG, 'utf8') } },
    ),
  );

const firstLoadJs = async (page: string) => {
  const html = await (await fetch(`http://localhost:${PORT}${page === '/_not-found' ? '/this-page-does-not-exist' : page}`)).text();
  const scripts = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((match) => match[1]))];
  let gzip = 0;
  let raw = 0;
  for (const src of scripts) {
    const bytes = fs.readFileSync(path.join(staticAssetsDir(webArtifactDir('local')), src));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { scripts: scripts.length, raw, gzip };
};

const main = async () => {
  const [, awsSeconds] = timed(() => buildWebArtifact('aws', { quiet: true }));
  const [, localSeconds] = timed(() => buildWebArtifact('local', { quiet: true }));
  console.log(`Web app, built with OpenNext (${awsSeconds.toFixed(0)} s for AWS, ${localSeconds.toFixed(0)} s for local mode)`);

  const server = serverFunctionDir(webArtifactDir('aws'));
  const size = folderSize(server);
  const assets = folderSize(staticAssetsDir(webArtifactDir('aws')));
  const empty = coldImport('');
  const ours = coldImport(path.join(server, 'index.mjs'));
  console.log(`  server function  ${mb(size.bytes)} unzipped, ${size.files} files (Lambda's limit: 250 MB); static files ${mb(assets.bytes)}, ${assets.files} files`);
  console.log(`  cold import      ${ours.toFixed(0)} ms vs empty node ${empty.toFixed(0)} ms (${(ours / empty).toFixed(2)}x)`);

  const web = await startWebApp({ port: PORT, mode: 'start', configFile: FIXTURE_CONFIG });
  try {
    console.log('  First Load JS (baseline /_not-found)');
    const baseline = await firstLoadJs('/_not-found');
    for (const page of PAGES) {
      const load = await firstLoadJs(page);
      console.log(
        `    ${page.padEnd(12)} ${kb(load.gzip).padStart(9)} gzip (${kb(load.raw)} raw, ${load.scripts} scripts)  ` +
          `ratio ${(load.gzip / baseline.gzip).toFixed(2)}x  page's own ${kb(load.gzip - baseline.gzip)}`,
      );
    }
  } finally {
    await web.stop();
  }
};

main().catch((error: Error) => {
  console.error(`bench/web: ${error.message}`);
  process.exit(1);
});
