import { accountKeyOf } from '@contract/keys';

/** A coverage cell as the API answers it: one account in one month. */
export interface CoverageCellData {
  accountKey: string;
  period: string;
  statementIds: readonly string[];
}

/** A month of an account: statements filed (oldest upload first), missing, or outside its span. */
export type CoverageMonth =
  { period: string; kind: 'filed'; statementIds: string[] } | { period: string; kind: 'missing' } | { period: string; kind: 'outside' };

export interface CoverageRow {
  label: string;
  /** The account's months, a calendar year a line, from its first statement's year to this one. */
  years: { year: number; months: CoverageMonth[] }[];
  filed: number;
  missing: number;
}

const periodOf = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/**
 * The grid of months per account: every month from the account's first period to the
 * current one (`currentPeriod`, YYYY-MM) is filed or missing; months outside that span are
 * neither. A statement filed for a month after the current one extends the span to it.
 * Accounts come in the order given (the accounts list's), labelled as it names them.
 */
export const coverageGrid = (
  cells: readonly CoverageCellData[],
  accounts: readonly { label: string }[],
  currentPeriod: string,
): CoverageRow[] => {
  const byAccount = new Map<string, Map<string, string[]>>();
  for (const cell of cells) {
    const months = byAccount.get(cell.accountKey) ?? new Map<string, string[]>();
    months.set(cell.period, [...cell.statementIds].sort());
    byAccount.set(cell.accountKey, months);
  }
  const labelled = accounts.map((account) => ({ key: accountKeyOf(account.label), label: account.label }));
  // A cell whose account summary is not there yet (a statement filed a moment ago) still shows.
  for (const key of byAccount.keys()) if (!labelled.some((account) => account.key === key)) labelled.push({ key, label: key });
  return labelled.flatMap(({ key, label }) => {
    const months = byAccount.get(key);
    if (!months || months.size === 0) return [];
    const periods = [...months.keys()].sort();
    const first = periods[0];
    const last = [periods.at(-1)!, currentPeriod].sort().at(-1)!;
    const [firstYear, lastYear] = [Number(first.slice(0, 4)), Number(last.slice(0, 4))];
    const years: CoverageRow['years'] = [];
    let filed = 0;
    let missing = 0;
    for (let year = lastYear; year >= firstYear; year--) {
      const row: CoverageMonth[] = [];
      for (let month = 1; month <= 12; month++) {
        const period = periodOf(year, month);
        const statementIds = months.get(period);
        if (statementIds) {
          filed++;
          row.push({ period, kind: 'filed', statementIds });
        } else if (period < first || period > last) row.push({ period, kind: 'outside' });
        else {
          missing++;
          row.push({ period, kind: 'missing' });
        }
      }
      years.push({ year, months: row });
    }
    return [{ label, years, filed, missing }];
  });
};
