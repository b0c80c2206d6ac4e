import { PERIOD_PATTERN } from '../uploads';

/**
 * How often an account's statements come, and the months it was open: what coverage
 * expects of it. A quarterly account expects one statement in every three months, a
 * closed one nothing after its last month, and an irregular one nothing at all; a month
 * without a statement is a gap only where one was due.
 */
export const CADENCES = ['MONTHLY', 'QUARTERLY', 'YEARLY', 'IRREGULAR'] as const;
export type Cadence = (typeof CADENCES)[number];

/** Months between statements; irregular expects none. */
export const CADENCE_MONTHS: Record<Cadence, number | undefined> = { MONTHLY: 1, QUARTERLY: 3, YEARLY: 12, IRREGULAR: undefined };

/** A cadence in words. */
export const CADENCE_WORDS: Record<Cadence, string> = {
  MONTHLY: 'monthly',
  QUARTERLY: 'quarterly',
  YEARLY: 'yearly',
  IRREGULAR: 'irregular',
};

/** Days after its usual day that a statement is counted late: the default, and what a person may set per account. */
export const LATE_GRACE_DAYS = { default: 7, min: 0, max: 60 } as const;

/** The schedule's parts given as text, as the account's record and the API name them (with graceDays, a number). */
export const SCHEDULE_FIELDS = ['cadence', 'statementsFrom', 'closedAfter'] as const;

/** What a person says of an account's schedule (each part optional: unsaid, coverage reads it from the statements). */
export interface AccountSchedule {
  cadence?: Cadence | null;
  /** YYYY-MM: no statements before this month ("opened", or "I only keep them from here"). */
  statementsFrom?: string | null;
  /** YYYY-MM: the account's last month (closed after it). */
  closedAfter?: string | null;
  /** Days after its usual day a statement counts as late; unsaid, LATE_GRACE_DAYS.default. */
  graceDays?: number | null;
}

/** Where a schedule's cadence came from, in the words a row shows. */
export type CadenceSource =
  | { from: 'you' }
  /** Read from the months of this many statements. */
  | { from: 'statements'; statements: number }
  /** Too few statements to tell, and the person has not said: nothing is expected until they do. */
  | { from: 'unknown' };

/** Why a schedule cannot be kept, in a person's words, or undefined when it can. */
export const scheduleProblem = (schedule: AccountSchedule): string | undefined => {
  if (schedule.cadence != null && !CADENCES.includes(schedule.cadence)) return 'Choose how often statements come.';
  for (const name of ['statementsFrom', 'closedAfter'] as const) {
    const value = schedule[name];
    if (value != null && !PERIOD_PATTERN.test(value)) return 'Give each month as a year and a month, as 2024-03.';
  }
  if (schedule.statementsFrom && schedule.closedAfter && schedule.statementsFrom > schedule.closedAfter)
    return 'The last month cannot be before the first.';
  const grace = schedule.graceDays;
  if (grace != null && (!Number.isInteger(grace) || grace < LATE_GRACE_DAYS.min || grace > LATE_GRACE_DAYS.max))
    return `Give the days as a whole number from ${LATE_GRACE_DAYS.min} to ${LATE_GRACE_DAYS.max}.`;
  return undefined;
};

/** Months since year 0: periods as numbers, so spans and windows are arithmetic. */
export const monthIndex = (period: string): number => Number(period.slice(0, 4)) * 12 + Number(period.slice(5, 7)) - 1;
export const periodOfIndex = (index: number): string =>
  `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;

/**
 * The cadence the filed months show: the middle gap between consecutive months with a
 * statement. Three statements at least (two gaps): with fewer, nothing can be told, and
 * no cadence is taken for one; the row asks the person instead.
 */
export const cadenceOfPeriods = (periods: readonly string[]): { cadence?: Cadence; source: CadenceSource } => {
  const months = [...new Set(periods)].map(monthIndex).sort((a, b) => a - b);
  if (months.length < 3) return { source: { from: 'unknown' } };
  const gaps = months
    .slice(1)
    .map((month, index) => month - months[index])
    .sort((a, b) => a - b);
  const middle = gaps[Math.floor((gaps.length - 1) / 2)];
  const cadence: Cadence = middle <= 1 ? 'MONTHLY' : middle <= 4 ? 'QUARTERLY' : middle >= 10 && middle <= 14 ? 'YEARLY' : 'IRREGULAR';
  return { cadence, source: { from: 'statements', statements: months.length } };
};

/** One stretch in which one statement is due: a month (monthly), three (quarterly) or twelve (yearly). */
export interface DueWindow {
  from: string;
  to: string;
  /** The statements' periods filed in it. */
  filed: string[];
  /** filed: it has one; missing: it ended without one; due: it has not ended yet (this month is in it). */
  state: 'filed' | 'missing' | 'due';
}

export interface ExpectedCoverage {
  /** Undefined while it cannot be told: nothing is expected then. */
  cadence?: Cadence;
  cadenceSource: CadenceSource;
  /** The cadence the filed months show, whatever the person said (what a blank schedule falls back to). */
  readCadence?: Cadence;
  /** The months statements are expected in: from the first (or the month the person set) to the last open one or now. */
  span: { from: string; to: string; closed: boolean; fromSet: boolean };
  windows: DueWindow[];
}

/**
 * What an account's statements should be, against what is filed: the windows in which one
 * statement is due, from `statementsFrom` (else the first filed month) to `closedAfter`
 * (else `currentPeriod`), each filed, missing or still due. Windows start at the span's
 * first month, so a quarterly account filed in Feb, May, Aug and Nov has each quarter
 * filed. Statements filed outside the span are shown but expect nothing around them.
 */
export const expectedCoverage = (filedPeriods: readonly string[], schedule: AccountSchedule, currentPeriod: string): ExpectedCoverage => {
  const filed = [...new Set(filedPeriods)].sort();
  const read = cadenceOfPeriods(filed);
  const { cadence, source } = schedule.cadence ? { cadence: schedule.cadence, source: { from: 'you' } as CadenceSource } : read;
  const from = schedule.statementsFrom ?? filed[0] ?? currentPeriod;
  const closed = Boolean(schedule.closedAfter);
  const to = schedule.closedAfter ?? [currentPeriod, from].sort().at(-1)!;
  const span = { from, to, closed, fromSet: Boolean(schedule.statementsFrom) };
  const step = cadence && CADENCE_MONTHS[cadence];
  const expected = { cadence, cadenceSource: source, readCadence: read.cadence, span };
  if (step === undefined) return { ...expected, windows: [] };
  const [first, last, now] = [monthIndex(from), monthIndex(to), monthIndex(currentPeriod)];
  const filedMonths = filed.map(monthIndex);
  const windows: DueWindow[] = [];
  for (let start = first; start <= last; start += step) {
    const end = start + step - 1;
    const inWindow = filedMonths.filter((month) => month >= start && month <= end).map(periodOfIndex);
    const state = inWindow.length > 0 ? 'filed' : !closed && end >= now ? 'due' : 'missing';
    // A closed account's last window ends with it.
    windows.push({ from: periodOfIndex(start), to: periodOfIndex(Math.min(end, closed ? last : end)), filed: inWindow, state });
  }
  return { ...expected, windows };
};
