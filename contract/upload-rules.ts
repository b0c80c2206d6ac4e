import {
  PROFILE_IMAGE_LIMITS,
  PROFILE_IMAGE_TYPES,
  STATEMENT_LIMITS,
  STATEMENT_TYPES,
  TEXT_LIMITS,
  encodeMetadataText,
  formatBytes,
} from './uploads';
import { TYPE_BY_EXTENSION, fileTypeOf, typeLabel, type UploadKind } from './file-types';

/**
 * The upload rules, in words. The presign Lambdas refuse with these messages before
 * signing, and the web app shows the same ones before sending a single byte.
 */
const RULES: Record<UploadKind, { types: readonly string[]; maxBytes: number; what: string }> = {
  profileImage: { types: PROFILE_IMAGE_TYPES, maxBytes: PROFILE_IMAGE_LIMITS.maxBytes, what: 'Profile images' },
  statement: { types: STATEMENT_TYPES, maxBytes: STATEMENT_LIMITS.maxBytes, what: 'Statements' },
};

/** "PDF, CSV, OFX, QFX, Excel (XLSX), JPEG or PNG" */
export const acceptedTypesInWords = (kind: UploadKind): string => {
  const names = [...new Set(RULES[kind].types.map(typeLabel))];
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
};

/** MIME types are case-insensitive and may carry parameters; S3 gets the bare, lower-case type. */
export const canonicalContentType = (contentType: string): string =>
  contentType.split(';')[0].trim().toLowerCase();

/** The type a browser should send for a file: its own, or the one its extension implies. */
export const contentTypeForFile = (fileName: string, reportedType: string): string => {
  const reported = canonicalContentType(reportedType);
  if (reported && reported !== 'application/octet-stream' && fileTypeOf(reported)) {
    return reported;
  }
  const extension = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  return TYPE_BY_EXTENSION[extension] ?? reported;
};

export type UploadProblem = { code: 'UNSUPPORTED_TYPE' | 'FILE_TOO_LARGE' | 'BAD_REQUEST'; message: string };
export type UploadCheck = ({ ok: true; contentType: string }) | ({ ok: false } & UploadProblem);

/** The size rule alone (the multipart part requests only carry a size). */
export const uploadSizeProblem = (kind: UploadKind, size: number): UploadProblem | undefined => {
  const rule = RULES[kind];
  if (!Number.isSafeInteger(size) || size < 1) {
    return { code: 'BAD_REQUEST', message: 'The file is empty.' };
  }
  if (size > rule.maxBytes) {
    return {
      code: 'FILE_TOO_LARGE',
      message: `${rule.what} can be at most ${formatBytes(rule.maxBytes)}; this file is ${formatBytes(size)}.`,
    };
  }
  return undefined;
};

/** Checks the type and size of one upload against the rules of its kind. */
export const checkUpload = (kind: UploadKind, contentType: string, size: number): UploadCheck => {
  const rule = RULES[kind];
  const type = canonicalContentType(contentType);
  if (!rule.types.includes(type)) {
    return {
      ok: false,
      code: 'UNSUPPORTED_TYPE',
      message: `${rule.what} must be ${acceptedTypesInWords(kind)} files${type ? `, not ${type}` : ''}.`,
    };
  }
  const problem = uploadSizeProblem(kind, size);
  return problem ? { ok: false, ...problem } : { ok: true, contentType: type };
};

/**
 * Why a piece of user text cannot be stored as S3 metadata, or undefined when it can. The
 * web app asks the same question before it sends anything.
 */
export const storedTextProblem = (what: string, value: string, maxStoredBytes: number): string | undefined => {
  const bytes = encodeMetadataText(value).length;
  return bytes > maxStoredBytes
    ? `${what} is too long to store: it takes ${bytes} bytes once encoded and at most ${maxStoredBytes} fit; use a shorter one`
    : undefined;
};

/** The file name and account label of a statement upload, checked for S3's metadata limit. */
export const statementTextProblem = (fileName: string, accountLabel: string): string | undefined =>
  storedTextProblem('The file name', fileName.normalize('NFC').trim(), TEXT_LIMITS.fileNameMaxStoredBytes) ??
  storedTextProblem('The account label', accountLabel.normalize('NFC').trim(), TEXT_LIMITS.accountLabelMaxStoredBytes);
