import { MiB } from '../../../contract/uploads';
import { contentKindOf, fileTypeOf } from '../../../contract/file-types';
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
import { isDate, parse } from '../../../contract/reading/csv';
import { values } from '../../../contract/reading/ofx';
import { parseAmount } from '../../../contract/reading/transactions';

/** What a statement's content says, as pieces of text to index; none for kinds with no text (images). */
export interface ContentText {
  pieces: string[];
  /** Why nothing (or not everything) was read, for the logs. */
  note?: 'protected' | 'unreadable' | 'no text' | 'cut';
}

/**
 * How much of a statement is read for its words, so one file's indexing takes seconds and a
 * bounded share of the function's memory whatever it holds. pdf.js keeps a buffer of the
 * whole PDF's length and loads each object a page uses whole (a page's pictures too), so a
 * PDF is read only up to a size; a workbook is unzipped whole, so it is read only up to a
 * size and only when its parts declare a bounded size unzipped. Statements say what they
 * are in their first pages and rows: a longer file is indexed by those.
 */
export const CONTENT_READ = {
  pdfPages: 100,
  pdfBytes: 100 * MiB,
  textBytes: 5 * MiB,
  workbookBytes: 10 * MiB,
  workbookUnzippedBytes: 100 * MiB,
} as const;

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
    const stand = globalThis as { DOMMatrix?: unknown; pdfjsWorker?: unknown };
    stand.DOMMatrix ??= class DOMMatrix {};
    stand.pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    return (await import('pdfjs-dist/legacy/build/pdf.mjs')) as unknown as PdfJs;
  })().catch((error: unknown) => {
    // A load that failed is tried again with the next PDF, not remembered for the container's life.
    pdfjs = undefined;
    throw error;
  }));

/** The rows' descriptions: who paid or was paid, and what for (the payee and memo joined). */
const descriptions = (table: TransactionTable): string[] => table.rows.map((row) => row.description).filter(Boolean);

/** A cell that is words: neither an amount nor a date (nor empty). */
const isWords = (cell: string) => /\p{L}/u.test(cell) && parseAmount(cell) === undefined && !isDate(cell);

/**
 * The words of a CSV whose transactions could not be told apart (no amount column, no
 * table): every cell that is text, so a file the rules do not understand is still found by
 * what it says.
 */
const csvWords = (text: string): string[] => parse(text).rows.flatMap((row) => row.filter(isWords));

/** The payees and memos of an OFX file whose transactions could not be read (no amount). */
const ofxWords = (text: string): string[] => [...values(text, 'NAME'), ...values(text, 'MEMO')];

/** The text up to its last line break: the lines a cut text holds whole. */
const wholeLines = (text: string) => text.slice(0, Math.max(0, text.lastIndexOf('\n'), text.lastIndexOf('\r')));

/**
 * What a ZIP's parts say they hold unzipped, from its central directory (the list at its
 * end); undefined when there is none to read. A workbook whose parts unzip to far more than
 * any statement (a ZIP bomb) is never handed to the unzipper.
 */
const unzippedBytes = (bytes: Uint8Array): number | undefined => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is 22 bytes and a comment of up to 65,535.
  for (let end = bytes.length - 22; end >= Math.max(0, bytes.length - 22 - 0xffff); end--) {
    if (view.getUint32(end, true) !== 0x06054b50) continue;
    const entries = view.getUint16(end + 10, true);
    let at = view.getUint32(end + 16, true);
    let total = 0;
    for (let entry = 0; entry < entries; entry++) {
      if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return undefined;
      const size = view.getUint32(at + 24, true);
      // 0xFFFFFFFF: the size is in a ZIP64 field, far beyond any statement's.
      total += size === 0xffffffff ? Infinity : size;
      at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    }
    return total;
  }
  return undefined;
};

/**
 * What a statement's file says, as text to index: a PDF's pages (its text layer; a scan has
 * none), the descriptions of a CSV's, OFX's or workbook's transactions (who was paid, what
 * for), nothing of an image. A file that cannot be read gives no words and says why; only a
 * failing read of storage itself is thrown, so the caller's retry reads again.
 */
export const readContentText = async (source: RangeSource, contentType: string): Promise<ContentText> => {
  // An unknown type is never read as a workbook by default: only the vault's own types are.
  if (!fileTypeOf(contentType)) return { pieces: [], note: 'unreadable' };
  const kind = contentKindOf(contentType);
  switch (kind) {
    case 'pdf': {
      if (source.size > CONTENT_READ.pdfBytes) return { pieces: [], note: 'cut' };
      const read = await pdfPagesText(await loadPdfJs(), source, CONTENT_READ.pdfPages);
      if (read.problem) return { pieces: read.pieces, note: read.problem };
      if (read.pieces.length === 0) return { pieces: [], note: 'no text' };
      return { pieces: read.pieces, ...(read.cut ? { note: 'cut' } : {}) };
    }
    case 'csv':
    case 'ofx': {
      const end = Math.min(source.size, CONTENT_READ.textBytes);
      const complete = end === source.size;
      const bytes = await source.read(0, end);
      const cut = complete ? {} : { note: 'cut' as const };
      try {
        const { text } = decodeStatementText(bytes, complete);
        const pieces = descriptions(kind === 'csv' ? csvTransactions(text, complete) : ofxTransactions(text));
        if (pieces.length) return { pieces, ...cut };
        const words = kind === 'csv' ? csvWords(complete ? text : wholeLines(text)) : ofxWords(text);
        return words.length ? { pieces: words, ...cut } : { pieces: [], note: 'no text' };
      } catch {
        return { pieces: [], note: 'unreadable' };
      }
    }
    case 'xlsx': {
      if (source.size > CONTENT_READ.workbookBytes) return { pieces: [], note: 'cut' };
      const bytes = await source.read(0, source.size);
      const unzipped = unzippedBytes(bytes);
      if (unzipped === undefined) return { pieces: [], note: 'unreadable' };
      if (unzipped > CONTENT_READ.workbookUnzippedBytes) return { pieces: [], note: 'cut' };
      const { readSheet } = await import('read-excel-file/node');
      try {
        const rows = (await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))).map((row) => row.map(cellText));
        const pieces = descriptions(sheetTransactions(rows));
        if (pieces.length) return { pieces };
        const words = rows.flat().filter(isWords);
        return words.length ? { pieces: words } : { pieces: [], note: 'no text' };
      } catch {
        return { pieces: [], note: 'unreadable' };
      }
    }
    case 'image':
      return { pieces: [] };
  }
};
