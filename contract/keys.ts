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

/**
 * Where people's own uploads live, each under a folder per owner: what the catalogue is told
 * of and the malware scan reads (never the shares' copies, which carry their verdict).
 */
export const UPLOAD_PREFIXES = [STATEMENT_PREFIX, PROFILE_IMAGE_PREFIX] as const;

/**
 * Copies of shared statements, one folder per share (`shared/{shareId}/{statementId}/file`):
 * what a share's recipient is handed a URL of, so nothing in it names the owner. The
 * bucket's lifecycle removes them (SHARED_COPIES); they are never listed as statements.
 */
export const SHARED_COPY_PREFIX = 'shared/';

/**
 * Packets (`packets/{sub}/{packetId}/packet.zip`): a ZIP of an owner's statements with
 * their cover, made on request and handed out once through a short-lived URL. The bucket's
 * lifecycle removes them (PACKET_LIMITS.lifecycleDays); they are never listed as statements.
 */
export const PACKET_PREFIX = 'packets/';
export const packetPrefix = (sub: string): string => `${PACKET_PREFIX}${sub}/`;
export const packetKey = (sub: string, packetId: string): string => `${packetPrefix(sub)}${packetId}/packet.zip`;

/**
 * Mail as Amazon SES stored it (`mail/{messageId}`), for the mail function to read once and
 * delete; the bucket's lifecycle removes what is never dealt with (MAIL_LIMITS.keepDays).
 */
export const MAIL_INBOX_PREFIX = 'mail/';
export const mailInboxKey = (messageId: string): string => `${MAIL_INBOX_PREFIX}${messageId}`;

/**
 * Files that arrived by mail and wait for their owner to confirm what they are filed under
 * (`arrived/{sub}/{statementId}/file`): never listed as statements until then.
 */
export const ARRIVED_PREFIX = 'arrived/';
export const arrivedPrefix = (sub: string): string => `${ARRIVED_PREFIX}${sub}/`;
export const arrivedKey = (sub: string, statementId: string): string => `${arrivedPrefix(sub)}${statementId}/${STATEMENT_LEAF}`;

export const profileImagePrefix = (sub: string): string => `${PROFILE_IMAGE_PREFIX}${sub}/`;
export const profileImageKey = (sub: string): string => `${profileImagePrefix(sub)}${AVATAR_LEAF}`;

export const statementPrefix = (sub: string): string => `${STATEMENT_PREFIX}${sub}/`;
export const statementKey = (sub: string, statementId: string): string => `${statementPrefix(sub)}${statementId}/${STATEMENT_LEAF}`;

export const sharedCopyPrefix = (shareId: string): string => `${SHARED_COPY_PREFIX}${shareId}/`;
export const sharedCopyKey = (shareId: string, statementId: string): string =>
  `${sharedCopyPrefix(shareId)}${statementId}/${STATEMENT_LEAF}`;

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
  /** The keyed hashes of the account's identifiers the file names, space-separated (contract/accounts/identifier-keys). */
  identifierKeys: 'account-ids',
  /** What the file says of its account (contract/accounts/details); the institution percent-encoded. */
  accountInstitution: 'account-institution',
  accountKind: 'account-kind',
  accountCurrency: 'account-currency',
  /** How it came, when not by upload: `mail` (the mail function files it from a message to the person's address). */
  arrival: 'arrival',
} as const;

/**
 * One account, whatever its capitalisation or surrounding spaces: "Checking" and
 * "checking " file into the same account, shown with the spelling it was first given.
 * People type labels freely, and to a person these are one bank account; splitting them
 * would hide statements from the filter.
 */
export const accountKeyOf = (accountLabel: string): string => accountLabel.normalize('NFC').trim().toLowerCase();

/**
 * The account a statement is filed under: the key its record names. A record of a release
 * before statements named their account's key is filed under its label's (how it was
 * filed then) until the sweep writes the key on it.
 */
export const statementAccountKey = (statement: { accountKey?: string | null; accountLabel: string }): string =>
  statement.accountKey ?? accountKeyOf(statement.accountLabel);

/**
 * DynamoDB single-table layout, shared by the VTL resolvers, the Lambdas and the local stack.
 *
 * A user's partition (`USER#{sub}`) holds, in sort-key order: one `ACCOUNT#{key}` summary
 * per account, one `COVER#{YYYY-MM}|{key}` per account and period, and one
 * `PERIOD#{YYYY-MM}` per period in use (count and bytes), the
 * `PROFILE`, the `QUOTA` usage (statements and bytes kept, Recently deleted included, and
 * how much of it is there; places taken, uploads under way included), then the
 * `STATEMENT#{ulid}` records, the `TRASH#{ulid}` records of statements in Recently deleted,
 * and the `UPLOAD#{ulid}` places held by uploads under way. The summaries sort before what they summarise, so one Query of
 * the partition reads every summary first (the sweep's reconciliation relies on it).
 *
 * Each statement is also written, in the same transaction, as a copy in four list
 * partitions of the same owner: all, by period, by account, and by both. Every filter the
 * list offers is then one Query of exactly the matches, in statement order (the copy's
 * sort key is `listOrderSort`: period newest first, then account, then name), read
 * consistently, and the owner leads every key. Copies in the table rather than global
 * secondary indexes: they are written atomically with the record and read with strong
 * consistency (an index lags), and CloudFormation adds at most one index per deploy.
 *
 * Releases before statement order kept the copies under `STATEMENT#{ulid}` (upload order)
 * and listed "all" from the records. Those copies are still written beside the ordered
 * ones, so an owner whose records the sweep has not yet given ordered copies reads a
 * complete list the old way; the owner's QUOTA item carries `ordered` once every record
 * has them, and the list resolver reads that item first to choose (see LIST_LAYOUT).
 */
/**
 * Coverage cells one read of the coverage summaries asks for: 25 accounts over 15 years
 * (4,500 cells of about 200 bytes, under a DynamoDB Query's 1 MB) come in one page.
 */
export const COVERAGE_PAGE_CELLS = 5000;

/** The sort keys of the ordered list copies begin with it (see TABLE_KEYS.listOrderSort). */
const ORDER_SORT_PREFIX = 'ORDER#';

const COVERAGE_SORT_PREFIX = 'COVER#';

/** What a rate limit counts requests of: one link (by its secret's hash), or one network. */
export const RATE_KINDS = { link: 'link', address: 'address' } as const;
export type RateKind = (typeof RATE_KINDS)[keyof typeof RATE_KINDS];

const sharePartition = (secretHash: string): string => `SHARE#${secretHash}`;
const ratePartition = (kind: RateKind | '*', key: string): string => `RATE#${kind}|${key}`;

export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  userPartition: (sub: string): string => `USER#${sub}`,
  /** A private mail address's token (contract/mail.ts), one item naming the person who holds it. */
  mailPartition: (token: string): string => `MAIL#${token}`,
  mailSort: 'MAIL',
  /** A mailed file waiting in Arrived for its owner (`ARRIVED#{statementId}`): what was read of it and why it waits. */
  arrivedSortPrefix: 'ARRIVED#',
  arrivedSort: (statementId: string): string => `ARRIVED#${statementId}`,
  /** What a mail kept out, for its owner to read (`MAILNOTE#{receivedAt}|{messageId}`), newest last. */
  mailNoteSortPrefix: 'MAILNOTE#',
  mailNoteSort: (receivedAt: string, messageId: string): string => `MAILNOTE#${receivedAt}|${messageId}`,
  profileSort: 'PROFILE',
  quotaSort: 'QUOTA',
  statementSortPrefix: 'STATEMENT#',
  statementSort: (statementId: string): string => `STATEMENT#${statementId}`,
  accountSortPrefix: 'ACCOUNT#',
  accountSort: (accountKey: string): string => `ACCOUNT#${accountKey}`,
  /**
   * The passwords a person keeps for their accounts' protected PDFs (`PDFPW#{sub}`, one
   * `ACCOUNT#{key}` item per account, contract/accounts/pdf-password.ts). A partition of
   * their own, outside the owner's, so IAM names who may reach it (`dynamodb:LeadingKeys`):
   * only the functions that open PDFs, and no grant on the owner's records covers it.
   */
  pdfPasswordPartition: (sub: string): string => `PDFPW#${sub}`,
  /**
   * A name an account took when the person renamed it (`NAME#{accountKeyOf(name)}`,
   * holding the account's key): a file or a move filed under that name goes to that
   * account. An account's key is the name it was first given, which so needs no item; a
   * name no item holds files under its own key.
   */
  accountNameSortPrefix: 'NAME#',
  accountNameSort: (nameKey: string): string => `NAME#${nameKey}`,
  periodSortPrefix: 'PERIOD#',
  periodSort: (period: string): string => `PERIOD#${period}`,
  /**
   * Coverage: one summary per account and period in use (count, bytes, and the ids of its
   * statements), so the grid of months per account is one Query of the owner's partition.
   * The period (fixed length) comes first, so no account label can spell another cell's key.
   */
  coverageSortPrefix: COVERAGE_SORT_PREFIX,
  coverageSort: (period: string, accountKey: string): string => `${COVERAGE_SORT_PREFIX}${period}|${accountKey}`,
  /**
   * A statement in Recently deleted: its record, moved here whole (with when it was deleted
   * and when it goes for good) out of `STATEMENT#`, so nothing that reads statements sees it.
   */
  trashSortPrefix: 'TRASH#',
  trashSort: (statementId: string): string => `TRASH#${statementId}`,
  /**
   * When each statement in Recently deleted goes for good, in one partition sorted by that
   * time, so the sweep finds the due ones with one Query (as it finds expired holds).
   */
  purgesPartition: 'PURGES',
  purgeSort: (purgeAt: string, owner: string, statementId: string): string => `${purgeAt}|${owner}|${statementId}`,
  /** On a statement in Recently deleted: its deletion for good has begun (its file may be gone); it can no longer be restored. */
  purgingAttribute: 'purging',
  /**
   * A share, found by the SHA-256 of its link's secret (the secret itself is never
   * stored): `SHARE` holds what it names and its counts, `OPEN|{place}` its newest openings.
   * Its own partition, outside every owner's, so what serves the recipient reaches only
   * partitions that lead with `SHARE#` (and the owner's records through a session narrowed to them).
   */
  sharePartition,
  shareSort: 'SHARE',
  shareOpeningPrefix: 'OPEN|',
  /** The place of an opening among those kept (SHARE_LIMITS.openingsKept): the newest overwrites the oldest. */
  shareOpeningSort: (place: number): string => `OPEN|${String(place).padStart(4, '0')}`,
  /**
   * Every partition kept under a share's link: the share with its openings, and the link's
   * rate counts. Deleting a share (its owner closing the account) empties exactly these.
   */
  sharePartitions: (secretHash: string): string[] => [sharePartition(secretHash), ratePartition(RATE_KINDS.link, secretHash)],
  /** The owner's own item of each share (`SHARE#{ulid}`, beside their statements): it names the share's partition. */
  ownerShareSortPrefix: 'SHARE#',
  ownerShareSort: (shareId: string): string => `SHARE#${shareId}`,
  /** A device with notifications on (`PUSH#{id}`, beside the person's statements): its push subscription. */
  pushDeviceSortPrefix: 'PUSH#',
  pushDeviceSort: (deviceId: string): string => `PUSH#${deviceId}`,
  /**
   * A rate limit's counts for one key (an address, a link): one item per minute, each gone
   * by itself after. One partition per key, so everything kept of a link goes with one
   * Query when its share is deleted.
   */
  ratePartition,
  /** One minute's count; `counter` tells apart what one key counts separately (a link's page and its files). */
  rateSort: (minute: string, counter?: string): string => (counter ? `${minute}|${counter}` : minute),
  /** An upload holding a place under the quota until its file is recorded, or it is aborted or expires. */
  uploadSortPrefix: 'UPLOAD#',
  uploadSort: (statementId: string): string => `UPLOAD#${statementId}`,
  /**
   * Every held place, in one partition sorted by when it expires, so the sweep finds the
   * expired ones with one Query (an owner with no file at all is otherwise never visited).
   */
  holdsPartition: 'HOLDS',
  holdSort: (expiresAt: string, owner: string, statementId: string): string => `${expiresAt}|${owner}|${statementId}`,
  /**
   * When each account's next notice is due (`{YYYY-MM-DD}|{owner}|{accountKey}`): the day
   * its next statement turns late (contract/accounts/expected.ts), or the day one already
   * late was found. One partition sorted by day, so the reminders find today's with one
   * Query, whatever the number of people; the account's summary names its entry
   * (`dueOnAttribute`), so a new day replaces it and a closed vault removes it.
   */
  duePartition: 'DUE',
  dueSort: (day: string, owner: string, accountKey: string): string => `${day}|${owner}|${accountKey}`,
  /** On an account's summary: the day of its entry in the due partition. */
  dueOnAttribute: 'dueOn',
  /**
   * A late statement told to its owner (`NOTICE#{accountKey}|{period}`, beside their
   * statements): written before it is sent, so it is told once across retries and runs.
   */
  noticeSortPrefix: 'NOTICE#',
  noticeSort: (accountKey: string, period: string): string => `NOTICE#${accountKey}|${period}`,
  // "|" rather than "#" between the parts: VTL reads "#" followed by a letter as a directive.
  allList: (sub: string): string => `USER#${sub}|all`,
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
  /**
   * On a record: its ordered list copies are written. On the owner's QUOTA item: every
   * record of the owner has them, so the lists read in statement order.
   */
  orderedAttribute: 'ordered',
  /**
   * One owner's search index, beside their partition: a `TERM|{term}|{ulid}` posting per
   * word of each statement (a term holds no `|`), and a `DOC|{ulid}` item listing the
   * statement's terms, so an edit or a delete finds exactly the postings it changes. Its
   * own partition keeps the sweep's Query of the owner's records as small as it was.
   */
  searchPartition: (sub: string): string => `USER#${sub}|search`,
  searchTermPrefix: 'TERM|',
  searchTermSort: (term: string, statementId: string): string => `TERM|${term}|${statementId}`,
  searchDocSort: (statementId: string): string => `DOC|${statementId}`,
  /**
   * On a record: the filing (name, account, period) its search postings were written for,
   * with its content's. An edit removes it; the sweep indexes an available record without it.
   */
  indexedAttribute: 'indexed',
  /**
   * On a record: how many times its file was read for search since its last reading that
   * finished (counted before each, so a reading that ends the function counts). At
   * CONTENT_READ_ATTEMPTS (contract/search/not-indexed.ts) it is read no more.
   */
  indexAttemptsAttribute: 'indexAttempts',
  /**
   * On a record (kept or in Recently deleted): its search postings hold no account number
   * in clear (contract/search/identifiers). A reading written since they were hashed sets
   * it; the sweep rewrites what an earlier release wrote of a record without it.
   */
  identifiersHiddenAttribute: 'identifiersHidden',
  /** The sort keys of the ordered list copies. */
  listOrderSortPrefix: ORDER_SORT_PREFIX,
  listOrderSort: (statement: { id: string; fileName: string; accountLabel: string; accountKey?: string; period: string }): string =>
    `${ORDER_SORT_PREFIX}${newestFirstPeriod(statement.period)}${ORDER_SEPARATOR}${sortText(statementAccountKey(statement), ORDER_TEXT_CHARS.account)}${ORDER_SEPARATOR}${nameSortText(statement.fileName)}${ORDER_SEPARATOR}${statement.id}`,
} as const;

/**
 * Which copies the list reads. `legacy`: the unfiltered list reads the records and the
 * filtered ones the `STATEMENT#{ulid}` copies, newest upload first; `ordered`: every list
 * reads its ordered copies (`ORDER#…`) forwards.
 */
export const LIST_LAYOUT = {
  legacy: { allPartition: TABLE_KEYS.userPartition, prefix: TABLE_KEYS.statementSortPrefix, forwards: false },
  ordered: { allPartition: TABLE_KEYS.allList, prefix: TABLE_KEYS.listOrderSortPrefix, forwards: true },
} as const;

/**
 * Sorts below every character a name or label may hold (control characters are refused
 * there), so "Bank" sorts before "Bank 2" and a part never runs into the next one.
 */
const ORDER_SEPARATOR = '\u0001';

/**
 * How much of the account and the name the sort key holds: enough to order what people
 * tell apart, and short enough that the key (at most 1,024 bytes in DynamoDB) always fits.
 */
const ORDER_TEXT_CHARS = { account: 64, name: 120, extension: 10 } as const;

/** Ascending order of this string is the period's descending order ("2025-01" before "2024-12"). */
const newestFirstPeriod = (period: string): string => {
  const [year, month] = period.split('-').map(Number);
  return `${String(9999 - year).padStart(4, '0')}${String(12 - month).padStart(2, '0')}`;
};

/**
 * Text as people sort it: case and accents aside ("Été" beside "ete"), numbers by value
 * ("Statement 2" before "Statement 10"), cut to `chars` code points.
 */
const sortText = (text: string, chars: number): string =>
  [
    ...text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .trim()
      .replace(/\d+/g, (digits) => digits.padStart(ORDER_NUMBER_DIGITS, '0')),
  ]
    .slice(0, chars)
    .join('');

/** Digits a number is padded to in a sort key: any account number or year people write. */
const ORDER_NUMBER_DIGITS = 10;

/** A file name as people sort it: the name before its extension ("Bank.pdf" before "Bank 2.pdf"). */
const nameSortText = (fileName: string): string => {
  const dot = fileName.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [fileName.slice(0, dot), fileName.slice(dot + 1)] : [fileName, ''];
  return `${sortText(stem, ORDER_TEXT_CHARS.name)}${ORDER_SEPARATOR}${sortText(extension, ORDER_TEXT_CHARS.extension)}`;
};

/** Statement order as the list shows it (the order of `listOrderSort`), for code that sorts in memory. */
export const compareStatementOrder = (
  a: Parameters<typeof TABLE_KEYS.listOrderSort>[0],
  b: Parameters<typeof TABLE_KEYS.listOrderSort>[0],
): number => {
  // DynamoDB compares sort keys as UTF-8 bytes (JavaScript's `<` compares UTF-16 units).
  const [left, right] = [UTF8.encode(TABLE_KEYS.listOrderSort(a)), UTF8.encode(TABLE_KEYS.listOrderSort(b))];
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    if (left[index] !== right[index]) return left[index] - right[index];
  }
  return left.length - right.length;
};

const UTF8 = new TextEncoder();

/** Where one copy of a statement is kept. */
export interface ListCopyKey {
  partition: string;
  sort: string;
}

/** What decides where a statement's copies are. */
type Filed = {
  owner: string;
  id: string;
  fileName: string;
  accountLabel: string;
  accountKey?: string;
  period: string;
  checksum?: string;
  checksumType?: string;
};

/**
 * The copies of a statement beside its record. `ordered`: one per filter the list offers,
 * in statement order. `byId` (keyed by the statement id): the copies the list of earlier
 * releases reads (see TABLE_KEYS) and, for a statement whose checksum S3 verified, one per
 * checksum, so the same file uploaded again is found with one Query before it is stored twice.
 */
export const statementListCopies = (statement: Filed): { ordered: ListCopyKey[]; byId: ListCopyKey[] } => {
  const { owner, period } = statement;
  const account = statementAccountKey(statement);
  const order = TABLE_KEYS.listOrderSort(statement);
  const byId = TABLE_KEYS.statementSort(statement.id);
  return {
    ordered: [
      TABLE_KEYS.allList(owner),
      TABLE_KEYS.periodList(owner, period),
      TABLE_KEYS.accountList(owner, account),
      TABLE_KEYS.accountPeriodList(owner, account, period),
    ].map((partition) => ({ partition, sort: order })),
    byId: [
      TABLE_KEYS.periodList(owner, period),
      TABLE_KEYS.accountList(owner, account),
      TABLE_KEYS.accountPeriodList(owner, account, period),
      ...(statement.checksum && statement.checksumType ? [TABLE_KEYS.checksumList(owner, statement.checksum)] : []),
    ].map((partition) => ({ partition, sort: byId })),
  };
};
