import { zipSync } from 'fflate';
import { zipEntries, type ZipProblem } from '../zip-entries';

/**
 * A workbook's parts, unzipped within a budget (lambda/shared/zip-entries.ts), and zipped
 * again as they are (stored, not compressed) for read-excel-file.
 *
 * read-excel-file unzips as a stream, by the local headers in front of each part: a part
 * whose header gives no size would be collected until its deflate data ends. What it
 * unzips here is bytes whose sizes are counted and true.
 */

/** Why a workbook's parts were not read: its ZIP is damaged or its sizes lie (`unreadable`), or they unzip past the budget (`cut`). */
export type WorkbookProblem = ZipProblem;

/** The parts read-excel-file reads (its own filter): the XML parts and their relationships, nothing else. */
const isReadPart = (name: string) => name.endsWith('.xml') || name.endsWith('.xml.rels');

/**
 * The workbook as a ZIP of its read parts, each stored with its true size, when the central
 * directory says they unzip to at most `budget` bytes and each does unzip to what it says;
 * else why not.
 */
export const workbookParts = async (bytes: Uint8Array, budget: number): Promise<{ zip: Uint8Array } | { problem: WorkbookProblem }> => {
  const read = await zipEntries(bytes, isReadPart, { bytes: budget });
  return 'problem' in read ? read : { zip: zipSync(read.entries, { level: 0 }) };
};
