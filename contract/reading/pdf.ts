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
 * its embedded fonts are used to draw it (reading text needs none). `onReadError` hears of a
 * range the source failed to read (the document then fails to load, as a damaged file does:
 * this tells the two apart).
 */
export const openRangedPdf = async (
  pdfjs: PdfJs,
  source: RangeSource,
  options: { onRead?: (bytes: number) => void; onReadError?: (error: unknown) => void; fonts: boolean },
) => {
  const { onRead, onReadError } = options;
  const first = await source.read(0, Math.min(source.size, PDF_CHUNK_BYTES));
  onRead?.(first.length);
  const transport = new pdfjs.PDFDataRangeTransport(source.size, first);
  transport.requestDataRange = (begin: number, end: number) => {
    source.read(begin, end).then(
      (bytes) => {
        onRead?.(bytes.length);
        transport.onDataRange(begin, bytes);
      },
      // A range that cannot be read ends the document's loading (its promise rejects).
      (error: unknown) => {
        onReadError?.(error);
        void task.destroy().catch(() => undefined);
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
  });
  return task;
};

/** A page's text as pdf.js lays it out: items joined, a line break where the PDF ends a line. */
const pageText = async (page: { getTextContent(): Promise<{ items: unknown[] }> }): Promise<string> => {
  const content = await page.getTextContent();
  return (content.items as { str?: string; hasEOL?: boolean }[])
    .map((item) => (typeof item.str === 'string' ? `${item.str}${item.hasEOL ? '\n' : ' '}` : ''))
    .join('')
    .replace(/[ \t]+/g, ' ')
    .trim();
};

/**
 * The text of a PDF's first pages, by Mozilla's pdf.js, reading only the byte ranges it
 * asks for (the cross-reference table at the end, then the first pages' objects), never a
 * whole large file. No script in the PDF runs (pdf.js runs none unless told to), no font
 * is installed and no code is generated from it. `pdfjs` is the library as the runtime loads
 * it (the browser worker's build, or Node's legacy build in tests).
 */
export const pdfFirstPagesText = async (
  pdfjs: PdfJs,
  source: RangeSource,
  options: { onRead?: (bytes: number) => void; enough?: (text: string) => boolean } = {},
): Promise<DocumentText> => {
  const { onRead, enough } = options;
  const task = await openRangedPdf(pdfjs, source, { onRead, fonts: false });
  try {
    const document = await task.promise;
    let text = '';
    for (let number = 1; number <= Math.min(document.numPages, PDF_PAGES_READ); number++) {
      text = `${text}\n${await pageText(await document.getPage(number))}`.trim();
      // A later page is read only when the earlier ones do not say enough (its pictures can be large).
      if (enough?.(text)) break;
    }
    return text ? { text } : { problem: 'no text' };
  } catch (error) {
    return { problem: (error as Error).name === 'PasswordException' ? 'protected' : 'unreadable' };
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
}

/**
 * The text of every page of a PDF up to `pages`, one piece per page with text (a
 * statement's transactions run over all its pages), read range by range with the same
 * options as above. A page that fails to read ends the reading with what the pages before
 * it said. A range the source itself fails to read is thrown, not reported as a damaged
 * file: the file may be fine, and reading it again may work.
 */
export const pdfPagesText = async (pdfjs: PdfJs, source: RangeSource, pages: number): Promise<PdfPages> => {
  let readError: { error: unknown } | undefined;
  const task = await openRangedPdf(pdfjs, source, { fonts: false, onReadError: (error) => (readError ??= { error }) });
  const pieces: string[] = [];
  try {
    const document = await task.promise;
    for (let number = 1; number <= Math.min(document.numPages, pages); number++) {
      const text = await pageText(await document.getPage(number));
      if (text) pieces.push(text);
    }
    return { pieces, ...(document.numPages > pages ? { cut: true } : {}) };
  } catch (error) {
    if (readError) throw readError.error;
    return { pieces, problem: (error as Error).name === 'PasswordException' ? 'protected' : 'unreadable' };
  } finally {
    await task.destroy();
  }
};
