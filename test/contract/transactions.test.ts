import * as fs from 'node:fs';
import * as path from 'node:path';
import { readSheet } from 'read-excel-file/universal';
import { decodeStatementText } from '../../contract/reading/text';
import {
  csvTransactions,
  ofxTransactions,
  parseAmount,
  sheetTransactions,
  type Transaction,
  type TransactionTable,
} from '../../contract/reading/transactions';
import { firstSheetRows } from '../../web/lib/upload/sheet-rows';
import { STATEMENT_WORKBOOKS, statementWorkbook } from '../support/statement-workbooks';

/**
 * Statements as tables of transactions: every export in the project's corpus
 * (test/fixtures/statements) and every genuine one (test/fixtures/genuine, and the pinned
 * ofx-js package's), read whole and read in their first parts; workbooks' first sheets;
 * and the parts: amounts, header words, and cells that hold markup or formulas.
 */
const FIXTURES = path.join(__dirname, '..', 'fixtures');
const CORPUS = path.join(FIXTURES, 'statements');
const GENUINE = path.join(FIXTURES, 'genuine');
const OFX_JS = path.join(path.dirname(require.resolve('ofx-js/package.json')), 'test', 'data');

const STATEMENT_FILE = /\.(csv|ofx|qfx|xml)$/i;
const filesIn = (folder: string): string[] =>
  fs
    .readdirSync(folder, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesIn(path.join(folder, entry.name)) : [path.join(folder, entry.name)]))
    .filter((file) => STATEMENT_FILE.test(file))
    .sort();

const FILES = [...filesIn(CORPUS), ...filesIn(GENUINE), ...filesIn(OFX_JS)];
const nameOf = (file: string) => path.relative(FIXTURES, file).replace(/^(\.\.\/)+node_modules\//, '');
const isCsv = (file: string) => /\.csv$/i.test(file);

/** A file's transactions: its bytes decoded as the web app decodes them (a BOM, UTF-8, else Windows-1252). */
const read = (file: string, bytes = fs.readFileSync(file), complete = true): TransactionTable => {
  const { text } = decodeStatementText(bytes, complete);
  return isCsv(file) ? csvTransactions(text, complete) : ofxTransactions(text);
};

/** Rows each file holds, read by eye. */
const ROWS: Record<string, number> = {
  'statements/CA20240131_123456.csv': 3,
  'statements/CSVData.csv': 4,
  'statements/Chase1234_Activity_20240229.CSV': 4,
  'statements/MonzoDataExport_2024-06.csv': 3,
  'statements/activity.csv': 3,
  'statements/barclays-data.csv': 4,
  'statements/dkb-umsaetze.csv': 4,
  'statements/ing-umsatzanzeige.csv': 3,
  'statements/kontoauszug-unicode.txt.csv': 3,
  'statements/movimientos-bbva.csv': 3,
  'statements/releve-bnp.ofx': 2,
  'statements/releve-mac.csv': 3,
  'statements/sparkasse-camt-2024-03.csv': 4,
  // Its first row ("Beginning balance as of 11/01/2023") has no amount.
  'statements/stmt.csv': 3,
  'statements/ubs-export.csv': 3,
  'statements/visa-2024-08.qfx': 1,
  'genuine/beancount-2.3.5/2013-12-03.bofa.ofx': 27,
  'genuine/csv2ofx/schwab-checking.csv': 4,
  'genuine/kmymoney-5.1.3/SampleBankAccount.csv': 4,
  'genuine/libofx-0.10.9/example-listing1.xml': 2,
  'genuine/ofxparse-0.21/anzcc.ofx': 1,
  'genuine/ofxparse-0.21/bank_medium.ofx': 3,
  'genuine/ofxparse-0.21/checking.ofx': 3,
  'genuine/ofxparse-0.21/fidelity-savings.ofx': 4,
  // 3 INVBANKTRAN, 8 BUYSTOCK, 4 INCOME, 2 SELLSTOCK.
  'genuine/ofxparse-0.21/fidelity.ofx': 17,
  'genuine/ofxparse-0.21/ofx-v102-empty-tags.ofx': 1,
  'genuine/ofxparse-0.21/suncorp.ofx': 1,
  // An empty transaction list.
  'genuine/ofxparse-0.21/td_ameritrade.ofx': 0,
  // One TRANSFER of 0 units, which moves no money: skipped.
  'genuine/ofxparse-0.21/tiaacref.ofx': 0,
  'genuine/ofxparse-0.21/vanguard.ofx': 1,
  'genuine/ofxstatement-de-ing/test_with_saldo_1.csv': 9,
  'genuine/ofxstatement-lloyds/sample-statement.csv': 12,
  // 4 BUYMF; a TRANSFER of shares (no money) is skipped.
  'genuine/ofxparse-0.21/vanguard401k.ofx': 4,
  'ofx-js/test/data/example-xml.qfx': 1,
  'ofx-js/test/data/example1.ofx': 5,
  'ofx-js/test/data/example2.ofx': 29,
};

/** Files whose dates are redacted ("****"): written as they are, with no calendar date. */
const MASKED_DATES = new Set(['ofx-js/test/data/example2.ofx']);

test('every statement file of the fixtures is listed here', () => {
  expect(FILES.map(nameOf).sort()).toEqual(Object.keys(ROWS).sort());
});

describe.each(FILES.map((file) => [nameOf(file), file] as const))('%s', (name, file) => {
  test(`reads ${ROWS[name]} transactions, each with a description and an amount`, () => {
    const table = read(file);
    expect(table.rows).toHaveLength(ROWS[name]);
    expect(table.columns.description).toBe(true);
    if (ROWS[name] > 0) expect(table.columns).toMatchObject({ date: true, amount: true });
    for (const row of table.rows) {
      expect(row.description).toEqual(expect.stringMatching(/\S/));
      expect(row.amount).toEqual(expect.stringMatching(/\d/));
      expect(Number.isFinite(row.value)).toBe(true);
      expect(row.date).not.toBe('');
      if (MASKED_DATES.has(name)) expect(row.isoDate).toBeUndefined();
      else expect(row.isoDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  test('read in its first part, cut at any byte, gives the first of those transactions', () => {
    const bytes = fs.readFileSync(file);
    const whole = read(file).rows;
    const seen = new Set<number>();
    // Every byte of a small file; about 1,500 cuts through a larger one (each a fresh read of the part).
    const step = Math.max(1, Math.ceil(bytes.length / 1500));
    for (let cut = 0; cut <= bytes.length; cut = cut === bytes.length ? cut + 1 : Math.min(cut + step, bytes.length)) {
      const rows = read(file, bytes.subarray(0, cut), false).rows;
      seen.add(rows.length);
      if (name === 'statements/CSVData.csv' && rows.length === 1) {
        // No header: a balance column is known by the amounts adding up from row to row, which one row cannot show.
        const { balance: _, ...first } = whole[0];
        expect(rows).toEqual([first]);
        continue;
      }
      expect(rows).toEqual(whole.slice(0, rows.length));
    }
    // Every row comes in as soon as it is whole (every count from none to all is seen).
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: whole.length + 1 }, (_, index) => index));
  });
});

/** First rows, read from the files by eye. */
test.each<[string, Transaction, Partial<TransactionTable>?]>([
  [
    'statements/dkb-umsaetze.csv',
    {
      date: '31.01.2024',
      isoDate: '2024-01-31',
      description: 'Rundfunk ARD, ZDF, DRadio · Rundfunkbeitrag',
      amount: '-55,08',
      value: -55.08,
    },
    { skipped: 4, columns: { date: true, description: true, amount: true, balance: false } },
  ],
  [
    'statements/sparkasse-camt-2024-03.csv',
    {
      date: '28.03.24',
      isoDate: '2024-03-28',
      description: 'Stadtwerke München GmbH · Strom März 2024 Kd.-Nr. 4711',
      amount: '-84,00',
      value: -84,
    },
  ],
  [
    'statements/ing-umsatzanzeige.csv',
    {
      date: '30.04.2024',
      isoDate: '2024-04-30',
      description: 'ING · Zinsen April',
      amount: '11,34',
      value: 11.34,
      balance: '8.503,20',
    },
    { skipped: 9 },
  ],
  [
    'statements/CA20240131_123456.csv',
    { date: '30/01/2024', isoDate: '2024-01-30', description: 'PRLV SEPA EDF CLIENTS PARTICULIERS', amount: '-62,00', value: -62 },
    { skipped: 5 },
  ],
  [
    'statements/ubs-export.csv',
    { date: '2023-09-29', isoDate: '2023-09-29', description: 'Migros Zürich', amount: '-45.20', value: -45.2, balance: "1'204.80" },
  ],
  [
    'statements/movimientos-bbva.csv',
    { date: '29/05/2024', isoDate: '2024-05-29', description: 'Recibo Iberdrola Clientes', amount: '-54,21', value: -54.21 },
  ],
  [
    'statements/kontoauszug-unicode.txt.csv',
    { date: '5. Juli 2024', isoDate: '2024-07-05', description: 'Miete Juli', amount: '-950,00', value: -950 },
  ],
  ['statements/releve-mac.csv', { date: '3 févr. 2024', isoDate: '2024-02-03', description: 'Loyer', amount: '-800.00', value: -800 }],
  [
    'statements/stmt.csv',
    {
      date: '11/03/2023',
      isoDate: '2023-11-03',
      description: 'PG&E DES:WEB ONLINE ID:XXXXX1234 INDN:DOE JOHN CO ID:XXXXX PPD',
      amount: '-88.20',
      value: -88.2,
      balance: '1,413.91',
    },
    { skipped: 6 },
  ],
  [
    'statements/Chase1234_Activity_20240229.CSV',
    {
      date: '02/27/2024',
      isoDate: '2024-02-27',
      description: 'AMAZON MKTPL*AB12CD34 Amzn.com/bill WA',
      amount: '-23.98',
      value: -23.98,
      balance: '2145.67',
    },
  ],
  [
    // No header: the date, the first column of amounts, the longest text, and a balance the amounts add up to.
    'statements/CSVData.csv',
    {
      date: '31/08/2023',
      isoDate: '2023-08-31',
      description: 'BPAY Origin Energy 12345678 Ref 9876543210',
      amount: '-45.00',
      value: -45,
      balance: '+1502.33',
    },
    { columns: { date: true, description: true, amount: true, balance: true } },
  ],
  [
    // Name "Pret A Manger" and description "PRET A MANGER LONDON GBR": the one that holds the other.
    'statements/MonzoDataExport_2024-06.csv',
    { date: '03/06/2024', isoDate: '2024-06-03', description: 'PRET A MANGER LONDON GBR', amount: '-3.95', value: -3.95 },
  ],
  [
    'genuine/kmymoney-5.1.3/SampleBankAccount.csv',
    { date: '04 Nov 2009', isoDate: '2009-11-04', description: 'Direct Debit', amount: '-18.75', value: -18.75, balance: '902.74' },
    { skipped: 3 },
  ],
  [
    'statements/releve-bnp.ofx',
    { date: '20240305', isoDate: '2024-03-05', description: 'CB Café de la Gare', amount: '-12.30', value: -12.3 },
    { columns: { date: true, description: true, amount: true, balance: false } },
  ],
  [
    'statements/visa-2024-08.qfx',
    { date: '20240812000000.000[-4:EDT]', isoDate: '2024-08-12', description: "TRADER JOE'S #123", amount: '-18.45', value: -18.45 },
  ],
  [
    'genuine/beancount-2.3.5/2013-12-03.bofa.ofx',
    {
      date: '20131121000000.000[-7:MST]',
      isoDate: '2013-11-21',
      description: "JEFFREY'S 0252 NEW YORK · 0000000681 646-429-8383",
      amount: '-29',
      value: -29,
    },
  ],
  [
    // CDATA, and a MEMO that holds the NAME.
    'genuine/ofxparse-0.21/suncorp.ofx',
    {
      date: '20131215',
      isoDate: '2013-12-15',
      description: 'EFTPOS WDL HANDYWAY ALDI STORE GEELONG WEST VICAU',
      amount: '-16.85',
      value: -16.85,
    },
  ],
  [
    'genuine/ofxparse-0.21/fidelity-savings.ofx',
    {
      date: '20120720000000.000[-4:EDT]',
      isoDate: '2012-07-20',
      description: 'Check Paid #0000001001',
      amount: '-00000000001500.0000',
      value: -1500,
    },
  ],
  [
    'genuine/ofxparse-0.21/fidelity.ofx',
    {
      date: '20120720000000.000[-4:EDT]',
      isoDate: '2012-07-20',
      description: 'YOU BOUGHT · CUSIP 458140100',
      amount: '-00000000002571.4500',
      value: -2571.45,
    },
  ],
])('%s', (name, first, facts = {}) => {
  const table = read(FILES.find((one) => nameOf(one) === name)!);
  expect(table.rows[0]).toEqual(first);
  expect(table).toMatchObject(facts);
});

test('an investment statement whose one transaction moves shares and no money has none to show, and says it skipped one', () => {
  expect(read(path.join(GENUINE, 'ofxparse-0.21', 'tiaacref.ofx'))).toEqual({
    columns: { date: true, description: true, amount: true, balance: false },
    rows: [],
    skipped: 1,
  });
});

test('the signs of money out: a debit column, a direction column, a sign after, parentheses, DR', () => {
  const french = csvTransactions(
    'Date;Libellé;Débit euros;Crédit euros;\n25/01/2024;Salaire;;"2 410,00";\n30/01/2024;EDF;"62,00";;\n',
    true,
  );
  expect(french.rows.map(({ amount, value }) => [amount, value])).toEqual([
    ['2 410,00', 2410],
    ['-62,00', -62],
  ]);
  const dutch = csvTransactions(
    [
      '"Datum";"Naam / Omschrijving";"Rekening";"Tegenrekening";"Code";"Af Bij";"Bedrag (EUR)";"Mutatiesoort";"Mededelingen"',
      '"20240305";"Albert Heijn 1234";"NL20INGB0001234567";"";"BA";"Af";"12,34";"Betaalautomaat";"Pasvolgnr: 001"',
      '"20240325";"Werkgever B.V.";"NL20INGB0001234567";"NL91ABNA0417164300";"OV";"Bij";"2.500,00";"Overschrijving";"Salaris maart"',
    ].join('\r\n'),
    true,
  );
  expect(dutch.rows).toEqual([
    { date: '20240305', isoDate: '2024-03-05', description: 'Albert Heijn 1234 · Pasvolgnr: 001', amount: '-12,34', value: -12.34 },
    { date: '20240325', isoDate: '2024-03-25', description: 'Werkgever B.V. · Salaris maart', amount: '2.500,00', value: 2500 },
  ]);
  const italian = csvTransactions(
    'Data;Descrizione;Dare;Avere;Saldo\n01/03/2024;Bonifico;;1.000,00;1.500,00\n02/03/2024;POS;45,90;;1.454,10\n',
    true,
  );
  expect(italian.rows.map(({ description, value, balance }) => [description, value, balance])).toEqual([
    ['Bonifico', 1000, '1.500,00'],
    ['POS', -45.9, '1.454,10'],
  ]);
  const british = csvTransactions(
    'Date,Payee,Reference,Paid out,Paid in,Balance\n01/03/2024,TESCO,Card,12.50,,87.50\n02/03/2024,ACME,Salary,,100.00,187.50\n',
    true,
  );
  expect(british.rows.map(({ description, amount, value }) => [description, amount, value])).toEqual([
    ['TESCO · Card', '-12.50', -12.5],
    ['ACME · Salary', '100.00', 100],
  ]);
  const german = csvTransactions(
    'Buchungstag;Valuta;Empfänger;Verwendungszweck;Soll;Haben\n04.03.2024;05.03.2024;Miete GmbH;Miete März;950,00;\n',
    true,
  );
  expect(german.rows).toEqual([
    { date: '04.03.2024', isoDate: '2024-03-04', description: 'Miete GmbH · Miete März', amount: '-950,00', value: -950 },
  ]);
});

test('amounts in every way banks write them', () => {
  const cases: [string, number | undefined, ('.' | ',')?][] = [
    ['1,234.56', 1234.56],
    ['1.234,56', 1234.56],
    ["1'234.56", 1234.56],
    ['1’234.56', 1234.56],
    ['2 410,00', 2410],
    ['2\u202f410,00', 2410],
    ['1,234,567.89', 1234567.89],
    ['-12.50', -12.5],
    ['+1502.33', 1502.33],
    ['12,5', 12.5],
    ['(12.50)', -12.5],
    ['12.50-', -12.5],
    ['12.50 CR', 12.5],
    ['12.50 DR', -12.5],
    ['12.50Dr', -12.5],
    ['-€12.50', -12.5],
    ['€ -12.50', -12.5],
    ['1.234,56 EUR', 1234.56],
    ["CHF 1'000.00", 1000],
    ['12.50 USD', 12.5],
    ['USD12.50', 12.5],
    ['TXN 001', undefined],
    ['REF123', undefined],
    ['\u221212.50', -12.5],
    ['-00000000001500.0000', -1500],
    ['0.500', 0.5],
    ['1.234', 1234],
    ['1.234', 1.234, '.'],
    ['1,234', 1.234, ','],
    ['1,234', 1234, '.'],
    ['', undefined],
    ['-', undefined],
    ['EUR', undefined],
    ['Miete', undefined],
    ['31/08/2023', undefined],
    ['12:30', undefined],
    ['=1+2', undefined],
    ['1.2.3', undefined],
    ['1,,2', undefined],
  ];
  for (const [text, value, decimal] of cases) expect([text, parseAmount(text, decimal)]).toEqual([text, value]);
});

test('rows outside the table are skipped and counted: a preamble, a totals line, a row without an amount', () => {
  const text = [
    'Account;DE89 3704 0044 0532 0130 00',
    'Period;01.03.2024 - 31.03.2024',
    '',
    'Date;Description;Amount;Balance',
    '01.03.2024;Opening balance;;100,00',
    '02.03.2024;Coffee;-3,50;96,50',
    '03.03.2024;Refund;1,00;97,50',
    'Total;;-2,50;',
  ].join('\n');
  expect(csvTransactions(text, true)).toEqual({
    columns: { date: true, description: true, amount: true, balance: true },
    rows: [
      { date: '02.03.2024', isoDate: '2024-03-02', description: 'Coffee', amount: '-3,50', value: -3.5, balance: '96,50' },
      { date: '03.03.2024', isoDate: '2024-03-03', description: 'Refund', amount: '1,00', value: 1, balance: '97,50' },
    ],
    skipped: 4,
  });
});

test('text cut inside a quoted field that spans lines leaves that row out', () => {
  const text = 'Date,Description,Amount\n2024-03-01,"Rent\nMarch",-950.00\n2024-03-02,"Salary\nMarch",2000.00\n';
  const whole = csvTransactions(text, true).rows;
  expect(whole.map((row) => row.description)).toEqual(['Rent March', 'Salary March']);
  const cut = text.indexOf('March",2000');
  expect(csvTransactions(text.slice(0, cut), false).rows).toEqual(whole.slice(0, 1));
});

describe('cells holding markup or formulas come through as the text they are', () => {
  const script = '<script>alert(1)</script>';
  const formula = '=HYPERLINK("https://evil.example/","Click me")';
  const image = '<img src=x onerror="alert(1)">';

  test('in a CSV', () => {
    const text = [
      'Date,Payee,Description,Amount',
      `2024-03-01,,${script},-1.00`,
      `2024-03-02,,"=HYPERLINK(""https://evil.example/"",""Click me"")",2.00`,
      `2024-03-03,"${image.replace(/"/g, '""')}",@SUM(1+1),-3.00`,
      `2024-03-04,<b>Bold</b>,+cmd,4.00`,
    ].join('\r\n');
    const table = csvTransactions(text, true);
    expect(table.rows.map((row) => row.description)).toEqual([script, formula, `${image} · @SUM(1+1)`, '<b>Bold</b> · +cmd']);
    for (const row of table.rows) for (const value of Object.values(row)) expect(['string', 'number']).toContain(typeof value);
  });

  test('in a sheet', () => {
    const table = sheetTransactions([
      ['Date', 'Description', 'Amount'],
      ['2024-03-01', script, '-1'],
      ['2024-03-02', formula, '2'],
    ]);
    expect(table.rows.map((row) => row.description)).toEqual([script, formula]);
  });

  test('in an OFX file: escaped characters as the characters, never as markup', () => {
    const text =
      '<OFX><BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240301<TRNAMT>-1.00<NAME>&lt;script&gt;alert(1)&lt;/script&gt;<MEMO>Tom &amp; Jerry</STMTTRN>' +
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240302<TRNAMT>-2,50<NAME><![CDATA[<b>Bold</b>]]></STMTTRN></BANKTRANLIST></OFX>';
    expect(ofxTransactions(text).rows).toEqual([
      { date: '20240301', isoDate: '2024-03-01', description: `${script} · Tom & Jerry`, amount: '-1.00', value: -1 },
      { date: '20240302', isoDate: '2024-03-02', description: '<b>Bold</b>', amount: '-2,50', value: -2.5 },
    ]);
  });
});

describe('workbooks', () => {
  test.each(STATEMENT_WORKBOOKS.map((spec) => [spec.name, spec] as const))('%s, through the real reader', async (_name, spec) => {
    const bytes = await statementWorkbook(spec);
    const sheet = await firstSheetRows(readSheet as never, new Blob([new Uint8Array(bytes)]));
    if (!('rows' in sheet)) throw new Error(`unread: ${sheet.problem}`);
    const table = sheetTransactions(sheet.rows);
    const data = spec.rows.filter((row) => row.some((cell) => typeof cell === 'number'));
    expect(table.rows).toHaveLength(data.length);
    for (const row of table.rows) {
      expect(row.description).toEqual(expect.stringMatching(/\S/));
      expect(Number.isFinite(row.value)).toBe(true);
      expect(row.isoDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  test('a first sheet with a preamble: its table, dates as real date cells', async () => {
    const spec = STATEMENT_WORKBOOKS.find((one) => one.name === 'santander-movimientos.xlsx')!;
    const sheet = await firstSheetRows(readSheet as never, new Blob([new Uint8Array(await statementWorkbook(spec))]));
    if (!('rows' in sheet)) throw new Error(`unread: ${sheet.problem}`);
    expect(sheetTransactions(sheet.rows)).toEqual({
      columns: { date: true, description: true, amount: true, balance: false },
      rows: [
        { date: '2024-04-29', isoDate: '2024-04-29', description: 'Recibo Endesa', amount: '-61.2', value: -61.2 },
        { date: '2024-04-15', isoDate: '2024-04-15', description: 'Nómina', amount: '1890', value: 1890 },
        { date: '2024-04-02', isoDate: '2024-04-02', description: 'Compra Mercadona', amount: '-32.47', value: -32.47 },
      ],
      skipped: 2,
    });
  });

  test('rows as a sheet gives them: a preamble, numbers as JavaScript writes them, text amounts, a totals line', () => {
    const table = sheetTransactions([
      ['Kontoauszug', '', '', '', ''],
      ['IBAN', 'DE89 3704 0044 0532 0130 00', '', '', ''],
      ['', '', '', '', ''],
      ['Buchungstag', 'Wertstellung', 'Beguenstigter/Zahlungspflichtiger', 'Verwendungszweck', 'Betrag'],
      ['2024-03-28', '2024-03-28', 'Stadtwerke', 'Strom März', '-84'],
      ['2024-03-15', '2024-03-15', 'Acme GmbH', 'Gehalt', '3120.55'],
      ['2024-03-04', '2024-03-05', 'Bäckerei', '', '1.234'],
      ['', '', '', 'Summe', '3037.789'],
    ]);
    expect(table.rows).toEqual([
      { date: '2024-03-28', isoDate: '2024-03-28', description: 'Stadtwerke · Strom März', amount: '-84', value: -84 },
      { date: '2024-03-15', isoDate: '2024-03-15', description: 'Acme GmbH · Gehalt', amount: '3120.55', value: 3120.55 },
      // A number cell: its point is a decimal point.
      { date: '2024-03-04', isoDate: '2024-03-04', description: 'Bäckerei', amount: '1.234', value: 1.234 },
    ]);
    expect(table.skipped).toBe(3);
  });
});

test('OFX text cut anywhere does not throw, and an empty or foreign text has no transactions', () => {
  expect(ofxTransactions('')).toEqual({ columns: { date: true, description: true, amount: true, balance: false }, rows: [], skipped: 0 });
  expect(ofxTransactions('<OFX><STMTTRN><TRNAMT>-1.00').rows).toEqual([]);
  expect(csvTransactions('', true).rows).toEqual([]);
  expect(csvTransactions('just some words\nand more', true)).toMatchObject({ rows: [], skipped: 2 });
  expect(sheetTransactions([])).toMatchObject({ rows: [], skipped: 0 });
});
