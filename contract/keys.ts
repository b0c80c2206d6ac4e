/**
 * Key layout of the one bucket. Every key starts with the owner's Cognito
 * `sub`, so "the caller's prefix" is a string prefix check. The user's file name never
 * appears in a key: it travels as object metadata.
 */
export const PROFILE_IMAGE_PREFIX = 'profile-images/';
export const STATEMENT_PREFIX = 'statements/';

/** The last path segment of every statement object. */
const STATEMENT_LEAF = 'file';
const AVATAR_LEAF = 'avatar';

/** Cognito subs are UUIDs; anything else is not a caller we sign for. */
export const SUB_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Statement ids are ULIDs minted by the server: sortable by upload time. */
export const STATEMENT_ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export const profileImagePrefix = (sub: string): string => `${PROFILE_IMAGE_PREFIX}${sub}/`;
export const profileImageKey = (sub: string): string => `${profileImagePrefix(sub)}${AVATAR_LEAF}`;

export const statementPrefix = (sub: string): string => `${STATEMENT_PREFIX}${sub}/`;
export const statementKey = (sub: string, statementId: string): string => `${statementPrefix(sub)}${statementId}/${STATEMENT_LEAF}`;

export type ParsedKey = { kind: 'statement'; owner: string; statementId: string } | { kind: 'profileImage'; owner: string };

/** Inverse of the builders above; `undefined` for any key this product did not make. */
export const parseKey = (key: string): ParsedKey | undefined => {
  const parts = key.split('/');
  if (parts.length === 4 && `${parts[0]}/` === STATEMENT_PREFIX && parts[3] === STATEMENT_LEAF) {
    const [, owner, statementId] = parts;
    if (SUB_PATTERN.test(owner) && STATEMENT_ID_PATTERN.test(statementId)) {
      return { kind: 'statement', owner, statementId };
    }
  }
  if (parts.length === 3 && `${parts[0]}/` === PROFILE_IMAGE_PREFIX && parts[2] === AVATAR_LEAF) {
    if (SUB_PATTERN.test(parts[1])) return { kind: 'profileImage', owner: parts[1] };
  }
  return undefined;
};

/**
 * User metadata stored on each statement object (sent as signed `x-amz-meta-*` headers).
 * Values are URI-encoded because S3 metadata travels in HTTP headers.
 */
export const STATEMENT_METADATA = {
  fileName: 'file-name',
  accountLabel: 'account-label',
  period: 'period',
  /** The checksum the client declared (base64 SHA-256, or composite `…-N`); the catalogue holds S3's against it. */
  checksum: 'checksum',
} as const;

/**
 * One account, whatever its capitalisation or surrounding spaces: "Checking" and
 * "checking " file into the same account, shown with the spelling it was first given.
 * People type labels freely, and to a person these are one bank account; splitting them
 * would hide statements from the filter.
 */
export const accountKeyOf = (accountLabel: string): string => accountLabel.normalize('NFC').trim().toLowerCase();

/**
 * DynamoDB single-table layout, shared by the VTL resolvers, the Lambdas and the local stack.
 *
 * A user's partition (`USER#{sub}`) holds, in sort-key order: one `ACCOUNT#{key}` and one
 * `PERIOD#{YYYY-MM}` summary per account and period in use (count and bytes), the
 * `PROFILE`, the `QUOTA` usage (statements and bytes kept; places taken, uploads under
 * way included), then the `STATEMENT#{ulid}` records and the `UPLOAD#{ulid}` places held
 * by uploads under way. The summaries sort before what they summarise, so one Query of
 * the partition reads every summary first (the sweep's reconciliation relies on it).
 *
 * Each statement is also written, in the same transaction, as a copy in three list
 * partitions of the same owner: by period, by account, and by both. Every filter the list
 * offers is then one Query of exactly the matches, newest first (`sk` is the ULID), read
 * consistently, and the owner leads every key. Copies in the table rather than global
 * secondary indexes: they are written atomically with the record and read with strong
 * consistency (an index lags), and CloudFormation adds at most one index per deploy.
 */
export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  userPartition: (sub: string): string => `USER#${sub}`,
  profileSort: 'PROFILE',
  quotaSort: 'QUOTA',
  statementSortPrefix: 'STATEMENT#',
  statementSort: (statementId: string): string => `STATEMENT#${statementId}`,
  accountSortPrefix: 'ACCOUNT#',
  accountSort: (accountKey: string): string => `ACCOUNT#${accountKey}`,
  periodSortPrefix: 'PERIOD#',
  periodSort: (period: string): string => `PERIOD#${period}`,
  /** An upload holding a place under the quota until its file is recorded, or it is aborted or expires. */
  uploadSortPrefix: 'UPLOAD#',
  uploadSort: (statementId: string): string => `UPLOAD#${statementId}`,
  /**
   * Every held place, in one partition sorted by when it expires, so the sweep finds the
   * expired ones with one Query (an owner with no file at all is otherwise never visited).
   */
  holdsPartition: 'HOLDS',
  holdSort: (expiresAt: string, owner: string, statementId: string): string => `${expiresAt}|${owner}|${statementId}`,
  // "|" rather than "#" between the parts: VTL reads "#" followed by a letter as a directive.
  periodList: (sub: string, period: string): string => `USER#${sub}|period|${period}`,
  accountList: (sub: string, accountKey: string): string => `USER#${sub}|account|${accountKey}`,
  // The period (fixed length) comes before the free-text account and each kind has its own
  // tag, so no account label can spell another list's key.
  accountPeriodList: (sub: string, accountKey: string, period: string): string => `USER#${sub}|account-period|${period}|${accountKey}`,
  /** Statements with one checksum (base64 or composite: no `|` in either). */
  checksumList: (sub: string, checksum: string): string => `USER#${sub}|checksum|${checksum}`,
  /**
   * Why an upload was refused after it arrived (its content is not its declared type, or
   * its checksum is not the declared one): the owner reads it, nothing else keeps the file.
   * `avatar` for the profile image, the statement id otherwise.
   */
  refusalSortPrefix: 'REFUSED#',
  refusalSort: (uploadId: string): string => `REFUSED#${uploadId}`,
  /** The refusal id of the profile image. */
  avatarRefusalId: 'avatar',
  /**
   * Account deletions, one item per owner (sort key: the owner's sub): the job's progress,
   * then, for a day, what was deleted. Outside the owner's partition, so deleting the
   * owner's records leaves the job that is doing it.
   */
  deletionsPartition: 'DELETIONS',
  deletionSort: (owner: string): string => owner,
  /** The table's time-to-live attribute (epoch seconds): an item carrying it goes by itself after that time. */
  expiryAttribute: 'expiresAtEpoch',
  /** Marks a record whose list copies are written (records of earlier releases lack it until the sweep). */
  listedAttribute: 'listed',
} as const;

/**
 * The list partitions a statement is copied into: one per filter the list offers, and, for
 * a statement whose checksum S3 verified, one per checksum, so the same file uploaded again
 * is found with one Query before it is stored twice.
 */
export const statementListPartitions = (statement: {
  owner: string;
  accountLabel: string;
  period: string;
  checksum?: string;
  checksumType?: string;
}): string[] => {
  const { owner, period } = statement;
  const account = accountKeyOf(statement.accountLabel);
  return [
    TABLE_KEYS.periodList(owner, period),
    TABLE_KEYS.accountList(owner, account),
    TABLE_KEYS.accountPeriodList(owner, account, period),
    ...(statement.checksum && statement.checksumType ? [TABLE_KEYS.checksumList(owner, statement.checksum)] : []),
  ];
};
