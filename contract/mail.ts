import { MiB } from './uploads';

/**
 * Statements by mail: what one message to a person's address may be, and the words for
 * what is kept out of it.
 */
export const MAIL_LIMITS = {
  /** Amazon SES receives at most 40 MB a message, headers and encoding included; the local server refuses larger ones as it does. */
  maxMessageBytes: 40 * MiB,
  /** The headers of every part together (postal-mime's own default): a message of endless headers is refused before its parts are read. */
  maxHeaderBytes: 2 * MiB,
  /** Parts inside parts: mail clients nest a handful deep. */
  maxNestingDepth: 32,
  /** Forwarded messages inside forwarded messages whose files are read. */
  maxForwardDepth: 3,
  /** Parts that are files (attachments and inline files): a message of thousands is refused whole. */
  maxFileParts: 200,
  /** Statements taken from one message (attachments and what ZIPs hold). */
  maxStatements: 50,
  /** What the files of one attached ZIP may unzip to. */
  maxZipBytes: 200 * MiB,
} as const;

/** The sentences that say why a message, or a file in it, was kept out. */
export const MAIL_WORDS = {
  noStatement: 'This mail had no statement attached.',
  malformed: 'This mail could not be read: it is not a well-formed message.',
  tooLarge: `This mail is larger than ${MAIL_LIMITS.maxMessageBytes / MiB} MB, the most a message may be.`,
  headersTooLarge: `This mail has more than ${MAIL_LIMITS.maxHeaderBytes / MiB} MB of headers, so it was not read.`,
  tooManyParts: `This mail has more than ${MAIL_LIMITS.maxFileParts} files in it, so none was taken.`,
  tooManyStatements: `This mail holds more than ${MAIL_LIMITS.maxStatements} statements; the first ${MAIL_LIMITS.maxStatements} were taken.`,
  notAStatement: (type: string) => `not a statement: its content is ${type}`,
  unreadableZip: 'a ZIP that could not be opened (damaged, encrypted, or larger unzipped than a statement may be)',
  nestedZip: 'a ZIP inside a ZIP: send the statements in it on their own',
  forwardedTooDeep: `a message forwarded more than ${MAIL_LIMITS.maxForwardDepth} times over: forward the statement itself`,
} as const;
