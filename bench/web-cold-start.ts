/**
 * The web server's cold start as a visitor meets it: from starting the server's process to
 * the first byte of `/sign-in`, the way a cold Lambda starts the server function. Measured
 * against a bare Next.js app of the same versions built with the same OpenNext adapter and
 * config (the web app's local one: wrapper, converter, no caches) in the same run, turn and
 * turn about, median of RUNS each. The target is a ratio: within MAX_RATIO of the bare app.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { WEB_CONFIG_ENV } from '../contract';
import { serverFunctionDir, webArtifactDir } from '../lib/web-artifact';
import { ensureWebArtifact } from '../lib/web-build';
import { freePort } from '../local/ports';
import { buildBareOpenNext } from './bare-next';

const RUNS = 5;
const MAX_RATIO = 1.3;
/** Longer than any start: a server that has not answered by then has failed. */
const GIVE_UP_MS = 60_000;
const PAGE = '/sign-in';
const FIXTURE_CONFIG = path.join(__dirname, '..', 'test', 'web', 'fixtures', 'amplify_outputs.json');

/** When the answer's first bytes (its status line and headers) arrive; rejects while nothing listens. */
const firstByte = (url: string) =>
  new Promise<number>((resolve, reject) => {
    const request = http.get(url, (response) => {
      const at = performance.now();
      if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
      else resolve(at);
      response.resume();
    });
    request.on('error', reject);
  });

/** Starts the server function in `dir` and times its first answer to PAGE, from the process's start. */
const coldFirstByteMs = async (dir: string, env: Record<string, string>): Promise<number> => {
  const port = await freePort();
  const start = performance.now();
  const child = spawn(process.execPath, ['index.mjs'], {
    cwd: dir,
    env: { ...process.env, ...env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', PORT: String(port) },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        return (await firstByte(`http://localhost:${port}${PAGE}`)) - start;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ECONNREFUSED') throw error;
        if (performance.now() - start > GIVE_UP_MS) throw new Error(`${dir} did not answer within ${GIVE_UP_MS} ms`, { cause: error });
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
  } finally {
    child.kill();
    if (child.exitCode === null) await once(child, 'exit');
  }
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const main = async () => {
  console.log(`Web server cold start to the first byte of ${PAGE} (median of ${RUNS}, turn and turn about)`);
  ensureWebArtifact('local', { quiet: true });
  const bare = serverFunctionDir(buildBareOpenNext());
  const ours = serverFunctionDir(webArtifactDir('local'));
  const ourEnv = { [WEB_CONFIG_ENV.json]: fs.readFileSync(FIXTURE_CONFIG, 'utf8') };
  const times = { ours: [] as number[], bare: [] as number[] };
  // One start of each first, unmeasured: the files are then in the page cache for both alike.
  await coldFirstByteMs(ours, ourEnv);
  await coldFirstByteMs(bare, {});
  for (let run = 0; run < RUNS; run++) {
    times.ours.push(await coldFirstByteMs(ours, ourEnv));
    times.bare.push(await coldFirstByteMs(bare, {}));
  }
  const [oursMs, bareMs] = [median(times.ours), median(times.bare)];
  const ratio = oursMs / bareMs;
  const runs = (values: number[]) => values.map((ms) => ms.toFixed(0)).join(', ');
  console.log(`  ours ${oursMs.toFixed(0)} ms (runs ${runs(times.ours)})`);
  console.log(`  bare Next.js app, same OpenNext adapter ${bareMs.toFixed(0)} ms (runs ${runs(times.bare)})`);
  console.log(`  ${ratio.toFixed(2)}x the bare app: ${ratio <= MAX_RATIO ? 'within' : 'OVER'} ${MAX_RATIO}x`);
};

main().catch((error: Error) => {
  console.error(`bench/web-cold-start: ${error.message}`);
  process.exit(1);
});
