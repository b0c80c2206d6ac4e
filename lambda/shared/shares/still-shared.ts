import { STATEMENT_STATUS, type Statement } from '../../../contract/entities';
import { statementAccountKey } from '../../../contract/keys';
import type { SharedStatement } from '../../../contract/shares';

/**
 * Whether a statement is still what its share named: not taken out by the owner, available
 * (scanned clean, not deleted), filed under the same account and period, and not filed
 * anew since (`filedAt`). One deleted, quarantined or filed elsewhere has left the share
 * for good: restoring it, a clean verdict after a quarantine, or moving it back does not
 * bring it back. A rename keeps it there, under its new name.
 */
export const stillShared = (
  share: { removedIds?: readonly string[] },
  shared: SharedStatement,
  statement: Statement | undefined,
): statement is Statement =>
  statement !== undefined &&
  !(share.removedIds ?? []).includes(shared.id) &&
  statement.status === STATEMENT_STATUS.available &&
  statementAccountKey(statement) === statementAccountKey(shared) &&
  statement.period === shared.period &&
  statement.filedAt === shared.filedAt;
