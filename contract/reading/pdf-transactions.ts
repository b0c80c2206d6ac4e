import { amountsIn, type FoundAmount } from './amounts';
import { BALANCE_ON, CLOSING, OPENING, OWED } from './balance-phrases';
import { monthFromName } from './dates';
import { tick } from './deadline';

/**
 * A PDF statement's transactions, read from its pages' layout text (`layoutText`): a table
 * found by its header row (a date column, one or two amount columns, perhaps a balance), each
 * later row's figures given to the header cell their columns overlap most. Pure.
 */

/** One row of a statement's table: a transaction, or a balance the table prints. */
export interface PdfTableRow {
  /** A transaction, the balance the table opens with, one carried from the page before, or its closing one. */
  kind: 'transaction' | 'opening' | 'carried' | 'closing';
  /** The day as YYYY-MM-DD, where the row's date and the statement's span settle it. */
  day?: string;
  /** The date as printed. */
  date?: string;
  description: string;
  /** The amount in cents: money out negative (for a card, money spent positive, as its balance is what is owed). */
  cents?: number;
  /** The running balance after the row, in cents, where printed. */
  balance?: number;
  /** Page (1-based) and line (1-based) of the row. */
  page: number;
  line: number;
}

/** What a statement's pages hold as a transactions table. */
export interface PdfTransactionTable {
  /** Whether a table's header row was found. */
  found: boolean;
  rows: PdfTableRow[];
  /** Why the table was read only in part (a row whose figures fit no column, a page of rows without a header). */
  partly?: string;
  /** Its amounts stand in one column (signed as printed), not in a debit and a credit column. */
  oneColumn?: boolean;
}

type Role = 'date' | 'debit' | 'credit' | 'amount' | 'balance' | 'text';

interface Cell {
  role: Role;
  start: number;
  end: number;
}

/** Header words, compared whole, lower-case, without a currency in brackets ("Amount (SGD)", "Débit (€)"). */
const HEADINGS: Record<Exclude<Role, 'text'>, RegExp> = {
  date: /^(?:date|dates|datum|buchungstag|buchungsdatum|buchung|fecha|fecha operaci[oó]n|valuta|boekdatum|transaction date|trans(?:\.|action)? date|posting date|post date|date op[ée]ration)$/u,
  debit:
    /^(?:paid out|money out|out|debit|debits|withdrawals?|d[ée]bit|d[ée]bits|soll|belastung|belastungen|lastschrift|cargo|cargos|debe|af)$/u,
  credit: /^(?:paid in|money in|in|credit|credits|deposits?|cr[ée]dit|cr[ée]dits|haben|gutschrift|gutschriften|abono|abonos|haber|bij)$/u,
  amount: /^(?:amount|betrag|umsatz|montant|importe|bedrag)$/u,
  balance: /^(?:balance|running balance|saldo|solde|kontostand)$/u,
};

const roleOf = (text: string): Role => {
  const words = text
    .toLowerCase()
    .replace(/\([^()]*\)/g, '')
    .replace(/[€$£]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  for (const [role, pattern] of Object.entries(HEADINGS)) if (pattern.test(words)) return role as Role;
  return 'text';
};

/** A line's cells: runs of text separated by two or more spaces, each with its columns. */
const cellsOf = (line: string): { text: string; start: number; end: number }[] =>
  [...line.matchAll(/\S+(?: \S+)*/g)].map((match) => ({ text: match[0], start: match.index, end: match.index + match[0].length }));

/** A header row: a date cell first, then amount columns (debit and credit, or one amount), perhaps a balance. */
const headerOf = (line: string): Cell[] | undefined => {
  const cells = cellsOf(line).map((cell) => ({ role: roleOf(cell.text), start: cell.start, end: cell.end }));
  if (cells.length < 3 || cells[0].role !== 'date') return undefined;
  const count = (role: Role) => cells.filter((cell) => cell.role === role).length;
  if (['debit', 'credit', 'amount', 'balance'].some((role) => count(role as Role) > 1)) return undefined;
  const paired = count('debit') + count('credit') > 0;
  if (paired === (count('amount') === 1)) return undefined;
  return cells;
};

/** A date at the start of a row: "15/01", "01.11.", "15/01/2024", "2024-01-15", "15 Jan", "Jan 15, 2024". */
const ROW_DATE = [
  /^(\d{4})-(\d{2})-(\d{2})(?=\s)/u,
  /^(\d{1,2})[./-](\d{1,2})(?:[./-](\d{4}|\d{2}))?\.?(?=\s)/u,
  /^(\d{1,2})\.?\s+(\p{L}{3,9})\.?(?:,?\s+(\d{4}))?(?=\s)/u,
  /^(\p{L}{3,9})\.?\s+(\d{1,2})(?:,?\s+(\d{4}))?(?=\s)/u,
];

interface PrintedDate {
  printed: string;
  /** [first, second] numbers of a numeric date (order unsettled), or a settled month and day. */
  numbers?: [number, number];
  month?: number;
  day?: number;
  year?: number;
}

const dateAtStart = (text: string): PrintedDate | undefined => {
  const [isoDate, numeric, dayName, nameDay] = ROW_DATE.map((pattern) => pattern.exec(text));
  if (isoDate) return { printed: isoDate[0], year: Number(isoDate[1]), month: Number(isoDate[2]), day: Number(isoDate[3]) };
  const yearOf = (printed?: string) =>
    printed === undefined ? undefined : printed.length === 2 ? 2000 + Number(printed) : Number(printed);
  if (numeric) return { printed: numeric[0], numbers: [Number(numeric[1]), Number(numeric[2])], year: yearOf(numeric[3]) };
  const named = dayName
    ? { month: monthFromName(dayName[2]), day: Number(dayName[1]), year: yearOf(dayName[3]), printed: dayName[0] }
    : undefined;
  if (named?.month) return named;
  const first = nameDay
    ? { month: monthFromName(nameDay[1]), day: Number(nameDay[2]), year: yearOf(nameDay[3]), printed: nameDay[0] }
    : undefined;
  return first?.month ? first : undefined;
};

/** Words that end a table: its totals line. */
const TOTALS = /^(?:totals?|summe|gesamt|total des op[ée]rations|totaux|totales|totaal)\b/iu;
/** A balance carried from one page to the next. */
const CARRIED = /(?<!\p{L})(?:übertrag|ubertrag|report|carried|brought|suma y sigue|transport)(?!\p{L})/iu;

/** The phrases without their global flag, made once: a test of each leaves no position behind. */
const once = (pattern: RegExp) => new RegExp(pattern.source, pattern.flags.replace('g', ''));
const [OPENS, CLOSES, DATED, OWES] = [OPENING, CLOSING, BALANCE_ON, OWED].map(once);
const matches = (pattern: RegExp, text: string) => pattern.test(text);

/** The header cell a figure's columns overlap most, else the one whose column it lies in. */
const cellFor = (cells: readonly Cell[], figure: FoundAmount): Cell | undefined => {
  let best: Cell | undefined;
  let most = 0;
  for (const cell of cells) {
    const overlap = Math.min(cell.end, figure.end) - Math.max(cell.start, figure.start);
    if (overlap > most) [best, most] = [cell, overlap];
  }
  if (best) return best;
  // Else the column it lies in: a table's headings, set left in their cells, begin their columns.
  return cells.filter((cell) => cell.start <= figure.start).at(-1);
};

/** A figure's value in cents: a debit column's is money out; a card's balance is what is owed, so its signs turn. */
const centsOf = (figure: FoundAmount, role: Role, card: boolean): number => {
  const mark = /\b(CR|DR)\.?$/i.exec(figure.printed)?.[1]?.toUpperCase();
  const size = Math.abs(figure.cents);
  if (role === 'debit') return card ? size : -size;
  if (role === 'credit') return card ? -size : size;
  if (card && mark) return mark === 'CR' ? -size : size;
  return figure.cents;
};

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayNumber = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) / 86_400_000;

/** A printed date's day, in the order given, its year from the statement's span where it prints none (within a week of it). */
const dayOf = (date: PrintedDate, order: 'dmy' | 'mdy' | undefined, span?: { from: string; to: string }): string | undefined => {
  const [month, day] = date.numbers
    ? order === 'dmy'
      ? [date.numbers[1], date.numbers[0]]
      : order === 'mdy'
        ? date.numbers
        : []
    : [date.month, date.day];
  if (!month || !day || month > 12 || day > 31) return undefined;
  const [from, to] = [ISO.exec(span?.from ?? ''), ISO.exec(span?.to ?? '')];
  let year = date.year;
  if (year === undefined && from && to) {
    const [low, high] = [dayNumber(+from[1], +from[2], +from[3]) - 7, dayNumber(+to[1], +to[2], +to[3]) + 7];
    year = [Number(from[1]), Number(to[1])].find((one) => {
      const at = dayNumber(one, month, day);
      return at >= low && at <= high;
    });
  }
  if (year === undefined) return undefined;
  const at = new Date(Date.UTC(year, month - 1, day));
  if (at.getUTCMonth() !== month - 1) return undefined;
  return at.toISOString().slice(0, 10);
};

/**
 * The transactions table of a statement's pages (each page's layout text), over every page
 * that repeats its header. `span`: the statement's first and last day (YYYY-MM-DD), for the
 * year of a row's date that prints none; `card`: the statement is a card's.
 */
export const pdfTransactions = (
  pages: readonly string[],
  options: { span?: { from: string; to: string }; card?: boolean } = {},
): PdfTransactionTable => {
  const card = options.card ?? false;
  const rows: (PdfTableRow & { printedDate?: PrintedDate })[] = [];
  let found = false;
  let oneColumn = false;
  let partly: string | undefined;
  let carriedOver: Cell[] | undefined;
  // Whether a transaction, and the opening balance, were read yet: kept as rows are read, not searched for on every line.
  let [started, opened] = [false, false];
  pages.forEach((text, pageIndex) => {
    // A page that ended on a balance carried to the next continues its table there, with or without its header.
    let cells: Cell[] | undefined = carriedOver;
    carriedOver = undefined;
    let last: (typeof rows)[number] | undefined;
    text.split('\n').forEach((line, lineIndex) => {
      tick();
      const header = headerOf(line);
      if (header) {
        cells = header;
        found = true;
        oneColumn = header.some((cell) => cell.role === 'amount');
        last = undefined;
        return;
      }
      const where = { page: pageIndex + 1, line: lineIndex + 1 };
      const leading = line.length - line.trimStart().length;
      const date = dateAtStart(line.trimStart());
      if (!cells) {
        // Rows of money on a page after the table began, without its header: their columns are not known.
        if (found && date && amountsIn(line).some((one) => one.money)) partly ??= `page ${where.page} has rows without the table's header`;
        return;
      }
      const description = cells.find((cell) => cell.role === 'text');
      if (TOTALS.test(line.trim())) {
        cells = undefined;
        return;
      }
      const firstAmount = Math.min(...cells.filter((cell) => cell.role !== 'date' && cell.role !== 'text').map((cell) => cell.start));
      const figures = amountsIn(line).filter((one) => one.money && one.end > firstAmount - 2);
      const placed: { role: Role; figure: FoundAmount }[] = [];
      for (const figure of figures) {
        const cell = cellFor(cells, figure);
        if (!cell || cell.role === 'date' || cell.role === 'text') {
          partly ??= `the figure ${figure.printed} on page ${where.page} fits no column`;
          return;
        }
        if (placed.some((one) => one.role === cell.role)) {
          partly ??= `two figures on one row of page ${where.page} fall in one column`;
          return;
        }
        placed.push({ role: cell.role, figure });
      }
      const cut = figures[0]?.start ?? line.length;
      const words = line
        .slice(date ? leading + date.printed.length : 0, cut)
        .replace(/\s+/g, ' ')
        .trim();
      const moved = placed.filter((one) => one.role !== 'balance');
      const balance = placed.find((one) => one.role === 'balance');
      const row = {
        ...(moved.length > 0 ? { cents: moved.reduce((sum, one) => sum + centsOf(one.figure, one.role, card), 0) } : {}),
        ...(balance ? { balance: centsOf(balance.figure, 'balance', card) } : {}),
      };
      const balanceRow = matches(OPENS, words) || matches(CLOSES, words) || matches(DATED, words) || matches(CARRIED, words);
      if (balanceRow && (date || leading <= (description?.start ?? 0) + 2)) {
        if (row.balance === undefined && row.cents === undefined) return;
        // A balance its words say is owed ("Nouveau solde débiteur") is negative, as the summary's is.
        const printed = (row.balance ?? row.cents)!;
        const value = !card && matches(OWES, words) ? -Math.abs(printed) : printed;
        const kind: PdfTableRow['kind'] = !started && !opened ? 'opening' : matches(CARRIED, words) || !started ? 'carried' : 'closing';
        rows.push({ kind, description: words, balance: value, ...where, ...(date ? { date: date.printed, printedDate: date } : {}) });
        last = undefined;
        carriedOver = kind === 'carried' ? cells : undefined;
        if (kind === 'opening') opened = true;
        return;
      }
      if (date) {
        if (moved.length === 0) {
          partly ??= `a row of page ${where.page} has no amount`;
          return;
        }
        last = { kind: 'transaction', date: date.printed, printedDate: date, description: words, ...row, ...where };
        rows.push(last);
        started = true;
        carriedOver = undefined;
        return;
      }
      if (placed.length > 0) {
        // A row's figures on the line below its date: theirs, where the row has none yet.
        if (last && last.cents === undefined && moved.length > 0) Object.assign(last, row);
        else partly ??= `a line of page ${where.page} holds figures but no date`;
        return;
      }
      // A description over several lines: the words under the row's description.
      if (last && description && words && Math.abs(leading - description.start) <= 2) last.description = `${last.description} ${words}`;
      else last = undefined;
    });
  });
  // Day-first or month-first, settled by the table's dates as a whole: a first number above 12 is a day, a second one a month.
  const numbers = rows.flatMap((row) => (row.printedDate?.numbers ? [row.printedDate.numbers] : []));
  const dayFirst = numbers.some(([first]) => first > 12);
  const monthFirst = numbers.some(([, second]) => second > 12);
  const order = dayFirst === monthFirst ? (numbers.length === 0 ? undefined : spanOrder(rows, options.span)) : dayFirst ? 'dmy' : 'mdy';
  return {
    found,
    rows: rows.map(({ printedDate, ...row }) => {
      const day = printedDate ? dayOf(printedDate, order, options.span) : undefined;
      return { ...row, ...(day ? { day } : {}) };
    }),
    ...(partly ? { partly } : {}),
    ...(oneColumn ? { oneColumn } : {}),
  };
};

/** Where every date reads both ways: the order under which all of them fall in the statement's span, if only one does. */
const spanOrder = (rows: readonly { printedDate?: PrintedDate }[], span?: { from: string; to: string }): 'dmy' | 'mdy' | undefined => {
  if (!span) return undefined;
  const fits = (['dmy', 'mdy'] as const).filter((order) =>
    rows.every((row) => {
      if (!row.printedDate?.numbers) return true;
      const day = dayOf(row.printedDate, order, span);
      return day !== undefined && day >= span.from && day <= span.to;
    }),
  );
  return fits.length === 1 ? fits[0] : undefined;
};
