import type { SESMail, SESReceipt } from 'aws-lambda';
import { MAIL_WORDS } from '../../contract/mail';
import { aligned, domainOf, sesAuthenticationOf } from './senders';

type Verdicts = Pick<SESReceipt, 'spamVerdict' | 'virusVerdict' | 'spfVerdict' | 'dkimVerdict' | 'dmarcVerdict'>;

/**
 * Why Amazon SES's own verdicts keep a message out, or undefined when they let it in.
 *
 * Spam, a virus or a failed DMARC check keep it out. SPF and DKIM keep it out only when
 * both fail: a statement a person's mailbox forwards by a rule fails SPF (the mailbox's
 * servers are not the bank's) while the bank's DKIM signature still holds, and one the
 * person forwards by hand is signed by their own mailbox. A verdict SES could not reach
 * (GRAY, PROCESSING_FAILED) or was not asked for (DISABLED) keeps nothing out: the content
 * is checked again by bytes and by the malware scan as every upload is. Whether the mail
 * is from whom it says is a further question, asked where the person names their senders
 * (`confirmsSender`).
 */
export const keptOutBy = (receipt: Verdicts): string | undefined => {
  if (receipt.virusVerdict.status === 'FAIL') return MAIL_WORDS.virus;
  if (receipt.spamVerdict.status === 'FAIL') return MAIL_WORDS.spam;
  if (receipt.dmarcVerdict.status === 'FAIL') return MAIL_WORDS.dmarc;
  if (receipt.spfVerdict.status === 'FAIL' && receipt.dkimVerdict.status === 'FAIL') return MAIL_WORDS.unauthenticated;
  return undefined;
};

/** Which of SES's passing verdicts were for the From domain in question. */
export interface SenderAlignment {
  /** The envelope sender, whose domain SPF judged, is aligned with the From domain. */
  readonly spf: boolean;
  /** A domain whose DKIM signature SES verified is aligned with the From domain. */
  readonly dkim: boolean;
  /** SES judged DMARC for this From domain. */
  readonly dmarc: boolean;
}

/**
 * Whether SES's verdicts show the mail came from a From domain, as mail providers decide it:
 * DMARC passed for it, or SPF or DKIM passed for a domain aligned with it. A pass for some
 * other domain (a stranger's own servers, a stranger's own signature) proves nothing of it.
 */
export const confirmsSender = (
  receipt: Pick<Verdicts, 'spfVerdict' | 'dkimVerdict' | 'dmarcVerdict'>,
  alignment: SenderAlignment,
): boolean =>
  (receipt.dmarcVerdict.status === 'PASS' && alignment.dmarc) ||
  (receipt.spfVerdict.status === 'PASS' && alignment.spf) ||
  (receipt.dkimVerdict.status === 'PASS' && alignment.dkim);

/** Whether the mail is confirmed as from every one of its From mailboxes' domains. */
export const confirmedFrom = (mail: Pick<SESMail, 'headers' | 'source'>, receipt: Verdicts, mailboxes: readonly string[]): boolean => {
  const ses = sesAuthenticationOf(mail.headers, mail.source);
  const domains = new Set(mailboxes.map(domainOf));
  const envelope = domainOf(mail.source);
  return [...domains].every((domain) =>
    confirmsSender(receipt, {
      spf: aligned(envelope, domain),
      dkim: ses.dkimDomains.some((signer) => aligned(signer, domain)),
      // DMARC counts only for the From domain SES names as the one it judged: SES may read a
      // strange From header otherwise than this function does.
      dmarc: ses.dmarcDomain === domain,
    }),
  );
};
