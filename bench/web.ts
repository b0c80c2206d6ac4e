/**
 * The web app as it deploys, built in this run with OpenNext:
 *   - the server function's bundle (what Lambda unpacks; its limit is 250 MB) and its cold
 *     import in a fresh Node process, against an empty script in the same run;
 *   - First Load JS of every page (signed out and, for the private pages, signed in on the
 *     local stack), against a bare Next.js app of the same versions built in the same run,
 *     with what each library costs;
 *   - the statement page's time to first page of a 50 MB PDF against a one-page PDF (bench/preview.ts);
 *   - Lighthouse performance, mobile and desktop, median of 3, of every public page and of
 *     the bare app.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { WEB_CONFIG_ENV } from '../contract';
import { serverFunctionDir, staticAssetsDir, webArtifactDir } from '../lib/web-artifact';
import { spawnGuarded } from '../local/children';
import { freePort, waitForPort } from '../local/ports';
import { buildWebArtifact } from '../lib/web-build';
import { CHROMIUM_FLAGS, ensureChromium } from '../test/e2e/support/chromium';
import { signIn, signUpAndConfirm } from '../test/e2e/support/screens';
import { startStack, type StackProcess } from '../test/local/support/stack-process';
import { BARE_NEXT_DIR, NEXT_BIN, buildBareNext } from './bare-next';
import { LIBRARIES, libraryCost } from './library-cost';
import { lighthouseMedian, withChrome } from './lighthouse';
import { medianMs } from './measure';
import { firstLoadJs } from './page-weight';
import { PREVIEW_RUNS, previewFirstPage } from './preview';

const PUBLIC_PAGES = ['/', '/sign-in', '/sign-up', '/confirm', '/forgot-password', '/no-such-page'];
/** `{statement}`: the page of a statement the bench uploads. */
const PRIVATE_PAGES = ['/statements', '/statements/search', '/statements/coverage', '/statements/{statement}', '/profile'];
/** The ceiling the app holds itself to: every page's First Load JS at most this many times the bare app's. */
const MAX_RATIO = 1.6;
const FIXTURE_CONFIG = path.join(__dirname, '..', 'test', 'web', 'fixtures', 'amplify_outputs.json');

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

/** A person signed up, confirmed and signed in through the app's own screens: the session's cookies and ID token. */
const signedIn = async (browser: Browser, stack: StackProcess, origin: string) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const email = `bench-${Date.now()}@example.com`;
    const password = 'a bench passphrase';
    await signUpAndConfirm(page, origin, (address) => stack.codeFor(address), email, password);
    await signIn(page, email, password);
    await page.waitForURL(`${origin}/statements`);
    const cookies = (await context.cookies(origin)).map(({ name, value }) => ({ name, value }));
    return {
      cookies,
      header: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '),
      idToken: cookies.find((cookie) => cookie.name.endsWith('.idToken'))!.value,
    };
  } finally {
    await context.close();
  }
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
  console.log(
    `  server function  ${mb(size.bytes)} unzipped, ${size.files} files (Lambda's limit: 250 MB); static files ${mb(assets.bytes)}, ${assets.files} files`,
  );
  console.log(`  cold import      ${ours.toFixed(0)} ms vs empty node ${empty.toFixed(0)} ms (${(ours / empty).toFixed(2)}x)`);

  const [, bareSeconds] = timed(() => buildBareNext());
  console.log(`  bare Next.js app of the same versions built in ${bareSeconds.toFixed(0)} s`);
  const barePort = await freePort();
  const bare = spawnGuarded(process.execPath, [NEXT_BIN, 'start', '--port', String(barePort)], {
    cwd: BARE_NEXT_DIR,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  const stack = await startStack({ env: { LOCAL_NO_WEB: '' }, timeoutMs: 180_000 });
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_FLAGS });
  try {
    await waitForPort(barePort, 60_000, 'The bare Next.js app');
    const bareOrigin = `http://localhost:${barePort}`;
    const origin = `http://localhost:${stack.ports.web}`;
    const session = await signedIn(browser, stack, origin);
    const cookie = session.header;
    // The previews' statements, uploaded through the real path; the first one's page is weighed below.
    const previews = await previewFirstPage(browser, stack, origin, session);

    const baseline = await firstLoadJs(bareOrigin, '/');
    const ceiling = baseline.gzip * MAX_RATIO;
    console.log(
      `\n  First Load JS (gzip, module scripts) against a bare Next.js app: ${kb(baseline.gzip)} (${baseline.scripts} scripts); ceiling ${MAX_RATIO}x = ${kb(ceiling)}`,
    );
    console.log(
      `    (on the wire, page and scripts as each server sends them: bare \`next start\` ${kb(baseline.wire)} (${baseline.encodings});` +
        ' ours through the local server, which compresses as the server function and CloudFront do)',
    );
    for (const page of [...PUBLIC_PAGES, ...PRIVATE_PAGES]) {
      const signedIn = PRIVATE_PAGES.includes(page);
      const load = await firstLoadJs(origin, page.replace('{statement}', previews[0].statementId), signedIn ? cookie : '');
      const ratio = load.gzip / baseline.gzip;
      console.log(
        `    ${page.padEnd(17)} ${kb(load.gzip).padStart(9)} (${kb(load.raw)} raw, ${load.scripts} scripts; ${kb(load.wire)} on the wire, ${load.encodings})  ${ratio.toFixed(2)}x bare` +
          `  ${ratio <= MAX_RATIO ? 'within' : 'OVER'} ${MAX_RATIO}x${signedIn ? '  (signed in, with the data)' : ''}`,
      );
    }
    const [small, large] = previews;
    console.log(`\n  A PDF's first page on the statement page (chromium, from the navigation's start; median of ${PREVIEW_RUNS})`);
    for (const figures of previews)
      console.log(
        `    ${figures.label.padEnd(17)} ${figures.medianMs.toFixed(0).padStart(5)} ms (runs ${figures.runsMs.map((ms) => ms.toFixed(0)).join(', ')}), ${(figures.bytesRead / 1024).toFixed(0)} KiB read from storage`,
      );
    console.log(
      `    ${large.label} against ${small.label}: ${(large.medianMs / small.medianMs).toFixed(2)}x the time, ${((100 * large.bytesRead) / large.size).toFixed(2)}% of the file read`,
    );
    console.log('\n  What each library costs on its own (minified, gzip; React is in the bare app too)');
    for (const library of LIBRARIES) console.log(`    ${kb(libraryCost(library.entry)).padStart(9)}  ${library.name}: ${library.loaded}`);

    console.log("\n  Lighthouse performance, median of 3 (score with every run's, LCP, TBT)");
    await withChrome(async (port) => {
      for (const form of ['mobile', 'desktop'] as const) {
        const row = async (label: string, url: string) => {
          const figures = await lighthouseMedian(port, url, form);
          console.log(
            `    ${form.padEnd(7)} ${label.padEnd(22)} ${String(figures.score).padStart(3)} (runs ${figures.scores.join(', ')})  LCP ${(figures.lcpMs / 1000).toFixed(2)} s  TBT ${figures.tbtMs.toFixed(0)} ms  CLS ${figures.cls.toFixed(3)}`,
          );
        };
        await row('bare Next.js /', `${bareOrigin}/`);
        // (Lighthouse refuses to measure a 404 answer, so the not-found page is left out here.)
        for (const page of PUBLIC_PAGES.filter((page) => page !== '/no-such-page')) await row(page, `${origin}${page}`);
      }
    });
  } finally {
    await browser.close();
    await stack.stop();
    await bare.stop();
  }
};

main().catch((error: Error) => {
  console.error(`bench/web: ${error.message}`);
  process.exit(1);
});
