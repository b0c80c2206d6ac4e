/**
 * A statement whose contents search could not read: why, in words its owner reads on the
 * statement (the record's `contentNotIndexed`, which the GraphQL Statement carries), and how
 * often its reading is tried before it is marked so. Its filing (name, account, period) is
 * indexed all the same.
 */

/** Why a reading of a statement's file gave nothing (or not everything) to index. */
export type ContentNote = 'protected' | 'unreadable' | 'no text' | 'cut' | 'too large' | 'too long';

/**
 * How many times a statement's file is read for search before it is marked not indexed. A
 * try is counted before the file is read, so a reading that ends the function itself (out
 * of memory, out of time) counts as one: the sweep never retries such a file for ever, and
 * moves on to the statements and owners after it.
 */
export const CONTENT_READ_ATTEMPTS = 3;

/** Why its contents are not indexed, as the owner reads it after "could not be read for search:". */
export const NOT_INDEXED_REASONS = {
  protected: 'it is protected by a password',
  unreadable: 'it is damaged, or not laid out as a file of its type is',
  'no text': 'no words were found in it',
  cut: 'it is larger than search reads',
  'too large': 'part of it unpacks to far more than search reads',
  'too long': 'it took too long to read',
  failed: `reading it failed ${CONTENT_READ_ATTEMPTS} times`,
} as const satisfies Record<ContentNote | 'failed', string>;

/** The words for a reading that gave no text to index, or undefined when it gave some (or had nothing to say, as of an image). */
export const notIndexedReason = (pieces: readonly string[], note: string | undefined): string | undefined =>
  pieces.length === 0 && note !== undefined && note in NOT_INDEXED_REASONS
    ? NOT_INDEXED_REASONS[note as keyof typeof NOT_INDEXED_REASONS]
    : undefined;

/** What the owner reads on such a statement. */
export const notIndexedSentence = (reason: string): string =>
  `Its contents could not be read for search: ${reason}. It is found by its name, account and period.`;
