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
export const canonicalContentType = (contentType: string): string => contentType.split(';')[0].trim().toLowerCase();

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
export type UploadCheck = { ok: true; contentType: string } | ({ ok: false } & UploadProblem);

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

/** Types people send by mistake, in their words: what a refusal says a file is. */
const REFUSED_TYPE_WORDS: Record<string, string> = {
  'text/plain': 'a plain-text file',
  'text/html': 'a web page',
  'application/zip': 'a ZIP archive',
  'application/x-zip-compressed': 'a ZIP archive',
  'application/msword': 'a Word document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'a Word document',
  'application/vnd.ms-excel': 'an old Excel workbook (XLS)',
  'image/gif': 'a GIF image',
  'image/heic': 'a HEIC photo',
  'image/heif': 'a HEIF photo',
  'application/octet-stream': 'a file of no known type',
};

/** What a refused file is, in words: "a ZIP archive", "a PDF", or its type where it has no name here. */
const refusedTypeInWords = (type: string): string => {
  if (REFUSED_TYPE_WORDS[type]) return REFUSED_TYPE_WORDS[type];
  const label = fileTypeOf(type)?.label;
  return label ? `${/^[AEIOU]/.test(label) ? 'an' : 'a'} ${label}` : `a file of another type (${type})`;
};

/** Checks the type and size of one upload against the rules of its kind. */
export const checkUpload = (kind: UploadKind, contentType: string, size: number): UploadCheck => {
  const rule = RULES[kind];
  const type = canonicalContentType(contentType);
  if (!rule.types.includes(type)) {
    return {
      ok: false,
      code: 'UNSUPPORTED_TYPE',
      message: `${rule.what} must be ${acceptedTypesInWords(kind)} files${type ? `; this one is ${refusedTypeInWords(type)}` : ''}.`,
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

/**
 * Control characters (C0, DEL, C1) and the bidirectional overrides that disguise file
 * names, as the inside of a regular-expression character class written with `\u` escapes,
 * which JavaScript and Java (AppSync's VTL) read alike.
 */
export const UNSAFE_TEXT_CHARACTERS = '\\u0000-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069';

const UNSAFE_TEXT = new RegExp(`[${UNSAFE_TEXT_CHARACTERS}]`);
const UNSAFE_TEXT_ALL = new RegExp(`[${UNSAFE_TEXT_CHARACTERS}]`, 'g');

/**
 * Text someone else wrote (a mail's subject, its sender's address, the name a file came
 * with) as the vault may store and show it, by the rules names are held to (`textProblem`):
 * NFC, each control or direction-override character a space, each run of spaces one,
 * trimmed, at most `maxChars` characters. What a stored name may not hold is never shown.
 */
export const cleanText = (value: string, maxChars: number): string =>
  [...value.normalize('NFC').replace(UNSAFE_TEXT_ALL, ' ').replace(/\s+/g, ' ').trim()].slice(0, maxChars).join('').trim();

/**
 * A file name someone else gave as a statement may have it: cleaned (`cleanText`), a path's
 * separators spaces, within the name's limits; `fallback` where nothing of it is left, or it
 * is still no name a statement may have (`.`, `..`, too long to store).
 */
export const cleanFileName = (name: string, fallback: string): string => {
  const cleaned = cleanText(name.replace(/[\\/]/g, ' '), TEXT_LIMITS.fileNameMaxChars);
  const problem =
    textProblem('fileName', cleaned, TEXT_LIMITS.fileNameMaxChars, TEXT_LIMITS.fileNameMaxStoredBytes) ??
    plainNameProblem('fileName', cleaned);
  return problem ? fallback : cleaned;
};

/**
 * Why a (normalised, trimmed) text field cannot be stored, or undefined when it can: not
 * empty, at most `maxChars` characters (code points, as people count them), no control or
 * direction-override characters, and within its share of S3's metadata once encoded. The
 * API's schemas and the web app ask exactly this.
 */
export const textProblem = (what: string, value: string, maxChars: number, maxStoredBytes: number): string | undefined => {
  if (value.length === 0) return `${what} must not be empty`;
  if ([...value].length > maxChars) return `${what} must be at most ${maxChars} characters`;
  if (UNSAFE_TEXT.test(value)) return `${what} must not contain control or direction-override characters`;
  return storedTextProblem(what, value, maxStoredBytes);
};

/**
 * Characters that print as nothing: zero-width spaces and no-break marks, direction marks
 * (LRM, RLM, ALM), soft hyphens, fillers. In a name a person picks an account by, they only
 * make two names look alike, so a new name may not hold them.
 */
const INVISIBLE = '\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5\\u180e\\u200b\\u200e\\u200f\\u2060-\\u2064\\u3164\\ufeff\\uffa0';

/**
 * The zero-width non-joiner and joiner shape the letters of scripts that need them (Persian,
 * the Indic scripts) and join emoji; at either end of a name, doubled, or beside a Latin letter,
 * digit or space they shape nothing and only disguise.
 */
const JOINER = '\\u200c\\u200d';
const IDLE_JOINER = `^[${JOINER}]+|[${JOINER}]+$|[${JOINER}]+(?=[${JOINER}\\s\\u0000-\\u007f])|(?<=[\\s\\u0000-\\u007f])[${JOINER}]+`;
// Each escape in these classes is one code point to find on its own, never a sequence that draws as one character.
// eslint-disable-next-line no-misleading-character-class
const DISGUISE = new RegExp(`[${INVISIBLE}]|${IDLE_JOINER}`, 'gu');

/** Why a name people tell accounts apart by could pass for another, or undefined when it cannot. */
export const lookAlikeProblem = (what: string, value: string): string | undefined =>
  // eslint-disable-next-line no-misleading-character-class -- as DISGUISE
  new RegExp(DISGUISE.source, 'u').test(value)
    ? `${what} must not contain invisible characters (zero-width spaces or direction marks): they make two names look the same`
    : undefined;

/** A name read from a file (a bank's, from a PDF's text) without the characters lookAlikeProblem refuses. */
export const withoutDisguise = (value: string): string => value.replace(DISGUISE, '');

/** A file name is a name, never a path. */
export const plainNameProblem = (what: string, value: string): string | undefined =>
  /[\\/]/.test(value) || value === '.' || value === '..' ? `${what} must be a plain file name without / or \\` : undefined;

/** The file name and account label of a statement upload, held to the API's rules, in words. */
export const statementTextProblem = (fileName: string, accountLabel: string): string | undefined => {
  const name = fileName.normalize('NFC').trim();
  const label = accountLabel.normalize('NFC').trim();
  return (
    textProblem('The file name', name, TEXT_LIMITS.fileNameMaxChars, TEXT_LIMITS.fileNameMaxStoredBytes) ??
    plainNameProblem('The file name', name) ??
    textProblem('The account label', label, TEXT_LIMITS.accountLabelMaxChars, TEXT_LIMITS.accountLabelMaxStoredBytes) ??
    lookAlikeProblem('The account label', label)
  );
};
