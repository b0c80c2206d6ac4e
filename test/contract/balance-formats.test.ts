import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse as parseOfx } from 'ofx-js';
import { ofxBalances, tableBalances } from '../../contract/reading/balances';
import { decodeStatementText } from '../../contract/reading/text';
import { csvTransactions } from '../../contract/reading/transactions';

/**
 * The share of statements whose days and both balances are read right, per format, over
 * every OFX/QFX and CSV file the suite holds (genuine exports with their licences, ofx-js's
 * own test data, and the corpus's bank-shaped exports). OFX is checked against ofx-js, a
 * parser this project did not write: its DTSTART, DTEND, LEDGERBAL and transactions. CSV
 * exports with a running balance are checked against figures worked out by hand from each
 * file (in the comments); one without a running balance must propose none.
 */
const FIXTURES = path.join(__dirname, '..', 'fixtures');
const OFX_JS = path.join(path.dirname(require.resolve('ofx-js/package.json')), 'test', 'data');
const text = (file: string) => decodeStatementText(fs.readFileSync(file), true).text;
const day = (value: unknown) =>
  typeof value === 'string' && /^\d{8}/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}` : undefined;
const cents = (value: number) => Math.round(value * 100);

const ofxFiles = [
  ...fs
    .readdirSync(path.join(FIXTURES, 'genuine'), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ofx|qfx|xml)$/i.test(name))
    .map((name) => path.join(FIXTURES, 'genuine', name)),
  ...fs.readdirSync(OFX_JS).map((name) => path.join(OFX_JS, name)),
  ...fs
    .readdirSync(path.join(FIXTURES, 'statements'))
    .filter((name) => /\.(ofx|qfx)$/i.test(name))
    .map((name) => path.join(FIXTURES, 'statements', name)),
];

/** What ofx-js reads of a bank or card statement: its days, LEDGERBAL, and the opening where the balance is as of its last day. */
const ofxOracle = async (file: string) => {
  const data = (await parseOfx(fs.readFileSync(file, 'latin1'))) as { OFX?: Record<string, Record<string, Record<string, unknown>>> };
  const response = data.OFX?.BANKMSGSRSV1?.STMTTRNRS ?? data.OFX?.CREDITCARDMSGSRSV1?.CCSTMTTRNRS;
  const statement = (Array.isArray(response) ? response[0] : response)?.[data.OFX?.BANKMSGSRSV1 ? 'STMTRS' : 'CCSTMTRS'] as
    Record<string, Record<string, unknown>> | undefined;
  if (!statement?.BANKTRANLIST || !statement.LEDGERBAL) return undefined;
  const transactions = [statement.BANKTRANLIST.STMTTRN ?? []].flat() as { TRNAMT: string }[];
  // An empty BALAMT is no balance (ofx-js gives it as '', which Number makes 0).
  const closing =
    typeof statement.LEDGERBAL.BALAMT === 'string' && statement.LEDGERBAL.BALAMT.trim() !== ''
      ? Number(statement.LEDGERBAL.BALAMT)
      : undefined;
  const to = day(statement.BANKTRANLIST.DTEND);
  const asOfLastDay = to !== undefined && day(statement.LEDGERBAL.DTASOF) === to;
  return {
    from: day(statement.BANKTRANLIST.DTSTART),
    to,
    closing,
    opening:
      closing !== undefined && asOfLastDay
        ? (cents(closing) - transactions.reduce((sum, one) => sum + cents(Number(one.TRNAMT)), 0)) / 100
        : undefined,
  };
};

const outcomes = new Map<string, boolean[]>();
const count = (format: string, right: boolean) => outcomes.set(format, [...(outcomes.get(format) ?? []), right]);

describe('OFX and QFX, against ofx-js', () => {
  test.each(ofxFiles.map((file) => [path.relative(path.join(FIXTURES, '..'), file).replace(/^.*node_modules\//, ''), file]))(
    '%s',
    async (_name, file) => {
      const expected = await ofxOracle(file).catch(() => 'unreadable' as const);
      const read = ofxBalances(text(file));
      // What ofx-js cannot parse (an XML entity it does not know) is counted, not compared.
      if (expected === 'unreadable') {
        count(
          'OFX/QFX that ofx-js cannot parse; with days and both balances:',
          Boolean(read.from && read.to && read.opening !== undefined && read.closing !== undefined),
        );
        return;
      }
      // An investment or empty statement has no bank statement's balances: none proposed, said in words.
      if (!expected) {
        expect(read?.closing ?? undefined).toBeUndefined();
        return;
      }
      const figures = { from: read?.from, to: read?.to, opening: read?.opening, closing: read?.closing };
      expect(figures).toEqual(expected);
      count(
        'OFX/QFX bank and card statements, every figure as ofx-js reads it; with days and both balances:',
        expected.opening !== undefined && expected.closing !== undefined && Boolean(expected.from && expected.to),
      );
    },
  );
});

/** CSV exports with a running balance, and their figures worked out by hand. */
const CSV_EXPECTED: [string, { from: string; to: string; opening: number; closing: number }][] = [
  // Newest first: 02/08 -5.50 to -839.72 (so -834.22 before it) … 31/08 -45.00 to 1,502.33.
  ['statements/CSVData.csv', { from: '2023-08-02', to: '2023-08-31', opening: -834.22, closing: 1502.33 }],
  // Newest first, Belastung and Gutschrift: 02.09 79.00 out to -5,250.00 (so -5,171.00 before) … 29.09 to 1,204.80.
  ['statements/ubs-export.csv', { from: '2023-09-02', to: '2023-09-29', opening: -5171, closing: 1204.8 }],
  // Newest first: 01/31 -12.00 to -160.35 (so -148.35 before) … 02/27 -23.98 to 2,145.67.
  ['statements/Chase1234_Activity_20240229.CSV', { from: '2024-01-31', to: '2024-02-27', opening: -148.35, closing: 2145.67 }],
  // Oldest first: 04 Nov 2009 18.75 out to 902.74 (so 921.49 before) … 12 Nov 2009 to 56.22.
  ['genuine/kmymoney-5.1.3/SampleBankAccount.csv', { from: '2009-11-04', to: '2009-11-12', opening: 921.49, closing: 56.22 }],
  // Newest first, Saldo beside each amount: 02.04 +200,00 to 8.291,86 (so 8.091,86 before) … 30.04 to 8.503,20.
  ['statements/ing-umsatzanzeige.csv', { from: '2024-04-02', to: '2024-04-30', opening: 8091.86, closing: 8503.2 }],
  // Genuine, Schwab (csv2ofx's test data, MIT): newest first, Withdrawal and Deposit: 08/04 $57.27 out to $1,036.47
  // (so $1,093.74 before) … 08/17 a $20.00 deposit to $878.47.
  ['genuine/csv2ofx/schwab-checking.csv', { from: '2022-08-04', to: '2022-08-17', opening: 1093.74, closing: 878.47 }],
  // Genuine, ING Deutschland (ofxstatement-de-ing's test data, GPL-3): newest first, in ISO-8859-1: 09.12. -2,90 to
  // 325,7 (so 328,60 before) … 28.12. -5,50 to 150,00, the Saldo its preamble states.
  ['genuine/ofxstatement-de-ing/test_with_saldo_1.csv', { from: '2018-12-09', to: '2018-12-28', opening: 328.6, closing: 150 }],
  // A summary above the rows; the rows' running balance from 1,502.11 to 2,291.67.
  ['statements/stmt.csv', { from: '2023-11-03', to: '2023-11-28', opening: 1502.11, closing: 2291.67 }],
];
/** Genuine exports whose balance column cannot be read as a running balance after each row: none proposed, and said. */
const NOT_A_RUNNING_BALANCE = [
  // Lloyds (ofxstatement-lloyds' test data, MIT): 6,039.58 less 5.97 is 6,033.61, but the file says 6,029.49.
  'genuine/ofxstatement-lloyds/sample-statement.csv',
];
const WITHOUT_RUNNING_BALANCE = fs
  .readdirSync(path.join(FIXTURES, 'statements'))
  .filter((name) => /\.csv$/i.test(name) && !CSV_EXPECTED.some(([file]) => file === `statements/${name}`))
  .map((name) => `statements/${name}`);

describe('CSV exports, against figures worked out by hand', () => {
  test.each(CSV_EXPECTED)('%s', (file, expected) => {
    const read = tableBalances(csvTransactions(text(path.join(FIXTURES, file)), true));
    const right =
      read?.from === expected.from && read?.to === expected.to && read?.opening === expected.opening && read?.closing === expected.closing;
    count('CSV exports with a running balance, read right:', right);
    expect({ from: read?.from, to: read?.to, opening: read?.opening, closing: read?.closing }).toEqual(expected);
  });

  test.each(WITHOUT_RUNNING_BALANCE)('%s has no running balance: none proposed, and it says so', (file) => {
    const read = tableBalances(csvTransactions(text(path.join(FIXTURES, file)), true));
    expect(read?.opening ?? undefined).toBeUndefined();
    expect(read?.closing ?? undefined).toBeUndefined();
    expect(read?.unread?.length ?? 1).toBeGreaterThan(0);
  });
});

describe('genuine exports whose balances do not run after each row', () => {
  test.each(NOT_A_RUNNING_BALANCE)('%s: no balance proposed, and it says why', (file) => {
    const read = tableBalances(csvTransactions(text(path.join(FIXTURES, file)), true));
    expect(read.opening ?? undefined).toBeUndefined();
    expect(read.closing ?? undefined).toBeUndefined();
    expect(read.unread.length).toBeGreaterThan(0);
    count('CSV exports whose balances do not run after each row, none proposed:', true);
  });
});

test('the share read right is reported per format', () => {
  expect(outcomes.get('CSV exports with a running balance, read right:')).toHaveLength(CSV_EXPECTED.length);
  process.stderr.write(
    [
      'Statements with their first and last day and both balances read right (per format):',
      ...[...outcomes].map(([format, all]) => `  ${format}  ${all.filter(Boolean).length} of ${all.length}`),
      '',
    ].join('\n'),
  );
});
