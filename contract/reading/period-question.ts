import { formatPeriodInWords } from '../format';

/**
 * A month the person is asked to confirm or choose, because the file's content does not
 * settle it: the month its name offers ("20250614_statement.pdf"), or the two months its
 * dates read as (10/11/2024 is October or November, and nothing in it says which). A name's
 * date is often the day the file was downloaded, and a date read the wrong way files a
 * statement under the wrong month: both are asked, answered with one click.
 */
export type PeriodQuestion =
  | { reason: 'file name'; choices: [string]; detail: string; words: string }
  | { reason: 'two readings'; choices: string[]; detail: string; words: string };

export const nameQuestion = (period: string, fileName: string): PeriodQuestion => ({
  reason: 'file name',
  choices: [period],
  detail: `its name "${fileName}"`,
  words: `The file name says ${formatPeriodInWords(period)}: is that its month?`,
});

export const twoReadingsQuestion = (periods: string[], detail: string): PeriodQuestion => ({
  reason: 'two readings',
  choices: periods,
  detail,
  words: "This statement's dates can be read two ways: choose its month.",
});
