import { PERIOD_PATTERN } from '@contract/uploads';

/** What a file in the upload queue must have before it is sent: an account and a period. */
interface Filed {
  accountLabel: string;
  period: string;
  /** Where its period stands: `ask` while the row asks the person which month it is. */
  periodSource?: string;
}

/** What one file still lacks, as its row says it; undefined when it can be sent. */
export const problemOf = (draft: Filed): string | undefined =>
  !draft.accountLabel.trim()
    ? 'Name its account.'
    : !PERIOD_PATTERN.test(draft.period)
      ? draft.periodSource === 'ask'
        ? 'Say which month it is.'
        : 'Give its period (month and year).'
      : undefined;

/** What keeps files from being sent, as it is: "2 files need an account first", "One file needs a period first". */
export const problemsInWords = (drafts: readonly Filed[]): string => {
  const account = drafts.some((draft) => !draft.accountLabel.trim());
  const period = drafts.some((draft) => !PERIOD_PATTERN.test(draft.period));
  const needs = account && period ? 'an account and a period' : account ? 'an account' : 'a period';
  return `${drafts.length === 1 ? 'One file needs' : `${drafts.length} files need`} ${needs} first.`;
};
