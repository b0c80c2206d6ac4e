import * as fs from 'node:fs';
import * as path from 'node:path';
import { readDateColumn, readingsOf } from '../../contract/reading/dates';
import { periodFromFileName } from '../../contract/reading/file-name';
import { PROPOSAL_READ, proposeFiling, type FilePieces } from '../../contract/reading/propose';
import { decodeStatementText } from '../../contract/reading/text';
import { checkContent } from '../../lambda/shared/content-check';
import { sameInstitution } from '../../contract/accounts/institution-names';
import { readingReport, type ReadingOutcome } from '../support/reading-report';

/**
 * The filing rules on statement exports: the project's corpus (test/fixtures/statements,
 * in the layouts of fourteen banks in seven countries) and genuine exports (the pinned
 * ofx-js package's, and test/fixtures/genuine: from ofxparse, beancount, libofx and
 * KMyMoney), each against what a person would file it under; then the parts.
 */
const CORPUS = path.join(__dirname, '..', 'fixtures', 'statements');
const OFX_JS = path.join(path.dirname(require.resolve('ofx-js/package.json')), 'test', 'data');

type Expected = { mime: string; period: string | null; account: string | null; institution: string; country: string };
const expected: Record<string, Expected> = JSON.parse(fs.readFileSync(path.join(CORPUS, 'expected.json'), 'utf8'));
const GENUINE_DIR = path.join(__dirname, '..', 'fixtures', 'genuine');
/** Genuine exports, anonymised by whoever published them (see test/fixtures/genuine/README.md), by path. */
const GENUINE: Record<string, Expected> = {
  [path.join(OFX_JS, 'example-xml.qfx')]: {
    mime: 'application/vnd.intu.qfx',
    period: '2017-01',
    // Its account id is masked: the institution alone is no account, so the person chooses.
    account: null,
    institution: 'Ally Bank',
    country: 'US',
  },
  [path.join(OFX_JS, 'example1.ofx')]: {
    mime: 'application/x-ofx',
    period: '2012-10',
    account: '••6700',
    institution: 'a New Zealand bank',
    country: 'NZ',
  },
  [path.join(OFX_JS, 'example2.ofx')]: {
    mime: 'application/x-ofx',
    period: null,
    account: null,
    institution: 'a French bank (redacted)',
    country: 'FR',
  },
  ...Object.fromEntries(
    (
      [
        ['beancount-2.3.5/2013-12-03.bofa.ofx', '2014-01', 'AMEX ••1222', 'American Express', 'US'],
        ['ofxparse-0.21/suncorp.ofx', '2013-12', 'SUNCORP ••6789', 'Suncorp Bank', 'AU'],
        ['ofxparse-0.21/ofx-v102-empty-tags.ofx', '2018-08', '••5678', 'Newcastle Permanent', 'AU'],
        ['ofxparse-0.21/anzcc.ofx', '2017-05', '••1234', 'ANZ', 'AU'],
        ['ofxparse-0.21/fidelity-savings.ofx', '2012-09', 'fidelity.com ••0001', 'Fidelity Investments', 'US'],
        ['ofxparse-0.21/fidelity.ofx', '2012-09', 'fidelity.com ••7890', 'Fidelity Investments', 'US'],
        ['ofxparse-0.21/vanguard.ofx', '2011-07', 'The Vanguard Group ••7890', 'Vanguard', 'US'],
        ['ofxparse-0.21/vanguard401k.ofx', '2014-10', 'Vanguard ••3456', 'Vanguard', 'US'],
        ['ofxparse-0.21/td_ameritrade.ofx', '2017-12', 'ameritrade.com ••2121', 'TD Ameritrade', 'US'],
        // One ACCTID holding three sub-account ids: no four digits at its end, so the person chooses.
        ['ofxparse-0.21/tiaacref.ofx', '2017-03', null, 'TIAA-CREF', 'US'],
        // The publisher replaced the institution's name with FAKE; the id "1452687~7" is read by its last four digits.
        ['ofxparse-0.21/checking.ofx', '2013-05', 'FAKE ••6877', 'a US credit union', 'US'],
        ['ofxparse-0.21/bank_medium.ofx', '2009-05', '••5678', 'a Canadian bank', 'CA'],
        ['libofx-0.10.9/example-listing1.xml', '2009-02', '••0000', 'a Canadian bank (ids zeroed)', 'CA'],
        ['kmymoney-5.1.3/SampleBankAccount.csv', '2009-11', '••1233', 'a UK bank', 'UK'],
      ] as const
    ).map(([file, period, account, institution, country]) => [
      path.join(GENUINE_DIR, file),
      { mime: file.endsWith('.csv') ? 'text/csv' : 'application/x-ofx', period, account, institution, country },
    ]),
  ),
};

/** The pieces of a file the web app's worker reads: all of a small file; the first and last parts of a large one. */
const piecesOf = (file: string, mime: string, bytes = fs.readFileSync(file)): FilePieces =>
  bytes.length <= PROPOSAL_READ.headBytes + PROPOSAL_READ.tailBytes
    ? { fileName: path.basename(file), mime, size: bytes.length, head: bytes }
    : {
        fileName: path.basename(file),
        mime,
        size: bytes.length,
        head: bytes.subarray(0, PROPOSAL_READ.headBytes),
        tail: bytes.subarray(bytes.length - PROPOSAL_READ.tailBytes),
      };

const cases = [
  ...Object.entries(expected).map(([name, want]) => [name, path.join(CORPUS, name), want] as const),
  ...Object.entries(GENUINE).map(
    ([file, want]) => [`genuine: ${path.relative(path.join(__dirname, '..', '..'), file)}`, file, want] as const,
  ),
];

const outcomes: ReadingOutcome[] = [];

describe.each(cases)('%s', (_name, file, want) => {
  test(`is accepted as ${want.mime} and filed under ${want.period ?? 'no period'} and ${want.account ?? 'no account'}`, async () => {
    const bytes = fs.readFileSync(file);
    expect(await checkContent(want.mime, bytes, true)).toEqual({ ok: true });
    const proposal = proposeFiling(piecesOf(file, want.mime));
    expect(proposal.period?.value ?? null).toBe(want.period);
    expect(proposal.account?.value ?? null).toBe(want.account);
    const institution = proposal.account?.facts.institution;
    outcomes.push({
      format: want.mime === 'text/csv' ? 'CSV' : 'OFX',
      period: want.period !== null && proposal.period?.value === want.period,
      account: want.account !== null && proposal.account?.value === want.account,
      // Anonymised files name no issuer ("a Canadian bank"): nothing to be right about.
      institution: /^\(?a /.test(want.institution)
        ? undefined
        : institution !== undefined && sameInstitution(institution, want.institution),
    });
  });
});

test('the share read right per format is reported', () => {
  expect(outcomes).toHaveLength(cases.length);
  process.stderr.write(readingReport('Bank exports: the corpus and the genuine files', outcomes));
  // Every file whose period a person can tell is proposed it.
  expect(outcomes.filter((outcome) => outcome.period).length).toBe(cases.filter(([, , want]) => want.period !== null).length);
});

test('the corpus spans at least ten institutions in at least four countries, and so do the genuine exports alone', () => {
  for (const set of [[...Object.values(expected), ...Object.values(GENUINE)], Object.values(GENUINE)]) {
    expect(new Set(set.map((one) => one.institution)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(set.map((one) => one.country)).size).toBeGreaterThanOrEqual(4);
  }
});

test('a large export is read in its first and last parts, and its rows in both count', () => {
  const row = (day: number, month: string) => `${String(day).padStart(2, '0')}.${month}.2024;Miete und anderes;-950,00\n`;
  // Most rows in March, but only the tail (beyond the head) shows April's many rows.
  const march = Array.from({ length: 9000 }, (_, i) => row((i % 28) + 1, '03')).join('');
  const april = Array.from({ length: 4000 }, (_, i) => row((i % 28) + 1, '04')).join('');
  const text = `Datum;Text;Betrag\n${march}${april}`;
  const bytes = Buffer.from(text, 'latin1');
  expect(bytes.length).toBeGreaterThan(PROPOSAL_READ.headBytes + PROPOSAL_READ.tailBytes);
  const proposal = proposeFiling(piecesOf('gross.csv', 'text/csv', bytes));
  // The head holds about 7,000 March rows, the tail about 1,700 April rows: March.
  expect(proposal.period).toEqual({ value: '2024-03', source: 'file', detail: 'the dates in its "Datum" column' });
});

test("a file whose content gives no date offers its name's month as a question, and fills nothing", () => {
  expect(proposeFiling({ fileName: 'Statement_March_2024.pdf', mime: 'application/pdf', size: 10, head: Buffer.from('%PDF-1.7') })).toEqual(
    {
      periodQuestion: {
        reason: 'file name',
        choices: ['2024-03'],
        detail: 'its name "Statement_March_2024.pdf"',
        words: 'The file name says March 2024: is that its month?',
      },
      notes: [],
    },
  );
});

test("a download's stamp in the name is no statement date: the content's dates come first", () => {
  const text = 'Date,Description,Amount\n2024-05-02,Shop,-1.00\n2024-05-20,Shop,-2.00\n';
  const proposal = proposeFiling({ fileName: '20250614_export.csv', mime: 'text/csv', size: text.length, head: Buffer.from(text) });
  expect(proposal.period).toMatchObject({ value: '2024-05', source: 'file' });
  expect(proposal.periodQuestion).toBeUndefined();
});

test('the dialect is said in words', () => {
  const proposal = proposeFiling(piecesOf(path.join(CORPUS, 'kontoauszug-unicode.txt.csv'), 'text/csv'));
  expect(proposal.notes).toEqual(['Read as UTF-16 (little-endian) with a byte-order mark, tabs, CRLF line endings.']);
  const latin = proposeFiling(piecesOf(path.join(CORPUS, 'dkb-umsaetze.csv'), 'text/csv'));
  expect(latin.notes).toEqual(['Read as Windows-1252 (ISO-8859-1), semicolons, CRLF line endings.']);
  expect(latin.account).toEqual({
    value: '••5678',
    source: 'file',
    detail: 'the line "Kontonummer: DE•••• 5678 / Girokonto"',
    // Its IBAN's check digits are wrong (the publisher's made-up number): four digits, nothing to match by.
    facts: expect.objectContaining({ last4: '5678', identifiers: [], kind: 'current', currency: 'EUR' }),
  });
});

test('an OFX file with several accounts says so and proposes the first', () => {
  const statement = (tag: string, id: string) =>
    `<STMTTRNRS><STMTRS><${tag}><BANKID>1<ACCTID>${id}<ACCTTYPE>CHECKING</${tag}><BANKTRANLIST><DTSTART>20240101<DTEND>20240131</BANKTRANLIST></STMTRS></STMTTRNRS>`;
  const text = `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1>${statement('BANKACCTFROM', '111122223333')}${statement('BANKACCTFROM', '99998888')}</BANKMSGSRSV1></OFX>`;
  const proposal = proposeFiling({ fileName: 'x.ofx', mime: 'application/x-ofx', size: text.length, head: Buffer.from(text) });
  expect(proposal.account?.value).toBe('••3333');
  expect(proposal.notes).toEqual(['This file holds 2 accounts; the first is proposed.']);
});

describe('file names', () => {
  test.each([
    ['2024-01 statement.pdf', '2024-01'],
    ['estatement_202401.pdf', '2024-01'],
    ['Jan 2024.pdf', '2024-01'],
    ['January_2024.csv', '2024-01'],
    ['kontoauszug_2024_01_31.pdf', '2024-01'],
    ['01-2024.pdf', '2024-01'],
    ['Kontoauszug März 2024.pdf', '2024-03'],
    ['relevé-févr-2024.pdf', '2024-02'],
    ['Statement 20240131 (exported 20240305).pdf', '2024-03'],
    ['scan.pdf', undefined],
    ['IMG_1234.jpg', undefined],
    ['account-1234-5678.csv', undefined],
  ])('%s: %s', (name, period) => {
    expect(periodFromFileName(name)).toBe(period);
  });
});

describe('dates', () => {
  test('day/month order is decided by the values', () => {
    expect(readDateColumn(['03/04/2024', '13/04/2024']).order).toBe('dmy');
    expect(readDateColumn(['03/04/2024', '04/13/2024']).order).toBe('mdy');
    // All ambiguous: the order under which they run in date order.
    expect(readDateColumn(['01/02/2024', '02/02/2024', '03/02/2024']).order).toBe('dmy');
    expect(readDateColumn(['02/01/2024', '02/02/2024', '02/03/2024']).order).toBe('mdy');
  });

  test.each([
    ['2024-03-28', { year: 2024, month: 3, day: 28 }],
    ['28.03.24', { year: 2024, month: 3, day: 28 }],
    ['28.03.2024', { year: 2024, month: 3, day: 28 }],
    ['5. Juli 2024', { year: 2024, month: 7, day: 5 }],
    ['3 févr. 2024', { year: 2024, month: 2, day: 3 }],
    ['15-ene-2024', { year: 2024, month: 1, day: 15 }],
    ['Mar 5, 2024', { year: 2024, month: 3, day: 5 }],
    ['20240131', { year: 2024, month: 1, day: 31 }],
    ['2024-01-31T10:00:00Z', { year: 2024, month: 1, day: 31 }],
  ])('%s', (text, date) => {
    expect(Object.values(readingsOf(text))[0]).toEqual(date);
  });

  test('what is not a date is none', () => {
    for (const text of ['1.234,56', '-950,00', '31/02/2024', 'Miete', '2024', '12.5']) expect(readingsOf(text)).toEqual({});
  });
});

describe('text', () => {
  test('a byte-order mark names the encoding; UTF-8 stays UTF-8; anything else is Windows-1252', () => {
    expect(decodeStatementText(Buffer.from([0xef, 0xbb, 0xbf, 0x41]))).toEqual({ text: 'A', encoding: 'utf-8', bom: true });
    expect(decodeStatementText(Buffer.from([0xff, 0xfe, 0x41, 0x00]))).toEqual({ text: 'A', encoding: 'utf-16le', bom: true });
    expect(decodeStatementText(Buffer.from([0xfe, 0xff, 0x00, 0x41]))).toEqual({ text: 'A', encoding: 'utf-16be', bom: true });
    expect(decodeStatementText(Buffer.from('Müller €', 'utf8')).encoding).toBe('utf-8');
    expect(decodeStatementText(Buffer.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x20, 0x80]))).toEqual({
      text: 'Müller €',
      encoding: 'windows-1252',
      bom: false,
    });
  });
});
