/**
 * `npm run bench`, OCR: a statement drawn at 300 dpi A4 (test/support/scanned-statement.ts),
 * three pages of it in an image-only PDF and a photo of it (a JPEG turned 2° with grain),
 * read by the catalogue's reading (`readContentText`) from the handlers' own bundle, as
 * Lambda runs it (lib/lambda-bundle.ts: tesseract.js, its WebAssembly and the English model
 * copied beside it), in a Node process of its own so its peak resident memory is the
 * reading's. Measured in the same run: the engine's start, seconds per page, peak memory.
 * The goals (issue 60): at most 3 s a page on this machine and at most 600 MB resident.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { bundleLambdas } from '../lib/lambda-bundle';
import { photographedJpeg, scannedPdf, scannedPng } from '../test/support/scanned-statement';

const PAGES = 3;
const SECONDS_GOAL = 3;
const MEMORY_GOAL_MB = 600;

/** What the child process runs: the bundle's reading of each file, timed, then its peak memory. */
const CHILD = `
import * as fs from 'node:fs';
const [bundle, ...files] = process.argv.slice(1);
const { readContentText } = await import(bundle + '/content.mjs');
const { stopOcrEngine } = await import(bundle + '/ocr-engine.mjs');
const read = async (file, type) => {
  const bytes = fs.readFileSync(file);
  const started = performance.now();
  const content = await readContentText({ size: bytes.length, read: async (a, b) => bytes.subarray(a, b) }, type);
  return { ms: performance.now() - started, pieces: content.pieces.length, closing: content.balances.closing };
};
const out = {};
out.first = await read(files[0], 'image/png');
out.pdf = await read(files[1], 'application/pdf');
out.photo = await read(files[2], 'image/jpeg');
out.peakMb = process.resourceUsage().maxRSS / 1024;
await stopOcrEngine();
process.stdout.write(JSON.stringify(out));
`;

const main = async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ocr-'));
  const bundle = path.join(folder, 'bundle');
  bundleLambdas({ content: 'shared/search/content.ts', 'ocr-engine': 'shared/reading/ocr-engine.ts' }, bundle);
  const png = scannedPng();
  const files = [path.join(folder, 'page.png'), path.join(folder, 'scan.pdf'), path.join(folder, 'photo.jpg')];
  fs.writeFileSync(files[0], png);
  fs.writeFileSync(files[1], await scannedPdf(Array.from({ length: PAGES }, () => png)));
  fs.writeFileSync(files[2], photographedJpeg(2));
  const measured = JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', CHILD, bundle, ...files], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  ) as Record<'first' | 'pdf' | 'photo', { ms: number; pieces: number; closing?: number }> & { peakMb: number };
  const perPage = measured.pdf.ms / PAGES / 1000;
  const photo = measured.photo.ms / 1000;
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(
    `OCR: a 300 dpi A4 statement read by tesseract.js from the catalogue's bundle (Node ${process.version}, ${os.cpus().length} cores)`,
  );
  console.log(`  first picture, the engine's start included: ${(measured.first.ms / 1000).toFixed(2)} s`);
  console.log(
    `  image-only PDF of ${PAGES} pages: ${perPage.toFixed(2)} s a page, ${measured.pdf.pieces} pages read, closing ${measured.pdf.closing} (goal: at most ${SECONDS_GOAL} s: ${met(perPage <= SECONDS_GOAL)})`,
  );
  console.log(`  photo turned 2° with grain (JPEG): ${photo.toFixed(2)} s, closing ${measured.photo.closing}`);
  console.log(
    `  peak resident memory: ${measured.peakMb.toFixed(0)} MB (goal: at most ${MEMORY_GOAL_MB} MB: ${met(measured.peakMb <= MEMORY_GOAL_MB)})`,
  );
  fs.rmSync(folder, { recursive: true, force: true });
};

void main();
