import { MAIL_WORDS } from '../../contract/mail';
import { ReadingTooLong, readWithin, readingDeadline, tick, type ReadingDeadline } from '../../contract/reading/deadline';
import { NOT_INDEXED_REASONS, notIndexedReason, notIndexedSentence } from '../../contract/search/not-indexed';
import { mailFilingPort, readMailedFile, type Arrival, type MailFilingPorts, type MailStatement } from '../../lambda/mail/file-port';
import type { MailSummary } from '../../lambda/mail/intake';
import type { MailFile } from '../../lambda/mail/statement-files';
import { UNREAD_BALANCES, readContentText } from '../../lambda/shared/search/content';
import { ownerIdentifierKey } from '../../contract/accounts/identifier-keys';
import { TEST_IDENTIFIER_SECRET } from '../support/lambda-fakes';

/**
 * Every function that reads a statement's file holds each file to a time budget: a reading
 * that outlasts it gives "too long to read" instead of throwing or running on, and the
 * function goes on to its next file. Clocks here are counters, so no test waits.
 */
const OWNER = '11111111-2222-4333-8444-555555555555';
const MAIL: MailSummary = { messageId: 'budget', from: 'bank@bank.example', subject: 'Statements', receivedAt: '2026-11-27T10:00:00Z' };
const TOO_LONG = { pieces: [], note: 'too long', balances: { unread: [UNREAD_BALANCES['too long']] } };

/** A CSV export of `rows` transactions (a few thousand ticks of its readers for each thousand rows). */
const csvOf = (rows: number): Buffer => {
  const lines = ['Date,Description,Amount,Balance'];
  for (let row = 0; row < rows; row++) {
    lines.push(
      `2024-03-${String((row % 28) + 1).padStart(2, '0')},Card payment ${row} Mercado Central,-${(row % 90) + 1}.25,${1000 + row}.00`,
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`);
};
const memorySource = (data: Uint8Array) => ({ size: data.length, read: async (begin: number, end: number) => data.subarray(begin, end) });

/** A clock that moves one millisecond each time it is looked at. */
const countingClock = () => {
  let now = 0;
  return () => ++now;
};

/** A deadline that has passed from its `looks`-th look at the clock on. */
const passingAt = (looks: number): ReadingDeadline => {
  let seen = 0;
  return { passed: () => ++seen >= looks };
};

describe('a reading within its deadline', () => {
  test('a reader that ticks past the deadline throws ReadingTooLong, and ticks outside any reading do nothing', () => {
    const spin = () => {
      for (let step = 0; step < 100_000; step++) tick();
      return 'done';
    };
    expect(() => readWithin(readingDeadline(5, countingClock()), spin)).toThrow(ReadingTooLong);
    expect(readWithin(readingDeadline(1_000_000, countingClock()), spin)).toBe('done');
    // Once the reading has ended (thrown or not), its deadline is gone.
    expect(spin()).toBe('done');
    expect(readWithin(undefined, spin)).toBe('done');
  });

  test('a nested reading keeps the outer deadline: its own is not taken, not even one already spent', () => {
    const outer = passingAt(3);
    const spent = passingAt(1);
    // The inner reading's own deadline has passed, but the outer one's has not: it runs.
    expect(readWithin(outer, () => readWithin(spent, () => 'inner read'))).toBe('inner read');
    const never = { passed: () => false };
    // The outer deadline passes while the inner reading ticks: the outer one ends it.
    expect(() =>
      readWithin(passingAt(3), () =>
        readWithin(never, () => {
          for (let step = 0; step < 10_000; step++) tick();
        }),
      ),
    ).toThrow(ReadingTooLong);
  });
});

describe("the catalogue's reading (readContentText)", () => {
  test.each([
    ['text/csv', csvOf(6_000)],
    [
      'application/x-ofx',
      Buffer.from(`<OFX><BANKTRANLIST>${'<STMTTRN><TRNAMT>-1.00<NAME>Shop</STMTTRN>'.repeat(6_000)}</BANKTRANLIST></OFX>`),
    ],
  ])('a %s whose clock runs past the budget is "too long", nothing of it taken, and nothing thrown', async (contentType, bytes) => {
    const content = await readContentText(memorySource(bytes), contentType, { budgetMs: 5, clock: countingClock() });
    expect(content).toEqual(TOO_LONG);
    // The same file within the budget is read.
    const read = await readContentText(memorySource(bytes), contentType, { budgetMs: 1_000_000, clock: countingClock() });
    expect(read.note).toBeUndefined();
    expect(read.pieces).toHaveLength(6_000);
  });

  test('a budget spent before the readers start (the bytes took it) is "too long" too', async () => {
    const content = await readContentText(memorySource(csvOf(3)), 'text/csv', { budgetMs: 0, clock: countingClock() });
    expect(content).toEqual(TOO_LONG);
  });

  test('a small file never looks at the clock past its first look: the default budget and a tiny one read it the same', async () => {
    const bytes = csvOf(20);
    const tiny = await readContentText(memorySource(bytes), 'text/csv', { budgetMs: 3, clock: countingClock() });
    expect(tiny).toEqual(await readContentText(memorySource(bytes), 'text/csv'));
    expect(tiny.pieces).toHaveLength(20);
  });

  test('its owner reads why: it took too long to read', () => {
    expect(notIndexedReason([], 'too long')).toBe('it took too long to read');
    expect(notIndexedSentence(NOT_INDEXED_REASONS['too long'])).toBe(
      'Its contents could not be read for search: it took too long to read. It is found by its name, account and period.',
    );
    expect(UNREAD_BALANCES['too long']).toBe('The file took too long to read: its days and balances can be entered by hand.');
  });
});

describe("the mail function's reading", () => {
  const mailed = (fileName: string, bytes: Buffer, contentType = 'text/csv'): MailFile => ({
    fileName,
    contentType,
    bytes,
    source: 'attachment',
  });
  const ports = (deadlines: (() => ReadingDeadline)[], extra: Partial<MailFilingPorts> = {}) => {
    const stored: MailStatement[] = [];
    const arrived: Arrival[] = [];
    let reading = 0;
    const all: MailFilingPorts = {
      accounts: async () => [],
      ownerKey: (owner) => ownerIdentifierKey(TEST_IDENTIFIER_SECRET, owner),
      filedBefore: async () => undefined,
      waiting: async () => undefined,
      waitingTotals: async () => ({ files: 0, bytes: 0 }),
      heldFiling: async () => undefined,
      reserve: async () => ({ ok: true }),
      store: async (statement) => void stored.push(statement),
      arrive: async (_owner, arrival) => void arrived.push(arrival),
      now: () => new Date('2026-11-27T10:00:05.000Z'),
      // Each file's reading gets the next deadline: a new one per file.
      deadline: () => deadlines[reading++ % deadlines.length](),
      ...extra,
    };
    return { all, stored, arrived };
  };

  test('a file whose reading runs out waits in Arrived saying so, with only what its name says; the next file is read as ever', async () => {
    const { all, arrived, stored } = ports([() => passingAt(3), () => readingDeadline(1_000_000, countingClock())]);
    const file = mailFilingPort(all);
    expect(await file(OWNER, mailed('export 2024-03.csv', csvOf(8_000)), MAIL, 0)).toBe('arrived');
    expect(arrived).toHaveLength(1);
    expect(arrived[0].reason).toBe(MAIL_WORDS.tooLong);
    // Its name's month is offered, never filed under.
    expect(arrived[0].proposal).toEqual({
      periodQuestion: expect.objectContaining({ reason: 'file name', choices: ['2024-03'] }),
      notes: [],
    });
    expect(MAIL_WORDS.tooLong).toBe('This file took too long to read, so nothing in it was read: choose its month and account to file it.');
    // The next file of the same mail has a budget of its own, and is read.
    const ofx = Buffer.from(
      '<OFX><SIGNONMSGSRSV1><SONRS><FI><ORG>BNP Paribas</ORG></FI></SONRS></SIGNONMSGSRSV1><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><ACCTID>FR7630004000031234567890143<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20240301<DTEND>20240331<STMTTRN><TRNAMT>-1.00<DTPOSTED>20240302<NAME>Shop</STMTTRN></BANKTRANLIST><LEDGERBAL><BALAMT>10.00<DTASOF>20240331</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
    );
    const second = await readMailedFile(all, OWNER, mailed('releve.ofx', ofx, 'application/x-ofx'));
    expect(second.tooLong).toBeUndefined();
    expect(second.proposal.period?.value).toBe('2024-03');
    expect(stored).toEqual([]);
  });

  test("a PDF's reading is stopped once the budget is spent, the person's passwords are not tried after it, and nothing is thrown", async () => {
    const asked: (string | undefined)[] = [];
    let spent = false;
    const { all, arrived } = ports([() => ({ passed: () => spent })], {
      // pdf.js as the port sees it: the reading takes the whole budget, then finds a password.
      pdfText: async (_bytes, password, stop) => {
        asked.push(password);
        spent = true;
        expect(stop?.()).toBe(true);
        return { problem: 'protected' };
      },
      pdfPasswords: async () => ['Harbor-2024'],
    });
    const pdf = mailed('chase.pdf', Buffer.from('%PDF-1.7\n%slow'), 'application/pdf');
    expect(await mailFilingPort(all)(OWNER, pdf, MAIL, 0)).toBe('arrived');
    expect(asked).toEqual([undefined]);
    expect(arrived[0].reason).toBe(MAIL_WORDS.tooLong);
  });

  test('a reading that throws anything else still throws it: only running out of time is the file\'s "too long"', async () => {
    const { all } = ports([() => readingDeadline(1_000_000)], {
      pdfText: async () => {
        throw new Error('the reader broke');
      },
    });
    await expect(readMailedFile(all, OWNER, mailed('a.pdf', Buffer.from('%PDF-1.7'), 'application/pdf'))).rejects.toThrow(
      'the reader broke',
    );
  });
});
