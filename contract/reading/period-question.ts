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

/**
 * The month a waiting file's filing form starts with: the content's period, else the one
 * month its name offers, said as to be confirmed; dates that read two ways offer none (the
 * person chooses).
 */
export const offeredPeriod = (proposal: {
  period?: { value: string; detail: string };
  periodQuestion?: PeriodQuestion;
}): { value: string; detail: string } | undefined => {
  if (proposal.period) return { value: proposal.period.value, detail: proposal.period.detail };
  const question = proposal.periodQuestion;
  return question?.reason === 'file name' ? { value: question.choices[0], detail: `${question.detail}, to confirm` } : undefined;
};
