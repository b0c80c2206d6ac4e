import { createHash } from 'node:crypto';
import { identifierKeyOf, identifierText } from '../../contract/accounts/identifier-keys';
import { keyedFacts, type LabelledAccount } from '../../contract/accounts/match';
import { contentKindOf } from '../../contract/file-types';
import { checkUpload, cleanFileName } from '../../contract/upload-rules';
import { proposeByName, proposeFiling, type DocumentText, type FilingProposal, type SheetRows } from '../../contract/reading';
import { READING_BUDGET_MS, ReadingTooLong, readWithin, readingDeadline, type ReadingDeadline } from '../../contract/reading/deadline';
import { MAIL_LIMITS, MAIL_WORDS, arrivedExpiresAt } from '../../contract/mail';
import { STATEMENT_QUOTA } from '../../contract/uploads';
import type { WaitingFile } from '../shared/mail/arrivals';
import type { HeldFiling, Reservation } from '../shared/records';
import { OwnerClosing } from '../shared/records/table';
import type { StatementMetadata } from '../shared/metadata';
import { mailFilePieces, mailFiling, type MailFilingDecision } from './filing';
import type { MailFileOutcome, MailSummary } from './intake';
import type { MailFile } from './statement-files';

/** What a mailed file that could not be filed with confidence waits in Arrived with. */
export interface Arrival {
  readonly statementId: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly bytes: Uint8Array;
  /** Why it waits, in words. */
  readonly reason: string;
  /** What was read of it, each value with where it came from, for the person to confirm. */
  readonly proposal: FilingProposal;
  readonly mail: MailSummary;
  /** When it goes if it is not filed (MAIL_LIMITS.arrivedKeepDays after the mail's receipt). */
  readonly expiresAt: string;
}

/** A statement to store where an upload's file goes, with the metadata the catalogue files it by. */
export interface MailStatement {
  readonly owner: string;
  readonly statementId: string;
  readonly bytes: Uint8Array;
  readonly contentType: string;
  /** The base64 SHA-256 of the bytes, which S3 checks on arrival as it does an upload's. */
  readonly checksum: string;
  readonly metadata: StatementMetadata;
}

export interface MailFilingPorts {
  /** The person's accounts, as matching sees them. */
  accounts(owner: string): Promise<readonly LabelledAccount[]>;
  /** The person's key for account identifiers (contract/accounts/identifier-keys). */
  ownerKey(owner: string): Promise<string>;
  /**
   * What a PDF's reader makes of its first pages (opened with `password` when given; `stop`
   * answering true ends it after a page), and a workbook's of its first sheet. @default not read
   */
  pdfText?(bytes: Uint8Array, password?: string, stop?: () => boolean): Promise<DocumentText>;
  /** The passwords the person keeps for their accounts' protected PDFs. @default none */
  pdfPasswords?(owner: string): Promise<readonly string[]>;
  workbookRows?(bytes: Uint8Array): Promise<SheetRows>;
  /** The deadline of one file's reading, made as it starts. @default READING_BUDGET_MS from then */
  deadline?(): ReadingDeadline;
  /**
   * What an earlier reading of the same message did with this statement: its place held
   * (the file may not have been stored) or its record written. @default nothing
   */
  filedBefore(owner: string, statementId: string): Promise<'held' | 'filed' | undefined>;
  /** The file, if an earlier reading of the same message left it waiting in Arrived. */
  waiting(owner: string, statementId: string): Promise<WaitingFile | undefined>;
  /** How many files wait in Arrived for the person, and their bytes (read once a mail, then counted on). */
  waitingTotals(owner: string): Promise<{ files: number; bytes: number }>;
  /** What was decided for the statement as its place was held (by an earlier reading, or by its owner filing it from Arrived). */
  heldFiling(owner: string, statementId: string): Promise<HeldFiling | undefined>;
  /**
   * Holds a place under the quota, as signing an upload does (a file that waits in Arrived
   * holds one too), with what was decided for the file; throws OwnerClosing when the owner's
   * account is being closed.
   */
  reserve(owner: string, statementId: string, size: number, expiresAt: string, filing: HeldFiling): Promise<Reservation>;
  /** Stores the file where an upload's goes: the bucket's event then has it checked, scanned and catalogued. */
  store(statement: MailStatement): Promise<void>;
  /** Keeps a file for the person to confirm in Arrived; throws OwnerClosing, keeping nothing, when their account is being closed. */
  arrive(owner: string, arrival: Arrival): Promise<void>;
  now(): Date;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A statement id for one file of one message: a ULID whose time is when SES received the
 * message and whose randomness is a hash of the message's id and the file's place in it, so
 * SES's retry of the same message files the same statements, never copies.
 */
export const mailStatementId = (messageId: string, index: number, receivedAt: string): string => {
  let time = Date.parse(receivedAt);
  if (!Number.isFinite(time)) throw new Error(`a mail's receipt time is not a time: ${receivedAt}`);
  let head = '';
  for (let place = 0; place < 10; place++) {
    head = CROCKFORD[time % 32] + head;
    time = Math.floor(time / 32);
  }
  const digest = createHash('sha256').update(`${messageId}\n${index}`).digest();
  let tail = '';
  for (let place = 0; place < 16; place++) {
    // 16 characters of 5 bits: 80 bits of the digest.
    const bit = place * 5;
    const value = ((digest[bit >> 3] << 8) | digest[(bit >> 3) + 1]) >> (11 - (bit & 7));
    tail += CROCKFORD[value & 31];
  }
  return head + tail;
};

/** The keys of the identifiers a proposal names, under the person's key: text → key. */
const keysOf = async (proposal: FilingProposal, ownerKey: () => Promise<string>): Promise<Map<string, string>> => {
  // Its identifiers and what names its bank, as the upload panel keys them.
  const identifiers = proposal.account ? keyedFacts(proposal.account.facts) : [];
  if (identifiers.length === 0) return new Map();
  const key = await ownerKey();
  return new Map(
    await Promise.all(identifiers.map(async (identifier) => [identifierText(identifier), await identifierKeyOf(key, identifier)] as const)),
  );
};

/**
 * The intake's `file` port: a mailed statement is filed as an upload is (the same type and
 * size rules, a place under the quota, a checksum S3 verifies, the catalogue's checks and
 * the malware scan after), under the account and period read from it; what cannot be filed
 * with confidence waits in Arrived (holding its place too); what the rules refuse is kept
 * out with their words (for the mail's note).
 */
export const mailFilingPort = (ports: MailFilingPorts) => {
  // Owners whose account is being closed, as a refused write said: a closed account never
  // opens again, so the rest of their mail is dropped before anything of it is stored.
  const closing = new Set<string>();
  // What waits in Arrived for each owner, read at their first file that would wait and counted on.
  const waitingNow = new Map<string, Promise<{ files: number; bytes: number }>>();
  const roomToWait = async (owner: string, bytes: number): Promise<boolean> => {
    if (!waitingNow.has(owner)) waitingNow.set(owner, ports.waitingTotals(owner));
    const totals = await waitingNow.get(owner)!;
    if (totals.files + 1 > MAIL_LIMITS.arrivedMaxFiles || totals.bytes + bytes > MAIL_LIMITS.arrivedMaxBytes) return false;
    totals.files++;
    totals.bytes += bytes;
    return true;
  };
  return async (owner: string, file: MailFile, mail: MailSummary, index: number, unconfirmed?: string): Promise<MailFileOutcome> => {
    if (closing.has(owner)) return 'dropped';
    const statementId = mailStatementId(mail.messageId, index, mail.receivedAt);
    const fileName = cleanFileName(file.fileName, `mailed statement ${statementId}`);
    // Lambda runs a failed invocation twice more, and a replay again after that: what an
    // earlier try did with this file stands, found before anything is decided again (a
    // decision made now may differ: that try may have made the very account the file names).
    const before = await ports.filedBefore(owner, statementId);
    if (before === 'filed') return 'filed';
    if (await ports.waiting(owner, statementId)) return 'waiting';
    const allowed = checkUpload('statement', file.contentType, file.bytes.length);
    if (!allowed.ok) return { keptOut: { fileName, reason: allowed.message } };
    const { proposal, identifierKeys, text, tooLong } = await readMailedFile(ports, owner, { ...file, fileName });
    const stored = { fileName, contentType: allowed.contentType, bytes: file.bytes };
    const arrive = async (reason: string, expiresAt: string): Promise<MailFileOutcome> => {
      try {
        await ports.arrive(owner, { statementId, ...stored, reason, proposal, mail, expiresAt });
      } catch (error) {
        // Its place was held before the account's deletion began; its record comes too late.
        if (!(error instanceof OwnerClosing)) throw error;
        closing.add(owner);
        return 'dropped';
      }
      return 'arrived';
    };
    if (before === 'held') {
      // Its place was held with what was decided then: done as decided (the try before may
      // have failed first). One its owner is filing from Arrived, or held with nothing
      // decided (none of a mail's), is left as it is.
      const held = await ports.heldFiling(owner, statementId);
      if (held && 'waits' in held) return arrive(held.waits, arrivedExpiresAt(mail.receivedAt));
      if (held && 'accountLabel' in held) {
        await ports.store(mailStatement(owner, statementId, stored, { ...held, proposal, fileAccount: true }, identifierKeys));
      }
      return 'filed';
    }
    // Mail not confirmed as from its sender waits, whatever it holds: the person judges it.
    const decision: MailFilingDecision = unconfirmed
      ? { kind: 'arrive', reason: unconfirmed, proposal }
      : mailFiling(proposal, await ports.accounts(owner), { identifierKeys, text, ...(tooLong ? { tooLong } : {}) });
    if (decision.kind === 'arrive' && !(await roomToWait(owner, file.bytes.length))) {
      return { keptOut: { fileName, reason: MAIL_WORDS.arrivedFull(fileName) } };
    }
    // A file that waits holds its place under the quota, as an upload does, until it is
    // filed, discarded, or its time in Arrived is up (then the sweep gives the place back).
    const expiresAt =
      decision.kind === 'arrive'
        ? arrivedExpiresAt(mail.receivedAt)
        : new Date(ports.now().getTime() + STATEMENT_QUOTA.singleHoldSeconds * 1000).toISOString();
    let reservation: Reservation;
    try {
      reservation = await ports.reserve(
        owner,
        statementId,
        file.bytes.length,
        expiresAt,
        decision.kind === 'arrive' ? { waits: decision.reason } : { accountLabel: decision.accountLabel, period: decision.period },
      );
    } catch (error) {
      // Mail for an account being closed is dropped with it.
      if (!(error instanceof OwnerClosing)) throw error;
      closing.add(owner);
      return 'dropped';
    }
    if (!reservation.ok) {
      return {
        keptOut: {
          fileName,
          reason: `Your vault is full, so ${fileName} was not kept: delete statements to make room, then send it again.`,
        },
      };
    }
    if (decision.kind === 'arrive') return arrive(decision.reason, expiresAt);
    await ports.store(mailStatement(owner, statementId, stored, { ...decision, fileAccount: true }, identifierKeys));
    return 'filed';
  };
};

/**
 * A PDF's first pages as text; a protected one is opened with each password the person
 * keeps for their accounts' PDFs until one opens it (the file itself is stored as received).
 */
const pdfTextOf = async (
  ports: Pick<MailFilingPorts, 'pdfText' | 'pdfPasswords'>,
  owner: string,
  bytes: Uint8Array,
  stop: () => boolean,
): Promise<DocumentText | undefined> => {
  const text = await ports.pdfText?.(bytes, undefined, stop);
  if (!text || !('problem' in text) || text.problem !== 'protected' || !ports.pdfPasswords) return text;
  for (const password of await ports.pdfPasswords(owner)) {
    // Every try is within the one budget of the file's reading.
    if (stop()) break;
    const opened = await ports.pdfText!(bytes, password, stop);
    if (!('problem' in opened) || opened.problem !== 'protected') return opened;
  }
  return text;
};

/**
 * What was read of a mailed file: the upload panel's proposal, the keys of the identifiers it
 * names, a PDF's text. The reading has a budget (`deadline`): one that runs out proposes only
 * what the file's name says, and says `tooLong`, so the file waits for its owner and the mail
 * goes on to its next file.
 */
export const readMailedFile = async (
  ports: Pick<MailFilingPorts, 'pdfText' | 'pdfPasswords' | 'workbookRows' | 'ownerKey' | 'deadline'>,
  owner: string,
  file: Pick<MailFile, 'fileName' | 'contentType' | 'bytes'>,
): Promise<{ proposal: FilingProposal; identifierKeys: Map<string, string>; text?: DocumentText; tooLong?: true }> => {
  const deadline = ports.deadline?.() ?? readingDeadline(READING_BUDGET_MS);
  const stop = () => deadline.passed();
  const pieces = mailFilePieces(file);
  const kind = contentKindOf(file.contentType);
  const text = kind === 'pdf' && ports.pdfText ? await pdfTextOf(ports, owner, file.bytes, stop) : undefined;
  const sheet = kind === 'xlsx' && ports.workbookRows && !stop() ? await ports.workbookRows(file.bytes) : undefined;
  let proposal: FilingProposal;
  try {
    // The rules are synchronous; a budget spent already (by pdf.js or the sheet) ends them at once.
    proposal = readWithin(deadline, () => proposeFiling({ ...pieces, ...(text ? { text } : {}), ...(sheet ? { sheet } : {}) }));
  } catch (error) {
    if (!(error instanceof ReadingTooLong)) throw error;
    return { proposal: proposeByName(file.fileName), identifierKeys: new Map(), tooLong: true };
  }
  const identifierKeys = await keysOf(proposal, () => ports.ownerKey(owner));
  return { proposal, identifierKeys, ...(text ? { text } : {}) };
};

/**
 * A mailed file as a statement to store, under the account and period it is filed under;
 * what the file says of its account (its identifiers' keys, bank, kind and currency) goes
 * with it only where that is the account it is filed under.
 */
export const mailStatement = (
  owner: string,
  statementId: string,
  file: { fileName: string; contentType: string; bytes: Uint8Array },
  filing: { accountLabel: string; period: string; proposal: FilingProposal; fileAccount: boolean },
  identifierKeys: ReadonlyMap<string, string>,
): MailStatement => {
  const facts = filing.fileAccount ? filing.proposal.account?.facts : undefined;
  return {
    owner,
    statementId,
    bytes: file.bytes,
    contentType: file.contentType,
    checksum: createHash('sha256').update(file.bytes).digest('base64'),
    metadata: {
      fileName: file.fileName,
      accountLabel: filing.accountLabel,
      period: filing.period,
      identifierKeys: filing.fileAccount ? [...identifierKeys.values()] : [],
      accountFacts: {
        ...(facts?.institution ? { institution: facts.institution } : {}),
        ...(facts?.kind ? { kind: facts.kind } : {}),
        ...(facts?.currency ? { currency: facts.currency } : {}),
      },
      arrivedByMail: true,
    },
  };
};
