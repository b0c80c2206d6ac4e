/**
 * File integrity, enforced by S3: every upload is signed with the SHA-256 of what it
 * sends, so S3 itself refuses a body whose hash differs (BadDigest) and stores nothing.
 *
 * - A single PUT signs `x-amz-checksum-sha256`, the SHA-256 of the whole file
 *   (checksum type FULL_OBJECT).
 * - A multipart upload is created with the SHA-256 algorithm and the COMPOSITE type: each
 *   part's URL signs that part's SHA-256, and completing names every part's checksum, so S3
 *   verifies each part and refuses a list that differs from what it holds. The object's
 *   checksum is then the SHA-256 of the parts' digests, followed by `-` and the part count.
 *
 * SHA-256 composite rather than a CRC64NVME full-object checksum: the browser computes
 * SHA-256 natively (Web Crypto, off the main thread) for each 16 MiB part it holds anyway,
 * with no library; single and multipart uploads use one algorithm; and SHA-256 is a
 * cryptographic hash, so a file cannot be altered to keep its checksum, where a CRC only
 * catches accidents. The cost: a multipart file's checksum is not the plain SHA-256 that
 * `sha256sum` prints, but it is reproducible from the file and its part size (see
 * `compositeChecksumOf`).
 */
export const CHECKSUM = {
  algorithm: 'SHA256',
  header: 'x-amz-checksum-sha256',
  /** The request header that asks HeadObject/GetObject for the stored checksum. */
  modeHeader: 'x-amz-checksum-mode',
  typeHeader: 'x-amz-checksum-type',
} as const;

export const CHECKSUM_TYPES = { fullObject: 'FULL_OBJECT', composite: 'COMPOSITE' } as const;
export type ChecksumType = (typeof CHECKSUM_TYPES)[keyof typeof CHECKSUM_TYPES];

/** Base64 of a SHA-256 digest: 32 bytes, 43 characters and one `=`. */
export const SHA256_BASE64_PATTERN = /^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$/;

/** A composite checksum: the base64 SHA-256 of the parts' digests, `-`, the part count. */
export const COMPOSITE_SHA256_PATTERN = /^([A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=)-([1-9]\d{0,4})$/;

/** The part count a composite checksum names, or undefined for any other value. */
export const compositePartCount = (checksum: string): number | undefined => {
  const match = COMPOSITE_SHA256_PATTERN.exec(checksum);
  return match ? Number(match[2]) : undefined;
};

const toBase64 = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

const fromBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/** The base64 SHA-256 of some bytes, with Web Crypto (browsers, workers and Node alike). */
export const sha256Base64 = async (data: ArrayBuffer | Uint8Array): Promise<string> =>
  toBase64(new Uint8Array(await crypto.subtle.digest('SHA-256', data as BufferSource)));

/** S3's composite checksum of a multipart object, from its parts' base64 SHA-256 checksums in part order. */
export const compositeChecksumOf = async (partChecksums: readonly string[]): Promise<string> => {
  const joined = new Uint8Array(partChecksums.length * 32);
  partChecksums.forEach((checksum, index) => joined.set(fromBase64(checksum), index * 32));
  return `${await sha256Base64(joined)}-${partChecksums.length}`;
};

/** The hex form people compare with `sha256sum` (the digest part of a composite checksum). */
export const checksumHex = (checksum: string): string =>
  [...fromBase64(checksum.split('-')[0])].map((byte) => byte.toString(16).padStart(2, '0')).join('');
