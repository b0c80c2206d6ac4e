/**
 * The product's readers on each file named on the command line, in Node outside jest (whose
 * module system does not load pdf.js's ES modules), one JSON line per file: what the upload
 * panel proposes (`proposeFiling` on the first pages' text, as the web app's worker reads
 * them) and what the catalogue reads of its days and balances (`readContentText`, every page).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PROPOSAL_READ, pdfFirstPagesText, proposeFiling, textSaysEnough, type DocumentText } from '../../contract/reading';
import { readContentText } from './content-reader.mjs';
import { createRequire } from 'node:module';

// The catalogue's OCR engine keeps a worker thread for the next scan, as a Lambda does: stopped so the runner ends.
const { stopOcrEngine } = createRequire(process.argv[1])(
  '../../lambda/shared/reading/ocr-engine',
) as typeof import('../../lambda/shared/reading/ocr-engine');

const TYPES: Record<string, string> = { '.pdf': 'application/pdf', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png' };

const main = async () => {
  for (const file of process.argv.slice(2)) {
    const mime = TYPES[path.extname(file).toLowerCase()];
    const handle = fs.openSync(file, 'r');
    const size = fs.fstatSync(handle).size;
    const source = {
      size,
      read: async (begin: number, end: number) => {
        const bytes = Buffer.alloc(end - begin);
        fs.readSync(handle, bytes, 0, bytes.length, begin);
        return bytes;
      },
    };
    const head = await source.read(0, Math.min(size, PROPOSAL_READ.headBytes));
    const text: DocumentText | undefined =
      mime === 'application/pdf' ? await pdfFirstPagesText(pdfjs as never, source, { enough: textSaysEnough }) : undefined;
    const proposal = proposeFiling({ fileName: path.basename(file), mime, size, head, ...(text ? { text } : {}) });
    const content = await readContentText(source, mime);
    fs.closeSync(handle);
    process.stdout.write(`${JSON.stringify({ file: path.basename(file), proposal, balances: content.balances, note: content.note })}\n`);
  }
};

void main().finally(() => stopOcrEngine());
