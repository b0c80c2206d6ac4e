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
import { ofxBalances, pdfBalances, tableBalances, type StatementBalances } from '../../../contract/reading/balances';
import { FIRST_PART_ONLY, storedArithmetic } from '../../../contract/reading/statement-arithmetic';
import { isDate, parse } from '../../../contract/reading/csv';
import { compactColumns } from '../../../contract/reading/layout';
import {
  OCR_BUDGET_MS,
  READING_BUDGET_MS,
  ReadingTooLong,
  readWithin,
  readingDeadline,
  type ReadingDeadline,
} from '../../../contract/reading/deadline';
import {
  OCR_READ,
  OCR_WORDS,
  imageSize,
  ocrPageText,
  ocrSource,
  pageRuns,
  readableSize,
  unclearAmounts,
  withoutUnclear,
  type OcrEngine,
  type OcrPage,
} from '../../../contract/reading/ocr';
import { pagePicture } from '../../../contract/reading/pdf-images';
import { values } from '../../../contract/reading/ofx';
import { parseAmount } from '../../../contract/reading/amounts';
import type { PieceDetails } from '../../../contract/search/context';
import type { ContentNote } from '../../../contract/search/not-indexed';
import { limitPdfReading, withPdfReading } from './pdf-read-limits';
import { workbookParts } from './workbook-parts';

/** What a statement's content says, as pieces of text to index; none for kinds with no text (images). */
export interface ContentText {
  pieces: string[];
  /** Beside each piece that is a transaction: its day and amount, shown with a search's match. */
  details?: PieceDetails[];
  /** Why nothing (or not everything) was read. */
  note?: ContentNote;
  /** What it says of its days and money, read from the same text (contract/reading/balances). */
  balances: StatementBalances;
}

/** Why a file gave no days or balances, in words its owner reads beside the fields to fill in. */
export const UNREAD_BALANCES = {
  image: OCR_WORDS.tooLarge,
  unreadable: 'The file could not be read: its days and balances can be entered by hand.',
  cut: 'The file is larger than is read: its days and balances can be entered by hand.',
  protected: 'The PDF is protected by a password, so nothing in it was read: its days and balances can be entered by hand.',
  'no text': 'The file has no text to read: its days and balances can be entered by hand.',
  'too long': 'The file took too long to read: its days and balances can be entered by hand.',
} as const;

const unread = (why: keyof typeof UNREAD_BALANCES): StatementBalances => ({ unread: [UNREAD_BALANCES[why]] });

/** A table read from the first part of a longer file ends before the file does: its last day and closing balance are not the file's. */
const firstPartOnly = (balances: StatementBalances): StatementBalances => {
  const { to: _to, closing: _closing, arithmetic: _arithmetic, ...rest } = balances;
  return {
    ...rest,
    ...(balances.arithmetic ? { arithmetic: storedArithmetic({ state: 'not checked', why: FIRST_PART_ONLY }) } : {}),
    unread: [...balances.unread, 'Only the first part of this long file was read: its last day and closing balance are not.'],
  };
};

/**
 * How much of a statement is read for its words, so one file's indexing takes seconds and a
 * bounded share of the function's memory whatever it holds (test/lambda/content-memory.test.ts
 * holds decompression bombs to 256 MiB). pdf.js keeps a buffer of the whole PDF's length and
 * loads each object a page uses whole, so a PDF is read only up to a size, no stream of it (a
 * page's content, a form, a font) is decoded past `pdfStreamBytes`, all it decodes past
 * `pdfDecodedBytes`, and no string of it is longer than `pdfStringChars`
 * (pdf-read-limits.ts): a file that goes further is not read at all. A workbook is unzipped
 * whole and its sheet parsed whole, at about twelve times its unzipped size in memory
 * (measured: 16 MiB of sheet XML, 160 MiB), so it is read only up to a size and only when its
 * parts declare, and do unzip to, at most `workbookUnzippedBytes` (workbook-parts.ts).
 * Statements say what they are in their first pages and rows: a longer file is indexed by
 * those. Whatever it holds, a file is read for at most READING_BUDGET_MS
 * (contract/reading/deadline.ts), its reading's time included.
 */
export const CONTENT_READ = {
  pdfPages: 100,
  pdfBytes: 100 * MiB,
  pdfStreamBytes: 16 * MiB,
  pdfDecodedBytes: 64 * MiB,
  pdfStringChars: 1 * MiB,
  textBytes: 5 * MiB,
  workbookBytes: 10 * MiB,
  workbookUnzippedBytes: 16 * MiB,
  imageBytes: 30 * MiB,
  /** The most pixels a scanned page's picture is decoded at: a 600 dpi A4 page, read at half its size (grey-image.ts). */
  pdfPicturePixels: 2 * OCR_READ.maxPixels,
  /** What that picture may decode to, at four bytes a pixel (CMYK). */
  pdfPictureBytes: 2 * OCR_READ.maxPixels * 4,
} as const;

/** The OCR engine, loaded with the first scan: most files have a text layer, and their reading never loads it. */
const defaultEngine = async (): Promise<OcrEngine> => (await import('../reading/ocr-engine')).tesseractEngine;

/** The facts of a statement, compared to tell whether OCR's pages gave any of them. */
const FACTS = ['from', 'to', 'opening', 'closing', 'currency'] as const;

/**
 * The facts a reading by OCR gives: where they came from, none from an amount it was unsure
 * of, and the pages it did not read, in words. `fromText` is what the PDF's text layer alone
 * gives, where it has pages with text: when it gives every fact the whole does (a text
 * statement with a scanned enclosure), the facts are the text's and say nothing of OCR.
 */
const byOcr = (
  balances: StatementBalances,
  ocr: { scanned: readonly number[]; unclear: readonly number[]; unreadPages: string[]; fromText?: StatementBalances },
): StatementBalances => {
  const { scanned, unclear, unreadPages, fromText } = ocr;
  const textSaysAll = fromText !== undefined && FACTS.every((fact) => fromText[fact] === balances[fact]);
  const byEngine = scanned.length > 0 && !textSaysAll;
  const clear = byEngine ? withoutUnclear(balances, unclear) : balances;
  return { ...clear, ...(byEngine ? { source: ocrSource(scanned) } : {}), unread: [...clear.unread, ...unreadPages] };
};

type PdfJs = Parameters<typeof pdfPagesText>[0];

let pdfjs: Promise<PdfJs> | undefined;
/**
 * Mozilla's pdf.js (its build for Node), loaded with the first PDF and reading within the
 * bounds above. Its worker's code runs in this thread (`pdfjsWorker`), so no worker file is
 * looked for at run time.
 */
export const loadPdfJs = (): Promise<PdfJs> =>
  (pdfjs ??= (async () => {
    // pdf.js's drawing code builds a DOMMatrix when it loads; reading text never draws, so
    // where the runtime has none (Lambda has no canvas library) a bare one lets it load.
    const stand = globalThis as { DOMMatrix?: unknown; pdfjsWorker?: unknown };
    stand.DOMMatrix ??= class DOMMatrix {};
    limitPdfReading({
      streamBytes: CONTENT_READ.pdfStreamBytes,
      decodedBytes: CONTENT_READ.pdfDecodedBytes,
      stringChars: CONTENT_READ.pdfStringChars,
    });
    stand.pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    return (await import('pdfjs-dist/legacy/build/pdf.mjs')) as unknown as PdfJs;
  })().catch((error: unknown) => {
    // A load that failed is tried again with the next PDF, not remembered for the container's life.
    pdfjs = undefined;
    throw error;
  }));

/** The rows' descriptions (who paid or was paid, and what for: the payee and memo joined), each with its day and amount. */
const descriptions = (table: TransactionTable): { pieces: string[]; details: PieceDetails[] } => {
  const rows = table.rows.filter((row) => row.description);
  return {
    pieces: rows.map((row) => row.description),
    details: rows.map((row) => ({
      date: row.isoDate ?? row.date,
      amount: row.amount,
      ...(row.value !== undefined ? { value: row.value } : {}),
    })),
  };
};

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

/** What a reading that ran out of its time gives: nothing of the file, and why. */
const tooLong = (): ContentText => ({ pieces: [], note: 'too long', balances: unread('too long') });

/** A synchronous part of a reading, within its deadline: a reading that runs out gives `tooLong`. */
const readOrTooLong = (deadline: ReadingDeadline, read: () => ContentText): ContentText => {
  try {
    return readWithin(deadline, read);
  } catch (error) {
    if (error instanceof ReadingTooLong) return tooLong();
    throw error;
  }
};

/**
 * What a statement's file says, as text to index: a PDF's pages (its text layer; a scan has
 * none), the descriptions of a CSV's, OFX's or workbook's transactions (who was paid, what
 * for), nothing of an image. A file that cannot be read gives no words and says why; so does
 * one whose reading outlasts its budget (`too long`), so the function goes on to its other
 * work. Only a failing read of storage itself is thrown, so the caller's retry reads again.
 */
export const readContentText = async (
  source: RangeSource,
  contentType: string,
  options: {
    /** The password kept for the statement's account, asked for only when its PDF is protected. @default none */
    pdfPassword?: () => Promise<string | undefined>;
    /** How long the file is read for, in milliseconds. @default READING_BUDGET_MS */
    budgetMs?: number;
    /** The clock the budget is kept on, in milliseconds. @default performance.now */
    clock?: () => number;
    /** What reads scanned pages and photos. @default tesseract.js (lambda/shared/reading/ocr-engine.ts) */
    ocr?: () => Promise<OcrEngine>;
    /** How long a file's scanned pages are read for, in milliseconds. @default OCR_BUDGET_MS */
    ocrBudgetMs?: number;
  } = {},
): Promise<ContentText> => {
  const startReading = () => readingDeadline(options.budgetMs ?? READING_BUDGET_MS, options.clock);
  const startOcr = () => readingDeadline(options.ocrBudgetMs ?? OCR_BUDGET_MS, options.clock);
  const engine = options.ocr ?? defaultEngine;
  // An unknown type is never read as a workbook by default: only the vault's own types are.
  if (!fileTypeOf(contentType)) return { pieces: [], note: 'unreadable', balances: unread('unreadable') };
  const kind = contentKindOf(contentType);
  switch (kind) {
    case 'pdf': {
      if (source.size > CONTENT_READ.pdfBytes) return { pieces: [], note: 'cut', balances: unread('cut') };
      const pdfjs = await loadPdfJs();
      return withPdfReading(async (reading): Promise<ContentText> => {
        // The budget starts once it is this file's turn: time waiting for another reading is not its.
        const deadline = startReading();
        // Pages without a text layer are read by OCR, on a budget of their own (seconds a page), up to OCR_READ.pages.
        const ocrDeadline = startOcr();
        let scanned: number[] = [];
        let skipped: number[] = [];
        let late: number[] = [];
        let unclear: number[] = [];
        let ocrTexts: string[] = [];
        const spent = () => (scanned.length + late.length > 0 ? ocrDeadline : deadline).passed();
        const withoutText = async (page: Parameters<typeof pagePicture>[0], number: number) => {
          if (scanned.length >= OCR_READ.pages) return void skipped.push(number);
          if (ocrDeadline.passed()) return void late.push(number);
          const picture = await reading.picture(CONTENT_READ.pdfPictureBytes, () => pagePicture(page, pdfjs.OPS));
          // The decoded picture is the page's largest object: freed before the next page's.
          page.cleanup();
          if (!picture) return undefined;
          const ocr = await engine();
          let text: string;
          try {
            const words = await ocr.recognize(picture);
            text = ocrPageText(words);
            unclear.push(...unclearAmounts(words));
          } catch {
            // A picture the engine cannot read leaves the page unread, not the file.
            return undefined;
          }
          if (text) {
            scanned.push(number);
            ocrTexts.push(text);
          }
          return text;
        };
        // pdf.js reads asynchronously, page by page: a spent budget stops it after the page it is on.
        const stop = () => reading.stopped() || spent();
        const readPages = (password?: string) => {
          [scanned, skipped, late, unclear, ocrTexts] = [[], [], [], [], []];
          return pdfPagesText(pdfjs, source, CONTENT_READ.pdfPages, {
            stop,
            withoutText,
            maxImagePixels: CONTENT_READ.pdfPicturePixels,
            ...(password ? { password } : {}),
          });
        };
        let read = await readPages();
        // A protected PDF opens with the password its owner keeps for its account, if any.
        const password = read.problem === 'protected' && !spent() ? await options.pdfPassword?.() : undefined;
        if (password) read = await readPages(password);
        // What pdf.js read of a page cut at a bound is part of it at best: none of the file is taken.
        if (reading.stopped()) return { pieces: [], note: 'too large', balances: unread('cut') };
        // A scan whose OCR ran out of time keeps the pages it read, and says which it did not.
        const lastRead = Math.min(read.pageCount ?? 0, CONTENT_READ.pdfPages);
        const lastTried = Math.max(0, ...scanned, ...skipped, ...late);
        if (scanned.length + late.length > 0 && ocrDeadline.passed() && lastTried < lastRead)
          late.push(...Array.from({ length: lastRead - lastTried }, (_, index) => lastTried + 1 + index));
        else if (spent()) return tooLong();
        const unreadPages = [
          ...pageRuns(skipped).map(([first, last]) => OCR_WORDS.notRead(first, last)),
          ...pageRuns(late).map(([first, last]) => OCR_WORDS.outOfTime(first, last)),
        ];
        const pages = read.pageCount !== undefined ? { pages: read.pageCount } : {};
        // The index keeps each page's lines with a column gap as two spaces: its words and numbers are searched
        // beside their labels ("Account number  12345678"); the balances read the pages in their columns.
        if (read.problem)
          return { pieces: read.pieces.map(compactColumns), note: read.problem, balances: { ...pages, ...unread(read.problem) } };
        if (read.pieces.length === 0)
          return {
            pieces: [],
            note: 'no text',
            balances: byOcr({ ...pages, ...unread('no text') }, { scanned: [], unclear: [], unreadPages }),
          };
        return readOrTooLong(deadline.passed() ? ocrDeadline : deadline, () => {
          const counted = { pageCount: read.pageCount ?? read.pieces.length, cut: read.cut === true };
          const textPages = read.pieces.filter((piece) => !ocrTexts.includes(piece));
          const fromText = scanned.length > 0 && textPages.length > 0 ? pdfBalances(textPages, counted) : undefined;
          return {
            pieces: read.pieces.map(compactColumns),
            ...(read.cut ? { note: 'cut' as const } : {}),
            balances: byOcr(pdfBalances(read.pieces, counted), { scanned, unclear, unreadPages, ...(fromText ? { fromText } : {}) }),
          };
        });
      });
    }
    case 'csv':
    case 'ofx': {
      const end = Math.min(source.size, CONTENT_READ.textBytes);
      const complete = end === source.size;
      const bytes = await source.read(0, end);
      // The budget is the reading's: fetching the bytes (bounded by textBytes) is not reading them.
      const deadline = startReading();
      const cut = complete ? {} : { note: 'cut' as const };
      try {
        return readOrTooLong(deadline, () => {
          const { text } = decodeStatementText(bytes, complete);
          const table = kind === 'csv' ? csvTransactions(text, complete) : undefined;
          const read = table ? tableBalances(table) : ofxBalances(text);
          const balances = complete ? read : table ? firstPartOnly(read) : unread('cut');
          const described = descriptions(table ?? ofxTransactions(text));
          if (described.pieces.length) return { ...described, ...cut, balances };
          const words = kind === 'csv' ? csvWords(complete ? text : wholeLines(text)) : ofxWords(text);
          return words.length ? { pieces: words, ...cut, balances } : { pieces: [], note: 'no text', balances };
        });
      } catch {
        return { pieces: [], note: 'unreadable', balances: unread('unreadable') };
      }
    }
    case 'xlsx': {
      if (source.size > CONTENT_READ.workbookBytes) return { pieces: [], note: 'cut', balances: unread('cut') };
      const bytes = await source.read(0, source.size);
      const deadline = startReading();
      const parts = await workbookParts(bytes, CONTENT_READ.workbookUnzippedBytes);
      if ('problem' in parts) return { pieces: [], note: parts.problem, balances: unread(parts.problem === 'cut' ? 'cut' : 'unreadable') };
      const { readSheet } = await import('read-excel-file/node');
      try {
        // The sheet's XML is parsed whole (bounded by its unzipped size); what is read of its rows is held to the budget.
        const sheet = await readSheet(Buffer.from(parts.zip.buffer, parts.zip.byteOffset, parts.zip.byteLength));
        return readOrTooLong(deadline, () => {
          const rows = sheet.map((row) => row.map(cellText));
          const table = sheetTransactions(rows);
          const balances = tableBalances(table);
          const described = descriptions(table);
          if (described.pieces.length) return { ...described, balances };
          const words = rows.flat().filter(isWords);
          return words.length ? { pieces: words, balances } : { pieces: [], note: 'no text', balances };
        });
      } catch {
        return { pieces: [], note: 'unreadable', balances: unread('unreadable') };
      }
    }
    case 'image': {
      // A photo or a scan saved as a picture is read by OCR whole: one page, its pixels bounded (a larger one is not decoded at all).
      if (source.size > CONTENT_READ.imageBytes) return { pieces: [], note: 'cut', balances: unread('image') };
      const bytes = await source.read(0, source.size);
      const size = imageSize(bytes);
      if (!size) return { pieces: [], note: 'unreadable', balances: unread('unreadable') };
      const readable = readableSize(size);
      if (readable === 'large') return { pieces: [], note: 'cut', balances: unread('image') };
      if (readable === 'small') return { pieces: [], note: 'no text', balances: { unread: [OCR_WORDS.noWords] } };
      const ocrDeadline = startOcr();
      let words: OcrPage;
      try {
        words = await (await engine()).recognize(bytes);
      } catch {
        // Leptonica refuses a picture it cannot decode (a damaged file).
        return { pieces: [], note: 'unreadable', balances: unread('unreadable') };
      }
      const text = ocrPageText(words);
      if (!text) return { pieces: [], note: 'no text', balances: { unread: [OCR_WORDS.noWords] } };
      return readOrTooLong(ocrDeadline, () => ({
        pieces: [text],
        balances: { ...withoutUnclear(pdfBalances([text]), unclearAmounts(words)), source: ocrSource([]) },
      }));
    }
  }
};
