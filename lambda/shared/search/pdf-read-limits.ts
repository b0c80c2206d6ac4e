/**
 * The bounds on what pdf.js builds from a file, as its Node build reads them
 * (patches/pdfjs-dist+5.6.205.patch, applied by `npm ci`).
 *
 * pdf.js decodes a stream (a page's content, a form, a font) whole into one buffer, which it
 * doubles as the stream inflates, with no bound: one page whose 400 KB of deflate data
 * inflate to 400 MB holds the function's memory twice over, and a page whose contents name
 * one 15 MB stream forty times holds forty copies at once (1,188 MiB, from a 16 KB file).
 * And it reads a string of the file a character at a time into an array, at about fifty
 * times the string's length (a 15 MB string shown on a page took 736 MiB). The patch makes
 * its decoders refuse to grow one stream past `streamBytes`, or all that one reading decodes
 * past `decodedBytes` (its own inflater and the platform's DecompressionStream alike), and
 * its lexer refuse a string longer than `stringChars`, counting each refusal in `exceeded`
 * and throwing. What reads a page's text may swallow that error (pdf.js reads past damage
 * in a page's parts), so the count is what says a reading met a bound. Statements are read
 * one at a time in a process, so what is counted during a reading is that reading's.
 */
interface ReadLimits {
  /** The most bytes one stream may decode to. */
  streamBytes: number;
  /** The most bytes all the streams of one reading may decode to. */
  decodedBytes: number;
  /** The most characters one string may hold. */
  stringChars: number;
  /** What the current reading decoded so far. */
  decoded: number;
  /** How many decodes and strings were stopped at a bound. */
  exceeded: number;
}

const holder = globalThis as { pdfjsReadLimits?: ReadLimits };

/** Sets the bounds pdf.js reads within (the first setting stays: the bounds are one for the process). */
export const limitPdfReading = (limits: Pick<ReadLimits, 'streamBytes' | 'decodedBytes' | 'stringChars'>): void => {
  holder.pdfjsReadLimits ??= { ...limits, decoded: 0, exceeded: 0 };
};

/** One reading's view of the bounds. */
export interface PdfReading {
  /** Whether a bound stopped anything during it. */
  stopped(): boolean;
  /**
   * Runs `step` (decoding a scanned page's picture for OCR) with a bound of its own: one
   * picture at 300 dpi is tens of megabytes, more than any stream of text needs, so its
   * stream, and all the step decodes, may reach `bytes`; the reading's own bounds and count
   * come back after it. A page without text has little else to decode.
   */
  picture<P>(bytes: number, step: () => Promise<P>): Promise<P>;
}

/** The reading under way in this process, if any: the next waits for it. */
let current: Promise<unknown> = Promise.resolve();

/**
 * Runs one reading with its own count of what it decodes; `stopped` says whether a bound
 * stopped anything during it. The counts are one for the process, so readings take turns:
 * Lambda runs one invocation at a time anyway, and where several handlers share a process
 * (the local stack) two PDFs read at once would otherwise count each other's bytes.
 */
export const withPdfReading = <T>(read: (reading: PdfReading) => Promise<T>): Promise<T> => {
  const limits = holder.pdfjsReadLimits;
  if (!limits) throw new Error('pdf.js reads without bounds: limitPdfReading was never called');
  const turn = current.then(() => {
    limits.decoded = 0;
    const before = limits.exceeded;
    const picture = async <P>(bytes: number, step: () => Promise<P>): Promise<P> => {
      const { streamBytes, decodedBytes, decoded } = limits;
      Object.assign(limits, { streamBytes: bytes, decodedBytes: bytes, decoded: 0 });
      try {
        return await step();
      } finally {
        Object.assign(limits, { streamBytes, decodedBytes, decoded });
      }
    };
    return read({ stopped: () => limits.exceeded > before, picture });
  });
  current = turn.catch(() => undefined);
  return turn;
};
