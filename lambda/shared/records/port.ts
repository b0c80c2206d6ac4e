import type { DeletedStatement, Statement, StatementStatus, UploadRefusal } from '../../../contract/entities';
import type { AccountSummary } from '../../../contract/graphql-schema.generated';
import type { StatementBalances } from '../../../contract/reading/balances';
import type { EnteredBalanceField } from '../../../contract/statement-balances';

/** What a person enters of a statement's days and money: a value to set, null to clear, absent to leave. */
export type BalancesChange = { [K in EnteredBalanceField]?: (K extends 'opening' | 'closing' ? number : string) | null };

/** The DynamoDB calls the handlers make, as a port so the core can be tested without a network. */
export interface RecordStore {
  getStatement(owner: string, statementId: string): Promise<Statement | undefined>;
  /**
   * Records a statement, with its list copies and its share of the owner's account,
   * period and quota summaries, in one transaction (taking over its upload's reserved
   * place); `false` if it was recorded already (a repeated event): nothing changes then.
   */
  putStatement(statement: Statement): Promise<boolean>;
  /**
   * Renames a statement, or files it under another account or period: the record, its list
   * copies and its share of the summaries move in one transaction (a fixed number of items,
   * whatever the vault holds); its id, object, checksum, verdict and the quota stay.
   * Undefined when the owner has no such statement.
   */
  editStatement(owner: string, statementId: string, change: StatementChange): Promise<Statement | undefined>;
  /** Removes a statement, its list copies and its share of the summaries, at most once; `false` if there was none. */
  deleteStatement(owner: string, statementId: string): Promise<boolean>;
  /**
   * Moves a statement to Recently deleted in one transaction: its record (kept whole), out
   * of every list copy and summary, with an entry saying when it goes for good; it keeps
   * its place under the quota. Undefined when the owner has no such statement.
   */
  trashStatement(owner: string, statementId: string, deletedAt: string): Promise<DeletedStatement | undefined>;
  /** One of the owner's statements in Recently deleted. */
  getDeleted(owner: string, statementId: string): Promise<(DeletedStatement & { purging: boolean }) | undefined>;
  /**
   * Brings a statement back from Recently deleted exactly as it was (id, details, checksum,
   * verdict) into every list copy and summary, in one transaction. `gone` when there is no
   * such statement there; `purging` when its deletion for good has begun.
   */
  restoreStatement(owner: string, statementId: string): Promise<Statement | 'gone' | 'purging'>;
  /**
   * Begins deleting a statement in Recently deleted for good: from here on it cannot be
   * restored, and its file's versions may go. Undefined when there is no such statement.
   */
  beginPurge(owner: string, statementId: string): Promise<DeletedStatement | undefined>;
  /** Ends a deletion for good once the file's versions are gone: the record, its entry, its place under the quota. */
  finishPurge(owner: string, statementId: string): Promise<boolean>;
  /** Statements in Recently deleted whose time is up (`purgeAt` before `now`), across every owner, soonest first. */
  duePurges(now: string): Promise<PurgeEntry[]>;
  /** Removes an entry whose statement is no longer in Recently deleted (restored, purged, or its account closed). */
  dropPurgeEntry(entry: PurgeEntry): Promise<void>;
  /**
   * Holds a place under the owner's quota for an upload about to be signed; refused, with
   * the usage, when the statement or its bytes would not fit. Atomic: of uploads racing
   * for the last place, one gets it.
   */
  reserveUpload(owner: string, statementId: string, size: number, expiresAt: string, filing?: HeldFiling): Promise<Reservation>;
  /** Gives an upload's place back (aborted, or expired without its file); `false` if none was held. */
  releaseUpload(owner: string, statementId: string): Promise<boolean>;
  /** The owner's quota usage as kept (statements, bytes, places taken): one read. */
  usage(owner: string): Promise<QuotaUsage>;
  /** Whether an upload still holds its place (a multipart upload completes only then). */
  holdsPlace(owner: string, statementId: string): Promise<boolean>;
  /** What was decided for a mailed file whose place is held (HeldFiling); undefined for any other place, or none. */
  heldFiling(owner: string, statementId: string): Promise<HeldFiling | undefined>;
  /** Records on a held place what is now decided for it (its owner files a waiting file); `false` if no place is held. */
  holdFor(owner: string, statementId: string, filing: HeldFiling): Promise<boolean>;
  /** Places held past `now`, oldest first, across every owner. */
  expiredUploads(now: string): Promise<{ owner: string; statementId: string }[]>;
  /**
   * Sets a statement's status after its malware scan, on the record and its list copies;
   * `false` if there is no such record (the catalogue reads the verdict when it writes one).
   */
  setStatementStatus(owner: string, statementId: string, status: StatementStatus, detail?: string): Promise<boolean>;
  /**
   * Records why an upload that arrived was refused, for its owner to read, and gives its
   * place under the quota back. Repeatable: a retried event writes the same refusal.
   */
  refuseUpload(refusal: UploadRefusal): Promise<void>;
  /** Points the owner's profile at a new avatar (or at none), creating the profile if needed. */
  setAvatar(owner: string, avatarKey: string | undefined, at: string): Promise<void>;
  /** The avatar key the owner's profile names, if any. */
  getAvatarKey(owner: string): Promise<string | undefined>;
  /** What the table holds for one owner: statements (ascending), held uploads, summaries, avatar key (the sweep). */
  ownerRecords(owner: string): Promise<OwnerRecords>;
  /** Gives a record of an earlier release its list copies and its share of the summaries (once). */
  listStatement(statement: Statement): Promise<boolean>;
  /**
   * Gives a listed record of an earlier release its ordered list copies (once), if it is
   * still as read; `false` if it changed (what changed it wrote them).
   */
  orderStatement(statement: Statement): Promise<boolean>;
  /** Marks that every record of the owner has its ordered copies: the owner's lists read in statement order. */
  orderOwner(owner: string): Promise<void>;
  /**
   * Writes the key of the account its label files it under on a record of an earlier
   * release (and on its list copies, listed and ordered as it is), once, if it is still as
   * read; `false` if it changed (what changed it wrote the key) or has the key already.
   */
  keyStatement(statement: Statement): Promise<boolean>;
  /** The same for a statement in Recently deleted (its record only: it has no copies). */
  keyDeleted(statement: DeletedStatement): Promise<boolean>;
  /**
   * Keeps what its file says of its days and money on the record and each list copy it has
   * (where the account's chain is read), once: a statement's file never changes, so they
   * go on the statement as it is now, wherever it is filed, and a record that has them
   * (read before, or entered by its owner) keeps its own. `false` when it has them already
   * or is gone. Every write that puts copies from a read record holds its balances as read
   * (asRead), so no copy ever loses them.
   */
  readBalances(statement: Statement, balances: StatementBalances): Promise<boolean>;
  /**
   * Claims a statement an earlier edition of the reading read (contract/reading/edition) for
   * this one, before its file is read again: its balances are marked as this edition's, so
   * a reading that fails or ends the function is not tried again, and what was read before
   * stays. `false` when this edition read it already, or it has no balances, or is gone.
   */
  claimReading(statement: Statement): Promise<boolean>;
  /**
   * Keeps what this edition read of a claimed statement's days and money over what was
   * read before, on the record and each list copy: what its owner entered stays theirs.
   * `false` when it is gone or was not claimed.
   */
  rereadBalancesOf(statement: Statement, balances: StatementBalances): Promise<boolean>;
  /**
   * Sets what the person enters of a statement's days and money on the record and its list
   * copies in one transaction: each value given is theirs (`entered` names it), null
   * clears one, one left out stays. Undefined when the owner has no such statement.
   */
  enterBalances(owner: string, statementId: string, change: BalancesChange): Promise<Statement | undefined>;
  /**
   * Gives one of the owner's accounts another name, keeping its key (so its statements,
   * details, schedule and shares stay where they are), in one transaction: from then on
   * files and moves filed under the name go to it. `taken` when another of the owner's
   * accounts goes by that name (a merge is the person's to ask); `gone` when the owner has
   * no such account.
   */
  renameAccount(owner: string, accountKey: string, label: string): Promise<{ account: AccountSummary } | 'taken' | 'gone'>;
  /** Sets summaries to what the records say, each only if it still holds what was read (else the next sweep retries). */
  correctSummaries(owner: string, corrections: SummaryCorrection[]): Promise<number>;
}

/** What an edit may change of a statement: what people file it by. */
export type StatementChange = Partial<Pick<Statement, 'fileName' | 'accountLabel' | 'period'>>;

export interface Totals {
  count: number;
  bytes: number;
}

/**
 * The quota's item: what is kept (Recently deleted included), and the places taken (kept
 * plus uploads under way); of what is kept, how much is in Recently deleted.
 */
export interface QuotaUsage {
  statements: number;
  bytes: number;
  slots: number;
  slotBytes: number;
  deletedStatements: number;
  deletedBytes: number;
}

/** When one statement in Recently deleted goes for good. */
export interface PurgeEntry {
  owner: string;
  statementId: string;
  purgeAt: string;
}

export type Reservation = { ok: true } | { ok: false; usage: QuotaUsage };

/**
 * What was decided for a mailed file, kept with its place under the quota (taken in the same
 * write): filed under an account and month, or waiting in Arrived saying why (the mail
 * function's decisions), or filed by its owner from Arrived. A retry of the mail does as was
 * decided, whatever it would decide now, and leaves the owner's filing to them
 * (lambda/mail/file-port.ts).
 */
export type HeldFiling = { accountLabel: string; period: string } | { waits: string } | { filedByOwner: true };

/** An upload holding a place under the quota. */
export interface HeldUpload {
  statementId: string;
  size: number;
  expiresAt: string;
}

/** How many writes a summary item has had (absent: none since it was created). */
export interface Versioned {
  version?: number;
}

/** One owner's summaries as stored: by account key, by account and period, by period, and the quota's usage. */
export interface Summaries {
  /** With the identifier keys of its statements (a string set, sorted here). */
  accounts: Map<string, Totals & Versioned & { label: string; identifierKeys: string[] }>;
  periods: Map<string, Totals & Versioned>;
  /** By coverage sort key (`TABLE_KEYS.coverageSort`): each account in each period, with its statements' ids. */
  coverage: Map<string, Totals & Versioned & { ids: string[] }>;
  /** Absent until the owner's first statement or upload. */
  quota?: QuotaUsage & Versioned;
}

export interface OwnerRecords {
  statementIds: string[];
  /**
   * Every statement record, whether it is listed (copied and counted), whether it has its
   * ordered copies, and whether its search postings are written for its filing as it is.
   */
  statements: (Statement & { listed: boolean; ordered: boolean; indexed: boolean })[];
  /** Whether the owner's lists read in statement order (see TABLE_KEYS). */
  listsOrdered: boolean;
  uploads: HeldUpload[];
  /** The statements in Recently deleted, and whether each one's deletion for good has begun. */
  deleted: (DeletedStatement & { purging: boolean })[];
  /**
   * The statements (kept or in Recently deleted) whose search postings are known to hold no
   * account number in clear (TABLE_KEYS.identifiersHiddenAttribute). @default none known
   */
  identifiersHidden?: ReadonlySet<string>;
  summaries: Summaries;
  avatarKey?: string;
}

/**
 * A summary item that differs from its records: whether it existed when read and its
 * version then, the numbers it should hold (none: remove it), and attributes to set
 * only where absent (an account's label). Attribute names as stored.
 */
export interface SummaryCorrection {
  sortKey: string;
  seen?: Versioned;
  expected?: Record<string, number>;
  setIfAbsent?: Record<string, string>;
  /** String sets to hold exactly these members (none: the attribute goes). */
  sets?: Record<string, string[]>;
}
