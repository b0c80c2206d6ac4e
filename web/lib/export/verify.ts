import { CHECKSUM_TYPES, checksumHex, compositeChecksumOf, sha256Base64 } from '@contract/checksums';
import { STATEMENT_LIMITS } from '@contract/uploads';
import type { Verification } from './manifest';

export interface VerificationResult {
  verification: Verification;
  verifiedBy: string;
}

/** What was stored of a file: its size and, where it has one, the checksum its record keeps. */
export interface StoredFile {
  size: number;
  checksum?: string | null;
  checksumType?: string | null;
}

const concat = (pieces: Uint8Array[], length: number): Uint8Array => {
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const piece of pieces) {
    joined.set(piece, offset);
    offset += piece.length;
  }
  return joined;
};

/**
 * Passes a file's bytes through unchanged while checking them against its record: the
 * SHA-256 of the whole file for one sent in one piece, S3's composite (the SHA-256 of each
 * part's SHA-256) for one sent in parts, both of which S3 verified when the file arrived.
 * At most one part (or one single-piece file) is held at a time. `result` settles once the
 * last byte has passed.
 */
export const verifyingStream = (
  stored: StoredFile,
): { stream: TransformStream<Uint8Array, Uint8Array>; result: Promise<VerificationResult> } => {
  const kind =
    stored.checksumType === CHECKSUM_TYPES.composite
      ? 'composite'
      : stored.checksumType === CHECKSUM_TYPES.fullObject
        ? 'full'
        : stored.checksum && stored.size <= STATEMENT_LIMITS.maxSingleUploadBytes
          ? 'declared'
          : 'none';
  // A single-piece file is at most maxSingleUploadBytes, so holding it whole stays bounded.
  const boundary = kind === 'composite' ? STATEMENT_LIMITS.partBytes : STATEMENT_LIMITS.maxSingleUploadBytes + 1;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let total = 0;
  const parts: Promise<string>[] = [];
  const closePart = () => {
    parts.push(sha256Base64(concat(pending, pendingBytes)));
    pending = [];
    pendingBytes = 0;
  };
  let settle: (result: VerificationResult) => void = () => undefined;
  const result = new Promise<VerificationResult>((resolve) => (settle = resolve));

  const decide = async (): Promise<VerificationResult> => {
    if (total !== stored.size)
      return { verification: 'mismatch', verifiedBy: `${total} bytes arrived where the record says ${stored.size}` };
    if (kind === 'none') return { verification: 'unverified', verifiedBy: 'size only: the record keeps no checksum of this file' };
    if (kind === 'full') {
      const matches = (await parts[0]) === stored.checksum;
      return {
        verification: matches ? 'verified' : 'mismatch',
        verifiedBy: 'SHA-256 of the exported bytes, computed during the export, against the SHA-256 S3 verified when the file was uploaded',
      };
    }
    if (kind === 'composite') {
      const matches = (await compositeChecksumOf(await Promise.all(parts))) === stored.checksum;
      return {
        verification: matches ? 'verified' : 'mismatch',
        verifiedBy: `SHA-256 of each exported part of ${STATEMENT_LIMITS.partBytes} bytes, combined as S3 combines them, against the composite checksum S3 verified when the file was uploaded`,
      };
    }
    const matches = checksumHex(await parts[0]) === stored.checksum!.toLowerCase();
    return {
      verification: matches ? 'verified' : 'mismatch',
      verifiedBy: 'SHA-256 of the exported bytes against the checksum declared at upload (stored before S3 verified checksums)',
    };
  };

  const stream = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      controller.enqueue(chunk);
      total += chunk.length;
      if (kind === 'none') return;
      for (let offset = 0; offset < chunk.length;) {
        const take = Math.min(boundary - pendingBytes, chunk.length - offset);
        pending.push(chunk.subarray(offset, offset + take));
        pendingBytes += take;
        offset += take;
        if (pendingBytes === boundary) closePart();
      }
    },
    async flush() {
      if (kind !== 'none' && (pendingBytes > 0 || parts.length === 0)) closePart();
      settle(await decide());
    },
  });
  return { stream, result };
};
