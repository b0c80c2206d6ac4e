import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import PDFDocument from 'pdfkit';
import { CONTENT_READ, UNREAD_BALANCES, type ContentText } from '../../lambda/shared/search/content';
import { OCR_WORDS } from '../../contract/reading/ocr';
import { storedArithmetic } from '../../contract/reading/statement-arithmetic';
import { png } from '../support/samples';
import { STATEMENT_PDFS, statementPdf } from '../support/statement-pdfs';
import { BALANCE_PDFS, balancePdf } from '../support/balance-pdfs';
import { STATEMENT_WORKBOOKS, statementWorkbook } from '../support/statement-workbooks';

/**
 * What the search index reads of a statement's file, through the real readers: pdf.js
 * (range by range, every page up to the cap), the CSV and OFX transaction rules on the
 * decoded text, read-excel-file on a workbook. Genuine and bank-layout exports give their
 * payees' words; damaged, protected and oversized files give a note instead of an error;
 * only storage failing is thrown.
 */
const ROOT = path.join(__dirname, '..', '..');
const FIXTURES = path.join(ROOT, 'test', 'fixtures');
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-content-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const PDF = 'application/pdf';
const CSV = 'text/csv';
const OFX = 'application/x-ofx';
const QFX = 'application/vnd.intu.qfx';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Job {
  file: string;
  type: string;
  /** Storage fails from this read on (counted from 1). */
  failRead?: number;
  /** The password kept for its account. */
  pdfPassword?: string;
}
interface Outcome {
  reads: number;
  bytesRead: number;
  content?: ContentText;
  error?: string;
  /** How often the reader asked for the account's kept password. */
  passwordAsked?: number;
}

/** readContentText's answer to each job, by name, from the runner (pdf.js's ES modules load outside jest). */
const read = (jobs: Record<string, Job>): Record<string, Outcome> => {
  const names = Object.keys(jobs);
  const lines = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'test/support/content-text-runner.mts', JSON.stringify(names.map((name) => jobs[name]))],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
    .trim()
    .split('\n');
  // One line per job, in order: a job that never settled would leave the runner without its line.
  expect(lines).toHaveLength(names.length);
  return Object.fromEntries(
    lines.map((line, index) => {
      const { file: _, ...outcome } = JSON.parse(line) as Outcome & { file: string };
      return [names[index], outcome];
    }),
  );
};

/** A word of each export that names a payee or what a payment was for, as the file writes it (decoded from its encoding). */
const EXPORT_WORDS: Record<string, string> = {
  'genuine/beancount-2.3.5/2013-12-03.bofa.ofx': 'WHOLEFDS',
  'genuine/csv2ofx/schwab-checking.csv': 'BMO HARRIS BANK',
  'genuine/kmymoney-5.1.3/SampleBankAccount.csv': 'Personal Cheque',
  'genuine/ofxstatement-de-ing/test_with_saldo_1.csv': 'Blumen Berther',
  'genuine/ofxstatement-lloyds/sample-statement.csv': 'ACME STORE',
  'genuine/libofx-0.10.9/example-listing1.xml': 'GROCER A & Z',
  'genuine/ofxparse-0.21/anzcc.ofx': 'SOME MEMO',
  'genuine/ofxparse-0.21/bank_medium.ofx': "Joe's Bald Hairstyles",
  'genuine/ofxparse-0.21/checking.ofx': 'ELECTRIC BILL',
  'genuine/ofxparse-0.21/fidelity-savings.ofx': 'HOMESTREET',
  'genuine/ofxparse-0.21/fidelity.ofx': 'YOU BOUGHT',
  'genuine/ofxparse-0.21/ofx-v102-empty-tags.ofx': 'CBA:Transfer',
  'genuine/ofxparse-0.21/suncorp.ofx': 'ALDI STORE GEELONG',
  'genuine/ofxparse-0.21/td_ameritrade.ofx': 'MutualFund',
  'genuine/ofxparse-0.21/tiaacref.ofx': 'TIAA Traditional',
  'genuine/ofxparse-0.21/vanguard.ofx': 'THIS IS A MEMO',
  'genuine/ofxparse-0.21/vanguard401k.ofx': 'closing price',
  'statements/CA20240131_123456.csv': 'BOULANGERIE DU MARCHÉ',
  'statements/CSVData.csv': 'Origin Energy',
  'statements/Chase1234_Activity_20240229.CSV': 'ACME CORP PAYROLL',
  'statements/MonzoDataExport_2024-06.csv': 'TESCO STORES',
  'statements/activity.csv': 'NETFLIX.COM',
  'statements/barclays-data.csv': 'THAMES WATER',
  'statements/dkb-umsaetze.csv': 'Rundfunkbeitrag',
  'statements/ing-umsatzanzeige.csv': 'Erika Mustermann',
  'statements/kontoauszug-unicode.txt.csv': 'Kontoführung',
  'statements/movimientos-bbva.csv': 'Pago con tarjeta Mercadona',
  'statements/releve-bnp.ofx': 'CB Café de la Gare',
  'statements/releve-mac.csv': 'Électricité',
  'statements/sparkasse-camt-2024-03.csv': 'Bäckerei Größl',
  'statements/stmt.csv': 'Zelle payment to JANE DOE',
  'statements/ubs-export.csv': 'Migros Zürich',
  'statements/visa-2024-08.qfx': "TRADER JOE'S",
};

const exportType = (file: string) => {
  const extension = path.extname(file).toLowerCase();
  return extension === '.csv' ? CSV : extension === '.qfx' ? QFX : OFX;
};

/** Every CSV, OFX and QFX export in the fixtures, relative to the fixtures folder. */
const exportsIn = (dir: string): string[] =>
  fs
    .readdirSync(path.join(FIXTURES, dir), { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? exportsIn(path.join(dir, entry.name))
        : /\.(csv|ofx|qfx|xml)$/i.test(entry.name)
          ? [path.join(dir, entry.name)]
          : [],
    );
const EXPORTS = [...exportsIn('statements'), ...exportsIn('genuine')].sort();

/** A PDF of `pages` pages, each saying its number and a payee of its own. */
const pagesPdf = (pages: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const document = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    for (let page = 1; page <= pages; page++) {
      if (page > 1) document.addPage();
      document.text(`Page ${page}: card payment to Lieferant${page} GmbH -12,50`);
    }
    document.end();
  });

/** A copy of a ZIP whose central directory says its first part unzips to `bytes`. */
const claimingUnzipped = (zip: Buffer, bytes: number): Buffer => {
  const copy = Buffer.from(zip);
  const end = copy.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  copy.writeUInt32LE(bytes, copy.readUInt32LE(end + 16) + 24);
  return copy;
};

const write = (name: string, bytes: Buffer | string): string => {
  const file = path.join(folder, name);
  fs.writeFileSync(file, bytes);
  return file;
};

/** A file of this size that takes no room (its bytes are zeros): what is past a cap is never read. */
const sparse = (name: string, size: number): string => {
  const file = write(name, '');
  fs.truncateSync(file, size);
  return file;
};

let outcomes: Record<string, Outcome>;
beforeAll(async () => {
  const multiPage = await statementPdf({ ...STATEMENT_PDFS[0], name: 'multi-page.pdf', picturePages: 2 });
  const workbook = await statementWorkbook(STATEMENT_WORKBOOKS[0]);
  // Rows up to past the cap: the cap falls inside a row, whose start is no transaction.
  const row = (index: number) =>
    `2024-03-${String((index % 28) + 1).padStart(2, '0')},Händler ${index} Verwendungszweck,-${index % 100}.99\n`;
  let longCsv = 'Date,Description,Amount\n';
  for (let rows = 0; Buffer.byteLength(longCsv) < CONTENT_READ.textBytes + 64 * 1024; rows += 1000)
    longCsv += Array.from({ length: 1000 }, (_, index) => row(rows + index)).join('');
  const pdf = (file: string, failRead?: number): Job => ({ file, type: PDF, ...(failRead ? { failRead } : {}) });
  const xlsx = (file: string): Job => ({ file, type: XLSX });
  // A table that adds up, and the same table with one running balance misprinted by 10.00 (3,704.55 printed 3,714.55).
  const table = BALANCE_PDFS.find((spec) => spec.name === 'en-table-crdr.pdf')!;
  const addsUp = BALANCE_PDFS.find((spec) => spec.name === 'en-two-pages.pdf')!;
  const misprinted = {
    ...addsUp,
    pages: addsUp.pages.map((page) => ({
      ...page,
      lines: page.lines.map((line) => line.replace('Salary ACME Ltd\t2,500.00\t3,704.55', 'Salary ACME Ltd\t2,500.00\t3,714.55')),
    })),
  };
  outcomes = read({
    tableChecked: pdf(write('table.pdf', await balancePdf(table))),
    tableOff: pdf(write('table-off.pdf', await balancePdf(misprinted))),
    multiPage: pdf(write('multi-page.pdf', multiPage)),
    manyPages: pdf(write('many-pages.pdf', await pagesPdf(CONTENT_READ.pdfPages + 1))),
    locked: pdf(write('locked.pdf', await statementPdf(LOCKED))),
    lockedKept: { ...pdf(path.join(folder, 'locked.pdf')), pdfPassword: LOCKED.options!.userPassword },
    lockedWrong: { ...pdf(path.join(folder, 'locked.pdf')), pdfPassword: 'not it' },
    openWithPassword: { ...pdf(path.join(folder, 'multi-page.pdf')), pdfPassword: 'never asked' },
    scan: pdf(write('scan.pdf', await statementPdf(STATEMENT_PDFS.find((spec) => spec.picture)!))),
    halfPdf: pdf(write('half.pdf', multiPage.subarray(0, Math.floor(multiPage.length / 2)))),
    notPdf: pdf(write('not.pdf', '%PDF-1.7\nnothing a reader can use\n')),
    // Storage failing: on the document's cross-reference table (its second read), and on a page's objects (its fourth).
    failingLoad: pdf(write('failing-load.pdf', multiPage), 2),
    failingPage: pdf(write('failing-page.pdf', multiPage), 4),
    failingCsv: { file: path.join(FIXTURES, 'statements/stmt.csv'), type: CSV, failRead: 1 },
    longCsv: { file: write('long.csv', longCsv), type: CSV },
    png: { file: write('statement.png', png()), type: 'image/png' },
    notWorkbook: xlsx(write('not.xlsx', Buffer.from('PK\u0003\u0004 not a workbook'))),
    bomb: xlsx(write('bomb.xlsx', claimingUnzipped(workbook, CONTENT_READ.workbookUnzippedBytes + 1))),
    unknownType: { file: path.join(FIXTURES, 'statements/stmt.csv'), type: 'text/plain' },
    // No amount column or value: no transactions, but words all the same.
    wordsCsv: { file: write('words.csv', 'Name;Notes\nAlice Martin;Lunch at Café Rouge\nBob;2024-03-01\n'), type: CSV },
    wordsOfx: {
      file: write('words.ofx', 'OFXHEADER:100\n<OFX><STMTTRN><TRNTYPE>DEBIT<NAME>Corner Bakery<MEMO>Birthday cake</STMTTRN></OFX>\n'),
      type: OFX,
    },
    wordsWorkbook: xlsx(
      write(
        'words.xlsx',
        await statementWorkbook({ name: 'words.xlsx', rows: [['Notes'], ['Hello Bakery'], [12.5]], period: '', account: null }),
      ),
    ),
    largePdf: pdf(sparse('large.pdf', CONTENT_READ.pdfBytes + 1)),
    largeWorkbook: xlsx(sparse('large.xlsx', CONTENT_READ.workbookBytes + 1)),
    ...Object.fromEntries(
      await Promise.all(STATEMENT_WORKBOOKS.map(async (spec) => [spec.name, xlsx(write(spec.name, await statementWorkbook(spec)))])),
    ),
    ...Object.fromEntries(EXPORTS.map((file) => [file, { file: path.join(FIXTURES, file), type: exportType(file) }])),
  });
}, 60_000);

/** The suite's protected PDF (PDFKit, a user password). */
const LOCKED = STATEMENT_PDFS.find((spec) => spec.options?.userPassword)!;

const text = (content: ContentText | undefined) => content?.pieces.join('\n') ?? '';

describe('PDF', () => {
  test('every page is read, one piece each, range by range', () => {
    const { content, reads } = outcomes.multiPage;
    expect(content?.note).toBeUndefined();
    expect(content?.pieces).toHaveLength(3);
    expect(content?.pieces[0]).toContain('JPMorgan Chase Bank');
    // Only the third page says this.
    expect(content?.pieces[2]).toBe('Anlage 2');
    expect(reads).toBeGreaterThan(1);
  });

  test('pages past the cap are left unread, and the note says so', () => {
    const { content } = outcomes.manyPages;
    expect(content?.note).toBe('cut');
    expect(content?.pieces).toHaveLength(CONTENT_READ.pdfPages);
    expect(text(content)).toContain(`Lieferant${CONTENT_READ.pdfPages} GmbH`);
    expect(text(content)).not.toContain(`Lieferant${CONTENT_READ.pdfPages + 1} GmbH`);
  });

  test.each([
    ['a password-protected PDF', 'locked', 'protected', {}],
    ['a PDF whose only picture is too small to hold a line of text', 'scan', 'no text', { pages: 1 }],
    ['a PDF cut in the middle', 'halfPdf', 'unreadable', {}],
    ['a PDF header with nothing after it', 'notPdf', 'unreadable', {}],
  ] as const)('%s gives no words and a note, no error, and says its balances are to be entered', (_, name, note, pages) => {
    expect(outcomes[name].content).toEqual({ pieces: [], note, balances: { ...pages, unread: [UNREAD_BALANCES[note]] } });
  });

  test('a protected PDF is read with the password its owner keeps for its account; a wrong one leaves it protected; an open PDF never asks', () => {
    expect(outcomes.lockedKept.content?.note).toBeUndefined();
    expect(text(outcomes.lockedKept.content)).toContain('Statement period 04/01/2024 to 04/30/2024');
    expect(outcomes.lockedKept.content?.balances.pages).toBe(1);
    expect(outcomes.lockedKept.passwordAsked).toBe(1);
    expect(outcomes.lockedWrong.content).toEqual({ pieces: [], note: 'protected', balances: { unread: [UNREAD_BALANCES.protected] } });
    expect(outcomes.locked.passwordAsked).toBe(1);
    expect(outcomes.openWithPassword.passwordAsked).toBe(0);
    expect(outcomes.openWithPassword.content?.pieces).toHaveLength(3);
  });

  test.each([
    ['while the document loads', 'failingLoad', 2],
    ['while a page is read', 'failingPage', 4],
  ])('storage failing %s is thrown, for the caller to retry, and nothing more is read', (_, name, failRead) => {
    expect(outcomes[name]).toEqual({ reads: failRead, bytesRead: expect.any(Number), error: 'StorageFailed' });
  });
});

/** Exports whose transactions are not a bank's (an investment account's), read for their words alone. */
const WORDS_ONLY = new Set(['genuine/ofxparse-0.21/td_ameritrade.ofx', 'genuine/ofxparse-0.21/tiaacref.ofx']);

describe('CSV, OFX and QFX exports', () => {
  test('every fixture has a word chosen for it', () => {
    expect(EXPORTS).toEqual(Object.keys(EXPORT_WORDS).sort());
  });

  test.each(EXPORTS)('%s gives its transactions’ payees', (file) => {
    const { content } = outcomes[file];
    expect(content?.note).toBeUndefined();
    expect(content?.pieces.length).toBeGreaterThan(0);
    expect(text(content)).toContain(EXPORT_WORDS[file]);
    // Each description has its transaction's amount beside it, for a search to show; an
    // investment account's OFX has no bank transactions, so its payees and memos are words alone.
    if (WORDS_ONLY.has(file)) expect(content?.details).toBeUndefined();
    else {
      expect(content?.details).toHaveLength(content!.pieces.length);
      expect(content?.details?.every(({ amount }) => typeof amount === 'string' && /\d/.test(amount))).toBe(true);
    }
  });

  test('a file longer than the cap is read up to it, its last, cut row left out', () => {
    const { content, bytesRead } = outcomes.longCsv;
    expect(bytesRead).toBe(CONTENT_READ.textBytes);
    expect(content?.note).toBe('cut');
    expect(content?.pieces[0]).toBe('Händler 0 Verwendungszweck');
    // The rows held whole in the bytes read, and no more.
    const head = fs.readFileSync(path.join(folder, 'long.csv')).subarray(0, CONTENT_READ.textBytes).toString('utf8');
    const wholeRows = head.slice(0, head.lastIndexOf('\n')).split('\n').length - 1;
    expect(content?.pieces).toHaveLength(wholeRows);
    expect(content?.pieces.at(-1)).toBe(`Händler ${wholeRows - 1} Verwendungszweck`);
  });

  test('storage failing is thrown', () => {
    expect(outcomes.failingCsv).toEqual({ reads: 1, bytesRead: 0, error: 'StorageFailed' });
  });
});

describe('workbooks', () => {
  test.each(STATEMENT_WORKBOOKS.map((spec) => [spec.name, spec] as const))('%s gives its transactions’ descriptions', (name, spec) => {
    const { content } = outcomes[name];
    expect(content?.note).toBeUndefined();
    const isHeader = (cell: unknown) => /^(Concepto|Partner Name|Description)$/.test(String(cell));
    const header = spec.rows.findIndex((row) => row.some(isHeader));
    const column = spec.rows[header].findIndex(isHeader);
    for (const row of spec.rows.slice(header + 1)) expect(text(content)).toContain(String(row[column]));
  });

  test('a file that is no workbook gives no words and a note', () => {
    expect(outcomes.notWorkbook.content).toEqual({ pieces: [], note: 'unreadable', balances: { unread: [UNREAD_BALANCES.unreadable] } });
  });

  test('a workbook whose parts claim to unzip past the cap is not unzipped', () => {
    expect(outcomes.bomb.content).toEqual({ pieces: [], note: 'cut', balances: { unread: [UNREAD_BALANCES.cut] } });
  });
});

test.each([
  ['a CSV', 'wordsCsv', ['Name', 'Notes', 'Alice Martin', 'Lunch at Café Rouge', 'Bob']],
  ['an OFX file', 'wordsOfx', ['Corner Bakery', 'Birthday cake']],
  ['a workbook', 'wordsWorkbook', ['Notes', 'Hello Bakery']],
])('%s without transactions gives the words of its cells (not its amounts or dates)', (_, name, words) => {
  expect(outcomes[name].content).toEqual({ pieces: words, balances: expect.objectContaining({ unread: expect.any(Array) }) });
});

test.each([
  ['a PDF', 'largePdf'],
  ['a workbook', 'largeWorkbook'],
])('%s larger than its cap is not read at all, and the note says so', (_, name) => {
  expect(outcomes[name]).toEqual({
    reads: 0,
    bytesRead: 0,
    content: { pieces: [], note: 'cut', balances: { unread: [UNREAD_BALANCES.cut] } },
  });
});

test('a picture too small to hold a line of text is read for its size only, never given to OCR (test/lambda/ocr-reading.test.ts reads real ones)', () => {
  expect(outcomes.png).toEqual({
    reads: 1,
    bytesRead: png().length,
    content: { pieces: [], note: 'no text', balances: { unread: [OCR_WORDS.noWords] } },
  });
});

test('a type the vault does not take is not read', () => {
  expect(outcomes.unknownType).toEqual({
    reads: 0,
    bytesRead: 0,
    content: { pieces: [], note: 'unreadable', balances: { unread: [UNREAD_BALANCES.unreadable] } },
  });
});

/** A table of `count` transactions that adds up, as the record keeps it. */
const checked = (count: number) => storedArithmetic({ state: 'checked', transactions: count });

describe('days and balances, read with the words', () => {
  test.each([
    ['genuine/ofxparse-0.21/checking.ofx', { from: '2000-01-01', to: '2013-05-25', opening: 160.49, closing: 100.99, currency: 'USD' }],
    ['statements/stmt.csv', { from: '2023-11-03', to: '2023-11-28', opening: 1502.11, closing: 2291.67, arithmetic: checked(3) }],
    [
      'statements/ing-umsatzanzeige.csv',
      { from: '2024-04-02', to: '2024-04-30', opening: 8091.86, closing: 8503.2, arithmetic: checked(3) },
    ],
  ])('%s: its days and both balances', (file, expected) => {
    expect(outcomes[file].content?.balances).toEqual({ ...expected, unread: [] });
  });

  test("a PDF's table of transactions is checked against its balances: read and checked, or by how much it is off and where", () => {
    expect(outcomes.tableChecked.content?.balances.arithmetic).toEqual(checked(2));
    // The misprinted balance is 10.00 above what 1,204.55 + 2,500.00 gives, at the row of 1 March; the balances stay as printed.
    expect(outcomes.tableOff.content?.balances).toMatchObject({
      opening: 1204.55,
      closing: 2310.1,
      arithmetic: {
        state: 'OFF',
        transactions: 3,
        offBy: 10,
        day: '2024-03-01',
        words: 'This statement does not add up: it is 10.00 off (first at the row of Mar 1, 2024).',
      },
    });
  });

  test("a PDF's page count and the opening balance its first page prints", () => {
    expect(outcomes.multiPage.content?.balances).toMatchObject({ pages: 3, opening: 2145.67 });
  });

  test('a PDF read only up to its cap is not said to lack the pages after it', () => {
    const balances = outcomes.manyPages.content?.balances;
    expect(balances?.pages).toBe(CONTENT_READ.pdfPages + 1);
    expect(balances?.missingPages).toBeUndefined();
  });

  test('a CSV read only in its first part gives no last day or closing balance', () => {
    const balances = outcomes.longCsv.content?.balances;
    expect(balances?.to).toBeUndefined();
    expect(balances?.closing).toBeUndefined();
    expect(balances?.unread).toContain('Only the first part of this long file was read: its last day and closing balance are not.');
    expect(balances?.arithmetic?.state).not.toBe('CHECKED');
  });
});
