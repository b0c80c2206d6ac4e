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
  const first = await source.read(0, Math.min(source.size, 64 * 1024));
  onRead?.(first.length);
  const transport = new pdfjs.PDFDataRangeTransport(source.size, first);
  transport.requestDataRange = (begin: number, end: number) => {
    void source.read(begin, end).then((bytes) => {
      onRead?.(bytes.length);
      transport.onDataRange(begin, bytes);
    });
  };
  const task = pdfjs.getDocument({
    range: transport,
    length: source.size,
    rangeChunkSize: 64 * 1024,
    disableAutoFetch: true,
    disableStream: true,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    verbosity: 0,
  });
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
