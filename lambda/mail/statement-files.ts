import PostalMime, { type Attachment } from 'postal-mime';
import { TYPE_BY_EXTENSION, fileTypeOf } from '../../contract/file-types';
import { MAIL_LIMITS, MAIL_WORDS } from '../../contract/mail';
import { STATEMENT_TYPES } from '../../contract/uploads';
import { cleanFileName } from '../../contract/upload-rules';
import { byteOrderMark } from '../../contract/reading/text';
import { CONTENT_SAMPLE_BYTES, checkContent, detected } from '../shared/content-check';
import { zipEntries } from '../shared/zip-entries';

/**
 * The statements a mail holds, found by their bytes, never by the type or name a sender's
 * client gave them: a PDF attached as `application/octet-stream`, sent inline, inside a
 * forwarded message or inside a ZIP is a PDF all the same, and an HTML notice with a link
 * holds none. MIME is parsed by postal-mime within the limits of contract/mail.ts.
 */

/** Where in the mail a statement was found. */
export type MailFileSource = 'attachment' | 'inline' | 'forwarded' | 'zip';

export interface MailFile {
  /** The name it was sent with, or one made from the subject when it had none. */
  readonly fileName: string;
  /** Its type, as its bytes say. */
  readonly contentType: string;
  readonly bytes: Uint8Array;
  readonly source: MailFileSource;
}

/** A file of the mail that is not taken, and why, in words. */
export interface MailSkip {
  readonly fileName: string;
  readonly reason: string;
}

export type MailReading =
  | {
      readonly ok: true;
      readonly subject: string;
      readonly files: readonly MailFile[];
      readonly skipped: readonly MailSkip[];
      /** What the person is told of the mail as a whole ("This mail had no statement attached."), when anything. */
      readonly note?: string;
    }
  | { readonly ok: false; readonly reason: string };

/** What bytes are, as a statement: its type, a ZIP to open, or why it is not one. */
type Typed = { type: string } | { zip: true } | { reason: string };

/** Text formats have no magic number: a name's extension proposes one, which the content must then pass. */
const textTypeOf = async (fileName: string, bytes: Uint8Array): Promise<Typed> => {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  const proposed = extension ? fileTypeOf(TYPE_BY_EXTENSION[extension] ?? '') : undefined;
  // OFX says what it is in its first line, so one named otherwise is still taken.
  const candidates = proposed && proposed.check !== 'signature' ? [proposed.mime] : ['application/x-ofx'];
  const sample = bytes.subarray(0, CONTENT_SAMPLE_BYTES);
  for (const mime of candidates) {
    const verdict = await checkContent(mime, sample, sample.length === bytes.length);
    if (verdict.ok) return { type: mime };
    // A text format the name gives is held to its own check, in its words.
    if (proposed?.mime === mime) return { reason: verdict.reason };
  }
  return { reason: MAIL_WORDS.notAStatement('text, not a statement file') };
};

const typeOf = async (fileName: string, bytes: Uint8Array): Promise<Typed> => {
  const sample = bytes.subarray(0, CONTENT_SAMPLE_BYTES);
  // Text is read as text: a byte-order mark or an XML declaration (OFX 2's) is no binary type.
  const found = byteOrderMark(sample) ? undefined : await detected(sample);
  if (found?.mime === 'application/zip') return { zip: true };
  if (found && found.mime !== 'application/xml') {
    return STATEMENT_TYPES.includes(found.mime)
      ? { type: found.mime }
      : { reason: MAIL_WORDS.notAStatement(found.words.replace(/^its content is /, '')) };
  }
  return textTypeOf(fileName, bytes);
};

/** A file name people can keep: the sent one's last segment, else the subject's words, cleaned as names are (contract/upload-rules). */
const nameFor = (sent: string | null | undefined, subject: string, type: string | undefined): string => {
  const extension = fileTypeOf(type ?? '')?.extensions[0] ?? 'bin';
  const fromSubject = cleanFileName(
    `${subject.replace(/[^\p{L}\p{N} ._-]+/gu, ' ').trim() || 'Statement'}.${extension}`,
    `Statement.${extension}`,
  );
  return cleanFileName(sent?.split(/[\\/]/).pop() ?? '', fromSubject);
};

const bytesOf = (attachment: Attachment): Uint8Array =>
  attachment.content instanceof Uint8Array
    ? attachment.content
    : typeof attachment.content === 'string'
      ? new TextEncoder().encode(attachment.content)
      : new Uint8Array(attachment.content);

/** Whether a part is a file a person sent rather than part of how the mail looks (a logo the HTML shows). */
const isSentFile = (attachment: Attachment): boolean =>
  !attachment.related && !(attachment.disposition !== 'attachment' && attachment.mimeType.startsWith('image/') && attachment.contentId);

interface Found {
  files: MailFile[];
  skipped: MailSkip[];
  fileParts: number;
}

const parse = (raw: Uint8Array) =>
  PostalMime.parse(raw, {
    attachmentEncoding: 'arraybuffer',
    maxNestingDepth: MAIL_LIMITS.maxNestingDepth,
    maxHeadersSize: MAIL_LIMITS.maxHeaderBytes,
    // A forwarded message sent as an attachment is read below, to a depth of our own.
    maxRfc822NestingDepth: 0,
  });

/** The statements among a message's files (a forwarded message's too, `depth` deep), added to `found`. */
const collect = async (attachments: readonly Attachment[], subject: string, depth: number, found: Found): Promise<void> => {
  for (const attachment of attachments) {
    if (!isSentFile(attachment)) continue;
    found.fileParts++;
    if (found.fileParts > MAIL_LIMITS.maxFileParts) return;
    const bytes = bytesOf(attachment);
    if (attachment.mimeType === 'message/rfc822') {
      if (depth >= MAIL_LIMITS.maxForwardDepth) {
        found.skipped.push({ fileName: nameFor(attachment.filename, subject, undefined), reason: MAIL_WORDS.forwardedTooDeep });
        continue;
      }
      const forwarded = await parse(bytes);
      await collect(forwarded.attachments, forwarded.subject ?? subject, depth + 1, found);
      continue;
    }
    const source: MailFileSource = depth > 0 ? 'forwarded' : attachment.disposition === 'attachment' ? 'attachment' : 'inline';
    const typed = await typeOf(attachment.filename ?? '', bytes);
    if ('reason' in typed) {
      found.skipped.push({ fileName: nameFor(attachment.filename, subject, undefined), reason: typed.reason });
    } else if ('type' in typed) {
      found.files.push({ fileName: nameFor(attachment.filename, subject, typed.type), contentType: typed.type, bytes, source });
    } else {
      const zipName = nameFor(attachment.filename, subject, 'application/zip');
      const unzipped = await zipEntries(bytes, () => true, { bytes: MAIL_LIMITS.maxZipBytes, entries: MAIL_LIMITS.maxStatements });
      if ('problem' in unzipped) {
        found.skipped.push({ fileName: zipName, reason: MAIL_WORDS.unreadableZip });
        continue;
      }
      for (const [path, entry] of Object.entries(unzipped.entries)) {
        const inner = await typeOf(path, entry);
        const fileName = nameFor(path, subject, 'type' in inner ? inner.type : undefined);
        if ('type' in inner) found.files.push({ fileName, contentType: inner.type, bytes: entry, source: 'zip' });
        else found.skipped.push({ fileName, reason: 'zip' in inner ? MAIL_WORDS.nestedZip : inner.reason });
      }
    }
  }
};

/** The statements of one raw message (RFC 5322, as SES stores it), or why the message is refused whole. */
export const statementFilesOf = async (raw: Uint8Array): Promise<MailReading> => {
  if (raw.length > MAIL_LIMITS.maxMessageBytes) return { ok: false, reason: MAIL_WORDS.tooLarge };
  let message: Awaited<ReturnType<typeof parse>>;
  try {
    message = await parse(raw);
  } catch (error) {
    return { ok: false, reason: /header size/i.test((error as Error).message) ? MAIL_WORDS.headersTooLarge : MAIL_WORDS.malformed };
  }
  // A message with no header of a message is not one (any bytes parse as a body).
  if (!message.headers.some((header) => header.key === 'from' || header.key === 'content-type' || header.key === 'subject')) {
    return { ok: false, reason: MAIL_WORDS.malformed };
  }
  const subject = message.subject?.trim() ?? '';
  const found: Found = { files: [], skipped: [], fileParts: 0 };
  try {
    await collect(message.attachments, subject, 0, found);
  } catch {
    return { ok: false, reason: MAIL_WORDS.malformed };
  }
  if (found.fileParts > MAIL_LIMITS.maxFileParts) return { ok: false, reason: MAIL_WORDS.tooManyParts };
  const files = found.files.slice(0, MAIL_LIMITS.maxStatements);
  const note = files.length === 0 ? MAIL_WORDS.noStatement : found.files.length > files.length ? MAIL_WORDS.tooManyStatements : undefined;
  return { ok: true, subject, files, skipped: found.skipped, ...(note ? { note } : {}) };
};
