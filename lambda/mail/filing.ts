import { filingAccount } from '../../contract/accounts/filing-account';
import type { LabelledAccount } from '../../contract/accounts/match';
import { MAIL_WORDS } from '../../contract/mail';
import { PROPOSAL_READ, type DocumentText, type FilePieces, type FilingProposal } from '../../contract/reading';
import type { MailFile } from './statement-files';

/**
 * What a mailed statement is filed under, decided by the same rules the upload panel
 * proposes with (contract/reading, contract/accounts/filing-account): no person is there
 * to check a proposal, so a statement is filed only when its period and its account are
 * read from its content (a name's month is only offered, in Arrived) and the account is one of the
 * person's or a new one the file names. Anything less waits in Arrived, saying why and
 * what was read; nothing is filed under a default.
 */
export type MailFilingDecision =
  | {
      readonly kind: 'file';
      readonly period: string;
      readonly accountLabel: string;
      /** Where each came from, in words, as the statement's page says it. */
      readonly detail: { readonly period: string; readonly account: string };
      readonly proposal: FilingProposal;
    }
  | { readonly kind: 'arrive'; readonly reason: string; readonly proposal: FilingProposal };

/** The parts of a mailed file the reading rules take: its first part and, for a larger file, its last. */
export const mailFilePieces = (file: Pick<MailFile, 'fileName' | 'contentType' | 'bytes'>): FilePieces => {
  const whole = file.bytes.length <= PROPOSAL_READ.headBytes + PROPOSAL_READ.tailBytes;
  return {
    fileName: file.fileName,
    mime: file.contentType,
    size: file.bytes.length,
    head: whole ? file.bytes : file.bytes.subarray(0, PROPOSAL_READ.headBytes),
    ...(whole ? {} : { tail: file.bytes.subarray(file.bytes.length - PROPOSAL_READ.tailBytes) }),
  };
};

/**
 * The decision for one file, from its proposal and the person's accounts (with the keys of
 * identifiers they filed before: an identifier's text → its key) and, for a PDF, what its
 * reader made of its text; a file whose reading ran out of time (`tooLong`) waits.
 */
export const mailFiling = (
  proposal: FilingProposal,
  accounts: readonly LabelledAccount[],
  read: { identifierKeys?: ReadonlyMap<string, string>; text?: DocumentText; tooLong?: boolean } = {},
): MailFilingDecision => {
  const arrive = (reason: string): MailFilingDecision => ({ kind: 'arrive', reason, proposal });
  if (read.tooLong) return arrive(MAIL_WORDS.tooLong);
  if (read.text && 'problem' in read.text && read.text.problem === 'protected') return arrive(MAIL_WORDS.protectedPdf);
  // A name's month or a date that reads two ways is asked of the person, never filed under.
  if (!proposal.period) return arrive(proposal.periodQuestion?.words ?? MAIL_WORDS.noPeriod);
  if (!proposal.account) return arrive(MAIL_WORDS.noAccount);
  const account = filingAccount(proposal.account, accounts, read.identifierKeys);
  if (account.accountSource === 'choose') return arrive(MAIL_WORDS.chooseAccount(account.accountDetail));
  return {
    kind: 'file',
    period: proposal.period.value,
    accountLabel: account.accountLabel,
    detail: { period: proposal.period.detail, account: account.accountDetail },
    proposal,
  };
};
