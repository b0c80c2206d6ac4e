import { compactColumns, fieldItems, layoutText, readingText, type FieldAnnotation, type PageViews, type TextItem } from './layout';
import type { DocumentText } from './propose';

type PdfJs = typeof import('pdfjs-dist');

/** How many pages of a PDF are read at most for its period and account: statements say both on the first. */
export const PDF_PAGES_READ = 2;

/** Byte ranges of a file, read as pdf.js asks for them. */
export interface RangeSource {
  size: number;
  read(begin: number, end: number): Promise<Uint8Array>;
}

/** How much pdf.js reads at a time: the first request, and each range it asks for after. */
const PDF_CHUNK_BYTES = 64 * 1024;

/**
 * Opens a PDF with Mozilla's pdf.js reading only the byte ranges it asks for (the
 * cross-reference table at the end, then the objects of the pages asked for), never a whole
 * large file first. No script in the PDF runs (pdf.js runs none unless told to), no code is
 * generated from it (`isEvalSupported: false`) and no form layer is built. `fonts`: whether
 * its embedded fonts are used to draw it (reading text needs none).
 *
 * pdf.js has no way to hear that a range failed to arrive: what needs it (a page, and the
 * document's own destruction) would wait for it forever. Without `onReadError`, a failed
 * range destroys the document. With it, the reader hears of the failure and the range, and
 * every later one, is answered with zeros without reading the source again: pdf.js reads
 * them as damage, so each step it is taking ends and the reader can stop and destroy the
 * document. `password`: what opens a protected PDF (pdf.js's PasswordException otherwise:
 * code 1 when none was given, 2 when it was wrong).
 */
export const openRangedPdf = async (
  pdfjs: PdfJs,
  source: RangeSource,
  options: { onRead?: (bytes: number) => void; onReadError?: (error: unknown) => void; fonts: boolean; password?: string },
) => {
  const { onRead, onReadError } = options;
  const first = await source.read(0, Math.min(source.size, PDF_CHUNK_BYTES));
  onRead?.(first.length);
  const transport = new pdfjs.PDFDataRangeTransport(source.size, first);
  let failed = false;
  transport.requestDataRange = (begin: number, end: number) => {
    if (failed) return void queueMicrotask(() => transport.onDataRange(begin, new Uint8Array(end - begin)));
    source.read(begin, end).then(
      (bytes) => {
        onRead?.(bytes.length);
        transport.onDataRange(begin, bytes);
      },
      (error: unknown) => {
        if (!onReadError) return void task.destroy().catch(() => undefined);
        if (!failed) onReadError(error);
        failed = true;
        transport.onDataRange(begin, new Uint8Array(end - begin));
      },
    );
  };
  const task = pdfjs.getDocument({
    range: transport,
    length: source.size,
    rangeChunkSize: PDF_CHUNK_BYTES,
    disableAutoFetch: true,
    disableStream: true,
    isEvalSupported: false,
    disableFontFace: !options.fonts,
    useSystemFonts: false,
    enableXfa: false,
    verbosity: 0,
    ...(options.password === undefined ? {} : { password: options.password }),
  });
  return task;
};

/** What of a page its text is read from: its text items, and its form fields' annotations. */
interface TextPage {
  getTextContent(): Promise<{ items: unknown[] }>;
  getAnnotations?(): Promise<unknown[]>;
}

/**
 * A page's text laid out by position (`layoutText`), with a fillable statement's field
 * values among its printed text, and the stream-order view beside it. A page whose
 * annotations fail to read is read without them.
 */
export const pageTextViews = async (page: TextPage): Promise<PageViews> => {
  const items = ((await page.getTextContent()).items as TextItem[]).filter((item) => typeof item.str === 'string');
  const annotations = page.getAnnotations ? await page.getAnnotations().catch(() => []) : [];
  const fields = fieldItems(annotations as FieldAnnotation[], items);
  return { layout: layoutText([...items, ...fields]), reading: readingText([...items, ...fields]) };
};

/** A page's text as every reader reads it: the layout view. */
const pageText = async (page: TextPage): Promise<string> => (await pageTextViews(page)).layout;

/** A PDF opened for its text, without fonts, and the source's failure to read a range once there is one. */
const openForText = async (pdfjs: PdfJs, source: RangeSource, onRead?: (bytes: number) => void, password?: string) => {
  const state: { readError?: { error: unknown } } = {};
  const task = await openRangedPdf(pdfjs, source, {
    onRead,
    fonts: false,
    onReadError: (error) => (state.readError = { error }),
    password,
  });
  return { task, state };
};

/** Why pdf.js could not read a document: its password, or anything else (damage it gives up on). */
const problemOf = (error: unknown): 'protected' | 'unreadable' =>
  (error as Error | undefined)?.name === 'PasswordException' ? 'protected' : 'unreadable';

/**
 * The text of a PDF's first pages, by Mozilla's pdf.js, reading only the byte ranges it
 * asks for (the cross-reference table at the end, then the first pages' objects), never a
 * whole large file. No script in the PDF runs (pdf.js runs none unless told to), no font
 * is installed and no code is generated from it. `pdfjs` is the library as the runtime loads
 * it (the browser worker's build, or Node's legacy build in tests). A file that cannot be
 * read, damaged or failing to read, is `unreadable`.
 */
export const pdfFirstPagesText = async (
  pdfjs: PdfJs,
  source: RangeSource,
  options: { onRead?: (bytes: number) => void; enough?: (text: string) => boolean; password?: string; stop?: () => boolean } = {},
): Promise<DocumentText> => {
  const { onRead, enough, password, stop } = options;
  const { task, state } = await openForText(pdfjs, source, onRead, password);
  try {
    const document = await task.promise;
    let text = '';
    for (let number = 1; number <= Math.min(document.numPages, PDF_PAGES_READ); number++) {
      const page = await pageText(await document.getPage(number));
      // After a failed range, what pdf.js reads is zeros, not the file.
      if (state.readError) break;
      // Only blank ends are cut: a line's indentation is its column.
      text = [text, page].filter((piece) => piece.trim() !== '').join('\n');
      // A later page is read only when the earlier ones do not say enough (its pictures can be large).
      if (enough?.(compactColumns(text))) break;
      // The reader's own reason to stop (its time is up): what it does with the text so far is its own.
      if (stop?.()) break;
    }
    if (state.readError) return { problem: 'unreadable' };
    return text ? { text } : { problem: 'no text' };
  } catch (error) {
    return { problem: problemOf(error) };
  } finally {
    await task.destroy();
  }
};

/** What `pdfPagesText` read: one piece per page with text, and why not everything was. */
export interface PdfPages {
  pieces: string[];
  /** Why the document (or a page) could not be read: a password, or damage pdf.js gives up on. */
  problem?: 'protected' | 'unreadable';
  /** The document has more pages than were read. */
  cut?: boolean;
  /** How many pages the document has, where it opened. */
  pageCount?: number;
}

/**
 * The text of every page of a PDF up to `pages`, one piece per page with text (a
 * statement's transactions run over all its pages), read range by range with the same
 * options as above. A page that fails to read ends the reading with what the pages before
 * it said; so does `stop` answering true after a page (the reader's own reason to stop).
 * A range the source itself fails to read is thrown, not reported as a damaged file: the
 * file may be fine, and reading it again may work.
 */
export const pdfPagesText = async (
  pdfjs: PdfJs,
  source: RangeSource,
  pages: number,
  options: { stop?: () => boolean; password?: string } = {},
): Promise<PdfPages> => {
  const { task, state } = await openForText(pdfjs, source, undefined, options.password);
  const pieces: string[] = [];
  let pageCount: number | undefined;
  try {
    const document = await task.promise;
    pageCount = document.numPages;
    for (let number = 1; number <= Math.min(document.numPages, pages); number++) {
      const text = await pageText(await document.getPage(number));
      // After a failed range, what pdf.js reads is zeros, not the file.
      if (state.readError) break;
      if (text) pieces.push(text);
      if (options.stop?.()) break;
    }
    if (state.readError) throw state.readError.error;
    return { pieces, pageCount, ...(document.numPages > pages ? { cut: true } : {}) };
  } catch (error) {
    if (state.readError) throw state.readError.error;
    return { pieces, problem: problemOf(error), ...(pageCount !== undefined ? { pageCount } : {}) };
  } finally {
    await task.destroy();
  }
};
