import { TABLE_KEYS, statementAccountKey } from '../../contract/keys';
import type { Statement } from '../../contract/entities';
import {
  COVERAGE_IDS,
  IDENTIFIER_KEYS_ATTRIBUTE,
  type HeldUpload,
  type OwnerRecords,
  type QuotaUsage,
  type SummaryCorrection,
  type Totals,
  type Versioned,
} from '../shared/records';

const add = (totals: Totals | undefined, size: number): Totals => ({ count: (totals?.count ?? 0) + 1, bytes: (totals?.bytes ?? 0) + size });

const sameTotals = (a: Totals | undefined, b: Totals | undefined): boolean =>
  (a === undefined && b === undefined) || (a !== undefined && b !== undefined && a.count === b.count && a.bytes === b.bytes);

/**
 * What one owner's summaries should hold, from their records: per account (named by its
 * oldest statement, as the catalogue keeps it), per account and period (with the ids of
 * its statements, in upload order), per period, and the quota's usage (what is kept
 * includes Recently deleted, which it also counts apart; the places taken are the
 * statements kept plus the uploads under way).
 */
export const expectedSummaries = (
  statements: readonly Statement[],
  uploads: readonly HeldUpload[] = [],
  deleted: readonly Statement[] = [],
) => {
  const accounts = new Map<string, Totals & { label: string; labelFrom: string; identifierKeys: string[] }>();
  const periods = new Map<string, Totals>();
  const coverage = new Map<string, Totals & { period: string; accountKey: string; ids: string[] }>();
  const quota: QuotaUsage = { statements: 0, bytes: 0, slots: 0, slotBytes: 0, deletedStatements: 0, deletedBytes: 0 };
  // Oldest first (ULIDs sort by time), so the oldest spelling of an account names it.
  for (const statement of [...statements].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const key = statementAccountKey(statement);
    const account = accounts.get(key);
    accounts.set(key, {
      ...add(account, statement.size),
      label: account?.label ?? statement.accountLabel.normalize('NFC').trim(),
      labelFrom: account?.labelFrom ?? statement.id,
      identifierKeys: [...new Set([...(account?.identifierKeys ?? []), ...(statement.identifierKeys ?? [])])].sort(),
    });
    periods.set(statement.period, add(periods.get(statement.period), statement.size));
    const cell = TABLE_KEYS.coverageSort(statement.period, key);
    const inCell = coverage.get(cell);
    coverage.set(cell, {
      ...add(inCell, statement.size),
      period: statement.period,
      accountKey: key,
      ids: [...(inCell?.ids ?? []), statement.id],
    });
    quota.statements++;
    quota.bytes += statement.size;
  }
  // Recently deleted keeps its places: counted as kept, and as deleted.
  for (const statement of deleted) {
    quota.deletedStatements++;
    quota.deletedBytes += statement.size;
  }
  quota.statements += quota.deletedStatements;
  quota.bytes += quota.deletedBytes;
  quota.slots = quota.statements + uploads.length;
  quota.slotBytes = quota.bytes + uploads.reduce((sum, upload) => sum + upload.size, 0);
  return { accounts, periods, coverage, quota };
};

/** Whether the item was there when read, and its version then. */
const seenAs = (item: Versioned | undefined): Versioned | undefined =>
  item && (item.version === undefined ? {} : { version: item.version });

/**
 * The summary items that differ from the records, as corrections the store applies only
 * where nothing wrote the item since the read. Only numbers are set: an account keeps
 * the label (and the statement that named it) it has; a new one gets the oldest
 * statement's. A zero account or period summary is removed.
 */
export const summaryCorrections = (records: OwnerRecords): SummaryCorrection[] => {
  const expected = expectedSummaries(records.statements, records.uploads, records.deleted);
  const seen = records.summaries;
  const corrections: SummaryCorrection[] = [];
  for (const key of new Set([...seen.accounts.keys(), ...expected.accounts.keys()])) {
    const want = expected.accounts.get(key);
    const have = seen.accounts.get(key);
    const sameKeys = (have?.identifierKeys ?? []).join() === (want?.identifierKeys ?? []).join();
    if (!sameTotals(have, want) || !sameKeys) {
      corrections.push({
        sortKey: TABLE_KEYS.accountSort(key),
        seen: seenAs(have),
        ...(want && {
          expected: { count: want.count, bytes: want.bytes },
          setIfAbsent: { label: want.label, labelFrom: want.labelFrom, accountKey: key },
          sets: { [IDENTIFIER_KEYS_ATTRIBUTE]: want.identifierKeys },
        }),
      });
    }
  }
  for (const period of new Set([...seen.periods.keys(), ...expected.periods.keys()])) {
    const want = expected.periods.get(period);
    const have = seen.periods.get(period);
    if (!sameTotals(have, want)) {
      corrections.push({
        sortKey: TABLE_KEYS.periodSort(period),
        seen: seenAs(have),
        ...(want && { expected: { ...want }, setIfAbsent: { period } }),
      });
    }
  }
  for (const cell of new Set([...seen.coverage.keys(), ...expected.coverage.keys()])) {
    const want = expected.coverage.get(cell);
    const have = seen.coverage.get(cell);
    const sameIds = (have?.ids ?? []).join() === (want?.ids ?? []).join();
    if (!sameTotals(have, want) || !sameIds) {
      corrections.push({
        sortKey: cell,
        seen: seenAs(have),
        ...(want && {
          expected: { count: want.count, bytes: want.bytes },
          setIfAbsent: { period: want.period, accountKey: want.accountKey },
          sets: { [COVERAGE_IDS]: want.ids },
        }),
      });
    }
  }
  const quota = seen.quota;
  const differs = (Object.keys(expected.quota) as (keyof QuotaUsage)[]).some((name) => (quota?.[name] ?? 0) !== expected.quota[name]);
  if (differs) corrections.push({ sortKey: TABLE_KEYS.quotaSort, seen: seenAs(quota), expected: { ...expected.quota } });
  return corrections;
};
