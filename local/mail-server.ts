import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { SESEvent, SESMailHeader, SESReceiptStatus } from 'aws-lambda';
import PostalMime, { addressParser } from 'postal-mime';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { MAIL_LIMITS } from '../contract/mail';
import { REGION } from '../contract';
import type { ScanOutcome } from './malware/engine';
import { sesHeaders, type MailVerdicts } from './mail-verdicts';
import { HOST, LOCAL_ACCOUNT_ID } from './settings';

/**
 * Amazon SES receiving, on loopback: an SMTP server (Nodemailer's smtp-server) that takes
 * mail for the vault's domain from any client on the machine, as SES's MX endpoint does
 * for the receipt rule's recipients, refuses a message larger than SES takes, stores each
 * one where the rule's S3 action would (`store`), and then invokes the mail function with
 * SES's event (`invoke`), asynchronously, after answering the client. The virus verdict
 * is the local malware scan's; SPF, DKIM and DMARC need the sender's DNS, which a machine
 * offline has not, so they are a setting of the local stack (`verdicts`, read as each message
 * is taken; GRAY unless set), never anything in the message. The event's headers begin with
 * the ones SES writes above a message's own (local/mail-verdicts.ts), its
 * Authentication-Results among them.
 */
export interface LocalMailServer {
  readonly port: number;
  close(): Promise<void>;
}

export const startLocalMailServer = async (input: {
  port: number;
  domain: string;
  store(messageId: string, raw: Uint8Array): Promise<void>;
  scan(raw: Uint8Array): Promise<ScanOutcome>;
  invoke(event: SESEvent): Promise<void>;
  /** The SPF, DKIM and DMARC verdicts for the message being taken. */
  verdicts(): MailVerdicts;
  log(line: string): void;
  /** The function's name in the event's action. */
  functionName: string;
}): Promise<LocalMailServer> => {
  const ours = (address: string) => address.toLowerCase().endsWith(`@${input.domain}`);
  const server = new SMTPServer({
    name: input.domain,
    banner: 'Statement Vault local mail (plays Amazon SES receiving)',
    // Loopback only: no client authenticates to SES's MX endpoint either.
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAIL_LIMITS.maxMessageBytes,
    logger: false,
    // SES looks no client up in DNS for the receipt; a machine offline has no DNS to ask.
    disableReverseLookup: true,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      // SES accepts any recipient in the rule's domain (a bounce for an unknown address would
      // tell a prober which ones exist), and relays for no other domain.
      if (!ours(address.address)) return callback(Object.assign(new Error('Relay access denied'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          return callback(Object.assign(new Error(`Message is larger than ${MAIL_LIMITS.maxMessageBytes} bytes`), { responseCode: 552 }));
        }
        const raw = Buffer.concat(chunks);
        let verdicts: MailVerdicts;
        try {
          verdicts = input.verdicts();
        } catch (error) {
          input.log(`mail server: the verdicts setting cannot be read: ${(error as Error).message}`);
          return callback(Object.assign(new Error('Local verdicts setting unreadable, try again later'), { responseCode: 451 }));
        }
        const messageId = randomBytes(20).toString('hex');
        const recipients = session.envelope.rcptTo.map((address) => address.address.toLowerCase());
        const source = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        input
          .store(messageId, raw)
          .then(() => {
            // SES answers the sender once the message is stored; its actions run after.
            callback(null, `Ok ${messageId}`);
            void receive(messageId, raw, source, recipients, verdicts).catch((error: Error) =>
              input.log(`mail ${messageId.slice(0, 8)}: the mail function failed: ${error.name}: ${error.message}`),
            );
          })
          .catch((error: Error) =>
            callback(Object.assign(new Error(`Could not store the message: ${error.message}`), { responseCode: 451 })),
          );
      });
    },
  });

  const receive = async (messageId: string, raw: Buffer, source: string, recipients: string[], verdicts: MailVerdicts) => {
    const started = Date.now();
    const scanned = await input.scan(raw);
    const virus: SESReceiptStatus['status'] = 'error' in scanned ? 'PROCESSING_FAILED' : scanned.clean ? 'PASS' : 'FAIL';
    let headers: SESMailHeader[] = [];
    let common: SESEvent['Records'][number]['ses']['mail']['commonHeaders'] = { returnPath: source, date: '', messageId: '' };
    try {
      const parsed = await PostalMime.parse(raw, { maxHeadersSize: MAIL_LIMITS.maxHeaderBytes, attachmentEncoding: 'arraybuffer' });
      headers = parsed.headers.map((header) => ({ name: header.originalKey, value: header.value }));
      // Every mailbox of every From header, as SES lists them.
      const from = headers
        .filter((header) => header.name.toLowerCase() === 'from')
        .flatMap((header) => addressParser(header.value, { flatten: true }))
        .flatMap((mailbox) => (mailbox.address ? [mailbox.name ? `${mailbox.name} <${mailbox.address}>` : mailbox.address] : []));
      common = {
        ...common,
        ...(from.length > 0 ? { from } : {}),
        ...(parsed.to ? { to: parsed.to.flatMap((to) => (to.address ? [to.address] : [])) } : {}),
        ...(parsed.subject !== undefined ? { subject: parsed.subject } : {}),
        date: parsed.date ?? '',
        messageId: parsed.messageId ?? '',
      };
    } catch {
      // A message whose headers cannot be read still goes to the function, which says why.
    }
    const verdict = (status: SESReceiptStatus['status']): SESReceiptStatus => ({ status });
    const at = new Date();
    const timestamp = at.toISOString();
    const fromAddress = common.from?.[0] ?? '';
    const fromDomain = (/<([^>]*)>$/.exec(fromAddress)?.[1] ?? fromAddress).split('@')[1]?.toLowerCase() ?? '';
    headers = [
      ...sesHeaders({ source, fromDomain, recipient: recipients[0] ?? '', messageId, domain: input.domain, virus, verdicts, at }),
      ...headers,
    ];
    const event: SESEvent = {
      Records: [
        {
          eventSource: 'aws:ses',
          eventVersion: '1.0',
          ses: {
            mail: {
              timestamp,
              source,
              messageId,
              destination: recipients,
              headersTruncated: false,
              headers,
              commonHeaders: common,
            },
            receipt: {
              timestamp,
              processingTimeMillis: Date.now() - started,
              recipients,
              spamVerdict: verdict('PASS'),
              virusVerdict: verdict(virus),
              spfVerdict: verdict(verdicts.spf),
              dkimVerdict: verdict(verdicts.dkim),
              dmarcVerdict: verdict(verdicts.dmarc),
              dmarcPolicy: 'none',
              action: {
                type: 'Lambda',
                functionArn: `arn:aws:lambda:${REGION}:${LOCAL_ACCOUNT_ID}:function:${input.functionName}`,
                invocationType: 'Event',
              },
            },
          },
        },
      ],
    };
    await input.invoke(event);
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(input.port, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => input.log(`mail server: ${error.message}`));
  return {
    port: input.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** A stored message as the scanner reads it. */
export const asStream = (raw: Uint8Array): Readable => Readable.from([Buffer.from(raw)]);
