import { MiB, contentKindOf } from '../../../contract';
import {
  cellText,
  csvTransactions,
  decodeStatementText,
  ofxTransactions,
  pdfPagesText,
  sheetTransactions,
  type RangeSource,
  type TransactionTable,
} from '../../../contract/reading';
import type { ContentPieces } from './indexing';

/**
 * How much of a statement is read for its words: bounded, so one file's indexing takes
 * seconds and a few hundred megabytes whatever it holds. Statements say what they are in
 * their first pages and rows; a longer file is indexed by those.
 */
export const CONTENT_READ = { pdfPages: 100, textBytes: 5 * MiB, workbookBytes: 10 * MiB } as const;

type PdfJs = Parameters<typeof pdfPagesText>[0];

let pdfjs: Promise<PdfJs> | undefined;
/**
 * Mozilla's pdf.js (its build for Node), loaded with the first PDF. Its worker's code runs
 * in this thread (`pdfjsWorker`), so no worker file is looked for at run time.
 */
const loadPdfJs = (): Promise<PdfJs> =>
  (pdfjs ??= (async () => {
    // pdf.js's drawing code builds a DOMMatrix when it loads; reading text never draws, so
    // where the runtime has none (Lambda has no canvas library) a bare one lets it load.
    (globalThis as { DOMMatrix?: unknown }).DOMMatrix ??= class DOMMatrix {};
    const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return (await import('pdfjs-dist/legacy/build/pdf.mjs')) as unknown as PdfJs;
  })());

/** A transaction's words: who and what for. */
const descriptions = (table: TransactionTable): string[] => table.rows.map((row) => row.description).filter(Boolean);

/**
 * What a statement's file says, as text to index: a PDF's pages (its text layer; a scan has
 * none), the descriptions of a CSV's, OFX's or workbook's transactions (who was paid, what
 * for), nothing of an image. A file that cannot be read gives no words and says why; only a
 * failing read of storage itself is thrown (the caller's retry reads again).
 */
export const readContentText = async (source: RangeSource, contentType: string): Promise<ContentPieces> => {
  const kind = contentKindOf(contentType);
  switch (kind) {
    case 'pdf': {
      const read = await pdfPagesText(await loadPdfJs(), source, CONTENT_READ.pdfPages);
      return 'problem' in read ? { pieces: read.pieces, note: read.problem } : read.pieces.length ? read : { pieces: [], note: 'no text' };
    }
    case 'csv':
    case 'ofx': {
      const end = Math.min(source.size, CONTENT_READ.textBytes);
      const complete = end === source.size;
      const { text } = decodeStatementText(await source.read(0, end), complete);
      const table = kind === 'csv' ? csvTransactions(text, complete) : ofxTransactions(text);
      return { pieces: descriptions(table), ...(complete ? {} : { note: 'cut' }) };
    }
    case 'xlsx': {
      if (source.size > CONTENT_READ.workbookBytes) return { pieces: [], note: 'cut' };
      const bytes = await source.read(0, source.size);
      try {
        const { readSheet } = await import('read-excel-file/node');
        const rows = (await readSheet(Buffer.from(bytes))).map((row) => row.map(cellText));
        return { pieces: descriptions(sheetTransactions(rows)) };
      } catch {
        return { pieces: [], note: 'unreadable' };
      }
    }
    case 'image':
      return { pieces: [] };
  }
};
