import { lastDayOfMonth } from './chain';
import {
  CADENCE_MONTHS,
  LATE_GRACE_DAYS,
  cadenceOfPeriods,
  monthIndex,
  periodOfIndex,
  type AccountSchedule,
  type Cadence,
} from './schedule';

/**
 * When an account's next statement should come, learned from the ones it has: the day of
 * the month they end on, and how many days after that they usually arrive (uploaded, or
 * mailed in). A statement not in by some days after its usual day is late. Irregular and
 * closed accounts, and accounts whose cadence cannot be told yet, expect nothing. Pure: the
 * account page and the hourly reminders ask it the same way.
 */
export interface ExpectationStatement {
  /** YYYY-MM, as filed. */
  period: string;
  /** The last day it covers (YYYY-MM-DD), where read or entered. */
  to?: string | null;
  /** When it reached the vault (uploaded, or its mail came). */
  filedAt?: string | null;
}

/** How often the reminders look for late statements: hourly on AWS, every minute on the local stack. */
export const REMINDER_INTERVAL_MINUTES = { aws: 60, local: 1 } as const;

export { LATE_GRACE_DAYS } from './schedule';

/**
 * Statements in a row an account may miss and still expect the next: past them it is taken
 * as no longer kept here (closed, or moved to paper), and nothing more is expected. Coverage
 * still shows every month it misses.
 */
export const MISSED_IN_A_ROW = 3;

/**
 * Days after a statement's last day beyond which its arrival says nothing of when the
 * bank sends it: it was filed later, from an archive.
 */
const ARRIVAL_MAX_DAYS = 45;

export interface ExpectedStatement {
  /** The month it is filed under. */
  period: string;
  /** The last day it should cover. */
  endsOn: string;
  /** Around when it usually arrives. */
  expectedOn: string;
  /** From this day on, it is late. */
  lateOn: string;
}

export interface Expectation {
  cadence: Cadence;
  /** The first one not late yet; undefined once MISSED_IN_A_ROW are late. */
  next?: ExpectedStatement;
  /** Expected, not in, and past their late day, oldest first: those that turned late after the newest statement came. */
  late: ExpectedStatement[];
  /**
   * Those already late when the newest statement came (an archive filed at once): the
   * person had them to hand, so they are months coverage shows missing, not late ones to
   * tell of.
   */
  missedBefore: ExpectedStatement[];
  /** The newest statement's month. */
  newestPeriod: string;
  /** Where the days came from, for the words beside them. */
  learned: {
    /** The day of the month its statements end on; 'last' for the month's last day. */
    endDay: number | 'last';
    /** How many statements' last days said it (0: none was read; the month's last day is taken). */
    endDays: number;
    /** Days after their last day they usually arrive; undefined when no arrival could tell. */
    arrivalDays?: number;
    /** How many arrivals said it. */
    arrivals: number;
  };
  graceDays: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (day: string) => Math.round(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) / DAY_MS);
const dayOfNumber = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);
export const addDays = (day: string, days: number): string => dayOfNumber(dayNumber(day) + days);

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/** The day `endDay` of a month, or its last day when the month is shorter (or endDay is 'last'). */
const dayInMonth = (period: string, endDay: number | 'last') => {
  const last = lastDayOfMonth(Number(period.slice(0, 4)), Number(period.slice(5, 7)));
  if (endDay === 'last') return last;
  return Number(last.slice(8)) < endDay ? last : `${period}-${String(endDay).padStart(2, '0')}`;
};

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What an account expects, as of `today` (YYYY-MM-DD), from its statements and its
 * schedule; undefined when it expects nothing. The next statements follow the newest one
 * filed, a cadence's months apart; each ends on the day its statements usually end on
 * (the month's last day where most do, or no day was read), is expected the usual number
 * of days after that (the same day where no arrival tells), and is late `graceDays` later
 * (the account's own, as the person set it, else LATE_GRACE_DAYS.default).
 */
export const expectedStatements = (
  statements: readonly ExpectationStatement[],
  schedule: AccountSchedule,
  today: string,
  graceDays: number = schedule.graceDays ?? LATE_GRACE_DAYS.default,
): Expectation | undefined => {
  if (statements.length === 0) return undefined;
  const periods = statements.map((statement) => statement.period);
  const cadence = schedule.cadence ?? cadenceOfPeriods(periods).cadence;
  const step = cadence && CADENCE_MONTHS[cadence];
  if (!cadence || step === undefined) return undefined;

  const ends = statements.filter((statement) => statement.to && DAY_PATTERN.test(statement.to));
  const lastDays = ends.filter((statement) => statement.to === dayInMonth(statement.to!.slice(0, 7), 'last')).length;
  const endDay: number | 'last' =
    ends.length === 0 || lastDays * 2 >= ends.length ? 'last' : median(ends.map((statement) => Number(statement.to!.slice(8, 10))));
  const arrivals = ends
    .filter((statement) => statement.filedAt)
    .map((statement) => dayNumber(statement.filedAt!) - dayNumber(statement.to!))
    .filter((days) => days >= 0 && days <= ARRIVAL_MAX_DAYS);
  const arrivalDays = arrivals.length > 0 ? median(arrivals) : undefined;
  const learned = { endDay, endDays: ends.length, arrivalDays, arrivals: arrivals.length };

  const newest = Math.max(...periods.map(monthIndex));
  const closedAfter = schedule.closedAfter ? monthIndex(schedule.closedAfter) : Infinity;
  if (closedAfter < newest + step) return undefined;
  // A statement that ends in the month after the one it is filed under (16 Sep – 15 Oct
  // filed as September) keeps that offset: its end's month, not its period's, moves on.
  const newestEnd = ends.filter((statement) => monthIndex(statement.period) === newest).map((statement) => statement.to!)[0];
  const endOffset = newestEnd ? monthIndex(newestEnd.slice(0, 7)) - newest : 0;

  const newestFiled = statements.reduce((day, statement) => {
    const filed = statement.filedAt?.slice(0, 10) ?? '';
    return filed > day ? filed : day;
  }, '');
  const overdue: ExpectedStatement[] = [];
  const result = (next?: ExpectedStatement): Expectation => ({
    cadence,
    ...(next ? { next } : {}),
    late: overdue.filter((expected) => expected.lateOn > newestFiled),
    missedBefore: overdue.filter((expected) => expected.lateOn <= newestFiled),
    newestPeriod: periodOfIndex(newest),
    learned,
    graceDays,
  });
  for (let missed = 1; missed <= MISSED_IN_A_ROW; missed++) {
    const index = newest + missed * step;
    if (index > closedAfter) return result();
    const endsOn = dayInMonth(periodOfIndex(index + endOffset), endDay);
    const expectedOn = addDays(endsOn, arrivalDays ?? 0);
    const expected = { period: periodOfIndex(index), endsOn, expectedOn, lateOn: addDays(expectedOn, graceDays) };
    if (today < expected.lateOn) return result(expected);
    overdue.push(expected);
  }
  return result();
};
