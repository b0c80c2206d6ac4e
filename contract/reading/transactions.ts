import { dateColumn, findTable, isDate, parse } from './csv';
import { iso, readDateColumn, readingsOf, type CalendarDate, type DateOrder } from './dates';
import { tick } from './deadline';
import { ofxDate, values } from './ofx';
import { ofxAggregates } from './ofx-tags';
import { parseAmount } from './amounts';

export { parseAmount } from './amounts';

/**
 * A statement's transactions as a table to show: from a CSV export's text, a workbook's
 * first sheet, or an OFX/QFX file. Pure (no DOM, no Node APIs), and it only ever produces
 * plain strings: a cell holding markup or a spreadsheet formula comes through as the text
 * it is, for the interface to render as text.
 *
 * Which column is which is read from the header's words (English, German, French, Spanish,
 * Dutch and Italian), and where a table has no header, or a header without those words,
 * from the values: the date column the filing rules find, the first column of amounts, the
 * longest text, and a running balance that the amounts add up to.
 */
export interface Transaction {
  /** The date as the file writes it. */
  date: string;
  /** The date as YYYY-MM-DD, where it reads as one. */
  isoDate?: string;
  /** Who and what for, as the file says (runs of whitespace as one space). */
  description: string;
  /** The amount as the file writes it ("-12.50", "1.234,56"); money out from a debit column gets a leading "-". */
  amount: string;
  /** The amount as a number: negative is money out. */
  value?: number;
  /** The balance after the transaction, as the file writes it. */
  balance?: string;
}

export interface TransactionTable {
  /** Which columns the file has. */
  columns: { date: boolean; description: true; amount: boolean; balance: boolean };
  rows: Transaction[];
  /** Rows of the file not understood as transactions (a preamble, a totals line, a row without an amount): skipped, counted. */
  skipped: number;
}

// ---------------------------------------------------------------------------------------
// Amounts

/** The decimal separator a column of amounts shows where a value decides it ("1.234,56", "12,5"), if any. */
const decimalOf = (cells: readonly string[]): '.' | ',' | undefined => {
  let dots = 0;
  let commas = 0;
  for (const cell of cells) {
    const match = /[.,](\d{1,2}|\d{4,})(?:\D*)$/.exec(cell.trim());
    if (match?.[0][0] === '.') dots++;
    else if (match?.[0][0] === ',') commas++;
  }
  return dots === 0 && commas === 0 ? undefined : dots >= commas ? '.' : ',';
};

// ---------------------------------------------------------------------------------------
// Header words

/**
 * A header cell as words: camel case split ("RunningBalance" is "running balance", as Schwab
 * writes it), lower case, accents and parentheses removed, currencies left out ("Betrag (EUR)" is "betrag").
 */
const headerKey = (cell: string) =>
  cell
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    // Innermost parentheses: `[^)]*` would read on from every "(" of a header that never closes one.
    .replace(/\([^()]*\)/g, ' ')
    .split(/[^\p{L}\d]+/u)
    .filter((word) => word && !CURRENCY_WORDS.has(word))
    .join(' ');

const CURRENCY_WORDS = new Set(['eur', 'euro', 'euros', 'usd', 'gbp', 'chf', 'aud', 'cad', 'nzd', 'sek', 'nok', 'dkk', 'pln', 'czk']);

/** Alternatives as one whole-key pattern. */
const exactly = (...words: string[]) => new RegExp(`^(?:${words.join('|')})$`);

/** A single amount column, best first: the exact words, then a key starting or ending with them ("Betrag in", "Transaction amount"). */
const AMOUNT_EXACT = exactly('amount', 'amt', 'betrag', 'umsatz', 'montant', 'importe', 'bedrag', 'importo', 'transaction amount');
const AMOUNT_LOOSE = [
  /^(?:amount|betrag|umsatz|montant|importe|bedrag|importo)\b/,
  /\b(?:amount|betrag|umsatz|montant|importe|bedrag|importo)$/,
];
/** Money out and money in, as a pair of columns. */
const DEBIT = exactly(
  'debit',
  'debits',
  'debit amount',
  'amount debit',
  'withdrawal',
  'withdrawals',
  'withdrawal amount',
  'paid out',
  'money out',
  'out',
  'outflow',
  'soll',
  'belastung',
  'belastungen',
  'ausgang',
  'ausgaben',
  'debito',
  'cargo',
  'cargos',
  'dare',
  'af',
  'afschrijving',
  'afschrijvingen',
  'uitgaven',
  'addebiti',
  'uscite',
  'retrait',
  'retraits',
);
const CREDIT = exactly(
  'credit',
  'credits',
  'credit amount',
  'amount credit',
  'deposit',
  'deposits',
  'deposit amount',
  'paid in',
  'money in',
  'inflow',
  'haben',
  'gutschrift',
  'gutschriften',
  'eingang',
  'einnahmen',
  'credito',
  'abono',
  'abonos',
  'ingreso',
  'ingresos',
  'avere',
  'bij',
  'bijschrijving',
  'bijschrijvingen',
  'inkomsten',
  'accrediti',
  'entrate',
  'versement',
  'versements',
);
/** A column saying which way an unsigned amount goes ("Af Bij": "Af"/"Bij"; "Soll/Haben": "S"/"H"). */
const DIRECTION = exactly(
  'af bij',
  'bij af',
  'debit credit',
  'credit debit',
  'soll haben',
  's h',
  'dr cr',
  'cr dr',
  'credit debit indicator',
  'debit credit indicator',
);
/** A direction column's words for money out (an amount already negative stays as it is). */
const OUT_WORDS = new Set(['af', 'debit', 'debet', 'd', 'dr', 'db', 's', 'soll', 'out', '-']);

const BALANCE = [
  exactly(
    'balance',
    'running balance',
    'running bal',
    'bal',
    'saldo',
    'kontostand',
    'solde',
    'balance after',
    'ledger balance',
    'closing balance',
    'neuer saldo',
    'saldo nach buchung',
    'saldo na mutatie',
    'saldo contable',
    'saldo disponible',
  ),
  /^(?:balance|saldo|solde|kontostand)\b/,
  /\b(?:balance|saldo|solde|kontostand)$/,
];

/** Who was paid or paid: the counterparty's column. */
const PAYEE = [
  exactly(
    'payee',
    'payee name',
    'name',
    'partner name',
    'merchant',
    'merchant name',
    'counterparty',
    'counterparty name',
    'counter party',
    'beneficiary',
    'beneficiary name',
    'recipient',
    'recipient name',
    'payer payee',
    'payee payer',
  ),
  // German: "Beguenstigter/Zahlungspflichtiger" (Sparkasse), "Auftraggeber / Begünstigter" (DKB), "Auftraggeber/Empfänger" (ING), "Zahlungsempfänger*in".
  /^(?:auftraggeber )?(?:beg(?:ue|u)nstigter|empf(?:ae|a)nger|zahlungsempf(?:ae|a)nger(?: in)?|zahlungspflichtige(?:r)?(?: r)?)(?: (?:zahlungspflichtiger|auftraggeber))?$/,
  exactly('auftraggeber', 'name zahlungsbeteiligter', 'zahlungsbeteiligter', 'gegenseite'),
  exactly('beneficiaire', 'tiers', 'nom', 'emetteur', 'beneficiario', 'ordenante', 'beneficiario ordenante', 'ordinante', 'controparte'),
  exactly('naam', 'naam omschrijving', 'tegenpartij', 'naam tegenpartij', 'naam tegenrekening'),
];

/** What a transaction was for, best first. */
const PURPOSE = [
  exactly(
    'description',
    'transaction description',
    'narrative',
    'particulars',
    'transactions',
    'memo',
    'transaction details',
    'verwendungszweck',
    'vorgang verwendungszweck',
    'beschreibung',
    'buchungsdetails',
    'libelle',
    'libelle operation',
    'libelle de l operation',
    'libelle simplifie',
    'libelle operations',
    'detail de l operation',
    'concepto',
    'descripcion',
    'concepto descripcion',
    'omschrijving',
    'mededelingen',
    'descrizione',
    'descrizione operazione',
    'causale',
  ),
  exactly('details', 'detail', 'text', 'transaction', 'observaciones', 'remarks', 'notes', 'informations complementaires'),
  exactly('reference', 'referencia', 'referenz', 'riferimento'),
];

/** What kind of transaction: shown only where a row names no one and no purpose. */
const KIND = [
  exactly(
    'buchungstext',
    'type',
    'transaction type',
    'subcategory',
    'category',
    'movimiento',
    'tipo',
    'tipo movimiento',
    'code',
    'mutatiesoort',
    'umsatzart',
    'vorgang',
    'buchungsart',
    'nature de l operation',
    'type operation',
    'details',
  ),
];

/** The first column whose header matches the patterns, trying each pattern on every column before the next. */
const named = (keys: readonly string[], patterns: readonly RegExp[], taken: ReadonlySet<number>): number | undefined => {
  for (const pattern of patterns) {
    const index = keys.findIndex((key, at) => !taken.has(at) && pattern.test(key));
    if (index >= 0) return index;
  }
  return undefined;
};

// ---------------------------------------------------------------------------------------
// Tables (CSV and sheets)

interface Layout {
  date?: { index: number; order?: DateOrder };
  payee?: number;
  purpose?: number;
  kind?: number;
  amount?: number;
  debit?: number;
  credit?: number;
  direction?: number;
  balance?: number;
  /** Decimal separators of the amount columns, by column. */
  decimals: Map<number, '.' | ','>;
}

const columnOf = (data: readonly string[][], index: number) => data.map((row) => row[index] ?? '');

/** Whether most of a column's filled cells are amounts (and not dates). */
const isAmountColumn = (cells: readonly string[]) => {
  const filled = cells.filter(Boolean);
  return filled.length > 0 && filled.filter((cell) => !isDate(cell) && parseAmount(cell) !== undefined).length >= filled.length * 0.6;
};

/** The share of a column's filled cells written with cents ("12.50", "1.234,56"), as money is. */
const centsShare = (cells: readonly string[]) => {
  const filled = cells.filter(Boolean);
  return filled.length === 0 ? 0 : filled.filter((cell) => /[.,]\d{2}\b/.test(cell)).length / filled.length;
};

/** A column that is text: filled, mostly neither amounts nor dates. */
const textLength = (cells: readonly string[]) => {
  const filled = cells.filter(Boolean);
  const texts = filled.filter((cell) => !isDate(cell) && parseAmount(cell) === undefined);
  if (texts.length === 0 || texts.length < filled.length * 0.6) return 0;
  return texts.reduce((sum, cell) => sum + cell.length, 0) / cells.length;
};

/**
 * A balance column without a header word: another column of amounts that moves by each
 * row's amount from one row to the next (rows listed oldest or newest first).
 */
const runningBalance = (data: readonly string[][], amount: number, candidates: number[]): number | undefined => {
  const amounts = data.map((row) => parseAmount(row[amount] ?? ''));
  return candidates.find((index) => {
    const balances = data.map((row) => parseAmount(row[index] ?? ''));
    let pairs = 0;
    let fits = 0;
    for (let at = 1; at < data.length; at++) {
      const [before, after] = [balances[at - 1], balances[at]];
      if (before === undefined || after === undefined) continue;
      pairs++;
      const step = Math.round((after - before) * 100);
      const near = (value: number | undefined) => value !== undefined && Math.abs(step - Math.round(value * 100)) <= 1;
      if (near(amounts[at]) || near(amounts[at - 1] === undefined ? undefined : -amounts[at - 1]!)) fits++;
    }
    return pairs > 0 && fits >= pairs * 0.8;
  });
};

/** Which column is which: by the header's words where there is a header, by the values for what they leave open. */
const layoutOf = (data: readonly string[][], header: string[] | undefined, defaultDecimal: '.' | ',' | undefined): Layout => {
  const width = data.reduce((widest, row) => Math.max(widest, row.length), header?.length ?? 0);
  const keys = Array.from({ length: width }, (_, index) => headerKey(header?.[index] ?? ''));
  const taken = new Set<number>();
  const take = (index: number | undefined) => {
    if (index !== undefined) taken.add(index);
    return index;
  };
  const layout: Layout = { decimals: new Map() };

  const dated = dateColumn([...data], header);
  if (dated) {
    layout.date = { index: dated.index, order: readDateColumn(columnOf(data, dated.index)).order };
    taken.add(dated.index);
  }
  if (header) {
    layout.amount = take(named(keys, [AMOUNT_EXACT], taken));
    if (layout.amount === undefined) {
      layout.debit = take(named(keys, [DEBIT], taken));
      layout.credit = take(named(keys, [CREDIT], taken));
      if (layout.debit === undefined && layout.credit === undefined) layout.amount = take(named(keys, AMOUNT_LOOSE, taken));
    }
    if (layout.amount !== undefined) layout.direction = take(named(keys, [DIRECTION], taken));
    layout.balance = take(named(keys, BALANCE, taken));
    layout.payee = take(named(keys, PAYEE, taken));
    layout.purpose = take(named(keys, PURPOSE, taken));
    layout.kind = take(named(keys, KIND, taken));
  }
  const free = Array.from({ length: width }, (_, index) => index).filter((index) => !taken.has(index));
  if (layout.amount === undefined && layout.debit === undefined && layout.credit === undefined) {
    const amounts = free.filter((index) => isAmountColumn(columnOf(data, index)));
    layout.amount = take(amounts.find((index) => centsShare(columnOf(data, index)) >= 0.5) ?? amounts[0]);
    if (layout.amount !== undefined && layout.balance === undefined && !header) {
      layout.balance = take(
        runningBalance(
          data,
          layout.amount,
          amounts.filter((index) => index !== layout.amount),
        ),
      );
    }
  }
  if (layout.payee === undefined && layout.purpose === undefined) {
    const lengths = free.filter((index) => !taken.has(index)).map((index) => [index, textLength(columnOf(data, index))] as const);
    const longest = lengths.filter(([, length]) => length > 0).sort((a, b) => b[1] - a[1])[0];
    layout.purpose = take(longest?.[0]);
  }
  for (const index of [layout.amount, layout.debit, layout.credit]) {
    if (index === undefined) continue;
    const decimal = decimalOf(columnOf(data, index)) ?? defaultDecimal;
    if (decimal) layout.decimals.set(index, decimal);
  }
  return layout;
};

/** A date cell as a calendar date: in its column's order, else the one reading it has. */
const dateOf = (cell: string, order: DateOrder | undefined): CalendarDate | undefined => {
  const readings = readingsOf(cell);
  const only = Object.values(readings);
  return (order && readings[order]) ?? (only.length === 1 ? only[0] : undefined);
};

const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Two texts as one description: the longer where one holds the other ("TESCO" and "TESCO STORES 2041"), else both. */
const joinTexts = (first: string, second: string): string => {
  const [a, b] = [tidy(first), tidy(second)];
  if (!/[\p{L}\d]/u.test(b)) return a;
  if (!/[\p{L}\d]/u.test(a)) return b;
  if (b.toLowerCase().includes(a.toLowerCase())) return b;
  if (a.toLowerCase().includes(b.toLowerCase())) return a;
  return `${a} · ${b}`;
};

/** The amount of a row, as written and as a number, from its amount column or its debit and credit columns. */
const amountOf = (row: readonly string[], layout: Layout): { amount: string; value?: number } | undefined => {
  const cell = (index: number | undefined) => (index === undefined ? '' : (row[index] ?? ''));
  if (layout.amount !== undefined) {
    const amount = cell(layout.amount);
    const value = parseAmount(amount, layout.decimals.get(layout.amount));
    if (value === undefined) return undefined;
    const direction = cell(layout.direction).toLowerCase();
    return value > 0 && OUT_WORDS.has(direction) ? { amount: `-${amount}`, value: -value } : { amount, value };
  }
  const debit = cell(layout.debit);
  const debitValue = parseAmount(debit, layout.debit === undefined ? undefined : layout.decimals.get(layout.debit));
  if (debitValue !== undefined && debitValue !== 0) {
    return debitValue > 0 ? { amount: `-${debit}`, value: -debitValue } : { amount: debit, value: debitValue };
  }
  const credit = cell(layout.credit);
  const creditValue = parseAmount(credit, layout.credit === undefined ? undefined : layout.decimals.get(layout.credit));
  if (creditValue !== undefined) return { amount: credit, value: creditValue };
  // Zero in the debit column and nothing in the credit column.
  return debitValue === 0 ? { amount: debit, value: 0 } : undefined;
};

/** Preambles are short: a table of transactions starts within this many rows (as the filing rules' tables do). */
const PREAMBLE_ROWS = 50;

/** The transactions of the table found in the rows from `from` on. */
const tableFrom = (rows: string[][], from: number, defaultDecimal: '.' | ',' | undefined) => {
  const found = findTable(rows.slice(from));
  const start = from + found.start;
  // Rows without a table (none of two cells with a date) have no header either.
  const header = start < rows.length ? found.header : undefined;
  const columns = (header ?? rows[start] ?? []).length;
  const inTable = (row: string[]) => Math.abs(row.length - columns) <= 1;
  const layout = layoutOf(rows.slice(start).filter(inTable), header, defaultDecimal);
  const hasAmount = layout.amount !== undefined || layout.debit !== undefined || layout.credit !== undefined;
  const transactions: Transaction[] = [];
  for (const row of hasAmount ? rows.slice(start) : []) {
    tick();
    if (!inTable(row)) continue;
    const cell = (index: number | undefined) => (index === undefined ? '' : (row[index] ?? ''));
    const date = cell(layout.date?.index);
    const calendar = layout.date ? dateOf(date, layout.date.order) : undefined;
    if (layout.date && !calendar) continue;
    const money = amountOf(row, layout);
    if (!money) continue;
    const description = joinTexts(cell(layout.payee), cell(layout.purpose)) || tidy(cell(layout.kind));
    const balance = cell(layout.balance);
    transactions.push({
      date,
      ...(calendar ? { isoDate: iso(calendar) } : {}),
      description,
      ...money,
      ...(layout.balance !== undefined && balance ? { balance } : {}),
    });
  }
  const table: TransactionTable = {
    columns: { date: layout.date !== undefined, description: true, amount: hasAmount, balance: layout.balance !== undefined },
    rows: transactions,
    skipped: rows.length - (header ? 1 : 0) - transactions.length,
  };
  return { start, table };
};

/**
 * A table's transactions from its rows as read (cells trimmed, empty rows left out). Where
 * the table found holds no amounts, it was a dated preamble ("Von:;01.01.2024" in the first
 * part of a file, before more dated rows of the real table were read): the table is looked
 * for after it.
 */
const tableTransactions = (all: string[][], defaultDecimal?: '.' | ','): TransactionTable => {
  const rows = all.filter((row) => row.some(Boolean));
  const holdsAmounts = ({ table }: { table: TransactionTable }) => table.columns.amount && table.rows.length > 0;
  const first = tableFrom(rows, 0, defaultDecimal);
  let found = first;
  while (!holdsAmounts(found) && found.start + 1 < Math.min(rows.length, PREAMBLE_ROWS))
    found = tableFrom(rows, found.start + 1, defaultDecimal);
  return holdsAmounts(found) ? found.table : first.table;
};

/** The text up to its last line break: the lines a cut text holds whole. */
const wholeLines = (text: string) => text.slice(0, Math.max(0, text.lastIndexOf('\n'), text.lastIndexOf('\r')));

/**
 * The transactions of a CSV export's text. `complete`: the text is the whole file;
 * otherwise it is the file's first part, whose cut last line (or cut quoted field) is left
 * out, so the rows are the first rows of the whole file's.
 */
export const csvTransactions = (text: string, complete: boolean): TransactionTable => {
  const parsed = parse(complete ? text : wholeLines(text));
  const rows = parsed.rows;
  // A cut inside a quoted field leaves its quote open: that last row is not whole.
  if (!complete && parsed.errors.some((error) => error.code === 'MissingQuotes')) rows.pop();
  return tableTransactions(rows);
};

/**
 * The transactions of a workbook's first sheet, its cells as text (numbers as JavaScript
 * writes them, dates as YYYY-MM-DD; see the web app's `cellText`).
 */
export const sheetTransactions = (rows: string[][]): TransactionTable =>
  tableTransactions(
    rows.map((row) => row.map((cell) => cell.trim())),
    '.',
  );

// ---------------------------------------------------------------------------------------
// OFX and QFX

/** Banking transactions (STMTTRN, also inside an investment statement's INVBANKTRAN) and investment transactions, in file order. */
const INVESTMENT_KINDS: Record<string, string> = {
  BUYDEBT: 'Buy debt',
  BUYMF: 'Buy mutual fund',
  BUYOPT: 'Buy option',
  BUYOTHER: 'Buy',
  BUYSTOCK: 'Buy stock',
  CLOSUREOPT: 'Option closure',
  INCOME: 'Income',
  INVEXPENSE: 'Investment expense',
  JRNLFUND: 'Journal (cash)',
  JRNLSEC: 'Journal (security)',
  MARGININTEREST: 'Margin interest',
  REINVEST: 'Reinvestment',
  RETOFCAP: 'Return of capital',
  SELLDEBT: 'Sell debt',
  SELLMF: 'Sell mutual fund',
  SELLOPT: 'Sell option',
  SELLOTHER: 'Sell',
  SELLSTOCK: 'Sell stock',
  SPLIT: 'Split',
  TRANSFER: 'Transfer',
};
const OFX_TRANSACTIONS = ['STMTTRN', ...Object.keys(INVESTMENT_KINDS)];

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Character references as the characters they stand for: the text is shown as text, never as markup. */
const unescape = (text: string) =>
  text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

/**
 * The content of the first CDATA section that opens an element of this name in a block and
 * closes in it. Where the first such section never closes none after it does: the block is
 * searched once for its end, not again from each later one.
 */
const cdataOf = (block: string, tag: string): string | undefined => {
  for (const match of block.matchAll(new RegExp(`<${tag}>\\s*<!\\[CDATA\\[`, 'gi'))) {
    const from = match.index + match[0].length;
    const end = block.indexOf(']]>', from);
    return end === -1 ? undefined : block.slice(from, end);
  }
  return undefined;
};

/** An element's text in a block: version 1's unclosed value, version 2's, or a CDATA section's. */
const field = (block: string, tag: string): string => {
  const cdata = cdataOf(block, tag);
  return unescape(cdata !== undefined ? cdata.trim() : (values(block, tag)[0] ?? ''));
};

/** OFX amounts: a sign, digits, and a period or comma as the decimal separator (never grouping). */
const ofxAmount = (text: string): number | undefined => {
  if (!/^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/.test(text)) return undefined;
  const value = Number(text.replace(',', '.'));
  return Number.isFinite(value) ? value : undefined;
};

/**
 * The transactions of an OFX or QFX file's text (version 1's SGML, version 2's XML): each
 * STMTTRN's posting date, NAME (with its MEMO where that adds something) and TRNAMT, in
 * banking, card and investment statements alike; and an investment statement's trades and
 * income, by their trade date, MEMO, security and TOTAL (a transfer or split of shares,
 * which moves no money, is skipped). Text cut anywhere gives the transactions it holds
 * whole.
 */
export const ofxTransactions = (text: string): TransactionTable => {
  const rows: Transaction[] = [];
  let skipped = 0;
  for (const { name: tag, from, to } of ofxAggregates(text, { transactions: OFX_TRANSACTIONS }).transactions) {
    tick();
    const block = text.slice(from, to);
    const banking = tag === 'STMTTRN';
    const amount = field(block, banking ? 'TRNAMT' : 'TOTAL');
    const value = ofxAmount(amount);
    if (value === undefined) {
      skipped++;
      continue;
    }
    const date = field(block, banking ? 'DTPOSTED' : 'DTTRADE');
    const calendar = ofxDate(date);
    let description: string;
    if (banking) {
      const checkNumber = field(block, 'CHECKNUM');
      description =
        joinTexts(field(block, 'NAME'), field(block, 'MEMO')) || (checkNumber ? `Check ${checkNumber}` : tidy(field(block, 'TRNTYPE')));
    } else {
      const security = [field(block, 'UNIQUEIDTYPE'), field(block, 'UNIQUEID')].filter(Boolean).join(' ');
      description = [tidy(field(block, 'MEMO')) || INVESTMENT_KINDS[tag], security].filter(Boolean).join(' · ');
    }
    rows.push({ date, ...(calendar ? { isoDate: iso(calendar) } : {}), description, amount, value });
  }
  return { columns: { date: true, description: true, amount: true, balance: false }, rows, skipped };
};
