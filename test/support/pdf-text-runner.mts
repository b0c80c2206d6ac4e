/**
 * pdf.js in Node, outside jest (whose module system does not load pdf.js's ES modules): the
 * text of each PDF named on the command line, as the web app's worker reads it, one JSON
 * line per file: { file, bytesRead, text }.
 */
import * as fs from 'node:fs';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pdfFirstPagesText, textSaysEnough } from '../../contract/reading';

const main = async () => {
  for (const file of process.argv.slice(2)) {
    const handle = fs.openSync(file, 'r');
    const size = fs.fstatSync(handle).size;
    let bytesRead = 0;
    const text = await pdfFirstPagesText(
      pdfjs as never,
      {
        size,
        read: async (begin, end) => {
          const bytes = Buffer.alloc(end - begin);
          fs.readSync(handle, bytes, 0, bytes.length, begin);
          return bytes;
        },
      },
      { onRead: (bytes) => (bytesRead += bytes), enough: textSaysEnough },
    );
    fs.closeSync(handle);
    process.stdout.write(`${JSON.stringify({ file, size, bytesRead, text })}\n`);
  }
};

void main();
