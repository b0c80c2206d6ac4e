import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ownerIdentifierKey } from '../../contract/accounts/identifier-keys';
import { STATEMENT_ID_PATTERN } from '../../contract/keys';
import { MAIL_LIMITS, MAIL_WORDS, arrivedExpiresAt } from '../../contract/mail';
import { mailFilingPort, mailStatementId, type Arrival, type MailFilingPorts, type MailStatement } from '../../lambda/mail/file-port';
import type { MailSummary } from '../../lambda/mail/intake';
import type { MailFile } from '../../lambda/mail/statement-files';
import type { HeldFiling } from '../../lambda/shared/records';
import { OwnerClosing } from '../../lambda/shared/records/table';
import { TEST_IDENTIFIER_SECRET } from '../support/lambda-fakes';

/**
 * The intake's filing of one mailed file, on public bank exports: filed as an upload is
 * (the upload rules, a place under the quota, a checksum, the catalogue's metadata) when
 * its account and period are read from it, in Arrived with why when not, kept out with the
 * rules' own words otherwise; the same message read twice files the same statements.
 */
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'statements');
const OWNER = '11111111-2222-4333-8444-555555555555';
const MAIL: MailSummary = {
  messageId: 'o3vrnil0e2ic28trm7dfhrc2v0clambda4nbp0g1',
  from: 'statements@bank.example',
  subject: 'Your statement',
  receivedAt: '2026-11-27T10:00:00.000Z',
};

const fixture = (fileName: string, contentType: string): MailFile => ({
  fileName,
  contentType,
  bytes: fs.readFileSync(path.join(FIXTURES, fileName)),
  source: 'attachment',
});

const setup = (
  options: {
    accounts?: { label: string }[];
    full?: boolean;
    before?: [string, 'held' | 'filed'][];
    /** Places held with what the file was decided to be filed under. */
    held?: [string, HeldFiling][];
    /** Files an earlier reading left waiting in Arrived. */
    waiting?: string[];
    /** What waits in Arrived already. @default nothing */
    waitingTotals?: { files: number; bytes: number };
    ports?: Partial<MailFilingPorts>;
  } = {},
) => {
  const stored: MailStatement[] = [];
  const arrived: Arrival[] = [];
  const reserved: string[] = [];
  const filings: HeldFiling[] = [];
  const before = new Map<string, 'held' | 'filed'>(options.before ?? []);
  const held = new Map(options.held ?? []);
  const ports: MailFilingPorts = {
    accounts: async () => options.accounts ?? [],
    ownerKey: (owner) => ownerIdentifierKey(TEST_IDENTIFIER_SECRET, owner),
    filedBefore: async (_owner, statementId) => before.get(statementId),
    waiting: async (_owner, statementId) =>
      options.waiting?.includes(statementId) ? { fileName: 'waiting.csv', contentType: 'text/csv', size: 1 } : undefined,
    waitingTotals: async () => ({ ...(options.waitingTotals ?? { files: 0, bytes: 0 }) }),
    heldFiling: async (_owner, statementId) => held.get(statementId),
    reserve: async (_owner, statementId, _size, _expiresAt, filing) => {
      reserved.push(statementId);
      filings.push(filing);
      return options.full
        ? { ok: false, usage: { statements: 5000, bytes: 1, slots: 5000, slotBytes: 1, deletedStatements: 0, deletedBytes: 0 } }
        : { ok: true };
    },
    store: async (statement) => void stored.push(statement),
    arrive: async (_owner, arrival) => void arrived.push(arrival),
    now: () => new Date('2026-11-27T10:00:05.000Z'),
    ...options.ports,
  };
  return { file: mailFilingPort(ports), stored, arrived, reserved, filings };
};

test('an OFX naming its bank and account is stored as an upload is: its place held, its checksum, the metadata the catalogue files it by', async () => {
  const { file, stored, reserved, filings } = setup();
  const ofx = fixture('releve-bnp.ofx', 'application/x-ofx');
  expect(await file(OWNER, ofx, MAIL, 0)).toBe('filed');
  expect(stored).toHaveLength(1);
  const [statement] = stored;
  expect(statement.statementId).toMatch(STATEMENT_ID_PATTERN);
  expect(reserved).toEqual([statement.statementId]);
  // The place is held with what it is filed under, for a retry of the mail to file it the same.
  expect(filings).toEqual([{ accountLabel: 'BNP Paribas ••5678', period: '2024-03' }]);
  expect(statement.checksum).toBe(createHash('sha256').update(ofx.bytes).digest('base64'));
  expect(statement.metadata).toMatchObject({
    fileName: 'releve-bnp.ofx',
    accountLabel: 'BNP Paribas ••5678',
    period: '2024-03',
    accountFacts: { institution: 'BNP Paribas' },
    arrivedByMail: true,
  });
  // The account's identifier travels as its key under the person's key, never as the number.
  expect(statement.metadata.identifierKeys?.length).toBeGreaterThan(0);
  expect(JSON.stringify(statement.metadata)).not.toMatch(/5678\d|\d{6,}/);
});

test('a CSV that names no account waits in Arrived with why and what was read, holding its place; nothing is stored', async () => {
  const { file, stored, arrived, reserved } = setup({ accounts: [{ label: 'Chase ••1234' }] });
  expect(await file(OWNER, fixture('Chase1234_Activity_20240229.CSV', 'text/csv'), MAIL, 1)).toBe('arrived');
  expect(stored).toEqual([]);
  expect(arrived).toHaveLength(1);
  expect(reserved).toEqual([arrived[0].statementId]);
  expect(arrived[0]).toMatchObject({ reason: MAIL_WORDS.noAccount, fileName: 'Chase1234_Activity_20240229.CSV', contentType: 'text/csv' });
  expect(arrived[0].proposal.period?.value).toBe('2024-02');
});

test('Arrived has a bound: past its files or bytes, a file that would wait is kept out saying why, holding no place; one that files is still filed', async () => {
  const csv = () => fixture('Chase1234_Activity_20240229.CSV', 'text/csv');
  const nearlyFull = setup({ waitingTotals: { files: MAIL_LIMITS.arrivedMaxFiles - 1, bytes: 0 } });
  expect(await nearlyFull.file(OWNER, csv(), MAIL, 0)).toBe('arrived');
  // Counted on within the mail: the next one does not fit.
  expect(await nearlyFull.file(OWNER, csv(), MAIL, 1)).toEqual({
    keptOut: { fileName: 'Chase1234_Activity_20240229.CSV', reason: MAIL_WORDS.arrivedFull('Chase1234_Activity_20240229.CSV') },
  });
  expect(nearlyFull.reserved).toHaveLength(1);
  // A statement that files needs no room in Arrived.
  expect(await nearlyFull.file(OWNER, fixture('releve-bnp.ofx', 'application/x-ofx'), MAIL, 2)).toBe('filed');

  const byBytes = setup({ waitingTotals: { files: 1, bytes: MAIL_LIMITS.arrivedMaxBytes - 10 } });
  expect(await byBytes.file(OWNER, csv(), MAIL, 0)).toEqual({
    keptOut: expect.objectContaining({ reason: MAIL_WORDS.arrivedFull('Chase1234_Activity_20240229.CSV') }),
  });
  expect(byBytes.reserved).toEqual([]);
  expect(MAIL_WORDS.arrivedFull('a.csv')).toBe(
    'a.csv was not kept: 500 files (or 2 GiB) already wait on your profile. File or discard some of them, then send it again.',
  );
});

test('a full vault keeps the file out, saying so; a type statements may not be is kept out in the upload rules’ words', async () => {
  const full = setup({ full: true });
  expect(await full.file(OWNER, fixture('releve-bnp.ofx', 'application/x-ofx'), MAIL, 0)).toEqual({
    keptOut: { fileName: 'releve-bnp.ofx', reason: expect.stringMatching(/^Your vault is full, so releve-bnp\.ofx was not kept/) },
  });
  expect(full.stored).toEqual([]);

  const program = setup();
  const exe: MailFile = {
    fileName: 'statement.exe',
    contentType: 'application/x-msdownload',
    bytes: new Uint8Array(10),
    source: 'attachment',
  };
  expect(await program.file(OWNER, exe, MAIL, 0)).toEqual({
    keptOut: { fileName: 'statement.exe', reason: expect.stringMatching(/^Statements must be .* files; this one is/) },
  });
  expect(program.stored).toEqual([]);
});

test('the same message read again gives each file the same statement id; another file or message another one', () => {
  const first = mailStatementId(MAIL.messageId, 0, MAIL.receivedAt);
  expect(first).toMatch(STATEMENT_ID_PATTERN);
  expect(mailStatementId(MAIL.messageId, 0, MAIL.receivedAt)).toBe(first);
  expect(mailStatementId(MAIL.messageId, 1, MAIL.receivedAt)).not.toBe(first);
  expect(mailStatementId('another-message', 0, MAIL.receivedAt)).not.toBe(first);
  // Its time is when SES received the message: the list sorts it among the uploads of then.
  expect(first.slice(0, 10)).toBe(mailStatementId('x', 0, MAIL.receivedAt).slice(0, 10));
  expect(mailStatementId('x', 0, '2026-11-27T10:00:01.000Z') > mailStatementId('x', 0, MAIL.receivedAt)).toBe(true);
});

test('a name a statement may not have (a path, control characters) is kept as far as it can be', async () => {
  const { file, stored } = setup();
  const ofx = { ...fixture('releve-bnp.ofx', 'application/x-ofx'), fileName: '../../etc/relevé\u0007 mars.ofx' };
  expect(await file(OWNER, ofx, MAIL, 0)).toBe('filed');
  expect([...stored[0].metadata.fileName].filter((char) => ['/', '\\', '\u0007'].includes(char))).toEqual([]);
  expect(stored[0].metadata.fileName).toContain('relevé');
});

test('a message read again after a failure: a statement filed then is left as it is; one whose place was held is stored under what was decided then, not held twice', async () => {
  const id = mailStatementId(MAIL.messageId, 0, MAIL.receivedAt);
  const ofx = fixture('releve-bnp.ofx', 'application/x-ofx');
  const filed = setup({ before: [[id, 'filed']] });
  expect(await filed.file(OWNER, ofx, MAIL, 0)).toBe('filed');
  expect(filed.stored).toEqual([]);
  expect(filed.reserved).toEqual([]);
  const held = setup({ before: [[id, 'held']], held: [[id, { accountLabel: 'Joint ••5678', period: '2024-03' }]] });
  expect(await held.file(OWNER, ofx, MAIL, 0)).toBe('filed');
  expect(held.reserved).toEqual([]);
  expect(held.stored.map((statement) => [statement.statementId, statement.metadata.accountLabel])).toEqual([[id, 'Joint ••5678']]);
  // A place held with no mail's decision is its owner's filing from Arrived: theirs to finish.
  const owners = setup({ before: [[id, 'held']] });
  expect(await owners.file(OWNER, ofx, MAIL, 0)).toBe('filed');
  expect([...owners.stored, ...owners.arrived, ...owners.reserved]).toEqual([]);
});

test('filed or waiting before is known before anything is decided: a CSV whose account the first try made, which would now be asked about, is not put in Arrived too', async () => {
  const csv = fixture('activity.csv', 'text/csv');
  const id = mailStatementId(MAIL.messageId, 3, MAIL.receivedAt);
  // The first try: a new account, filed under the last four the file gives.
  const first = setup();
  expect(await first.file(OWNER, csv, MAIL, 3)).toBe('filed');
  const label = first.stored[0].metadata.accountLabel;
  // With that account made, the same file would now wait to be asked which account it is.
  const fresh = setup({ accounts: [{ label }] });
  expect(await fresh.file(OWNER, csv, MAIL, 3)).toBe('arrived');
  // The retry: filed before, or its place held with the decision, so it is neither asked about nor held again.
  for (const retry of [
    setup({ accounts: [{ label }], before: [[id, 'filed']] }),
    setup({ accounts: [{ label }], before: [[id, 'held']], held: [[id, { accountLabel: label, period: '2024-01' }]] }),
  ]) {
    expect(await retry.file(OWNER, csv, MAIL, 3)).toBe('filed');
    expect(retry.arrived).toEqual([]);
    expect(retry.reserved).toEqual([]);
  }
  // A file left waiting is left as it waits: not kept again (so not told again: the intake tells what arrived), not filed.
  const waiting = setup({ waiting: [id] });
  expect(await waiting.file(OWNER, csv, MAIL, 3)).toBe('waiting');
  expect([...waiting.arrived, ...waiting.stored, ...waiting.reserved]).toEqual([]);
  // A place its owner holds as they file it from Arrived (its waiting copy gone already) is theirs.
  const owners = setup({ accounts: [{ label }], before: [[id, 'held']], held: [[id, { filedByOwner: true }]] });
  expect(await owners.file(OWNER, csv, MAIL, 3)).toBe('filed');
  expect([...owners.arrived, ...owners.stored, ...owners.reserved]).toEqual([]);
});

test('a protected PDF is read with the passwords its owner keeps, wrong ones passed over, and filed as it came; without one, it waits, saying why', async () => {
  // The reader as the port sees it (the real one, pdf.js, runs in test/local/mail.test.ts): this PDF opens with one password.
  const text = ['JPMorgan Chase Bank, N.A.', 'Statement Period: 05/01/2024 through 05/31/2024', 'Account Number: 000000123456789'].join(
    '\n',
  );
  const asked: (string | undefined)[] = [];
  const pdfText = async (_bytes: Uint8Array, password?: string) => {
    asked.push(password);
    return password === 'Harbor-2024' ? { text } : ({ problem: 'protected' } as const);
  };
  const pdf: MailFile = {
    fileName: 'chase-locked.pdf',
    contentType: 'application/pdf',
    bytes: Buffer.from('%PDF-1.7\n%locked'),
    source: 'attachment',
  };
  const kept = setup({ ports: { pdfText, pdfPasswords: async () => ['not it', 'Harbor-2024', 'never tried'] } });
  expect(await kept.file(OWNER, pdf, MAIL, 0)).toBe('filed');
  expect(asked).toEqual([undefined, 'not it', 'Harbor-2024']);
  expect(kept.stored[0].metadata).toMatchObject({ accountLabel: 'JPMorgan Chase Bank, N.A. ••6789', period: '2024-05' });
  expect(kept.stored[0].bytes).toBe(pdf.bytes);

  asked.length = 0;
  const none = setup({ ports: { pdfText, pdfPasswords: async () => ['not it'] } });
  expect(await none.file(OWNER, pdf, MAIL, 0)).toBe('arrived');
  expect(asked).toEqual([undefined, 'not it']);
  expect(none.arrived[0].reason).toBe(MAIL_WORDS.protectedPdf);
  expect(none.stored).toEqual([]);

  // A PDF that opens without one never reads the person's passwords.
  let passwordsRead = 0;
  const open = setup({
    ports: {
      pdfText: async () => ({ text }),
      pdfPasswords: async () => {
        passwordsRead++;
        return [];
      },
    },
  });
  expect(await open.file(OWNER, pdf, MAIL, 0)).toBe('filed');
  expect(passwordsRead).toBe(0);
});

test('a file that waits holds its place under the quota until its time in Arrived is up; in a full vault it is kept out, saying so', async () => {
  const holds: [string, string][] = [];
  const { file, arrived } = setup({
    ports: {
      reserve: async (_owner, statementId, _size, expiresAt) => {
        holds.push([statementId, expiresAt]);
        return { ok: true };
      },
    },
  });
  expect(await file(OWNER, fixture('Chase1234_Activity_20240229.CSV', 'text/csv'), MAIL, 1)).toBe('arrived');
  const expiresAt = arrivedExpiresAt(MAIL.receivedAt);
  expect(expiresAt).toBe('2026-12-27T10:00:00.000Z');
  expect(holds).toEqual([[arrived[0].statementId, expiresAt]]);
  expect(arrived[0].expiresAt).toBe(expiresAt);
  // SES's retry of the same message, after the try before held its place and failed before keeping it: it waits once, as decided then.
  const again = setup({ before: [[arrived[0].statementId, 'held']], held: [[arrived[0].statementId, { waits: MAIL_WORDS.noAccount }]] });
  expect(await again.file(OWNER, fixture('Chase1234_Activity_20240229.CSV', 'text/csv'), MAIL, 1)).toBe('arrived');
  expect(again.reserved).toEqual([]);
  expect(again.arrived).toEqual([
    expect.objectContaining({ statementId: arrived[0].statementId, reason: MAIL_WORDS.noAccount, expiresAt }),
  ]);
  const full = setup({ full: true });
  expect(await full.file(OWNER, fixture('Chase1234_Activity_20240229.CSV', 'text/csv'), MAIL, 1)).toEqual({
    keptOut: {
      fileName: 'Chase1234_Activity_20240229.CSV',
      reason: expect.stringMatching(/^Your vault is full, so Chase1234_Activity_20240229.CSV was not kept/),
    },
  });
  expect(full.arrived).toEqual([]);
});

test("a file that would wait for an account being closed is dropped with it; the owner's later files are dropped unread", async () => {
  let arrivals = 0;
  const { file, reserved } = setup({
    ports: {
      arrive: async () => {
        arrivals++;
        throw new OwnerClosing();
      },
    },
  });
  const csv = fixture('Chase1234_Activity_20240229.CSV', 'text/csv');
  expect(await file(OWNER, csv, MAIL, 0)).toBe('dropped');
  expect(await file(OWNER, csv, MAIL, 1)).toBe('dropped');
  expect(await file(OWNER, fixture('releve-bnp.ofx', 'application/x-ofx'), MAIL, 2)).toBe('dropped');
  expect(arrivals).toBe(1);
  expect(reserved).toHaveLength(1);
});
