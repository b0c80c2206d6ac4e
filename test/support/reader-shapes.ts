import { proposeFiling } from '../../contract/reading';
import { ofxBalances, pdfBalances, tableBalances } from '../../contract/reading/balances';
import { readCsv, readTable } from '../../contract/reading/csv';
import { periodFromFileName } from '../../contract/reading/file-name';
import { readOfx } from '../../contract/reading/ofx';
import { readStatementText } from '../../contract/reading/statement-text';
import { csvTransactions, ofxTransactions, sheetTransactions } from '../../contract/reading/transactions';
import { contentTermContexts } from '../../contract/search/context';
import { KiB, MiB } from '../../contract/uploads';
import { readContentText } from '../../lambda/shared/search/content';
import { repeatTo } from './linear-time';

/**
 * Hostile text for the readers of what strangers send, as data (so it can be sent to the
 * process that times them, test/support/reader-time-runner.ts): a unit repeated; two units,
 * each over half of it (many stray quotes, then a long run of blanks); one character alone.
 * Units are made of pieces of the kind of file a reader reads: tags and CDATA for OFX,
 * quotes and delimiters for CSV, statement phrases, digit groups and letters outside ASCII
 * for a PDF's text. A unit numbered (w0 w1 … wzz) makes as many distinct words or tags as fit.
 */
export type Shape =
  | { kind: 'repeat'; unit: string }
  | { kind: 'two'; first: string; then: string; end: string }
  | { kind: 'one'; char: string }
  | { kind: 'numbered'; unit: string };

/**
 * The input sizes compared. A unit's: 64 KiB against 256 KiB, which a core's cache holds
 * both of (the machines here have 2 MiB a core), so neither reading waits on memory more
 * than the other. One character's: 5 MiB, the most of a text the catalogue reads, against a
 * quarter of it.
 */
export const SIZES = { units: { small: 64 * KiB, large: 256 * KiB }, one: { small: (5 * MiB) / 4, large: 5 * MiB } } as const;

export const sizesOf = (shape: Shape) => (shape.kind === 'one' ? SIZES.one : SIZES.units);

/** The shape's text, `length` characters long (a shape's end comes on top). */
export const build = (shape: Shape, length: number): string => {
  switch (shape.kind) {
    case 'repeat':
      return repeatTo(shape.unit, length);
    case 'two':
      return repeatTo(shape.first, length / 2) + repeatTo(shape.then, length / 2) + shape.end;
    case 'one':
      return shape.char.repeat(length);
    case 'numbered': {
      const parts: string[] = [];
      for (let count = 0, total = 0; total < length; count++) {
        parts.push(`${shape.unit}${count.toString(36)} `);
        total += parts.at(-1)!.length;
      }
      return parts.join('').slice(0, length);
    }
  }
};

export const describeShape = (shape: Shape): string => {
  switch (shape.kind) {
    case 'repeat':
      return `${JSON.stringify(shape.unit)} repeated`;
    case 'two':
      return `${JSON.stringify(shape.first)} then ${JSON.stringify(shape.then)}, each repeated, then ${JSON.stringify(shape.end)}`;
    case 'one':
      return `${JSON.stringify(shape.char)} alone`;
    case 'numbered':
      return `${JSON.stringify(shape.unit)} numbered, repeated`;
  }
};

export type Domain = 'ofx' | 'csv' | 'text';

export const PIECES: Record<Domain, readonly string[]> = {
  ofx: [
    '<OFX>',
    '<STMTTRN>',
    '</STMTTRN>',
    '<BUYSTOCK>',
    '<BANKACCTFROM>',
    '</BANKACCTFROM>',
    '<CCACCTFROM>',
    '<BANKTRANLIST>',
    '<LEDGERBAL>',
    '<FI>',
    '<ORG>',
    '<CURDEF>EUR',
    '<ACCTID>',
    '<TRNAMT>-1.5',
    '<DTPOSTED>20240301',
    '<NAME>',
    '<MEMO>',
    '<![CDATA[',
    ']]>',
    '&amp',
    '&#',
    '<A>',
    '</',
    '<',
    '>',
    ' ',
    '\n',
    'x',
  ],
  csv: [
    '"',
    '"b',
    '""',
    ',',
    ';',
    '\t',
    '|',
    ' ',
    '\n',
    '\r\n',
    '(',
    ')',
    '1',
    '1,00',
    '01.01.2024',
    'EUR',
    '-',
    'Betrag',
    'IBAN',
    'é',
    'x',
  ],
  text: [
    ' ',
    '\n',
    '1',
    '12',
    '111 ',
    '1.234,56',
    '.',
    '/',
    '01.03.2024',
    'a',
    'é',
    'aé',
    '𠀋',
    'IBAN DE89 ',
    'account ',
    'Account number ',
    'statement period ',
    'closing balance ',
    'Solde au ',
    'Page 1 of ',
    'March 2024',
    'März ',
    ' - ',
    'Bank',
    'XXXX',
  ],
};

/** What a two-part shape may end with. */
export const ENDS = ['', ',x\n', '\n', '</STMTTRN>'];

/** Characters a text may be 5 MiB of. */
export const ONE_CHARS = ['a', ' ', '1', '<', '"', ',', '.', '(', '&', '\n', 'é', '\u00a0'];

/** The shapes that froze a reader before the readers were linear: always tried first. */
export const FREEZES: Record<Domain, Shape[]> = {
  ofx: ['<STMTTRN>', '<BANKACCTFROM>', '<BANKTRANLIST><LEDGERBAL>', '<FI>'].map((unit) => ({ kind: 'repeat', unit })),
  csv: [
    // Stray quotes in one quoted field, then blanks before a delimiter: Papa Parse trims from each quote to it.
    { kind: 'two', first: '"b', then: ' ', end: ',x\n' },
    { kind: 'repeat', unit: '(' },
  ],
  text: [
    { kind: 'repeat', unit: 'aé' },
    // Distinct words on one line: each word's context was cut from the whole line.
    { kind: 'numbered', unit: 'w' },
    { kind: 'repeat', unit: 'closing balance 111 111 111 ' },
    // Blanks after which a bank's "Member FDIC" line was looked for to the end, from each of them.
    { kind: 'repeat', unit: ' ' },
    // A web address's start at each of its repeats, read to the end of the run.
    { kind: 'repeat', unit: 'www.' },
    // Open brackets never closed: a column heading's bracketed part ("Amount (EUR)") was looked for from each to the end.
    { kind: 'repeat', unit: '(1' },
  ],
};

const bytes = (text: string) => new TextEncoder().encode(text);
const memorySource = (data: Uint8Array) => ({ size: data.length, read: async (begin: number, end: number) => data.subarray(begin, end) });
const OFX = 'application/x-ofx';

/**
 * The readers of the functions that read what strangers send: the catalogue's
 * (readContentText, for search and the balances), the filing rules the mail function and the
 * upload panel run (proposeFiling, and under it the OFX, CSV, workbook and PDF text readers),
 * and the search index's contexts. Each with the kind of text it reads.
 */
export const READERS: Record<string, { domain: Domain; read: (text: string) => unknown }> = {
  'the catalogue reading an OFX file (search and balances)': {
    domain: 'ofx',
    read: (text) => readContentText(memorySource(bytes(text)), OFX),
  },
  'OFX transactions': { domain: 'ofx', read: ofxTransactions },
  'OFX balances': { domain: 'ofx', read: ofxBalances },
  'OFX filing facts': { domain: 'ofx', read: readOfx },
  'the filing rules on an OFX file (mail, upload panel)': {
    domain: 'ofx',
    read: (text) => proposeFiling({ fileName: 'statement.ofx', mime: OFX, size: text.length, head: bytes(text) }),
  },
  'the catalogue reading a CSV file': { domain: 'csv', read: (text) => readContentText(memorySource(bytes(text)), 'text/csv') },
  'CSV transactions and balances': { domain: 'csv', read: (text) => tableBalances(csvTransactions(text, true)) },
  'CSV filing facts': { domain: 'csv', read: (text) => readCsv({ head: text, complete: true }) },
  'a workbook sheet (rows of cells)': {
    domain: 'csv',
    read: (text) => {
      const rows = text.split('\n').map((line) => line.split(';'));
      return [readTable(rows), tableBalances(sheetTransactions(rows))];
    },
  },
  "a PDF's text: period, account, balances and pages": {
    domain: 'text',
    read: (text) => pdfBalances([text], { pageCount: 1, cut: false }),
  },
  "a PDF's text: the filing facts": { domain: 'text', read: readStatementText },
  'search contexts': { domain: 'text', read: (text) => contentTermContexts([text]) },
  'a file name': { domain: 'text', read: periodFromFileName },
};
