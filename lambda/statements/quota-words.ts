import { countOf, formatCount, pluralOf } from '../../contract/format';
import { STATEMENT_QUOTA, formatBytes } from '../../contract/uploads';
import { ApiError } from '../shared/errors';
import type { QuotaUsage } from '../shared/records';

/** The refusal names the limit, what is used, and what this file would need. */
export const quotaExceeded = (usage: QuotaUsage, size: number): ApiError => {
  // Places held: uploads under way, and mailed files waiting on the profile to be filed.
  const held = usage.slots - usage.statements;
  const used = `you keep ${countOf(usage.statements, 'statement')} (${formatBytes(usage.bytes)})${held > 0 ? `, and ${formatCount(held)} more ${pluralOf(held, 'is', 'are')} being uploaded or waiting on your profile to be filed` : ''}`;
  const byCount = usage.slots + 1 > STATEMENT_QUOTA.maxStatements;
  const limit = byCount
    ? `at most ${countOf(STATEMENT_QUOTA.maxStatements, 'statement')}`
    : `at most ${formatBytes(STATEMENT_QUOTA.maxBytes)}, and this file (${formatBytes(size)}) does not fit`;
  const room = held > 0 ? 'Delete statements, or discard files waiting on your profile, to make room.' : 'Delete statements to make room.';
  return new ApiError('QUOTA_EXCEEDED', `Your vault is full: it holds ${limit}; ${used}. ${room}`);
};
