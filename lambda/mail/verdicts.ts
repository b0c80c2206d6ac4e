import type { SESReceipt } from 'aws-lambda';
import { MAIL_WORDS } from '../../contract/mail';

/**
 * Why Amazon SES's own verdicts keep a message out, or undefined when they let it in.
 *
 * Spam, a virus or a failed DMARC check keep it out. SPF and DKIM keep it out only when
 * both fail: a statement a person's mailbox forwards by a rule fails SPF (the mailbox's
 * servers are not the bank's) while the bank's DKIM signature still holds, and one the
 * person forwards by hand is signed by their own mailbox. A verdict SES could not reach
 * (GRAY, PROCESSING_FAILED) or was not asked for (DISABLED) keeps nothing out: the content
 * is checked again by bytes and by the malware scan as every upload is.
 */
export const keptOutBy = (
  receipt: Pick<SESReceipt, 'spamVerdict' | 'virusVerdict' | 'spfVerdict' | 'dkimVerdict' | 'dmarcVerdict'>,
): string | undefined => {
  if (receipt.virusVerdict.status === 'FAIL') return MAIL_WORDS.virus;
  if (receipt.spamVerdict.status === 'FAIL') return MAIL_WORDS.spam;
  if (receipt.dmarcVerdict.status === 'FAIL') return MAIL_WORDS.dmarc;
  if (receipt.spfVerdict.status === 'FAIL' && receipt.dkimVerdict.status === 'FAIL') return MAIL_WORDS.unauthenticated;
  return undefined;
};
