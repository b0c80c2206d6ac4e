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
 * Anything else (scanning, quarantined) has no postings.
 */
export const indexAvailable = async (
  deps: { search?: SearchIndexing; log: Log; metrics?: MetricsPort },
  statement: Statement,
): Promise<void> => {
  if (!deps.search || statement.status !== STATEMENT_STATUS.available) return;
  const content = await deps.search.readContent(statement);
  const outcome = await deps.search.index.write(statement, contentTerms(content.pieces));
  deps.log.info('statement indexed', { statementId: statement.id, ...outcome, ...(content.note ? { note: content.note } : {}) });
  deps.metrics?.count(METRIC_NAMES.statementsIndexed);
};
