import * as fs from 'node:fs';
import type { SESMailHeader, SESReceiptStatus } from 'aws-lambda';

/**
 * The SPF, DKIM and DMARC verdicts the local SES gives a message. SES asks the sender's DNS,
 * which a machine offline has not; here they are a setting of the local stack, a JSON file in
 * its data folder (`dataPaths(dataDir).mailVerdicts`) that a test or the person at the
 * terminal writes, read once per message as it is taken. Nothing in a message sets them, as
 * nothing a sender writes sets SES's. Without the file every verdict is GRAY (not checked),
 * as SES reports a domain without records.
 *
 *     { "spf": "PASS", "dkim": "PASS", "dkimDomain": "harbor.example", "dmarc": "GRAY" }
 */
export interface MailVerdicts {
  readonly spf: SESReceiptStatus['status'];
  readonly dkim: SESReceiptStatus['status'];
  readonly dmarc: SESReceiptStatus['status'];
  /** The domain whose DKIM signature passed (SES's `header.i=@domain`). @default none named */
  readonly dkimDomain?: string;
}

const STATUSES: readonly string[] = ['PASS', 'FAIL', 'GRAY', 'PROCESSING_FAILED', 'DISABLED'] satisfies SESReceiptStatus['status'][];

export const GRAY_VERDICTS: MailVerdicts = { spf: 'GRAY', dkim: 'GRAY', dmarc: 'GRAY' };

/** The verdicts the file sets (GRAY for any it leaves out); GRAY for all without it. Throws on a file that is not such a setting. */
export const readMailVerdicts = (file: string): MailVerdicts => {
  if (!fs.existsSync(file)) return GRAY_VERDICTS;
  const setting = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  const status = (name: 'spf' | 'dkim' | 'dmarc'): SESReceiptStatus['status'] => {
    const value = setting[name] ?? 'GRAY';
    if (typeof value !== 'string' || !STATUSES.includes(value)) throw new Error(`${file}: ${name} must be one of ${STATUSES.join(', ')}`);
    return value as SESReceiptStatus['status'];
  };
  const dkimDomain = setting.dkimDomain;
  if (dkimDomain !== undefined && (typeof dkimDomain !== 'string' || !/^[a-z0-9.-]+$/i.test(dkimDomain)))
    throw new Error(`${file}: dkimDomain must be a domain name`);
  return { spf: status('spf'), dkim: status('dkim'), dmarc: status('dmarc'), ...(dkimDomain ? { dkimDomain } : {}) };
};

/** A verdict as Authentication-Results writes it (RFC 8601's result words). */
const resultWord = (status: SESReceiptStatus['status']): string =>
  ({ PASS: 'pass', FAIL: 'fail', GRAY: 'none', PROCESSING_FAILED: 'temperror', DISABLED: 'none' })[status];

/**
 * The headers SES puts above a message's own, in its order: Received, its spam and virus
 * verdicts, Received-SPF, its Authentication-Results (SPF for the envelope sender, DKIM
 * naming the signing domain, DMARC naming the From domain), X-SES-RECEIPT.
 */
export const sesHeaders = (input: {
  source: string;
  fromDomain: string;
  recipient: string;
  messageId: string;
  domain: string;
  virus: SESReceiptStatus['status'];
  verdicts: MailVerdicts;
  at: Date;
}): SESMailHeader[] => {
  const { verdicts } = input;
  const spf = `${resultWord(verdicts.spf)} (spfCheck: verdict set by the local stack) client-ip=127.0.0.1; envelope-from=${input.source}; helo=localhost;`;
  const dkim = verdicts.dkim === 'PASS' && verdicts.dkimDomain ? `pass header.i=@${verdicts.dkimDomain}` : resultWord(verdicts.dkim);
  const dmarc = `${resultWord(verdicts.dmarc)}${input.fromDomain ? ` header.from=${input.fromDomain}` : ''}`;
  return [
    { name: 'Return-Path', value: `<${input.source}>` },
    {
      name: 'Received',
      value: `from localhost (localhost [127.0.0.1]) by ${input.domain} with SMTP id ${input.messageId} for ${input.recipient}; ${input.at.toUTCString()}`,
    },
    { name: 'X-SES-Spam-Verdict', value: 'PASS' },
    { name: 'X-SES-Virus-Verdict', value: input.virus },
    { name: 'Received-SPF', value: spf },
    { name: 'Authentication-Results', value: `amazonses.com; spf=${spf} dkim=${dkim}; dmarc=${dmarc};` },
    { name: 'X-SES-RECEIPT', value: input.messageId },
  ];
};
