import type { DocumentText } from '@contract/reading';

type PdfJs = typeof import('pdfjs-dist');

/** How many pages of a PDF are read at most for its period and account: statements say both on the first. */
export const PDF_PAGES_READ = 2;

/** Byte ranges of a file, read as pdf.js asks for them. */
export interface RangeSource {
  size: number;
  read(begin: number, end: number): Promise<Uint8Array>;
}

/** A file's bytes, a range at a time (File.slice reads only that range). */
export const fileRanges = (file: Blob): RangeSource => ({
  size: file.size,
  read: async (begin, end) => new Uint8Array(await file.slice(begin, end).arrayBuffer()),
});

/** How much pdf.js reads at a time: the first request, and each range it asks for after. */
const PDF_CHUNK_BYTES = 64 * 1024;

/**
 * Opens a PDF with Mozilla's pdf.js reading only the byte ranges it asks for (the
 * cross-reference table at the end, then the objects of the pages asked for), never a whole
 * large file first. No script in the PDF runs (pdf.js runs none unless told to), no code is
 * generated from it (`isEvalSupported: false`) and no form layer is built. `fonts`: whether
 * its embedded fonts are used to draw it (reading text needs none).
 */
export const openRangedPdf = async (pdfjs: PdfJs, source: RangeSource, options: { onRead?: (bytes: number) => void; fonts: boolean }) => {
  const { onRead } = options;
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
      () => void task.destroy().catch(() => undefined),
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
      const content = await (await document.getPage(number)).getTextContent();
      const page = content.items.map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ' '}` : '')).join('');
      text = `${text}\n${page}`.replace(/[ \t]+/g, ' ').trim();
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
