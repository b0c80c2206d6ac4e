import type { SESEvent, SESEventRecord } from 'aws-lambda';
import { MAIL_LIMITS, MAIL_SENDERS, MAIL_WORDS, mailTokenOf } from '../../contract/mail';
import { cleanText } from '../../contract/upload-rules';
import type { Log } from '../shared/log';
import type { MailOwner } from '../shared/mail/addresses';
import { fromMailboxesOf, listed } from './senders';
import { statementFilesOf, type MailFile, type MailReading, type MailSkip } from './statement-files';
import { confirmedFrom, keptOutBy } from './verdicts';

/**
 * Mail received by Amazon SES for people's private addresses: SES stores each message in
 * the files bucket (its receipt rule's S3 action) and then invokes this with the message's
 * id, recipients and verdicts (its Lambda action). Each recipient who holds an address gets
 * the message's statements filed through the same pipeline as an upload; what is kept out
 * is recorded for them with why. The stored message is deleted once it is dealt with.
 */

/** What a person is told of one mail, cleaned as names are. */
export interface MailSummary {
  readonly messageId: string;
  /** The address of each From mailbox, never a display name. */
  readonly from: string;
  readonly subject: string;
  readonly receivedAt: string;
}

export interface MailIntakeDeps {
  /** The domain people's addresses are under. */
  readonly domain: string;
  /** Who holds an address's token now, if anyone. */
  ownerOf(token: string): Promise<MailOwner | undefined>;
  /** The message as SES stored it. */
  readMessage(messageId: string): Promise<Uint8Array>;
  deleteMessage(messageId: string): Promise<void>;
  /**
   * Files one statement of a mail for its owner, as an upload is filed (or keeps it in
   * Arrived, or out, saying why); `index` is its place among the mail's files, the same
   * each time the message is read, so a retried message files the same statements;
   * `unconfirmed`: why it waits in Arrived whatever it holds (its sender could not be confirmed).
   */
  file(owner: string, file: MailFile, mail: MailSummary, index: number, unconfirmed?: string): Promise<MailFileOutcome>;
  /**
   * Tells the owner's devices, once for a mail, that files of it wait in Arrived (`indexes`:
   * their places among the mail's files); never fails the mail. @default no one told
   */
  announceWaiting?(owner: string, mail: MailSummary, indexes: readonly number[]): Promise<void>;
  /**
   * Records for its owner a mail, or files of it, that were kept out, with why: one note a
   * mail, naming at most MAIL_LIMITS.noteFiles files (`more`: how many it leaves out).
   */
  keepOut(owner: string, mail: MailSummary, reason: string, skipped: readonly MailSkip[], more: number): Promise<void>;
  log: Log;
}

/** What became of one file of a mail (`waiting`: an earlier try of the mail kept it in Arrived); a file kept out says why, for the mail's one note. */
export type MailFileOutcome = 'filed' | 'arrived' | 'waiting' | 'dropped' | { readonly keptOut: MailSkip };

/**
 * The files a note names: the first ones, within MAIL_LIMITS.noteFiles and noteBytes (their
 * names and reasons together, well within DynamoDB's 400 KB an item), and how many more: a
 * mail of thousands of refused files is still told, never a note too large to write.
 */
export const noteFiles = (skipped: readonly MailSkip[]): { files: MailSkip[]; more: number } => {
  const files: MailSkip[] = [];
  let bytes = 0;
  for (const skip of skipped) {
    bytes += Buffer.byteLength(skip.fileName) + Buffer.byteLength(skip.reason);
    if (files.length === MAIL_LIMITS.noteFiles || bytes > MAIL_LIMITS.noteBytes) break;
    files.push(skip);
  }
  return { files, more: skipped.length - files.length };
};

/** What became of one message for one recipient. */
export type MailOutcome =
  | { readonly recipient: string; readonly outcome: 'dropped' }
  | { readonly recipient: string; readonly outcome: 'kept out'; readonly reason: string }
  | {
      readonly recipient: string;
      readonly outcome: 'filed';
      readonly files: number;
      readonly skipped: number;
      /** Its files wait in Arrived: the sender could not be confirmed. */
      readonly unconfirmed?: true;
    };

/** One message: its recipients who hold addresses, each dealt with on their own. */
const receiveOne = async (record: SESEventRecord, deps: MailIntakeDeps): Promise<MailOutcome[]> => {
  const { mail, receipt } = record.ses;
  const mailboxes = fromMailboxesOf(mail);
  // What a stranger wrote is stored and shown only as names are (no control or direction
  // characters), and of the sender only the addresses: a display name is the sender's own words.
  const shown = (addresses: readonly string[]) =>
    cleanText(addresses.map((address) => cleanText(address, MAIL_SENDERS.maxChars)).join(', '), MAIL_LIMITS.fromChars);
  const summary: MailSummary = {
    messageId: mail.messageId,
    from: shown(mailboxes),
    subject: cleanText(mail.commonHeaders.subject ?? '', MAIL_LIMITS.subjectChars),
    receivedAt: receipt.timestamp,
  };
  const outcomes: MailOutcome[] = [];
  const owners: { recipient: string; owner: MailOwner }[] = [];
  for (const recipient of new Set(receipt.recipients.map((address) => address.toLowerCase()))) {
    const token = mailTokenOf(recipient, deps.domain);
    const owner = token ? await deps.ownerOf(token) : undefined;
    if (owner) owners.push({ recipient, owner });
    else outcomes.push({ recipient, outcome: 'dropped' });
  }
  if (owners.length > 0) {
    const keptOut = keptOutBy(receipt);
    // Read once, for every recipient, unless SES's verdicts keep it out.
    const reading: MailReading = keptOut ? { ok: false, reason: keptOut } : await statementFilesOf(await deps.readMessage(mail.messageId));
    for (const { recipient, owner } of owners) {
      const allowed = owner.allowedSenders ?? [];
      // Each From mailbox must be one the person allows; none may ride in beside a listed one.
      const unlisted = allowed.length > 0 ? mailboxes.filter((mailbox) => !listed(allowed, mailbox)) : [];
      if (!reading.ok || unlisted.length > 0) {
        const reason = reading.ok ? MAIL_WORDS.notAllowedSender(shown(unlisted)) : reading.reason;
        await deps.keepOut(owner.sub, summary, reason, [], 0);
        outcomes.push({ recipient, outcome: 'kept out', reason });
        continue;
      }
      // A From header is the sender's own text: a listed sender counts only where SES's verdicts
      // vouch for its domain; anything else from one waits for the person to judge it.
      const unconfirmed =
        allowed.length > 0 && !confirmedFrom(mail, receipt, mailboxes) ? MAIL_WORDS.unconfirmedSender(summary.from) : undefined;
      // Files the filing kept out (a full vault, a type no statement may be) go in the mail's one note.
      const refused: MailSkip[] = [];
      const waiting: number[] = [];
      for (const [index, file] of reading.files.entries()) {
        const filed = await deps.file(owner.sub, file, summary, index, unconfirmed);
        if (filed === 'arrived') waiting.push(index);
        if (typeof filed === 'object') refused.push(filed.keptOut);
      }
      // One notice a mail, however many of its files wait (a retry tells none an earlier try kept).
      if (waiting.length > 0) await deps.announceWaiting?.(owner.sub, summary, waiting);
      if (reading.note || refused.length > 0 || reading.skipped.length > 0) {
        const { files, more } = noteFiles([...refused, ...reading.skipped]);
        const reason = reading.note ?? (refused.length > 0 ? MAIL_WORDS.someNotKept : MAIL_WORDS.someKeptOut);
        await deps.keepOut(owner.sub, summary, reason, files, more);
      }
      outcomes.push({
        recipient,
        outcome: 'filed',
        files: reading.files.length,
        skipped: reading.skipped.length + refused.length,
        ...(unconfirmed ? { unconfirmed: true as const } : {}),
      });
    }
  }
  await deps.deleteMessage(mail.messageId);
  for (const outcome of outcomes) {
    // The recipient is logged by whether it is one of ours, never the address itself.
    deps.log.info('mail received', {
      messageId: mail.messageId,
      outcome: outcome.outcome,
      ...(outcome.outcome === 'filed' ? { files: outcome.files, skipped: outcome.skipped, unconfirmed: Boolean(outcome.unconfirmed) } : {}),
      ...(outcome.outcome === 'kept out' ? { reason: outcome.reason } : {}),
    });
  }
  return outcomes;
};

/**
 * Every message of SES's event. A port that fails fails the invocation, so SES's
 * asynchronous invocation tries again; the stored message stays until then (the bucket's
 * lifecycle removes what is never dealt with).
 */
export const receiveMail = async (event: SESEvent, deps: MailIntakeDeps): Promise<MailOutcome[]> => {
  const outcomes: MailOutcome[] = [];
  for (const record of event.Records) outcomes.push(...(await receiveOne(record, deps)));
  return outcomes;
};
