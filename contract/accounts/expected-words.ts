import type { Expectation, ExpectedStatement } from './expected';
import { countOf, formatDay, formatPeriod } from '../format';

const ORDINAL = new Intl.PluralRules('en-US', { type: 'ordinal' });
const SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** A day of the month as people say it: "1st", "22nd", "15th". */
export const ordinalDay = (day: number): string => `${day}${SUFFIX[ORDINAL.select(day)] ?? 'th'}`;

/** The next statement, in a line: "Next statement expected around Dec 3, 2026 (for Nov 2026)." */
export const nextWords = (next: ExpectedStatement): string =>
  `Next statement expected around ${formatDay(next.expectedOn)} (for ${formatPeriod(next.period)}).`;

/** One late statement: "The statement for Oct 2026 is late. It usually arrives around Nov 3, 2026." */
export const lateWords = (late: ExpectedStatement): string =>
  `The statement for ${formatPeriod(late.period)} is late. It usually arrives around ${formatDay(late.expectedOn)}.`;

/** Where the expected days come from, in short sentences. */
export const learnedWords = ({ learned, graceDays }: Expectation): string => {
  const end =
    learned.endDays === 0
      ? "Its statements do not say their last day, so the month's end is used."
      : learned.endDay === 'last'
        ? 'Its statements end on the last day of the month.'
        : `Its statements end around the ${ordinalDay(learned.endDay)}.`;
  const arrival =
    learned.arrivalDays === undefined
      ? 'When they arrive is not known yet.'
      : learned.arrivalDays === 0
        ? 'They arrive the same day.'
        : `They usually arrive ${countOf(learned.arrivalDays, 'day')} later.`;
  return `${end} ${arrival} A statement counts as late ${countOf(graceDays, 'day')} after its usual day.`;
};

/** An account that missed MISSED_IN_A_ROW statements: why nothing more is expected, and what to do. */
export const stoppedWords = (expectation: Expectation): string =>
  `No statement after ${formatPeriod(expectation.newestPeriod)}, so no more are expected. If the account is closed, set its last month below.`;
