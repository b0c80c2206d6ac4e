import { STATEMENT_QUOTA, formatBytes } from '../../contract/uploads';
import { ApiError } from '../shared/errors';
import type { QuotaUsage } from '../shared/records';

/** The refusal names the limit, what is used, and what this file would need. */
export const quotaExceeded = (usage: QuotaUsage, size: number): ApiError => {
  // Places held: uploads under way, and mailed files waiting in Arrived.
  const held = usage.slots - usage.statements;
  const used = `you keep ${usage.statements.toLocaleString('en-US')} statements (${formatBytes(usage.bytes)})${held > 0 ? `, and ${held.toLocaleString('en-US')} more ${held === 1 ? 'is' : 'are'} being uploaded or waiting in Arrived` : ''}`;
  const byCount = usage.slots + 1 > STATEMENT_QUOTA.maxStatements;
  const limit = byCount
    ? `at most ${STATEMENT_QUOTA.maxStatements.toLocaleString('en-US')} statements`
    : `at most ${formatBytes(STATEMENT_QUOTA.maxBytes)}, and this file (${formatBytes(size)}) does not fit`;
  return new ApiError('QUOTA_EXCEEDED', `Your vault is full: it holds ${limit}; ${used}. Delete statements to make room.`);
};
