import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Metafile } from 'esbuild';
import { LAMBDA_LIKE_ENV } from '../../bench/cold-import';
import { handlerEntries } from '../../bench/handler-entries';
import { LAMBDA_RUNTIME } from '../../lib/constructs/vault-function';
import { bundleHandler, bundleHandlerCached, LAMBDA_BUNDLE_ENTRY, LAMBDA_ESBUILD_TARGET, loadedAtImport } from '../../lib/lambda-bundle';

/**
 * Every handler the CDK app deploys, bundled as VaultFunction bundles it (ES modules with a
 * chunk per lazily loaded part), then loaded as Lambda's Node runtime loads it. The local
 * stack runs the same build of the handlers' factories (local/handlers.ts), so the
 * integration and browser suites invoke the chunks; this checks the deployed entries
 * themselves, and that what a handler loads at its first invocation stays out of what Node
 * reads at cold start.
 */
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-bundles-'));
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

const built = new Map<string, { dir: string; metafile: Metafile }>();
const bundleOf = (entry: string) => {
  if (!built.has(entry)) {
    const dir = path.join(out, entry.replace(/\//g, '-').replace(/\.ts$/, ''));
    built.set(entry, { dir, metafile: bundleHandler(entry, dir) });
  }
  return built.get(entry)!;
};

/**
 * Imports a bundle's entry in a fresh Node process with Lambda's environment, as the runtime
 * does for `index.handler`; what it printed, or threw. (Its chunks load in the order the
 * handler asks for them: pdf.js, for one, after the stand-ins it needs are set.)
 */
const loadInNode = (dir: string) => {
  const script = `
    const entry = await import(${JSON.stringify(path.join(dir, LAMBDA_BUNDLE_ENTRY))});
    console.log(JSON.stringify({ exports: Object.keys(entry), handler: typeof entry.handler }));
  `;
  const result = spawnSync(process.execPath, ['--no-warnings', '--input-type=module', '-e', script], {
    env: { ...process.env, ...LAMBDA_LIKE_ENV },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr.slice(0, 2000) };
};

/** The packages whose code is in the given outputs, by name (`@aws-sdk/client-s3`, `pdfjs-dist`). */
const packagesIn = (metafile: Metafile, outputs: string[]) =>
  new Set(
    outputs.flatMap((output) =>
      Object.keys(metafile.outputs[output].inputs).flatMap((input) => {
        const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
        return match ? [match[1]] : [];
      }),
    ),
  );

describe.each(handlerEntries())('%s', (entry) => {
  test('loads as Lambda loads it, and index.handler is a function', () => {
    const { dir } = bundleOf(entry);
    const result = loadInNode(dir);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ exports: ['handler'], handler: 'function' });
  });

  test('what it needs at its first invocation is not read at cold start', () => {
    const { metafile } = bundleOf(entry);
    const entryFile = Object.keys(metafile.outputs).find((file) => path.basename(file) === LAMBDA_BUNDLE_ENTRY)!;
    const atImport = packagesIn(metafile, loadedAtImport(metafile, entryFile));
    const inAll = packagesIn(metafile, Object.keys(metafile.outputs));
    // The AWS clients, the tracer (and the X-Ray SDK under it), metrics (loaded by an
    // invocation that counts something), the PDF and workbook readers and the file-type sniffer.
    const lazy = [
      '@aws-sdk/client-',
      '@aws-lambda-powertools/tracer',
      'aws-xray-sdk-core',
      '@aws-lambda-powertools/metrics',
      'pdfjs-dist',
      'read-excel-file',
      'file-type',
    ];
    expect([...atImport].filter((name) => lazy.some((prefix) => name.startsWith(prefix)))).toEqual([]);
    // Each handler calls AWS, so the bundle holds a client: in a chunk of its own.
    expect([...inAll].some((name) => name.startsWith('@aws-sdk/client-'))).toBe(true);
  });
});

test.each(['catalogue/index.ts', 'mail/index.ts'])(
  'the %s bundle holds pdf.js and read-excel-file, loaded from chunks at the first file that needs them',
  (entry) => {
    const { metafile } = bundleOf(entry);
    const packages = packagesIn(metafile, Object.keys(metafile.outputs));
    expect(packages.has('pdfjs-dist')).toBe(true);
    expect(packages.has('read-excel-file')).toBe(true);
  },
);

test("the catalogue's bundles carry the OCR engine beside them, its WebAssembly and the English model; a bundle without OCR carries none", () => {
  for (const entry of ['catalogue/index.ts', 'catalogue/sweep-index.ts', 'catalogue/scan-results-index.ts']) {
    const modules = path.join(bundleOf(entry).dir, 'node_modules');
    expect(fs.existsSync(path.join(modules, 'tesseract.js', 'src', 'worker-script', 'node', 'index.js'))).toBe(true);
    expect(fs.readdirSync(path.join(modules, 'tesseract.js-core')).filter((file) => file.endsWith('.wasm'))).toContain(
      'tesseract-core-simd.wasm',
    );
    expect(fs.existsSync(path.join(modules, '@tesseract.js-data', 'eng', '4.0.0_best_int', 'eng.traineddata.gz'))).toBe(true);
    // Not the browser's build, nor the WebAssembly inlined as JavaScript for browsers.
    expect(fs.existsSync(path.join(modules, 'tesseract.js', 'dist'))).toBe(false);
    expect(fs.readdirSync(path.join(modules, 'tesseract.js-core')).filter((file) => file.endsWith('.wasm.js'))).toEqual([]);
  }
  expect(fs.existsSync(path.join(bundleOf('statements/index.ts').dir, 'node_modules'))).toBe(false);
});

test('the bundles target the Node.js the functions run on', () => {
  expect(LAMBDA_RUNTIME.name).toBe(`nodejs${LAMBDA_ESBUILD_TARGET.replace(/^node/, '')}.x`);
});

test('a bundle kept for a synthesis is the bundle: the same files, byte for byte, as one made afresh', () => {
  const entry = 'push/vapid-keys-index.ts';
  const files = (dir: string) =>
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((item) => item.isFile())
      .map((item) => {
        const file = path.join(item.parentPath, item.name);
        return [path.relative(dir, file), fs.readFileSync(file).toString('base64')];
      })
      .sort(([a], [b]) => a.localeCompare(b));
  const kept = [path.join(out, 'kept-first'), path.join(out, 'kept-again')];
  for (const dir of kept) bundleHandlerCached(entry, dir);
  const fresh = files(bundleOf(entry).dir);
  expect(fresh.length).toBeGreaterThan(0);
  for (const dir of kept) expect(files(dir)).toEqual(fresh);
});
