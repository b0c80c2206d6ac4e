import { STATEMENT_LIMITS, needsMultipart } from '@contract/uploads';
import { compositeChecksumOf, sha256Base64 } from '@contract/checksums';
import type { FilingProposal } from '@contract/reading';

/**
 * The checksums an upload is signed with, computed from the file one piece at a time: the
 * file's SHA-256 when it goes in one PUT, or each 16 MiB part's SHA-256 and S3's composite
 * of them when it goes in parts. At most one part is in memory at once, and Web Crypto
 * hashes off the main thread; in a browser the whole pass runs in a worker (see
 * `hash-worker.ts`), so a 1 GiB file never freezes the page.
 */
export interface FileChecksums {
  /** What the upload declares for the whole file. */
  checksum: string;
  /** Each part's SHA-256, in part order (multipart only). */
  parts: string[];
}

export type HashProgress = (hashedBytes: number) => void;

/** The pieces a file of this size is hashed in: the whole file, or its parts. */
export const pieceRanges = (size: number): [number, number][] => {
  if (!needsMultipart(size)) return [[0, size]];
  const ranges: [number, number][] = [];
  for (let start = 0; start < size; start += STATEMENT_LIMITS.partBytes)
    ranges.push([start, Math.min(size, start + STATEMENT_LIMITS.partBytes)]);
  return ranges;
};

/** Hashes in this thread (the worker runs this same function). */
export const computeChecksums = async (
  file: Blob,
  onProgress: HashProgress = () => undefined,
  signal?: AbortSignal,
): Promise<FileChecksums> => {
  const parts: string[] = [];
  for (const [start, end] of pieceRanges(file.size)) {
    signal?.throwIfAborted();
    parts.push(await sha256Base64(await file.slice(start, end).arrayBuffer()));
    onProgress(end);
  }
  if (!needsMultipart(file.size)) return { checksum: parts[0], parts: [] };
  return { checksum: await compositeChecksumOf(parts), parts };
};

export type HashRequest = { kind: 'hash'; file: Blob };
/** What the worker is asked: a file's checksums, or what a file proposes to be filed under (`id` matches the answer). */
export type WorkerRequest = HashRequest | { kind: 'propose'; id: number; file: File };
export type HashMessage =
  | { kind: 'progress'; hashedBytes: number }
  | { kind: 'done'; result: FileChecksums }
  | { kind: 'error'; message: string }
  | { kind: 'proposal'; id: number; proposal: FilingProposal };

/** Hashes in a worker when given one (the page passes `startHashWorker`); in this thread otherwise (tests). */
export const hashFile = (
  file: Blob,
  onProgress: HashProgress = () => undefined,
  signal?: AbortSignal,
  startWorker?: () => Worker,
): Promise<FileChecksums> => {
  if (!startWorker || typeof Worker === 'undefined') return computeChecksums(file, onProgress, signal);
  return new Promise((resolve, reject) => {
    const worker = startWorker();
    const stop = () => worker.terminate();
    signal?.addEventListener(
      'abort',
      () => {
        stop();
        reject(signal.reason);
      },
      { once: true },
    );
    worker.onmessage = (event: MessageEvent<HashMessage>) => {
      const message = event.data;
      if (message.kind === 'progress') onProgress(message.hashedBytes);
      else if (message.kind !== 'proposal') {
        stop();
        if (message.kind === 'done') resolve(message.result);
        else reject(new Error(message.message));
      }
    };
    worker.onerror = (event) => {
      stop();
      reject(new Error(event.message || 'The file could not be read.'));
    };
    worker.postMessage({ kind: 'hash', file } satisfies HashRequest);
  });
};
