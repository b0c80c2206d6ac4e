import { countOf, formatAmount, formatDay } from '../format';
import type { StatementArithmetic } from '../graphql-schema.generated';
import type { PdfTransactionTable } from './pdf-transactions';

/**
 * A statement's own arithmetic, in cents: its opening balance and its transactions give its
 * closing balance, and each running balance printed is the one before plus the row's
 * amount. The readers' proof that they read right, and a lender's that the statement is
 * whole. Pure. Never a guess: a table read in part is not checked.
 */

/** A row the check adds up: a transaction's amount, a balance printed after it, or both. */
export interface ArithmeticRow {
  /** The amount in cents; absent on a row that only prints a balance (one carried from the page before). */
  cents?: number;
  /** The running balance after the row, in cents, where printed. */
  balance?: number;
  /** The row's day (YYYY-MM-DD), where known: it says where a statement is off. */
  day?: string;
}

/** What the check found. */
export type ArithmeticCheck =
  | { state: 'checked'; transactions: number }
  | {
      state: 'off';
      transactions: number;
      /** What the printed figure is above (positive) or below what the figures before it give, in cents. */
      offBy: number;
      /** The first row whose running balance is off (0-based among the rows given), and its day; absent where only the total is off. */
      row?: number;
      day?: string;
    }
  | { state: 'not checked'; why: string };

/** What the check needs: the opening and closing balance in cents, the rows in the order printed. */
export interface ArithmeticInput {
  opening?: number;
  closing?: number;
  rows: readonly ArithmeticRow[];
}

/** Why a file read in its first part only is not checked. */
export const FIRST_PART_ONLY = 'Only the first part of the file was read.';

/** The check: opening + Σ amounts = closing, and each running balance = the previous + the amount. */
export const checkArithmetic = ({ opening, closing, rows }: ArithmeticInput): ArithmeticCheck => {
  const transactions = rows.filter((row) => row.cents !== undefined).length;
  if (transactions === 0) return { state: 'not checked', why: 'No transactions were read.' };
  if (opening === undefined) return { state: 'not checked', why: 'The opening balance was not read.' };
  if (closing === undefined) return { state: 'not checked', why: 'The closing balance was not read.' };
  let running = opening;
  let first: { row: number; offBy: number; day?: string } | undefined;
  rows.forEach((row, index) => {
    running += row.cents ?? 0;
    if (row.balance === undefined) return;
    if (row.balance !== running && !first) first = { row: index, offBy: row.balance - running, ...(row.day ? { day: row.day } : {}) };
    // The printed balance carries on: a misprint shows once, not on every later row.
    running = row.balance;
  });
  const sum = opening + rows.reduce((total, row) => total + (row.cents ?? 0), 0);
  if (!first && sum === closing) return { state: 'checked', transactions };
  return {
    state: 'off',
    transactions,
    offBy: first ? first.offBy : closing - sum,
    ...(first ? { row: first.row, ...(first.day ? { day: first.day } : {}) } : {}),
  };
};

/**
 * A PDF's table against its balances (read by label, in the statement's currency): the
 * table's own opening and closing rows stand in for a balance not read, and where both are
 * read and differ, the statement is not checked (two readings disagree: the person decides).
 */
export const pdfArithmetic = (
  table: PdfTransactionTable,
  balances: { opening?: number | null; closing?: number | null },
): ArithmeticCheck => {
  if (!table.found) return { state: 'not checked', why: 'No table of transactions was found.' };
  if (table.partly) return { state: 'not checked', why: 'The table of transactions was read only in part.' };
  const inCents = (value?: number | null) => (typeof value === 'number' ? Math.round(value * 100) : undefined);
  const agreed = (read: number | undefined, printed: number | undefined, which: string): number | undefined | string =>
    read !== undefined && printed !== undefined && read !== printed
      ? `The table's ${which} balance is not the one the statement prints.`
      : (read ?? printed);
  const opening = agreed(inCents(balances.opening), table.rows.find((row) => row.kind === 'opening')?.balance, 'opening');
  const closing = agreed(inCents(balances.closing), table.rows.filter((row) => row.kind === 'closing').at(-1)?.balance, 'closing');
  if (typeof opening === 'string') return { state: 'not checked', why: opening };
  if (typeof closing === 'string') return { state: 'not checked', why: closing };
  const rows = table.rows.filter((row) => row.kind === 'transaction' || row.kind === 'carried');
  const check = checkArithmetic({ opening, closing, rows });
  // One column of amounts none of which prints a sign does not say which are money out: that it is off may be the reading's doing.
  const unsigned = table.oneColumn && rows.every((row) => (row.cents ?? 0) >= 0);
  return check.state === 'off' && unsigned
    ? { state: 'not checked', why: 'Its amounts print no sign, so which are money out is not known.' }
    : check;
};

/** The check in words, as the statement's page and a packet's cover say it. */
export const arithmeticWords = (arithmetic: ArithmeticCheck, currency?: string | null): string => {
  if (arithmetic.state === 'checked') return `Read and checked: opening + ${countOf(arithmetic.transactions, 'transaction')} = closing.`;
  if (arithmetic.state === 'off') {
    const where = arithmetic.day
      ? ` (first at the row of ${formatDay(arithmetic.day)})`
      : arithmetic.row !== undefined
        ? ` (first at row ${arithmetic.row + 1})`
        : '';
    return `This statement does not add up: it is ${formatAmount(Math.abs(arithmetic.offBy) / 100, currency)} off${where}.`;
  }
  return `Not checked: ${arithmetic.why.charAt(0).toLowerCase()}${arithmetic.why.slice(1)}`;
};

/** The check as a statement's record keeps it (its balances' `arithmetic`): offBy in its currency, and its words. */
export const storedArithmetic = (arithmetic: ArithmeticCheck, currency?: string | null): StatementArithmetic => {
  const words = arithmeticWords(arithmetic, currency);
  if (arithmetic.state === 'checked') return { state: 'CHECKED', transactions: arithmetic.transactions, words };
  if (arithmetic.state === 'off')
    return {
      state: 'OFF',
      transactions: arithmetic.transactions,
      offBy: arithmetic.offBy / 100,
      ...(arithmetic.day ? { day: arithmetic.day } : {}),
      words,
    };
  return { state: 'NOT_CHECKED', words };
};

/**
 * A record's arithmetic in words for its owner's page and a packet's cover, its amount in the
 * statement's currency as its balances are written; a check without its figures says what it stored.
 */
export const storedArithmeticWords = (
  stored: {
    state: StatementArithmetic['state'];
    words: string;
    transactions?: number | null;
    offBy?: number | null;
    day?: string | null;
  },
  currency?: string | null,
): string => {
  if (stored.state === 'CHECKED' && typeof stored.transactions === 'number')
    return arithmeticWords({ state: 'checked', transactions: stored.transactions });
  if (stored.state === 'OFF' && typeof stored.offBy === 'number')
    return arithmeticWords(
      {
        state: 'off',
        transactions: stored.transactions ?? 0,
        offBy: Math.round(stored.offBy * 100),
        ...(stored.day ? { day: stored.day } : {}),
      },
      currency,
    );
  return stored.words;
};
