import { PROPOSAL_READ, cellText, pdfFirstPagesText, type DocumentText, type RangeSource, type SheetRows } from '../../contract/reading';
import { CONTENT_READ, loadPdfJs } from '../shared/search/content';
import { withPdfReading } from '../shared/search/pdf-read-limits';
import { workbookParts } from '../shared/search/workbook-parts';

/**
 * What a mailed PDF's first pages and a mailed workbook's first sheet say, read by the same
 * libraries and within the same bounds as the catalogue's (lambda/shared/search): the upload
 * panel reads a file in the browser before it is sent; a mailed file is read here.
 */

/**
 * The file's bytes as pdf.js asks for them, each range a copy: pdf.js may hand a range's
 * buffer on to its worker, which would leave the file itself empty before it is stored.
 */
const rangesOf = (bytes: Uint8Array): RangeSource => ({
  size: bytes.length,
  read: async (begin, end) => bytes.slice(begin, end),
});

/**
 * A PDF's first pages as text (opened with `password` when given), or why not (a password, no
 * text layer, damage, or past a bound); `stop` answering true ends the reading after a page.
 */
export const mailPdfText = async (bytes: Uint8Array, password?: string, stop?: () => boolean): Promise<DocumentText> => {
  if (bytes.length > CONTENT_READ.pdfBytes) return { problem: 'unreadable' };
  const pdfjs = await loadPdfJs();
  return withPdfReading(async (reading) => {
    const text = await pdfFirstPagesText(pdfjs, rangesOf(bytes), { password, ...(stop ? { stop } : {}) });
    // What pdf.js read of a page cut at a bound is part of it at best: none of it is taken.
    return reading.stopped() ? { problem: 'unreadable' } : text;
  });
};

/** A workbook's first sheet, its cells as text, or why not. */
export const mailWorkbookRows = async (bytes: Uint8Array): Promise<SheetRows> => {
  if (bytes.length > PROPOSAL_READ.workbookBytes) return { problem: 'too large' };
  const parts = await workbookParts(bytes, CONTENT_READ.workbookUnzippedBytes);
  if ('problem' in parts) return { problem: parts.problem === 'cut' ? 'too large' : 'unreadable' };
  const { readSheet } = await import('read-excel-file/node');
  try {
    const rows = await readSheet(Buffer.from(parts.zip.buffer, parts.zip.byteOffset, parts.zip.byteLength));
    return { rows: rows.map((row) => row.map(cellText)) };
  } catch {
    return { problem: 'unreadable' };
  }
};
