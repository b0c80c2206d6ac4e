import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildSync, type BuildOptions, type Metafile } from 'esbuild';
import { LOCAL_CACHE_DIR, sourcesHash } from './source-hash';

/** Where the handlers' sources live. */
export const LAMBDA_ROOT = path.join(__dirname, '..', 'lambda');

/**
 * What a handler's bundle is made from: the handlers, the contract they import, how they
 * are bundled (this file), the packages' versions and the patches applied to them.
 */
export const LAMBDA_BUNDLE_INPUTS = ['lambda', 'contract', 'lib/lambda-bundle.ts', 'package-lock.json', 'patches'] as const;

/** The esbuild target matching the Lambda runtime VaultFunction deploys (Node.js 24). */
export const LAMBDA_ESBUILD_TARGET = 'node24';

/** The file a handler bundle's entry is written to; Lambda's handler setting is `index.handler`. */
export const LAMBDA_BUNDLE_ENTRY = 'index.mjs';

/**
 * How every handler of ours is bundled, written once: VaultFunction bundles each deployed
 * entry with it, the local stack runs its handlers from it, and the bench measures it.
 *
 * ES modules with code splitting: what a handler loads with `import()` at its first
 * invocation (its AWS clients, the tracer, pdf.js, file-type) lands in chunks of its own that
 * Node reads only then. A CommonJS bundle is one file, which Node reads and compiles whole at
 * cold start, lazy parts included.
 */
export const LAMBDA_ESBUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  splitting: true,
  minify: true,
  // Handlers log error names, never stacks, so a source map would only add cold-start time.
  sourcemap: false,
  target: LAMBDA_ESBUILD_TARGET,
  // ES module builds let esbuild drop what the handlers never import (zod's locales, SDK parts).
  mainFields: ['module', 'main'],
  // `.mjs`: Lambda's Node runtime loads an ES module by its extension, with no package.json beside it.
  outExtension: { '.js': '.mjs' },
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  // CommonJS packages in the bundle (the X-Ray SDK, papaparse) call `require` for Node's own
  // modules; an ES module has none, so each file makes one for them.
  banner: { js: "import{createRequire as __vaultRequire}from'node:module';const require=__vaultRequire(import.meta.url);" },
  logLevel: 'silent',
  // A font a handler draws with (the packet cover's) is its bytes in the chunk that uses it.
  loader: { '.ttf': 'binary' },
  // tesseract.js starts its worker thread from a file of its own package and loads its
  // WebAssembly build and models from files: it runs as installed, copied beside the bundle.
  external: ['tesseract.js'],
} as const satisfies BuildOptions;

/** The packages copied into a bundle's `node_modules` when it imports them (with what they depend on), and the files of each it needs. */
const INSTALLED_PACKAGES: Record<string, (file: string) => boolean> = {
  // Its sources only: `dist/` is its browser build.
  'tesseract.js': (file) => file === 'package.json' || file.startsWith('src/'),
  // Its builds each with its WebAssembly file (tesseract.js 7 picks one by the CPU's SIMD,
  // and for Node the full build even for LSTM-only models); the `.wasm.js` copies inline the
  // same bytes for browsers.
  'tesseract.js-core': (file) => file === 'package.json' || file === 'index.js' || /^tesseract-core[\w-]*\.(?:js|wasm)$/.test(file),
  // The English models in 8-bit integers (lambda/shared/reading/ocr-engine.ts's OCR_LANGUAGES).
  '@tesseract.js-data/eng': (file) => file === 'package.json' || file.startsWith('4.0.0_best_int/'),
};

/** Packages a copied one depends on at run time but never loads in Node (a browser's cache, an install script). */
const NOT_COPIED = new Set(['idb-keyval', 'opencollective-postinstall']);

const REPO_MODULES = path.join(__dirname, '..', 'node_modules');

/** The files under `dir`, as paths relative to it. */
const filesUnder = (dir: string, prefix = ''): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.name === 'node_modules') return [];
    return entry.isDirectory() ? filesUnder(path.join(dir, entry.name), relative) : [relative];
  });

/** Copies `name` and its run-time dependencies into `modules`, each with the files its filter keeps (all, for a dependency). */
const copyInstalled = (name: string, modules: string, copied = new Set<string>()): void => {
  if (copied.has(name) || NOT_COPIED.has(name)) return;
  copied.add(name);
  const from = path.join(REPO_MODULES, name);
  const keep = INSTALLED_PACKAGES[name] ?? (() => true);
  for (const file of filesUnder(from).filter(keep)) {
    fs.mkdirSync(path.dirname(path.join(modules, name, file)), { recursive: true });
    fs.copyFileSync(path.join(from, file), path.join(modules, name, file));
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(from, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  for (const dependency of Object.keys(manifest.dependencies ?? {})) copyInstalled(dependency, modules, copied);
};

/** Whether a bundle imports `name`, left external. */
const importsExternal = (metafile: Metafile, name: string): boolean =>
  Object.values(metafile.outputs).some((output) => output.imports.some((imported) => imported.external && imported.path === name));

/**
 * Bundles handler modules into `outdir`: each entry (its name → a module path under
 * `lambda/`) becomes `<name>.mjs`, and what they load lazily, or share, goes to `chunks/`.
 * Synchronous, as CDK's local bundling is.
 */
export const bundleLambdas = (entries: Record<string, string>, outdir: string, options: Pick<BuildOptions, 'external'> = {}): Metafile => {
  fs.mkdirSync(outdir, { recursive: true });
  const { metafile } = buildSync({
    ...LAMBDA_ESBUILD_OPTIONS,
    ...options,
    mainFields: [...LAMBDA_ESBUILD_OPTIONS.mainFields],
    external: [...LAMBDA_ESBUILD_OPTIONS.external, ...(options.external ?? [])],
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, path.join(LAMBDA_ROOT, entry)])),
    outdir,
    metafile: true,
  });
  // A bundle that reads scans carries the OCR engine, its WebAssembly and its models: nothing is fetched at deploy or run time.
  if (importsExternal(metafile, 'tesseract.js'))
    for (const name of ['tesseract.js', '@tesseract.js-data/eng']) copyInstalled(name, path.join(outdir, 'node_modules'));
  return metafile;
};

/** One deployed handler: its entry (`statements/index.ts`) bundled to `outdir/index.mjs` and its chunks. */
export const bundleHandler = (entry: string, outdir: string, options: Pick<BuildOptions, 'external'> = {}): Metafile =>
  bundleLambdas({ [path.basename(LAMBDA_BUNDLE_ENTRY, '.mjs')]: entry }, outdir, options);

/**
 * The output files Node reads when it imports `file` (a path as the metafile names it): the
 * file and what it imports statically, not what it loads with `import()`.
 */
export const loadedAtImport = (metafile: Metafile, file: string): string[] => {
  const loaded = new Set<string>();
  const visit = (output: string) => {
    if (loaded.has(output)) return;
    loaded.add(output);
    for (const imported of metafile.outputs[output]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
    }
  };
  visit(file);
  return [...loaded];
};

/** Where bundles of deployed entries are kept, by the entry and the hash of what they are made from. */
const BUNDLE_CACHE_DIR = path.join(LOCAL_CACHE_DIR, 'bundles');

/** Bundles kept besides those of the sources as they are now (another checkout, a branch switched back). */
const KEPT_BUNDLES = 64;

/** The hash of the bundles' inputs, worked out once a process (a synthesis bundles every handler at once). */
let inputsHash: string | undefined;

/**
 * `bundleHandler`, kept by its entry and the hash of its inputs: the same sources bundle the
 * same bytes, so a synthesis copies a bundle made before (by another synthesis, or another
 * test file) rather than running esbuild again for each of a dozen handlers.
 */
export const bundleHandlerCached = (entry: string, outdir: string): void => {
  inputsHash ??= sourcesHash(LAMBDA_BUNDLE_INPUTS);
  const kept = path.join(BUNDLE_CACHE_DIR, `${inputsHash}-${entry.replace(/[^\w.-]/g, '_')}`);
  if (!fs.existsSync(kept)) {
    // Made aside and moved in whole: processes bundling side by side never read half a bundle.
    const partial = `${kept}.${process.pid}.partial`;
    fs.rmSync(partial, { recursive: true, force: true });
    bundleHandler(entry, partial);
    try {
      fs.renameSync(partial, kept);
    } catch {
      // Another process moved the same bundle in first.
      fs.rmSync(partial, { recursive: true, force: true });
    }
    const older = fs
      .readdirSync(BUNDLE_CACHE_DIR)
      .filter((name) => !name.endsWith('.partial'))
      .map((name) => path.join(BUNDLE_CACHE_DIR, name))
      .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
    for (const stale of older.slice(KEPT_BUNDLES)) fs.rmSync(stale, { recursive: true, force: true });
  }
  fs.cpSync(kept, outdir, { recursive: true });
};
