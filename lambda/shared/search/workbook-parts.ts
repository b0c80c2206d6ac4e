import { zipSync } from 'fflate';
import yauzl from 'yauzl';

/**
 * A workbook's parts, unzipped within a budget, and zipped again as they are (stored, not
 * compressed) for read-excel-file.
 *
 * read-excel-file unzips as a stream, by the local headers in front of each part, and
 * collects a part whose header gives no size (a streaming writer's) until its deflate data
 * ends: a part that says nothing and inflates to a gigabyte is held whole. So the workbook
 * is unzipped here first by yauzl, which takes the central directory (the ZIP's own list,
 * at its end) as the authority, as the format says, and ends a part's stream with an error
 * as soon as it inflates past the size the directory gives it. A part whose local header
 * gives other sizes than the directory is refused too: two readers would read two different
 * files. What read-excel-file then unzips is bytes whose sizes are counted and true.
 */

/** Why a workbook's parts were not read: its ZIP is damaged or its sizes lie (`unreadable`), or they unzip past the budget (`cut`). */
export type WorkbookProblem = 'unreadable' | 'cut';

/** The parts read-excel-file reads (its own filter): the XML parts and their relationships, nothing else. */
const isReadPart = (name: string) => name.endsWith('.xml') || name.endsWith('.xml.rels');

/** Bit 3 of the flags: the sizes follow the part's data (a streaming writer's); its local header gives none. */
const SIZES_AFTER_DATA = 0x0008;

/** Whether the part's local header says what the central directory says of it (or, by bit 3, nothing). */
const sameSizes = (entry: yauzl.Entry, local: yauzl.LocalFileHeader): boolean => {
  if ((local.generalPurposeBitFlag & SIZES_AFTER_DATA) !== 0 && local.compressedSize === 0 && local.uncompressedSize === 0) return true;
  // 0xFFFFFFFF: the sizes are in the local ZIP64 field; the directory's (read by yauzl, ZIP64 too) are then the only ones compared.
  if (local.compressedSize === 0xffffffff && local.uncompressedSize === 0xffffffff) return true;
  return local.compressedSize === entry.compressedSize && local.uncompressedSize === entry.uncompressedSize;
};

/** A part's bytes: yauzl's stream errs the moment it inflates past `size` (or ends short of it). */
const readPart = async (zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Uint8Array> => {
  const part = new Uint8Array(entry.uncompressedSize);
  let at = 0;
  const stream = await zip.openReadStreamPromise(entry);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      part.set(chunk, at);
      at += chunk.length;
    }
  } finally {
    stream.destroy();
  }
  return part;
};

/**
 * The workbook as a ZIP of its read parts, each stored with its true size, when the central
 * directory says they unzip to at most `budget` bytes and each does unzip to what it says;
 * else why not.
 */
export const workbookParts = async (bytes: Uint8Array, budget: number): Promise<{ zip: Uint8Array } | { problem: WorkbookProblem }> => {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      // Its parts are read after its list: it stays open until closed below.
      autoClose: false,
      validateEntrySizes: true,
      strictFileNames: false,
      decodeStrings: true,
    });
  } catch {
    return { problem: 'unreadable' };
  }
  try {
    const entries: yauzl.Entry[] = [];
    for await (const entry of zip.eachEntry()) if (isReadPart(entry.fileName)) entries.push(entry);
    // Counted before any part is inflated: a workbook that says it is larger than the budget is never unzipped.
    if (entries.reduce((total, entry) => total + entry.uncompressedSize, 0) > budget) return { problem: 'cut' };
    const parts: Record<string, Uint8Array> = {};
    for (const entry of entries) {
      if (!sameSizes(entry, await zip.readLocalFileHeaderPromise(entry))) return { problem: 'unreadable' };
      parts[entry.fileName] = await readPart(zip, entry);
    }
    return { zip: zipSync(parts, { level: 0 }) };
  } catch {
    // Damage, encryption, an unknown compression, or a part that inflates past (or short of) its size.
    return { problem: 'unreadable' };
  } finally {
    zip.close();
  }
};
