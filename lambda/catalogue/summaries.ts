import { TABLE_KEYS, accountKeyOf, type Statement } from '../../contract';
import type { OwnerRecords, SummaryCorrection, Totals } from '../shared/records';

const add = (totals: Totals | undefined, size: number): Totals => ({ count: (totals?.count ?? 0) + 1, bytes: (totals?.bytes ?? 0) + size });

const same = (a: Totals | undefined, b: Totals | undefined): boolean =>
  (a?.count ?? 0) === (b?.count ?? 0) && (a?.bytes ?? 0) === (b?.bytes ?? 0) && (a === undefined) === (b === undefined);

/**
 * What one owner's summaries should hold, from their records: per account (the label of
 * its oldest statement, as the catalogue keeps it), per period, and the quota's usage.
 */
export const expectedSummaries = (statements: readonly Statement[]) => {
  const accounts = new Map<string, Totals & { label: string }>();
  const periods = new Map<string, Totals>();
  let quota: Totals = { count: 0, bytes: 0 };
  // Oldest first (ULIDs sort by time), so the first spelling of an account names it.
  for (const statement of [...statements].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const key = accountKeyOf(statement.accountLabel);
    const account = accounts.get(key);
    accounts.set(key, { ...add(account, statement.size), label: account?.label ?? statement.accountLabel.normalize('NFC').trim() });
    periods.set(statement.period, add(periods.get(statement.period), statement.size));
    quota = add(quota, statement.size);
  }
  return { accounts, periods, quota };
};

/**
 * The summary items that differ from the records (counts and bytes; a label stays as
 * first given), as corrections the store applies only where nothing changed since the
 * read. A zero summary is removed, except the quota's.
 */
export const summaryCorrections = (records: OwnerRecords): SummaryCorrection[] => {
  const expected = expectedSummaries(records.statements);
  const seen = records.summaries;
  const corrections: SummaryCorrection[] = [];
  for (const key of new Set([...seen.accounts.keys(), ...expected.accounts.keys()])) {
    const want = expected.accounts.get(key);
    const have = seen.accounts.get(key);
    if (!same(have, want)) {
      corrections.push({
        sortKey: TABLE_KEYS.accountSort(key),
        seen: have && { count: have.count, bytes: have.bytes },
        expected: want && { count: want.count, bytes: want.bytes, label: have?.label || want.label, accountKey: key },
      });
    }
  }
  for (const period of new Set([...seen.periods.keys(), ...expected.periods.keys()])) {
    const want = expected.periods.get(period);
    const have = seen.periods.get(period);
    if (!same(have, want)) corrections.push({ sortKey: TABLE_KEYS.periodSort(period), seen: have, expected: want && { ...want, period } });
  }
  const quota = seen.quota ?? { count: 0, bytes: 0 };
  if (quota.count !== expected.quota.count || quota.bytes !== expected.quota.bytes) {
    corrections.push({ sortKey: TABLE_KEYS.quotaSort, seen: seen.quota, expected: expected.quota });
  }
  return corrections;
};
