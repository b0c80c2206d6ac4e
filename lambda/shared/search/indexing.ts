import { STATEMENT_STATUS, type Statement } from '../../../contract/entities';
import { CONTENT_READ_ATTEMPTS, notIndexedReason } from '../../../contract/search/not-indexed';
import { amountTermContexts, contentTermContexts, type PieceDetails, type TermContext } from '../../../contract/search/context';
import { identifierTerms, identifiersIn } from '../../../contract/search/identifiers';
import type { AccountIdentifier } from '../../../contract/reading/account-numbers';
import type { StatementBalances } from '../../../contract/reading/balances';
import { READING_EDITION } from '../../../contract/reading/edition';
import type { Log } from '../log';
import type { RecordStore } from '../records/port';
import { METRIC_NAMES, type MetricsPort } from '../metrics';
import type { ContentReading, SearchIndex } from './index-store';

/** A statement's content as text to index: pieces (pages, transaction descriptions), and why some was not read. */
export interface ContentPieces {
  pieces: string[];
  /** Beside each piece that is a transaction: its day and amount. */
  details?: PieceDetails[];
  note?: string;
  /** What the same reading found of its days and money, kept on the record (contract/reading/balances). */
  balances?: StatementBalances;
}

/** What a reading that gave up says of the days and money it could not read. */
const GAVE_UP: StatementBalances = { unread: ['The file could not be read: its days and balances can be entered by hand.'] };

/** What keeps an owner's search index: the index, and a reader of a statement's file. */
export interface SearchIndexing {
  index: SearchIndex;
  /** Reads a statement's file (only ever one the malware scan found clean). */
  readContent(statement: Statement): Promise<ContentPieces>;
  /**
   * The owner's identifier key (contract/accounts/identifier-keys), which the account numbers
   * in their statements' text are hashed with for search.
   * @default none: account numbers are masked in what is kept, and not found by search
   */
  ownerKey?(owner: string): Promise<string>;
}

/** The hashed terms of account numbers (contract/search/identifiers) under the owner's key, by their text; none without a key. */
export const identifierTermsFor =
  (search: Pick<SearchIndexing, 'ownerKey'>, owner: string) =>
  async (identifiers: Iterable<AccountIdentifier>): Promise<Map<string, string>> => {
    const all = [...identifiers];
    if (all.length === 0 || !search.ownerKey) return new Map();
    return identifierTerms(await search.ownerKey(owner), all);
  };

/**
 * The content terms of a reading, each with where it was first seen: its words and account
 * numbers (contract/search/context), then the amounts it shows (contract/search/amounts),
 * which a search for an amount typed any way finds.
 */
const contentContexts = async (search: SearchIndexing, owner: string, content: ContentPieces): Promise<Map<string, TermContext>> => {
  const words = contentTermContexts(
    content.pieces,
    content.details,
    await identifierTermsFor(search, owner)(identifiersIn(content.pieces).values()),
  );
  return new Map([...words, ...amountTermContexts(content.pieces, content.details)]);
};

/**
 * Indexes a statement that became available: its file is read here, once, after the scan
 * found it clean (a file is never parsed before), and its filing and content terms written,
 * and what it says of its days and money kept with it.
 * Anything else (scanning, quarantined) has no postings, nor has anything of an owner
 * whose account is being closed.
 *
 * Each reading is counted on the record before it starts, so a file whose reading throws,
 * or ends the function (out of memory, out of time), is read at most CONTENT_READ_ATTEMPTS
 * times: the next indexing after that reads nothing, and indexes the statement by its
 * filing alone, marked not indexed in words its owner reads. A reading that finishes and
 * finds nothing to index (a damaged file, a password, a scan, a file larger than is read)
 * marks it so at once: reading it again would find the same.
 */
export const indexAvailable = async (
  deps: {
    search?: SearchIndexing;
    log: Log;
    metrics?: MetricsPort;
    closing?: (owner: string) => Promise<boolean>;
    /** Where what the reading found of its days and money is kept. @default not kept */
    records?: Pick<RecordStore, 'readBalances'>;
  },
  statement: Statement,
): Promise<void> => {
  if (!deps.search || statement.status !== STATEMENT_STATUS.available) return;
  if (await deps.closing?.(statement.owner)) return;
  const attempt = await deps.search.index.attempt(statement.owner, statement.id);
  // Its record went meanwhile (deleted): nothing to index.
  if (attempt === undefined) return;
  const gaveUp = attempt > CONTENT_READ_ATTEMPTS;
  const content: ContentPieces = gaveUp ? { pieces: [], note: 'failed' } : await deps.search.readContent(statement);
  const contexts = await contentContexts(deps.search, statement.owner, content);
  const reading: ContentReading = { notIndexed: notIndexedReason(content.pieces, content.note), gaveUp, contexts };
  const outcome = await deps.search.index.write(statement, [...contexts.keys()], reading);
  // Its days and money, read once: a record that has them (read before, or entered) keeps its own.
  // A currency the file named for its account (read when it was filed) is the balances' where they name none.
  const read = gaveUp ? GAVE_UP : content.balances;
  const currency = read && !read.currency ? statement.accountFacts?.currency : undefined;
  const balances = read && currency ? { ...read, currency } : read;
  const keptBalances = balances && !statement.balances ? await deps.records?.readBalances(statement, balances) : false;
  // A deletion that began while this wrote may have emptied the index before the last
  // posting landed: read again after writing, and take back what went in. (One that
  // begins after this read finds every posting in place, and removes them itself.)
  if (await deps.closing?.(statement.owner)) {
    await deps.search.index.remove(statement.owner, statement.id);
    deps.log.info('statement not indexed: its account is being closed', { statementId: statement.id });
    return;
  }
  deps.log.info('statement indexed', {
    statementId: statement.id,
    ...outcome,
    ...(content.note ? { note: content.note } : {}),
    ...(reading.notIndexed ? { notIndexed: true, attempt } : {}),
    ...(keptBalances ? { balancesRead: balances!.unread.length === 0 } : {}),
  });
  deps.metrics?.count(METRIC_NAMES.statementsIndexed);
};

/**
 * Reads again, with this edition of the reading, a statement an earlier edition read
 * (contract/reading/edition): the words it finds (a scan's by OCR, a table's columns) are
 * indexed, and what it reads of the days and money is kept, each value its owner entered
 * staying theirs. The statement is claimed before its file is read, so a reading that
 * throws or ends the function is not tried again, and leaves what was read before; a
 * reading that finds nothing leaves it too. `false` when it was not read (claimed since,
 * gone, its account being closed).
 */
export const rereadAvailable = async (
  deps: {
    search?: SearchIndexing;
    log: Log;
    closing?: (owner: string) => Promise<boolean>;
    records: Pick<RecordStore, 'claimReading' | 'rereadBalancesOf'>;
  },
  statement: Statement,
): Promise<boolean> => {
  if (!deps.search || statement.status !== STATEMENT_STATUS.available) return false;
  if (await deps.closing?.(statement.owner)) return false;
  if (!(await deps.records.claimReading(statement))) return false;
  const content = await deps.search.readContent(statement);
  if (content.pieces.length === 0) {
    deps.log.info('statement read again: nothing read, what was read before is kept', {
      statementId: statement.id,
      edition: READING_EDITION,
      ...(content.note ? { note: content.note } : {}),
    });
    return true;
  }
  const contexts = await contentContexts(deps.search, statement.owner, content);
  const reading: ContentReading = { notIndexed: notIndexedReason(content.pieces, content.note), gaveUp: false, contexts };
  await deps.search.index.write(statement, [...contexts.keys()], reading);
  const read = content.balances;
  const currency = read && !read.currency ? statement.accountFacts?.currency : undefined;
  const kept = read ? await deps.records.rereadBalancesOf(statement, currency ? { ...read, currency } : read) : false;
  // As in indexAvailable: a deletion that began meanwhile takes back what went in.
  if (await deps.closing?.(statement.owner)) {
    await deps.search.index.remove(statement.owner, statement.id);
    return true;
  }
  deps.log.info('statement read again', {
    statementId: statement.id,
    edition: READING_EDITION,
    ...(kept ? { balancesRead: read!.unread.length === 0 } : {}),
  });
  return true;
};
