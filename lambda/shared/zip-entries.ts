import yauzl from 'yauzl';

/**
 * A ZIP's files, unzipped within a budget, the central directory (the ZIP's own list, at its
 * end) taken as the authority, as the format says.
 *
 * A reader that unzips as a stream, by the local headers in front of each file, collects a
 * file whose header gives no size (a streaming writer's) until its deflate data ends: a
 * file that says nothing and inflates to a gigabyte is held whole. yauzl reads the
 * directory and ends a file's stream with an error as soon as it inflates past the size the
 * directory gives it. A file whose local header gives other sizes than the directory is
 * refused too: two readers would read two different files.
 */

/** Why a ZIP's files were not read: it is damaged, encrypted or its sizes lie (`unreadable`), or they unzip past the budget (`cut`). */
export type ZipProblem = 'unreadable' | 'cut';

export interface ZipBudget {
  /** The bytes the chosen files may unzip to, in all. */
  readonly bytes: number;
  /** The files that may be chosen. @default no limit */
  readonly entries?: number;
}

/** Bit 3 of the flags: the sizes follow the file's data (a streaming writer's); its local header gives none. */
const SIZES_AFTER_DATA = 0x0008;

/** Whether the file's local header says what the central directory says of it (or, by bit 3, nothing). */
const sameSizes = (entry: yauzl.Entry, local: yauzl.LocalFileHeader): boolean => {
  if ((local.generalPurposeBitFlag & SIZES_AFTER_DATA) !== 0 && local.compressedSize === 0 && local.uncompressedSize === 0) return true;
  // 0xFFFFFFFF: the sizes are in the local ZIP64 field; the directory's (read by yauzl, ZIP64 too) are then the only ones compared.
  if (local.compressedSize === 0xffffffff && local.uncompressedSize === 0xffffffff) return true;
  return local.compressedSize === entry.compressedSize && local.uncompressedSize === entry.uncompressedSize;
};

/** A file's bytes: yauzl's stream errs the moment it inflates past `size` (or ends short of it). */
const readEntry = async (zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Uint8Array> => {
  const bytes = new Uint8Array(entry.uncompressedSize);
  let at = 0;
  const stream = await zip.openReadStreamPromise(entry);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
  } finally {
    stream.destroy();
  }
  return bytes;
};

/**
 * The files of the ZIP that `choose` takes (by their names; folders are never taken), by
 * name, when the central directory says they unzip within the budget and each does unzip to
 * what it says; else why not.
 */
export const zipEntries = async (
  bytes: Uint8Array,
  choose: (name: string) => boolean,
  budget: ZipBudget,
): Promise<{ entries: Record<string, Uint8Array> } | { problem: ZipProblem }> => {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      // Its files are read after its list: it stays open until closed below.
      autoClose: false,
      validateEntrySizes: true,
      strictFileNames: false,
      decodeStrings: true,
    });
  } catch {
    return { problem: 'unreadable' };
  }
  try {
    const chosen: yauzl.Entry[] = [];
    for await (const entry of zip.eachEntry()) if (!entry.fileName.endsWith('/') && choose(entry.fileName)) chosen.push(entry);
    // Counted before any file is inflated: a ZIP that says it is larger than the budget is never unzipped.
    if (chosen.reduce((total, entry) => total + entry.uncompressedSize, 0) > budget.bytes) return { problem: 'cut' };
    if (budget.entries !== undefined && chosen.length > budget.entries) return { problem: 'cut' };
    const entries: Record<string, Uint8Array> = {};
    for (const entry of chosen) {
      if (!sameSizes(entry, await zip.readLocalFileHeaderPromise(entry))) return { problem: 'unreadable' };
      entries[entry.fileName] = await readEntry(zip, entry);
    }
    return { entries };
  } catch {
    // Damage, encryption, an unknown compression, or a file that inflates past (or short of) its size.
    return { problem: 'unreadable' };
  } finally {
    zip.close();
  }
};
