import { STATEMENT_STATUS, type Statement } from '../../../contract/entities';
import { contentTerms } from '../../../contract/search/terms';
import type { Log } from '../log';
import { METRIC_NAMES, type MetricsPort } from '../metrics';
import type { SearchIndex } from './index-store';

/** A statement's content as text to index: pieces (pages, transaction descriptions), and why some was not read. */
export interface ContentPieces {
  pieces: string[];
  note?: string;
}

/** What keeps an owner's search index: the index, and a reader of a statement's file. */
export interface SearchIndexing {
  index: SearchIndex;
  /** Reads a statement's file (only ever one the malware scan found clean). */
  readContent(statement: Statement): Promise<ContentPieces>;
}

/**
 * Indexes a statement that became available: its file is read here, once, after the scan
 * found it clean (a file is never parsed before), and its filing and content terms written.
 * Anything else (scanning, quarantined) has no postings, nor has anything of an owner
 * whose account is being closed.
 */
export const indexAvailable = async (
  deps: { search?: SearchIndexing; log: Log; metrics?: MetricsPort; closing?: (owner: string) => Promise<boolean> },
  statement: Statement,
): Promise<void> => {
  if (!deps.search || statement.status !== STATEMENT_STATUS.available) return;
  if (await deps.closing?.(statement.owner)) return;
  const content = await deps.search.readContent(statement);
  const outcome = await deps.search.index.write(statement, contentTerms(content.pieces));
  // A deletion that began while this wrote may have emptied the index before the last
  // posting landed: read again after writing, and take back what went in. (One that
  // begins after this read finds every posting in place, and removes them itself.)
  if (await deps.closing?.(statement.owner)) {
    await deps.search.index.remove(statement.owner, statement.id);
    deps.log.info('statement not indexed: its account is being closed', { statementId: statement.id });
    return;
  }
  deps.log.info('statement indexed', { statementId: statement.id, ...outcome, ...(content.note ? { note: content.note } : {}) });
  deps.metrics?.count(METRIC_NAMES.statementsIndexed);
};
