import { expectedCoverage, periodOfIndex, type AccountSchedule, type ExpectedCoverage } from '@contract/accounts/schedule';
import { accountDetailsLine } from '@contract/accounts/details';

/** A coverage cell as the API answers it: one account in one month. */
export interface CoverageCellData {
  accountKey: string;
  period: string;
  statementIds: readonly string[];
}

/**
 * A month of an account: statements filed (oldest upload first); the month a missing
 * statement was due in (the last of its window); a month of a window that needs nothing
 * more (filed elsewhere in it, still due, or an irregular account's); or outside the span.
 */
export type CoverageMonth =
  | { period: string; kind: 'filed'; statementIds: string[] }
  | { period: string; kind: 'missing' }
  | { period: string; kind: 'between' }
  | { period: string; kind: 'outside' };

/** The account as the accounts list gives it: its key, its label and what the person said of its schedule. */
export type CoverageAccount = { accountKey: string; label: string } & AccountSchedule & {
    institution?: string | null;
    kind?: string | null;
    currency?: string | null;
  };

export interface CoverageRow extends ExpectedCoverage {
  key: string;
  label: string;
  /** What it is (institution, kind, currency), in one line; empty when nothing says. */
  details: string;
  /** Days after its usual day a statement counts as late, as the person set them; null: the default. */
  graceDays: number | null;
  /** The account's months, a calendar year a line, newest year first, from its first month in view to this year. */
  years: { year: number; months: CoverageMonth[] }[];
  /** Statements due that are filed, missing, and all due (still due ones left out). */
  filed: number;
  missing: number;
  due: number;
  /** The month each missing statement was due by (its window's last), oldest first. */
  missingPeriods: string[];
  /** Months with a statement. */
  filedMonths: number;
}

/**
 * The coverage of each account: which of its statements are due, from its cadence
 * (the person's, or read from its months) within the months it was open (the person's
 * `statementsFrom` and `closedAfter`, else its first statement to `currentPeriod`), and
 * which are missing. Accounts come in the order given (the accounts list's), labelled
 * as it names them; a cell whose account is not listed yet (a statement filed a moment
 * ago) still shows, under its key.
 */
export const coverageGrid = (
  cells: readonly CoverageCellData[],
  accounts: readonly CoverageAccount[],
  currentPeriod: string,
): CoverageRow[] => {
  const byAccount = new Map<string, Map<string, string[]>>();
  for (const cell of cells) {
    const months = byAccount.get(cell.accountKey) ?? new Map<string, string[]>();
    months.set(cell.period, [...cell.statementIds].sort());
    byAccount.set(cell.accountKey, months);
  }
  const listed: (CoverageAccount & { key: string })[] = accounts.map((account) => ({ ...account, key: account.accountKey }));
  for (const key of byAccount.keys()) if (!listed.some((account) => account.key === key)) listed.push({ key, accountKey: key, label: key });
  return listed.flatMap((account) => {
    const months = byAccount.get(account.key);
    if (!months || months.size === 0) return [];
    const expected = expectedCoverage([...months.keys()], account, currentPeriod);
    const missingPeriods = expected.windows.filter((window) => window.state === 'missing').map((window) => window.to);
    const missing = new Set(missingPeriods);
    const periods = [...months.keys()].sort();
    const first = [periods[0], expected.span.from].sort()[0];
    const last = [periods.at(-1)!, expected.span.to].sort().at(-1)!;
    const years: CoverageRow['years'] = [];
    for (let year = Number(last.slice(0, 4)); year >= Number(first.slice(0, 4)); year--) {
      const row: CoverageMonth[] = [];
      for (let month = 1; month <= 12; month++) {
        const period = periodOfIndex(year * 12 + month - 1);
        const statementIds = months.get(period);
        if (statementIds) row.push({ period, kind: 'filed', statementIds });
        else if (missing.has(period)) row.push({ period, kind: 'missing' });
        else if (period < expected.span.from || period > expected.span.to) row.push({ period, kind: 'outside' });
        else row.push({ period, kind: 'between' });
      }
      years.push({ year, months: row });
    }
    const filed = expected.windows.filter((window) => window.state === 'filed').length;
    return [
      {
        ...expected,
        key: account.key,
        label: account.label,
        details: accountDetailsLine(account),
        graceDays: account.graceDays ?? null,
        years,
        filed,
        missing: missingPeriods.length,
        due: filed + missingPeriods.length,
        missingPeriods,
        filedMonths: periods.length,
      },
    ];
  });
};
