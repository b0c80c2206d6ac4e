import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import type * as http from 'node:http';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CHECKSUM, CHECKSUM_TYPES, SHA256_BASE64_PATTERN, compositeChecksumOf, type ChecksumType } from '../../contract';

/**
 * S3's additional checksums (SHA-256 only, the one this product uses), which s3rver does
 * not know: the local S3's front hashes what arrives, refuses a body whose hash differs
 * from the signed `x-amz-checksum-sha256` with S3's BadDigest before s3rver stores
 * anything, and keeps what it verified beside s3rver's files, so HeadObject and GetObject
 * with checksum mode, UploadPart, ListParts and CompleteMultipartUpload answer as S3 does.
 */
export interface Problem {
  status: number;
  code: string;
  message: string;
}

export interface StoredChecksum {
  value: string;
  type: ChecksumType;
}

const badDigest: Problem = { status: 400, code: 'BadDigest', message: 'The SHA256 you specified did not match the calculated checksum.' };

/** The header's value, or a problem if it is not a base64 SHA-256 (S3 checks the form before the body). */
export const declaredChecksum = (headers: http.IncomingHttpHeaders): { value?: string; problem?: Problem } => {
  const value = headers[CHECKSUM.header];
  if (value === undefined) return {};
  if (typeof value !== 'string' || !SHA256_BASE64_PATTERN.test(value)) {
    return { problem: { status: 400, code: 'InvalidRequest', message: `Value for ${CHECKSUM.header} header is invalid.` } };
  }
  return { value };
};

/** Streams a body to a file while hashing it; the caller forwards the file only if the hash is right. */
export const spoolAndHash = async (request: http.IncomingMessage, file: string): Promise<string> => {
  const hash = createHash('sha256');
  request.on('data', (chunk: Buffer) => hash.update(chunk));
  await pipeline(request, fs.createWriteStream(file));
  return hash.digest('base64');
};

export const sha256Of = (body: Buffer): string => createHash('sha256').update(body).digest('base64');

/** BadDigest when the bytes' hash is not the one declared. */
export const digestProblem = (declared: string, actual: string): Problem | undefined => (declared === actual ? undefined : badDigest);

export const createChecksumStore = (directory: string, uploadsDir: string) => {
  const objectFile = (key: string) => path.join(directory, `${key}.checksum.json`);
  const uploadFile = (uploadId: string) => path.join(uploadsDir, uploadId, 'checksum-algorithm');
  const partFile = (uploadId: string, partNumber: number) => path.join(uploadsDir, uploadId, `${partNumber}.sha256`);
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  };
  const read = (file: string): string | undefined => {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  };
  return {
    objectChecksum(key: string): StoredChecksum | undefined {
      const text = read(objectFile(key));
      return text ? (JSON.parse(text) as StoredChecksum) : undefined;
    },
    /** Written before s3rver stores the object, so the object event's reader already finds it. */
    setObjectChecksum(key: string, checksum: StoredChecksum | undefined): void {
      if (checksum) write(objectFile(key), JSON.stringify(checksum));
      else fs.rmSync(objectFile(key), { force: true });
    },
    /** Whether the upload was created with the SHA-256 algorithm. */
    uploadUsesSha256(uploadId: string): boolean {
      return read(uploadFile(uploadId)) === CHECKSUM.algorithm;
    },
    setUploadAlgorithm(uploadId: string): void {
      write(uploadFile(uploadId), CHECKSUM.algorithm);
    },
    partChecksum(uploadId: string, partNumber: number): string | undefined {
      return read(partFile(uploadId, partNumber));
    },
    setPartChecksum(uploadId: string, partNumber: number, checksum: string): void {
      write(partFile(uploadId, partNumber), checksum);
    },
  };
};

export type ChecksumStore = ReturnType<typeof createChecksumStore>;

/**
 * What S3 says of an UploadPart against the upload's algorithm: a SHA-256 upload needs each
 * part's checksum, and an upload without one takes none.
 */
export const partChecksumProblem = (usesSha256: boolean, declared: string | undefined): Problem | undefined => {
  if (usesSha256 && declared === undefined) {
    return {
      status: 400,
      code: 'InvalidRequest',
      message: 'Checksum Type mismatch occurred, expected checksum Type: sha256, actual checksum Type: null',
    };
  }
  if (!usesSha256 && declared !== undefined) {
    return {
      status: 400,
      code: 'InvalidRequest',
      message: 'Checksum Type mismatch occurred, expected checksum Type: null, actual checksum Type: sha256',
    };
  }
  return undefined;
};

/**
 * A CompleteMultipartUpload of a SHA-256 upload: every part listed must carry the checksum
 * S3 verified for it. Returns the object's composite checksum, or S3's refusal.
 */
export const completeChecksum = async (
  store: ChecksumStore,
  uploadId: string,
  body: string,
): Promise<{ checksum?: StoredChecksum; problem?: Problem }> => {
  if (!store.uploadUsesSha256(uploadId)) return {};
  const parts = [...body.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((match) => ({
    partNumber: Number(/<PartNumber>\s*(\d+)\s*<\/PartNumber>/.exec(match[1])?.[1]),
    checksum: /<ChecksumSHA256>\s*([^<\s]+)\s*<\/ChecksumSHA256>/.exec(match[1])?.[1],
  }));
  const checksums: string[] = [];
  for (const part of parts) {
    if (part.checksum === undefined) {
      return {
        problem: {
          status: 400,
          code: 'InvalidRequest',
          message: `The upload was created using a sha256 checksum. The complete request must include the checksum for each part. It was missing for part ${part.partNumber} in the request.`,
        },
      };
    }
    if (store.partChecksum(uploadId, part.partNumber) !== part.checksum) {
      return {
        problem: {
          status: 400,
          code: 'InvalidPart',
          message:
            "One or more of the specified parts could not be found.  The part may not have been uploaded, or the specified entity tag may not have matched the part's entity tag.",
        },
      };
    }
    checksums.push(part.checksum);
  }
  return { checksum: { value: await compositeChecksumOf(checksums), type: CHECKSUM_TYPES.composite } };
};

/** The response headers S3 adds for a stored checksum. */
export const checksumHeaders = (checksum: StoredChecksum | undefined): Record<string, string> =>
  checksum ? { [CHECKSUM.header]: checksum.value, [CHECKSUM.typeHeader]: checksum.type } : {};
