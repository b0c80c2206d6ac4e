/**
 * `npm run bench`: figures for the Lambda handlers, each with a baseline measured in the
 * same run, so the ratios mean something on any machine. Nothing here fails on time.
 *
 *   - bundle size of every handler the CDK app deploys (lambda-bundle.ts's ES modules): what
 *     Node reads at cold start and what the bundle holds in all, vs the same entry with the
 *     SDK left external;
 *   - cold import of every handler, and of the web server's OpenNext bundle when it is built:
 *     loading it in a fresh Node process, as on Lambda, vs an empty Node process, interleaved
 *     (bench/cold-import.ts); the aim is at most 1.5x;
 *   - a cold start up to the first answer, for two handlers (bench/first-answer.ts): the ES
 *     module chunks vs the same handler as one CommonJS file, so deferring is not mistaken
 *     for saving;
 *   - throughput: signed upload URLs per second in-process (one per upload, and 64 part URLs
 *     per request, as a 1 GiB upload asks), vs a handler that only routes, and vs the SDK's
 *     `getSignedUrl` signing the same PUT (what each URL cost before the presigner resolved
 *     its endpoint once).
 */
// Fixed fake credentials, as the tests use: every URL is really signed, nothing reaches AWS.
import '../test/support/env';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { GiB, STATEMENT_ROUTES, WEB_CONFIG_ENV } from '../contract';
import { createS3Client } from '../lambda/shared/runtime';
import { bundleHandler, LAMBDA_BUNDLE_ENTRY, loadedAtImport } from '../lib/lambda-bundle';
import { serverFunctionDir, webArtifactDir } from '../lib/web-artifact';
import { createRouter, on } from '../lambda/shared/http';
import { createStatementsApi } from '../lambda/statements/core';
import { apiEvent, BUCKET, checksumForSize, memoryApiDeps, partList, SOME_SHA256 } from '../test/support/lambda-fakes';
import { coldImports, importModule, LAMBDA_LIKE_ENV, type ColdImport, type ColdSubject } from './cold-import';
import { bundleAsOneFile, FIRST_ANSWERS, firstAnswerSubject } from './first-answer';
import { handlerEntries } from './handler-entries';

/** Fresh processes per subject (and as many empty ones): enough for a steady median on a shared machine. */
const COLD_RUNS = 15;
const MAX_COLD_RATIO = 1.5;
const ROOT = path.join(__dirname, '..');
const FIXTURE_CONFIG = path.join(ROOT, 'test', 'web', 'fixtures', 'amplify_outputs.json');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-bench-'));

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ratio = (value: number, baseline: number) => `${(value / baseline).toFixed(2)}x`;

/** Bytes of some of a bundle's files, plain and gzipped as one. */
const sizeOf = (dir: string, files: string[]) => {
  const code = Buffer.concat(files.map((file) => fs.readFileSync(path.join(dir, file))));
  return { bytes: code.length, gzip: gzipSync(code).length };
};

const bundle = (entry: string, sdkExternal: boolean) => {
  const dir = path.join(out, `${entry.replace(/\//g, '-').replace(/\.ts$/, '')}${sdkExternal ? '.external' : ''}`);
  const metafile = bundleHandler(entry, dir, { external: sdkExternal ? ['@aws-sdk/*', '@smithy/*'] : [] });
  const relative = (file: string) => path.relative(dir, file);
  const entryFile = Object.keys(metafile.outputs).find((file) => path.basename(file) === LAMBDA_BUNDLE_ENTRY)!;
  const all = Object.keys(metafile.outputs).map(relative);
  return {
    entry: path.join(dir, LAMBDA_BUNDLE_ENTRY),
    atImport: sizeOf(dir, loadedAtImport(metafile, entryFile).map(relative)),
    all: sizeOf(dir, all),
  };
};

const webServerEntry = () => path.join(serverFunctionDir(webArtifactDir('aws')), 'index.mjs');

/** The web server as it deploys (OpenNext's server function), if it is built; the bench does not build it (web.ts does, in minutes). */
const webServer = (): ColdSubject | string => {
  const entry = webServerEntry();
  if (!fs.existsSync(entry)) return `not built (${path.relative(ROOT, entry)} is missing; npm run web:build writes it): not measured`;
  return {
    name: 'web server',
    args: importModule(entry),
    env: { ...LAMBDA_LIKE_ENV, [WEB_CONFIG_ENV.json]: fs.readFileSync(FIXTURE_CONFIG, 'utf8') },
  };
};

const webServerBuilt = () => fs.statSync(webServerEntry()).mtime.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';

const printColdImports = (sizes: Map<string, string>, results: ColdImport[]) => {
  for (const result of results) {
    const flag = result.ratio > MAX_COLD_RATIO ? `  over ${MAX_COLD_RATIO}x` : '';
    console.log(
      `  ${result.name.padEnd(32)} ${(sizes.get(result.name) ?? '').padStart(24)}  cold import ${result.ms.toFixed(0).padStart(4)} ms` +
        ` vs empty node ${result.emptyMs.toFixed(0)} ms (${result.ratio.toFixed(2)}x)${flag}`,
    );
  }
};

/** Calls per second over one second, after a warm-up; a handler that does not succeed is not measured. */
const perSecond = async <E>(handler: (event: E) => Promise<unknown>, event: E) => {
  const first = (await handler(event)) as { statusCode?: number } | string;
  if (typeof first === 'object' && first.statusCode !== undefined && first.statusCode >= 300) {
    throw new Error(`the measured call fails (${first.statusCode}): ${JSON.stringify(first)}`);
  }
  for (let i = 0; i < 200; i++) await handler(event);
  const start = process.hrtime.bigint();
  let count = 0;
  while (Number(process.hrtime.bigint() - start) < 1e9) {
    await handler(event);
    count++;
  }
  return count;
};

const main = async () => {
  const entries = handlerEntries();
  console.log(
    `Lambda bundles: the ${entries.length} handlers the CDK app deploys (minified; baseline: same entry with the AWS SDK external)`,
  );
  const subjects: ColdSubject[] = [];
  const sizes = new Map<string, string>();
  for (const entry of entries) {
    const ours = bundle(entry, false);
    const baseline = bundle(entry, true);
    console.log(
      `  ${entry.padEnd(32)} at import ${kb(ours.atImport.bytes).padStart(8)} (${kb(ours.atImport.gzip)} gzip), ` +
        `in all ${kb(ours.all.bytes).padStart(9)} (${kb(ours.all.gzip)} gzip)  ` +
        `baseline in all ${kb(baseline.all.bytes)} (${kb(baseline.all.gzip)} gzip)  ratio ${ratio(ours.all.gzip, baseline.all.gzip)} gzip`,
    );
    subjects.push({ name: entry, args: importModule(ours.entry), env: LAMBDA_LIKE_ENV });
    sizes.set(entry, `${kb(ours.atImport.bytes)} at import`);
  }
  const web = webServer();
  if (typeof web !== 'string') subjects.push(web);
  console.log(
    `Cold import in a fresh Node process with Lambda's environment, median of ${COLD_RUNS}, each run after an empty one ` +
      `(aim: at most ${MAX_COLD_RATIO}x the empty process); the import only: what a handler makes at its first invocation ` +
      `(its AWS clients, the tracer, metrics, the correlation id search) is not in it`,
  );
  const results = coldImports(subjects, COLD_RUNS);
  printColdImports(sizes, results);
  if (typeof web === 'string') console.log(`  web server: ${web}`);
  else console.log(`  (the web server as last built: ${webServerBuilt()})`);
  const over = results.filter((result) => result.ratio > MAX_COLD_RATIO).map((result) => result.name);
  console.log(
    `  within ${MAX_COLD_RATIO}x: ${results.length - over.length} of ${results.length}${over.length ? `; over: ${over.join(', ')}` : ''}`,
  );

  console.log(
    `Cold start to a first answer (import, then one invocation refused for want of a token, which makes the handler's clients), ` +
      `median of ${COLD_RUNS}; baseline: the same handler as one CommonJS file`,
  );
  const firstAnswers = FIRST_ANSWERS.flatMap((answer) => {
    const chunked = bundle(answer.entry, false).entry;
    const oneFile = path.join(out, `${answer.entry.replace(/\//g, '-')}.one-file.cjs`);
    bundleAsOneFile(answer.entry, oneFile);
    return [firstAnswerSubject(`${answer.entry} one file`, oneFile, answer), firstAnswerSubject(answer.entry, chunked, answer)];
  });
  const answered = coldImports(firstAnswers, COLD_RUNS);
  for (let index = 0; index < answered.length; index += 2) {
    const [baseline, chunked] = [answered[index], answered[index + 1]];
    console.log(
      `  ${chunked.name.padEnd(32)} ${chunked.ms.toFixed(0).padStart(4)} ms (${chunked.ratio.toFixed(2)}x an empty process) vs one file ` +
        `${baseline.ms.toFixed(0)} ms (${baseline.ratio.toFixed(2)}x): ${ratio(chunked.ms - chunked.emptyMs, baseline.ms - baseline.emptyMs)} the time past an empty process`,
    );
  }

  const deps = memoryApiDeps();
  const signing = createStatementsApi(deps);
  // The same route answering a multipart start without signing anything: what routing, parsing and answering cost.
  const routingOnly = createRouter(
    [
      on(STATEMENT_ROUTES.createUpload, async () => ({
        status: 201,
        body: { kind: 'multipart' as const, statementId: 'bench', uploadId: 'bench', partBytes: 1, partCount: 1 },
      })),
    ],
    deps,
  );
  const upload = {
    fileName: 'a.pdf',
    contentType: 'application/pdf',
    size: 1000,
    accountLabel: 'Main',
    period: '2024-01',
    checksum: SOME_SHA256,
  };
  const event = apiEvent({ ...STATEMENT_ROUTES.createUpload, body: upload });
  const signed = await perSecond(signing, event);
  const routed = await perSecond(routingOnly, event);
  // A 1 GiB upload's 64 part URLs, signed in one request (the API takes up to 100 at once).
  const created = JSON.parse(
    (await signing(apiEvent({ ...STATEMENT_ROUTES.createUpload, body: { ...upload, size: GiB, checksum: checksumForSize(GiB) } }))).body,
  );
  const partsEvent = apiEvent({
    ...STATEMENT_ROUTES.partUrls,
    pathParameters: { statementId: created.statementId },
    body: { uploadId: created.uploadId, size: GiB, parts: partList(Array.from({ length: 64 }, (_, index) => index + 1)) },
  });
  const partRequests = await perSecond(signing, partsEvent);
  // The SDK's own path for one URL: endpoint resolution and a middleware stack per call.
  const client = createS3Client();
  const sdkPut = () =>
    getSignedUrl(
      client,
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'statements/x/y/file',
        ContentType: 'application/pdf',
        ContentLength: 1000,
        ChecksumSHA256: SOME_SHA256,
      }),
      {
        expiresIn: 300,
        signableHeaders: new Set(['content-type', 'content-length']),
        unhoistableHeaders: new Set(['x-amz-checksum-sha256']),
      },
    );
  const sdk = await perSecond(sdkPut, undefined as never);
  console.log('Statements handler, in-process (baseline: the same router with a handler that signs nothing)');
  console.log(
    `  ${signed} signed upload URLs/s (${(1000 / signed).toFixed(2)} ms each) vs ${routed} routed requests/s ` +
      `(${(1000 / routed).toFixed(3)} ms each): signing costs ${ratio(routed, signed)} the routing alone`,
  );
  console.log(
    `  ${partRequests * 64} signed part URLs/s (${partRequests} requests of 64 parts, ${(1000 / partRequests).toFixed(1)} ms per 1 GiB upload's URLs)`,
  );
  console.log(
    `  the SDK's getSignedUrl for the same PUT: ${sdk} URLs/s (${(1000 / sdk).toFixed(2)} ms each); the handler signs ${ratio(signed, sdk)} as many`,
  );
  console.log(`  target: at least 2,000 signed URLs/s: ${signed >= 2000 && partRequests * 64 >= 2000 ? 'met' : 'NOT met'}`);
  fs.rmSync(out, { recursive: true, force: true });
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
