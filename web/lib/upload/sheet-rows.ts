import { PROPOSAL_READ, cellText, type SheetRows } from '@contract/reading';

export { cellText } from '@contract/reading';

type ReadSheet = (input: Blob) => Promise<unknown[][]>;

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
