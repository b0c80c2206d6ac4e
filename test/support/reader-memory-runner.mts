/**
 * How much memory the search index's reading of one file takes, in a process of its own (run
 * with --expose-gc): the reader is warmed first on ordinary files of the same kinds (its
 * modules loaded, pdf.js's too), collected, and its resident size taken as the baseline; then
 * the file is read and the process's peak resident size (the kernel's high-water mark, which
 * no sampling can miss) is reported beside it, as one JSON line: { baseline, peak, content }
 * or { baseline, peak, error }. Sizes in bytes.
 */
import * as fs from 'node:fs';
import { readContentText, type Job } from './content-reader.mjs';

const sourceOf = (file: string) => {
  const handle = fs.openSync(file, 'r');
  return {
    size: fs.fstatSync(handle).size,
    read: async (begin: number, end: number) => {
      const bytes = Buffer.alloc(end - begin);
      fs.readSync(handle, bytes, 0, bytes.length, begin);
      return bytes;
    },
  };
};

const collect = (global as { gc?: () => void }).gc ?? (() => undefined);

const main = async () => {
  const { warm, job } = JSON.parse(process.argv[2] ?? '{}') as { warm: Job[]; job: Job };
  for (const { file, type } of warm) await readContentText(sourceOf(file), type);
  collect();
  collect();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const baseline = process.memoryUsage.rss();
  let outcome: object;
  try {
    outcome = { content: await readContentText(sourceOf(job.file), job.type) };
  } catch (error) {
    outcome = { error: (error as Error).name };
  }
  // maxRSS is in KiB.
  const peak = process.resourceUsage().maxRSS * 1024;
  process.stdout.write(`${JSON.stringify({ baseline, peak, ...outcome })}\n`);
};

void main();
