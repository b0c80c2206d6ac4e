/**
 * The bounds on what pdf.js builds from a file, as its Node build reads them
 * (patches/pdfjs-dist+5.6.205.patch, applied by `npm ci`).
 *
 * pdf.js decodes a stream (a page's content, a form, a font) whole into one buffer, which it
 * doubles as the stream inflates, with no bound: one page whose 400 KB of deflate data
 * inflate to 400 MB holds the function's memory twice over. And it reads a string of the
 * file a character at a time into an array, at about fifty times the string's length (a
 * 15 MB string shown on a page took 736 MB). The patch makes its decoders refuse to grow a
 * stream past `streamBytes` (its own inflater and the platform's DecompressionStream alike)
 * and its lexer refuse a string longer than `stringChars`, counting each refusal in
 * `exceeded` and throwing. What reads a page's text may swallow that error (pdf.js reads
 * past damage in a page's parts), so the count is what says a read met a bound. Statements
 * are read one at a time in a process, so the count's growth during a read is that read's.
 */
interface ReadLimits {
  /** The most bytes one stream may decode to. */
  streamBytes: number;
  /** The most characters one string may hold. */
  stringChars: number;
  /** How many decodes and strings were stopped at a bound. */
  exceeded: number;
}

const holder = globalThis as { pdfjsReadLimits?: ReadLimits };

/** Sets the bounds pdf.js reads within (the first setting stays: the bounds are one for the process). */
export const limitPdfReading = (limits: Omit<ReadLimits, 'exceeded'>): void => {
  holder.pdfjsReadLimits ??= { ...limits, exceeded: 0 };
};

/** How many decodes and strings the bounds stopped so far in this process. */
export const pdfReadsStopped = (): number => holder.pdfjsReadLimits?.exceeded ?? 0;
