import { PROPOSAL_READ, type SheetRows } from '@contract/reading';

type ReadSheet = (input: Blob) => Promise<unknown[][]>;

/** A cell as the filing rules read it: text, a number as written, a date as YYYY-MM-DD. */
export const cellText = (value: unknown): string => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * The first sheet of a workbook, read by read-excel-file (`readSheet`, as the runtime loads
 * it: the web worker's build in the browser, the universal one in tests). A workbook is a ZIP
 * archive whose directory sits at its end, so it is read whole, up to a size no statement
 * reaches.
 */
export const firstSheetRows = async (readSheet: ReadSheet, file: Blob): Promise<SheetRows> => {
  if (file.size > PROPOSAL_READ.workbookBytes) return { problem: 'too large' };
  try {
    return { rows: (await readSheet(file)).map((row) => row.map(cellText)) };
  } catch {
    return { problem: 'unreadable' };
  }
};
