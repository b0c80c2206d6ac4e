import { contentKindOf } from '../file-types';

/**
 * The chain of an account's statements: ordered by the days they cover, each one held
 * against the one before it. Two statements chain when the second begins the day after
 * the first ends and opens with the balance the first closed with, to the cent. Anything
 * else is named for what it is (a gap in the days, a balance that does not carry over,
 * days covered twice, the same statement twice) or, where a day or a balance was not
 * read, said to be undecided with what is missing. Pure: the web app and the bench run it
 * on one read of the account's list.
 */
export interface ChainStatement {
  id: string;
  fileName: string;
  /** YYYY-MM, as filed: the order of statements whose days were not read. */
  period: string;
  /** Its verified type: an export's days (a CSV's, a workbook's) are those of its transactions. @default a statement that prints its days */
  contentType?: string | null;
  balances?: {
    from?: string | null;
    to?: string | null;
    opening?: number | null;
    closing?: number | null;
    currency?: string | null;
    /** Which values its owner entered (their days are theirs, as given). */
    entered?: readonly string[] | null;
  } | null;
}

/** How a statement follows the one before it (the first of an account has none). */
export type ChainVerdict =
  | { kind: 'first' }
  /** Its days begin the day after the previous ones end (or within QUIET_DAYS), and its opening balance is the previous closing balance. */
  | { kind: 'continuous' }
  /** More than QUIET_DAYS between the two that no statement covers; `moved` is what the balance did over them, where both are read. */
  | { kind: 'missing'; from: string; to: string; days: number; moved?: number }
  /** The days follow on, but the balance does not carry over: `difference` is the opening less the previous closing. */
  | { kind: 'break'; closing: number; opening: number; difference: number }
  /** Days both cover (not the same statement twice). */
  | { kind: 'overlap'; days: number }
  /** The same days and balances as the one before: the same statement filed twice. */
  | { kind: 'duplicate' }
  /** What was not read, in words, so this cannot be decided. */
  | { kind: 'unknown'; lacking: string[] };

export type ChainKind = ChainVerdict['kind'];

export interface ChainLink {
  statement: ChainStatement;
  verdict: ChainVerdict;
}

/**
 * An account's state in one word, as coverage shows it. One statement whose days are read is
 * `single`: there is nothing to compare it with, so it is neither continuous nor not.
 */
export type ChainState = 'continuous' | 'single' | 'gaps' | 'breaks' | 'unchecked' | 'empty';

export interface AccountChain {
  links: ChainLink[];
  state: ChainState;
  /** The first and last day covered, where read. */
  from?: string;
  to?: string;
  counts: Record<ChainKind, number>;
}

/**
 * Days between two statements that no transaction falls on, still read as following on: a
 * table export's days are those of its first and last transaction, so a weekend or a quiet
 * week between two exports is no missing statement (whether the two chain is then the
 * balances' to say). A longer gap is one: a month without a statement is what lenders ask
 * about.
 */
export const QUIET_DAYS = 7;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);

/** Money to the cent: balances are compared as whole cents, never as binary fractions. */
const cents = (value: number) => Math.round(value * 100);

const has = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/** The last day (YYYY-MM-DD) of a month, its `month` counted from 1 (0 is the December before). */
export const lastDayOfMonth = (year: number, month: number): string => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
const lastDayOf = (period: string) => lastDayOfMonth(Number(period.slice(0, 4)), Number(period.slice(5, 7)));

/**
 * The days a statement covers, where both were read. An export (a CSV's or a workbook's
 * table) prints no period: its days are those of its first and last transaction, so one
 * whose transactions all fall in the month it is filed under covers that month, its quiet
 * days at either end included (an export of December whose last transaction is on the 15th
 * is December's). Days its owner entered are theirs as given.
 */
export const coveredDays = (statement: ChainStatement): { from: string; to: string } | undefined => {
  const { from, to, entered } = statement.balances ?? {};
  if (!from || !to) return undefined;
  if (!isExport(statement) || entered?.includes('from') || entered?.includes('to')) return { from, to };
  const [start, end] = [`${statement.period}-01`, lastDayOf(statement.period)];
  return from >= start && to <= end ? { from: start, to: end } : { from, to };
};

const isExport = (statement: ChainStatement) =>
  Boolean(statement.contentType) && ['csv', 'xlsx'].includes(contentKindOf(statement.contentType!));

const daysOf = coveredDays;

/** The order the chain is read in: by the days covered (by the month filed where they were not read), then by id. */
const compareChain = (a: ChainStatement, b: ChainStatement): number => {
  const start = (statement: ChainStatement) => daysOf(statement)?.from ?? `${statement.period}-01`;
  const end = (statement: ChainStatement) => daysOf(statement)?.to ?? `${statement.period}-31`;
  return start(a).localeCompare(start(b)) || end(a).localeCompare(end(b)) || a.id.localeCompare(b.id);
};

/** How `next` follows `previous`. */
export const chainVerdict = (previous: ChainStatement, next: ChainStatement): ChainVerdict => {
  const [before, after] = [daysOf(previous), daysOf(next)];
  const lacking = [...(before ? [] : [`the days ${previous.fileName} covers`]), ...(after ? [] : [`the days ${next.fileName} covers`])];
  if (!before || !after) return { kind: 'unknown', lacking };
  const closing = previous.balances?.closing;
  const opening = next.balances?.opening;
  const balancesRead = has(closing) && has(opening);
  if (
    before.from === after.from &&
    before.to === after.to &&
    balancesRead &&
    has(previous.balances?.opening) &&
    has(next.balances?.closing) &&
    cents(previous.balances!.opening!) === cents(opening) &&
    cents(previous.balances!.closing!) === cents(next.balances!.closing!)
  )
    return { kind: 'duplicate' };
  const gap = dayNumber(after.from) - dayNumber(before.to) - 1;
  if (gap < 0) return { kind: 'overlap', days: Math.min(-gap, dayNumber(after.to) - dayNumber(after.from) + 1) };
  // Between two exports, days whose balance did not move held no transaction: no statement is missing.
  const quiet = balancesRead && cents(opening) === cents(closing) && isExport(previous) && isExport(next);
  if (gap > QUIET_DAYS && !quiet)
    return {
      kind: 'missing',
      from: dayOf(dayNumber(before.to) + 1),
      to: dayOf(dayNumber(after.from) - 1),
      days: gap,
      ...(balancesRead ? { moved: (cents(opening) - cents(closing)) / 100 } : {}),
    };
  if (!balancesRead)
    return {
      kind: 'unknown',
      lacking: [
        ...(has(closing) ? [] : [`the closing balance of ${previous.fileName}`]),
        ...(has(opening) ? [] : [`the opening balance of ${next.fileName}`]),
      ],
    };
  if (cents(closing) === cents(opening)) return { kind: 'continuous' };
  return { kind: 'break', closing, opening, difference: (cents(opening) - cents(closing)) / 100 };
};

/** The chain of one account's statements, in the order of the days they cover. */
export const accountChain = (statements: readonly ChainStatement[]): AccountChain => {
  const ordered = [...statements].sort(compareChain);
  const links = ordered.map((statement, index): ChainLink => ({
    statement,
    verdict: index === 0 ? { kind: 'first' } : chainVerdict(ordered[index - 1], statement),
  }));
  const counts: Record<ChainKind, number> = { first: 0, continuous: 0, missing: 0, break: 0, overlap: 0, duplicate: 0, unknown: 0 };
  for (const link of links) counts[link.verdict.kind]++;
  const days = ordered.flatMap((statement) => daysOf(statement) ?? []);
  const state: ChainState =
    links.length === 0
      ? 'empty'
      : counts.missing > 0
        ? 'gaps'
        : counts.break + counts.overlap + counts.duplicate > 0
          ? 'breaks'
          : counts.unknown > 0 || days.length < links.length
            ? 'unchecked'
            : links.length === 1
              ? 'single'
              : 'continuous';
  return {
    links,
    state,
    ...(days.length > 0
      ? {
          from: days[0].from,
          to: days
            .map((one) => one.to)
            .sort()
            .at(-1),
        }
      : {}),
    counts,
  };
};
