import { STATEMENT_STATUS, type Statement } from '../../../contract/entities';
import { accountKeyOf } from '../../../contract/keys';
import type { SharedStatement } from '../../../contract/shares';

/**
 * Whether a statement is still what its share named: available (scanned clean, not
 * deleted), and filed under the same account and period. One deleted, quarantined or
 * filed elsewhere since has left the share; a rename keeps it there, under its new name.
 */
export const stillShared = (shared: SharedStatement, statement: Statement | undefined): statement is Statement =>
  statement !== undefined &&
  statement.status === STATEMENT_STATUS.available &&
  accountKeyOf(statement.accountLabel) === accountKeyOf(shared.accountLabel) &&
  statement.period === shared.period;
