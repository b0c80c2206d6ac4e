import * as fs from 'node:fs';
import * as path from 'node:path';
import { NOT_FOUND, ofxBalances, tableBalances, textBalances } from '../../contract/reading/balances';
import { decodeStatementText } from '../../contract/reading/text';
import { csvTransactions } from '../../contract/reading/transactions';
import { proposeFiling } from '../../contract/reading';

/**
 * A statement's days and balances, read from genuine OFX files (test/fixtures/genuine, with
 * their licences) and the corpus's exports (test/fixtures/statements), each figure checked
 * against the file by eye: the closing balance as the file states it, the opening balance
 * from it and the transactions, and in words what cannot be read.
 */
const FIXTURES = path.join(__dirname, '..', 'fixtures');
const text = (file: string) => decodeStatementText(fs.readFileSync(path.join(FIXTURES, file)), true).text;

test.each([
  // LEDGERBAL 100.99 as of the list's last day; three transactions sum to -59.50.
  [
    'genuine/ofxparse-0.21/checking.ofx',
    { from: '2000-01-01', to: '2013-05-25', opening: 160.49, closing: 100.99, currency: 'USD', unread: [] },
  ],
  // 1,234.12 after one debit of 16.85, in AUD.
  [
    'genuine/ofxparse-0.21/suncorp.ofx',
    { from: '2013-06-18', to: '2013-12-15', opening: 1250.97, closing: 1234.12, currency: 'AUD', unread: [] },
  ],
  // The ledger balance (382.34), not the available one (682.34).
  [
    'genuine/ofxparse-0.21/bank_medium.ofx',
    { from: '2009-04-01', to: '2009-05-23', opening: 727.61, closing: 382.34, currency: 'CAD', unread: [] },
  ],
])('%s: its days, and its balances from LEDGERBAL and its transactions', (file, expected) => {
  expect(ofxBalances(text(file))).toEqual(expected);
});

test("a balance as of another day than the transactions' last is the closing balance it says, and no opening balance is made from it", () => {
  // Bank of America's file: the list is of 12 Jan 2014, the balance of 3 Dec 2013.
  expect(ofxBalances(text('genuine/beancount-2.3.5/2013-12-03.bofa.ofx'))).toEqual({
    from: '2014-01-12',
    to: '2014-01-12',
    closing: -2093.01,
    currency: 'USD',
    unread: ["Its balance is as of 2013-12-03, not its transactions' last day (2014-01-12): the opening balance is not read."],
  });
});

test('an OFX without a statement in it says what it lacks', () => {
  expect(ofxBalances('<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>15500</CODE></STATUS></SONRS></SIGNONMSGSRSV1></OFX>')).toEqual({
    unread: ['The file does not say which days its transactions cover.', 'The file gives no closing balance (LEDGERBAL).'],
  });
});

test.each([
  // Oldest first, "1,502.11" before a debit of 88.20; its totals line agrees: 2,291.67 at the end.
  [
    'statements/stmt.csv',
    {
      from: '2023-11-03',
      to: '2023-11-28',
      opening: 1502.11,
      closing: 2291.67,
      arithmetic: { state: 'CHECKED', transactions: 3, words: 'Read and checked: opening + 3 transactions = closing.' },
      unread: [],
    },
  ],
  // Newest first, German amounts: 8.291,86 after a credit of 200,00 on 2 April.
  [
    'statements/ing-umsatzanzeige.csv',
    {
      from: '2024-04-02',
      to: '2024-04-30',
      opening: 8091.86,
      closing: 8503.2,
      arithmetic: { state: 'CHECKED', transactions: 3, words: 'Read and checked: opening + 3 transactions = closing.' },
      unread: [],
    },
  ],
])('%s: a running balance gives the opening and closing balance, in either row order', (file, expected) => {
  expect(tableBalances(csvTransactions(text(file), true))).toEqual(expected);
});

test('a running balance that does not add up, or none at all, proposes no balance and says why', () => {
  const broken = 'Date,Description,Amount,Balance\n2024-01-02,Rent,-500.00,1500.00\n2024-01-05,Salary,2000.00,3600.00\n';
  expect(tableBalances(csvTransactions(broken, true))).toEqual({
    from: '2024-01-02',
    to: '2024-01-05',
    // The same check as a PDF's table says where and by how much: 1,500.00 + 2,000.00 is 3,500.00, not 3,600.00.
    arithmetic: {
      state: 'OFF',
      transactions: 2,
      offBy: 100,
      day: '2024-01-05',
      words: 'This statement does not add up: it is 100.00 off (first at the row of Jan 5, 2024).',
    },
    unread: ['The running balance on 2024-01-05 does not follow from the one before and its amount: the balances are not read.'],
  });
  const none = 'Date,Description,Amount\n2024-01-02,Rent,-500.00\n';
  expect(tableBalances(csvTransactions(none, true))).toEqual({
    unread: ['The file has no running balance: its opening and closing balance are not read.'],
  });
});

test.each([
  ['Beginning Balance $2,145.67\nEnding Balance $1,980.12', { opening: 2145.67, closing: 1980.12 }],
  ['Previous balance 1,204.55\nNew balance (312.40)', { opening: 1204.55, closing: -312.4 }],
  ['Alter Kontostand vom 31.05.2024 1.204,55 EUR\nNeuer Kontostand vom 30.06.2024 980,10- EUR', { opening: 1204.55, closing: -980.1 }],
  ['Ancien solde au 31/03/2024 1 204,55 €\nNouveau solde au 30/04/2024 2 010,00 €', { opening: 1204.55, closing: 2010 }],
  ['Solde débiteur au 30/04/2024 : 120,00 €', { closing: -120 }],
  ['Saldo anterior 3.100,00 EUR\nSaldo final\n3.210,00 EUR', { opening: 3100, closing: 3210 }],
  ['Opening balance 500.00 CR\nClosing balance 75.25 DR', { opening: 500, closing: -75.25 }],
])('%j: the balances its phrases print, in their number formats', (text, expected) => {
  expect(textBalances(text)).toMatchObject(expected);
});

test('a text that prints no balance says so, and a date beside a phrase is never taken for an amount', () => {
  expect(textBalances('Statement date 14 December 2023\nMinimum payment £25.00')).toEqual({
    unread: [NOT_FOUND.opening, NOT_FOUND.closing],
  });
  expect(textBalances('Closing balance as of 03/31/2024')).toEqual({
    unread: [NOT_FOUND.opening, NOT_FOUND.closing],
  });
});

describe('proposed while a file is chosen', () => {
  const bytes = (file: string) => fs.readFileSync(path.join(FIXTURES, file));
  const propose = (file: string, mime: string, tail?: Uint8Array) =>
    proposeFiling({ fileName: path.basename(file), mime, size: bytes(file).length, head: bytes(file), ...(tail ? { tail } : {}) });

  test.each([
    ['statements/stmt.csv', 'text/csv', { from: '2023-11-03', to: '2023-11-28', opening: 1502.11, closing: 2291.67 }],
    ['genuine/ofxparse-0.21/checking.ofx', 'application/x-ofx', { from: '2000-01-01', to: '2013-05-25', opening: 160.49, closing: 100.99 }],
  ])('%s, read whole: its days and balances, as from the file', (file, mime, expected) => {
    expect(propose(file, mime).balances).toEqual({ value: expect.objectContaining(expected), source: 'file' });
  });

  test('a file read only in its first and last parts proposes none: its balances are read whole after its scan', () => {
    expect(propose('statements/stmt.csv', 'text/csv', new Uint8Array()).balances).toBeUndefined();
    expect(propose('genuine/ofxparse-0.21/checking.ofx', 'application/x-ofx', new Uint8Array()).balances).toBeUndefined();
  });

  test("a PDF's first pages: the days and balances they print, nothing of its pages", () => {
    const text = 'Statement period 01/03/2024 - 31/03/2024\nOpening balance 1,204.55\nClosing balance 980.10';
    expect(proposeFiling({ fileName: 'x.pdf', mime: 'application/pdf', size: 1, head: new Uint8Array(), text: { text } }).balances).toEqual(
      {
        value: { from: '2024-03-01', to: '2024-03-31', opening: 1204.55, closing: 980.1, unread: [] },
        source: 'file',
      },
    );
  });
});

describe('a balance named only by its day', () => {
  const MARCH = { from: '2024-03-01', to: '2024-03-31' };
  test.each([
    ['Solde au 29/02/2024\n1 204,55 €\nSolde au 31/03/2024\n980,10 €', { opening: 1204.55, closing: 980.1 }],
    ['Kontostand am 29.02.2024 1.204,55 EUR\nKontostand am 31.03.2024 980,10 EUR', { opening: 1204.55, closing: 980.1 }],
    ['Saldo al 01/03/2024 1.204,55\nSaldo al 31/03/2024 980,10', { opening: 1204.55, closing: 980.1 }],
    // Month first, as a US bank prints it: only the period tells it from day first.
    ['Balance as of 02/29/2024 $1,204.55\nBalance as of 03/31/2024 $980.10', { opening: 1204.55, closing: 980.1 }],
  ])('%s: the day before the period opens it, its last day closes it', (text, expected) => {
    expect(textBalances(text, MARCH)).toEqual({ ...expected, unread: [] });
  });

  test('a day inside the period names neither, and without the period nothing is weighed by its day', () => {
    // "Solde au" closes a statement, but the middle of March's is not its last day.
    expect(textBalances('Solde au 15/03/2024 500,00 €', MARCH)).toEqual({
      unread: [NOT_FOUND.opening, NOT_FOUND.closing],
    });
    expect(textBalances('Kontostand am 29.02.2024 1.204,55 EUR')).toEqual({
      unread: [NOT_FOUND.opening, NOT_FOUND.closing],
    });
  });
});
