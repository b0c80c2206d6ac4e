/**
 * How much memory the search index's reading of one file takes, in a process of its own (run
 * with --expose-gc): the reader is warmed first on ordinary files of the same kinds (its
 * modules loaded, pdf.js's too), collected, and its resident size taken as the baseline; then
 * the kernel's high-water mark of the process's resident size is reset to it (Linux's
 * /proc/self/clear_refs), the file is read, and that mark (which no sampling can miss) is
 * reported beside it, as one JSON line: { baseline, peak, content }
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

/** The kernel's high-water mark of this process's resident size (VmHWM, in KiB), in bytes. */
const highWaterMark = (): number => Number(/^VmHWM:\s+(\d+) kB$/m.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1] ?? NaN) * 1024;

const main = async () => {
  const { warm, job } = JSON.parse(process.argv[2] ?? '{}') as { warm: Job[]; job: Job };
  for (const { file, type } of warm) await readContentText(sourceOf(file), type);
  collect();
  collect();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const baseline = process.memoryUsage.rss();
  // The high-water mark from here: what loading and compiling the modules took (far more with
  // a cold compile cache, as in a fresh clone) is not the reading's.
  fs.writeFileSync('/proc/self/clear_refs', '5');
  let outcome: object;
  try {
    outcome = { content: await readContentText(sourceOf(job.file), job.type) };
  } catch (error) {
    outcome = { error: (error as Error).name };
  }
  const peak = highWaterMark();
  process.stdout.write(`${JSON.stringify({ baseline, peak, ...outcome })}\n`);
};

void main();
