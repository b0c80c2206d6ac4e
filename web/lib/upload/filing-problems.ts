import { monthOfText } from '@contract/uploads';
import { countOf, pluralOf } from '@contract/format';

/** What a file in the upload queue must have before it is sent: an account and a period, and an answer where the vault keeps it already. */
interface Filed {
  accountLabel: string;
  period: string;
  /** Where its period stands: `ask` while the row asks the person which month it is. */
  periodSource?: string;
  /** The statements the vault keeps with the same bytes, found before sending. */
  keptAs?: readonly unknown[];
  /** The person chose to upload it again anyway. */
  uploadAgain?: boolean;
}

/** Whether the row waits for the person to say whether a file the vault keeps goes again. */
const keptUnanswered = (draft: Filed) => (draft.keptAs?.length ?? 0) > 0 && !draft.uploadAgain;

/** What one file still lacks, as its row says it; undefined when it can be sent. */
export const problemOf = (draft: Filed): string | undefined =>
  !draft.accountLabel.trim()
    ? 'Name its account.'
    : !monthOfText(draft.period)
      ? draft.periodSource === 'ask'
        ? 'Say which month it is.'
        : 'Give its period: a month and a year, as 2024-03.'
      : keptUnanswered(draft)
        ? 'Upload it again, or remove it.'
        : undefined;

/** Where a row's facts stand, as far as whether it waits for the person. */
interface Row extends Filed {
  accountSource?: string;
  /** Still being read: nothing to ask yet. */
  reading?: boolean;
  /** Refused by the upload rules: it says why, and is never sent. */
  refusal?: string;
}

/** Sources that leave a row's account or month to the person: not in the file, one of several, or a question. */
const UNSETTLED = new Set(['unread', 'choose', 'ask']);

/** Whether a row waits for the person: something it lacks, or a choice its file leaves open. */
export const needsPerson = (draft: Row): boolean =>
  !draft.refusal &&
  !draft.reading &&
  (problemOf(draft) !== undefined || UNSETTLED.has(draft.accountSource ?? '') || UNSETTLED.has(draft.periodSource ?? ''));

/** What keeps files from being sent, as it is: "2 files need an account first", "One file needs a period first". */
export const problemsInWords = (drafts: readonly Filed[]): string => {
  const account = drafts.some((draft) => !draft.accountLabel.trim());
  const period = drafts.some((draft) => !monthOfText(draft.period));
  if (!account && !period) {
    const kept = drafts.filter(keptUnanswered).length;
    return `${kept === 1 ? 'One file is' : `${countOf(kept, 'file')} are`} already in your vault: upload ${pluralOf(kept, 'it', 'them')} again, or remove ${pluralOf(kept, 'it', 'them')}.`;
  }
  const needs = account && period ? 'an account and a period' : account ? 'an account' : 'a period';
  return `${drafts.length === 1 ? 'One file needs' : `${drafts.length} files need`} ${needs} first.`;
};
