/**
 * The catalogue's reading of scans and photos, with the real OCR engine (tesseract.js), in
 * Node outside jest (whose module system does not load pdf.js's ES modules): for each file
 * named in the JSON list on the command line, what `readContentText` makes of it, one JSON
 * line per file with how long it took and the process's peak resident memory after it.
 */
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { resourceUsage } from 'node:process';
import { readContentText, type Job as FileJob } from './content-reader.mjs';

const { stopOcrEngine } = createRequire(process.argv[1])(
  '../../lambda/shared/reading/ocr-engine',
) as typeof import('../../lambda/shared/reading/ocr-engine');

interface Job extends FileJob {
  ocrBudgetMs?: number;
  /** Read with a fake engine instead, which answers each picture with the words "Scanned page <n>" and moves a fake clock on by this many milliseconds. */
  fakeMsPerPage?: number;
  /** What the fake engine reads on every picture instead: lines of words, each with its confidence. */
  fakeLines?: [string, number][][];
}

/** The fake engine and its clock: each picture it is given is `ms` later, and counted. */
const fakeEngine = (ms: number, lines?: [string, number][][]) => {
  let now = 0;
  let calls = 0;
  const engine = {
    recognize: async () => {
      now += ms;
      calls += 1;
      const word = (text: string, x: number, confidence = 90, y = 100) => ({
        text,
        confidence,
        box: { x0: x, y0: y, x1: x + 100, y1: y + 40 },
      });
      if (lines)
        return {
          words: lines.flatMap((line, row) =>
            line.map(([text, confidence], at) => word(text, 100 + at * 200, confidence, 100 + row * 100)),
          ),
        };
      return { words: [word('Scanned', 100), word('page', 300), word(String(calls), 500)] };
    },
  };
  return { engine, clock: () => now, calls: () => calls };
};

const main = async () => {
  const jobs = JSON.parse(process.argv[2] ?? '[]') as Job[];
  try {
    for (const { file, type, ocrBudgetMs, fakeMsPerPage, fakeLines } of jobs) {
      const bytes = fs.readFileSync(file);
      const source = { size: bytes.length, read: async (begin: number, end: number) => bytes.subarray(begin, end) };
      const fake = fakeMsPerPage === undefined ? undefined : fakeEngine(fakeMsPerPage, fakeLines);
      const started = performance.now();
      const content = await readContentText(source, type, {
        ...(ocrBudgetMs === undefined ? {} : { ocrBudgetMs }),
        ...(fake ? { ocr: async () => fake.engine, clock: fake.clock } : {}),
      });
      const ms = Math.round(performance.now() - started);
      // maxRSS is in kibibytes.
      const peakMb = Math.round(resourceUsage().maxRSS / 1024);
      process.stdout.write(`${JSON.stringify({ file, ms, peakMb, content, ...(fake ? { calls: fake.calls() } : {}) })}\n`);
    }
  } finally {
    await stopOcrEngine();
  }
};

void main();
