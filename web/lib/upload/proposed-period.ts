import type { FilingProposal } from '@contract/reading';
import type { PeriodQuestion } from '@contract/reading/period-question';

/** A row's period as the queue keeps it: its value, where it stands, and the question it asks while unanswered. */
export interface RowPeriod {
  period: string;
  periodSource: 'file' | 'above' | 'person' | 'unread' | 'ask';
  periodDetail?: string;
  periodQuestion?: PeriodQuestion;
}

/**
 * What a file's proposal does to its row's period. The content's period fills it, unless
 * the person set the row; a question (the name's month, or dates that read two ways) fills
 * nothing: the period stays empty, so the row cannot be sent until the person answers, and
 * a month the person gave above for files that do not say is theirs, so nothing is asked.
 */
export const proposedPeriod = (row: { periodSource: string }, proposal: FilingProposal): Partial<RowPeriod> => {
  if (proposal.period && row.periodSource !== 'person')
    return { period: proposal.period.value, periodSource: proposal.period.source, periodDetail: proposal.period.detail };
  if (proposal.periodQuestion && row.periodSource === 'unread')
    return { period: '', periodSource: 'ask', periodDetail: proposal.periodQuestion.detail, periodQuestion: proposal.periodQuestion };
  return {};
};
