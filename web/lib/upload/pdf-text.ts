import { type RangeSource } from '@contract/reading';

export { PDF_PAGES_READ, openRangedPdf, pdfFirstPagesText, type RangeSource } from '@contract/reading';

/** A file's bytes, a range at a time (File.slice reads only that range). */
export const fileRanges = (file: Blob): RangeSource => ({
  size: file.size,
  read: async (begin, end) => new Uint8Array(await file.slice(begin, end).arrayBuffer()),
});
