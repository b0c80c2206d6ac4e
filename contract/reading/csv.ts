import Papa from 'papaparse';
import { maskIdentifiers } from '../search/identifiers';
import { currencyInHeader, currencyOf, ibansIn, kindFromWords, lettered, numberOf, type AccountFacts } from './account-numbers';
import { mostCommonPeriod, readDateColumn, type CalendarDate } from './dates';
import { tick } from './deadline';

/**
 * What a bank's CSV export says of itself: its dialect, the month it covers and the
 * account it is for. The CSV itself is parsed by Papa Parse (quotes, escaped quotes,
 * delimiters guessed among comma, semicolon, tab and pipe); what is a header, which column
 * holds the booking date and which names the account are the rules here.
 */
export interface CsvFacts extends TableFacts {
  delimiter: string;
  lineEnding: 'CRLF' | 'LF' | 'CR';
}

const DELIMITERS = [',', ';', '\t', '|'];

/** Header words of the column a statement is dated by, best first (booking dates before value dates). */
const DATE_HEADERS = [
  /^(buchungstag|buchungsdatum|buchung|posting date|posted date|transaction date|trans\.? date|date d'opération|date opération|date de l'opération|fecha operación|fecha de operación|fecha)$/,
  /^(date|datum|data|fecha|f\.? ?operación)$/,
  /date|datum|fecha|tag/,
];

/** Words that name the account a statement is for (whole words of a header or a preamble line). */
const ACCOUNT_WORDS = new Set([
  'account',
  'acct',
  'konto',
  'kontonummer',
  'auftragskonto',
  'iban',
  'card',
  'karte',
  'kartennummer',
  'compte',
  'carte',
  'cuenta',
  'tarjeta',
  'rekening',
  'rekeningnummer',
]);

const words = (cell: string) =>
  cell
    .toLowerCase()
    .split(/[^\p{L}\d#]+/u)
    .filter(Boolean);

const namesAccount = (cell: string) => words(cell).some((word) => ACCOUNT_WORDS.has(word));

/**
 * Words of a column that names the other party of each row (payee, partner, beneficiary):
 * its account or IBAN is theirs, not the statement's.
 */
const COUNTERPARTY =
  /payee|partner|counterparty|beneficiar|recipient|receiver|sender|other party|empfänger|auftraggeber|zahlungspflichtiger|gegenkonto|bénéficiaire|destinataire|émetteur|contrepartie|tercero|ordenante|destinatario|remitente/i;

/** Headers that name the statement's own account or card even beside a counterparty's column. */
const OWN_ACCOUNT = /auftragskonto|own account|my account|card used|card no|card number|kartennummer|numéro de carte|número de tarjeta/i;

/** The account a value names: a valid IBAN in it, else a number or a masked one (four digits at least). */
const accountOfValue = (value: string): { last4: string; identifier?: AccountFacts['identifiers'][number] } | undefined => {
  if (isDate(value.trim())) return undefined;
  const [iban] = ibansIn(value);
  if (iban) return { last4: iban.slice(-4), identifier: { kind: 'iban', value: iban } };
  const number = numberOf(value.replace(/^[^\dXx*•·.#]+/, ''));
  if (number) return number;
  const id = lettered(value);
  if (id) return id;
  const digits = value.replace(/\D/g, '');
  return digits.length >= 4 ? { last4: digits.slice(-4) } : undefined;
};
const lineEndingOf = (text: string): CsvFacts['lineEnding'] => {
  const match = /\r\n|\n|\r/.exec(text);
  return match?.[0] === '\r\n' ? 'CRLF' : match?.[0] === '\r' ? 'CR' : 'LF';
};

/** The longest run of blanks (spaces, tabs; not line breaks) passed to Papa Parse in a text with quotes. */
const BLANK_RUN = 64;
const LONG_BLANK_RUNS = new RegExp(`[^\\S\\r\\n]{${BLANK_RUN + 1},}`, 'g');

/**
 * A CSV text's rows, cells trimmed and empty lines left out, with the delimiter used (the
 * one given, else the one guessed) and Papa Parse's errors (an unclosed quote at the end is
 * `MissingQuotes`: text cut inside a quoted field).
 *
 * Papa Parse (5.7.1) trims the text from each malformed quote of a quoted field to the next
 * delimiter, so a field of many stray quotes before a long run of blanks takes time in the
 * square of its length (256 KB, 5 s). In a text with quotes, runs of blanks are cut to
 * BLANK_RUN first: cells are trimmed and descriptions spaced as one anyway, and no table
 * has that many empty tab-separated cells in a row.
 */
export const parse = (text: string, delimiter?: string) => {
  const input = text.includes('"') ? text.replace(LONG_BLANK_RUNS, (run) => run.slice(0, BLANK_RUN)) : text;
  const result = Papa.parse<string[]>(input, {
    delimiter: delimiter ?? '',
    delimitersToGuess: DELIMITERS,
    skipEmptyLines: 'greedy',
  });
  return { rows: result.data.map((row) => row.map((cell) => cell.trim())), delimiter: result.meta.delimiter, errors: result.errors };
};

/** Whether a cell is a date, as a date column's cells are. */
export const isDate = (cell: string) => readDateColumn([cell]).dates.length > 0;

/** Preambles (account, period, balance lines) are short; the table starts within this many rows. */
const PREAMBLE_ROWS = 50;

/**
 * Where the table starts. Exports put key-value lines before it, and the table runs to the
 * end: its first row of data is the latest row whose width the most dated rows from it on
 * share (within one field: a trailing delimiter, an empty last cell). The row before it is
 * the header if it has that width too and no date or number in it.
 */
export const findTable = (rows: string[][]): { start: number; header?: string[] } => {
  const dated = rows.map((row) => row.some(isDate));
  let best = { start: rows.length, score: 0 };
  for (let index = 0; index < Math.min(rows.length, PREAMBLE_ROWS); index++) {
    const columns = rows[index].length;
    if (columns < 2) continue;
    let score = 0;
    for (let later = index; later < rows.length; later++) {
      tick();
      if (dated[later] && Math.abs(rows[later].length - columns) <= 1) score++;
    }
    if (score > 0 && score >= best.score) best = { start: index, score };
  }
  const before = rows[best.start - 1];
  const isHeader =
    before !== undefined &&
    Math.abs(before.length - (rows[best.start]?.length ?? 0)) <= 1 &&
    before.every((cell) => cell === '' || (!/^[-+]?[\d.,' ]+$/.test(cell) && !isDate(cell)));
  return isHeader ? { start: best.start, header: before } : { start: best.start };
};

/** The date column a statement is dated by: by its header where it has one, else the first whose values are dates. */
export const dateColumn = (data: string[][], header: string[] | undefined): { index: number; dates: CalendarDate[] } | undefined => {
  const columns = Math.max(0, ...data.map((row) => row.length));
  const dated = Array.from({ length: columns }, (_, index) => ({ index, ...readDateColumn(data.map((row) => row[index] ?? '')) })).filter(
    ({ dates }) => dates.length >= Math.max(1, data.length * 0.6),
  );
  if (dated.length === 0) return undefined;
  if (header) {
    for (const pattern of DATE_HEADERS) {
      const named = dated.find(({ index }) => pattern.test((header[index] ?? '').toLowerCase()));
      if (named) return named;
    }
  }
  return dated[0];
};

/** Facts from a value read as the account, and where it was read. */
const factsOf = (value: string, from: string, words: string, currency?: string): AccountFacts | undefined => {
  const account = accountOfValue(value);
  if (!account) return undefined;
  const kind = kindFromWords(words);
  return {
    last4: account.last4,
    identifiers: account.identifier ? [account.identifier] : [],
    ...(kind ? { kind } : {}),
    ...(currency ? { currency } : {}),
    from,
  };
};

/** The account a table's columns say, or the several it holds (a card column with two cards). */
type ColumnAccount = { account: AccountFacts } | { several: string[]; from: string };

/**
 * The statement's own account: a column named for it whose values are one account in
 * (nearly) every row. A column beside a counterparty's (payee, partner) names the other
 * party's account unless its header says it is the holder's own; a column of several
 * accounts in turn is a file of several cards or accounts, and says so.
 */
const accountColumn = (data: string[][], header: string[], currency: string | undefined): ColumnAccount | undefined => {
  const hasCounterparty = header.some((name) => COUNTERPARTY.test(name));
  for (const [index, name] of header.entries()) {
    if (!namesAccount(name) || COUNTERPARTY.test(name) || (hasCounterparty && !OWN_ACCOUNT.test(name))) continue;
    const values = data.map((row) => row[index] ?? '').filter(Boolean);
    if (values.length === 0) continue;
    const counts = new Map<string, number>();
    for (const value of values) {
      const last4 = accountOfValue(value)?.last4;
      if (last4) counts.set(last4, (counts.get(last4) ?? 0) + 1);
    }
    const ranked = [...counts].sort((a, b) => b[1] - a[1]);
    if (ranked.length === 0) continue;
    const from = `its "${name}" column`;
    // Every row the statement's: a value in nearly all of them, and the same one.
    if (ranked[0][1] >= data.length * 0.8) {
      const value = values.find((candidate) => accountOfValue(candidate)?.last4 === ranked[0][0])!;
      const account = factsOf(value, from, name, currency);
      if (account) return { account };
    }
    if (ranked.length > 1 && values.length >= data.length * 0.8) return { several: ranked.map(([last4]) => last4), from };
  }
  return undefined;
};

/** An account named in the lines before the table: "IBAN;DE89 …", "Kontonummer:;DE27 … / Girokonto", "Compte … n° 123…". */
const accountInPreamble = (preamble: string[][], currency: string | undefined): AccountFacts | undefined => {
  for (const row of preamble) {
    for (const [index, cell] of row.entries()) {
      if (!namesAccount(cell) || COUNTERPARTY.test(cell)) continue;
      // Quoted with its account number masked: the words are kept, and shown in a waiting file's reason.
      const from = `the line "${maskIdentifiers(row.filter(Boolean).join(' ')).slice(0, 40)}"`;
      const line = row.join(' ');
      const value = [cell.replace(/^[^:]*:/, ''), ...row.slice(index + 1)].find((candidate) => accountOfValue(candidate));
      const account = value && factsOf(value, from, line, currency ?? currencyInPreamble(preamble));
      if (account) return account;
    }
  }
  return undefined;
};

/** A currency the lines before the table name ("Währung;EUR", "Currency: GBP"). */
const currencyInPreamble = (preamble: string[][]): string | undefined => {
  for (const row of preamble)
    for (const [index, cell] of row.entries())
      if (/currency|währung|devise|moneda|divisa/i.test(cell)) {
        const code =
          currencyOf(cell.replace(/^[^:]*:/, '')) ??
          row
            .slice(index + 1)
            .map(currencyOf)
            .find(Boolean);
        if (code) return code;
      }
  return undefined;
};

/** The currency of a table: an amount column's header ("Amount (EUR)"), or a currency column with one value throughout. */
const tableCurrency = (data: string[][], header: string[] | undefined): string | undefined => {
  if (!header) return undefined;
  const named = header
    .filter((name) => /amount|betrag|montant|importe|debit|credit|soll|haben/i.test(name))
    .map(currencyInHeader)
    .find(Boolean);
  if (named) return named;
  const index = header.findIndex((name) => /^(?:currency|währung|devise|moneda|divisa|ccy)$/i.test(name.trim()));
  if (index === -1) return undefined;
  const codes = new Set(data.map((row) => currencyOf(row[index])).filter(Boolean));
  return codes.size === 1 ? [...codes][0] : undefined;
};

/** What a table of a statement says (a CSV's rows, or a spreadsheet's first sheet). */
export interface TableFacts {
  /** Rows of the table read. */
  rows: number;
  period?: string;
  /** Where the period came from, in words. */
  periodFrom?: string;
  account?: AccountFacts;
  /** The accounts or cards a table holds rows of, when it holds several (their last four digits), and where that was read. */
  several?: { last4s: string[]; from: string };
}

/**
 * Reads a statement's table: its rows as read (any preamble first), and rows from later in
 * the file (`laterRows`, a large file's last part), which count if they have the table's width.
 */
export const readTable = (rows: string[][], laterRows: string[][] = []): TableFacts => {
  const { start, header } = findTable(rows);
  const columns = (header ?? rows[start] ?? []).length;
  const inTable = (row: string[]) => Math.abs(row.length - columns) <= 1;
  const data = [...rows.slice(start), ...laterRows].filter(inTable);
  const facts: TableFacts = { rows: data.length };
  const dates = dateColumn(data, header);
  const period = dates && mostCommonPeriod(dates.dates);
  if (dates && period) {
    facts.period = period;
    facts.periodFrom = header?.[dates.index] ? `the dates in its "${header[dates.index]}" column` : 'the dates in its rows';
  }
  const preamble = rows.slice(0, header ? start - 1 : start);
  const currency = tableCurrency(data, header) ?? currencyInPreamble(preamble);
  const column = header && accountColumn(data, header, currency);
  if (column && 'several' in column) facts.several = { last4s: column.several, from: column.from };
  const account = column && 'account' in column ? column.account : column ? undefined : accountInPreamble(preamble, currency);
  if (account) facts.account = account;
  return facts;
};

/**
 * Reads a CSV export's text: the whole file, or its first part (`head`) and last part
 * (`tail`, from anywhere after the head), whose cut lines are left out.
 */
export const readCsv = (input: { head: string; tail?: string; complete: boolean }): CsvFacts => {
  const headText = input.complete ? input.head : input.head.slice(0, Math.max(input.head.lastIndexOf('\n'), input.head.lastIndexOf('\r')));
  const parsed = parse(headText);
  const tailRows = !input.complete && input.tail ? parse(input.tail.slice(input.tail.search(/\r\n|\n|\r/) + 1), parsed.delimiter).rows : [];
  return { delimiter: parsed.delimiter, lineEnding: lineEndingOf(input.head), ...readTable(parsed.rows, tailRows) };
};
