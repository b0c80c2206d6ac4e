/**
 * The search index's reading of statement files, in Node outside jest (whose module system
 * does not load pdf.js's ES modules): for each file named in the JSON list on the command
 * line, what `readContentText` makes of it, one JSON line per file: { file, reads, bytesRead,
 * content } or { file, reads, bytesRead, error } (the name of what it threw). A file with
 * `failRead: n` stands for storage failing: its n-th read (from 1) and every later one fail.
 */
import * as fs from 'node:fs';
import { readContentText, type Job as FileJob } from './content-reader.mjs';

interface Job extends FileJob {
  failRead?: number;
  /** The password its owner keeps for its account, which the reader asks for when the PDF is protected. */
  pdfPassword?: string;
}

class StorageFailed extends Error {
  override name = 'StorageFailed';
}

const main = async () => {
  const jobs = JSON.parse(process.argv[2] ?? '[]') as Job[];
  for (const { file, type, failRead, pdfPassword } of jobs) {
    const handle = fs.openSync(file, 'r');
    let bytesRead = 0;
    let reads = 0;
    let passwordAsked = 0;
    const source = {
      size: fs.fstatSync(handle).size,
      read: async (begin: number, end: number) => {
        if (++reads >= (failRead ?? Infinity)) throw new StorageFailed(`bytes ${begin}-${end - 1}`);
        const bytes = Buffer.alloc(end - begin);
        fs.readSync(handle, bytes, 0, bytes.length, begin);
        bytesRead += bytes.length;
        return bytes;
      },
    };
    try {
      const content = await readContentText(source, type, {
        pdfPassword: async () => {
          passwordAsked++;
          return pdfPassword;
        },
      });
      // How often it asked for the kept password: said where a password was given or asked for.
      const asked = pdfPassword !== undefined || passwordAsked > 0 ? { passwordAsked } : {};
      process.stdout.write(`${JSON.stringify({ file, reads, bytesRead, content, ...asked })}\n`);
    } catch (error) {
      process.stdout.write(`${JSON.stringify({ file, reads, bytesRead, error: (error as Error).name })}\n`);
    } finally {
      fs.closeSync(handle);
    }
  }
};

void main();
