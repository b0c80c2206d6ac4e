import type { StatementBalances as StoredBalances } from '../graphql-schema.generated';
import { iso, readingsOf, type CalendarDate } from './dates';
import { ofxDate, values } from './ofx';
import { ofxAggregates } from './ofx-tags';
import { readStatementText } from './statement-text';
import { parseAmount } from './amounts';
import { BALANCE_ON, CLOSING, CLOSING_OWED_OR_NEW, OPENING, OWED } from './balance-phrases';
import { amountOf, LabelIndex, labelsIn, PageLines, type Label, type LabelledAmount } from './labelled-amounts';
import { compactColumns } from './layout';
import type { TransactionTable } from './transactions';
import { tick } from './deadline';
import { pdfTransactions } from './pdf-transactions';
import { checkArithmetic, FIRST_PART_ONLY, pdfArithmetic, storedArithmetic } from './statement-arithmetic';

/**
 * What a statement says of its span and its money: the first and last day it covers, its
 * opening and closing balance, each where the file says it, and in words what could not
 * be read and why. Pure, like the rest of the reading: the chain of an account's
 * statements is checked from these.
 */
export type StatementBalances = Omit<StoredBalances, 'entered'>;

/** Money to the cent: sums of amounts in binary floating point drift below it. */
const cents = (value: number): number => Math.round(value * 100) / 100;

const dateOf = (value: string | undefined): CalendarDate | undefined => (value ? ofxDate(value) : undefined);

/** The aggregates read: the transaction lists and the ledger balance (both versions close aggregates). */
const AGGREGATES = { banking: ['BANKTRANLIST'], investing: ['INVTRANLIST'], ledger: ['LEDGERBAL'] } as const;

/**
 * An OFX or QFX statement: its transaction list's DTSTART and DTEND, LEDGERBAL's BALAMT as
 * the closing balance (as of DTASOF), and the opening balance as the closing balance less
 * every transaction of the list, only where the balance is as of the list's last day (a
 * balance as of another day leaves out, or takes in, transactions the list does not hold).
 */
export const ofxBalances = (text: string): StatementBalances => {
  const unread: string[] = [];
  const aggregates = ofxAggregates(text, AGGREGATES);
  // The text of the first block of an aggregate.
  const block = (name: keyof typeof AGGREGATES) => {
    const [first] = aggregates[name];
    return first && text.slice(first.from, first.to);
  };
  const list = block('banking') ?? block('investing');
  const from = dateOf(list && values(list, 'DTSTART')[0]);
  const to = dateOf(list && values(list, 'DTEND')[0]);
  if (!from || !to) unread.push('The file does not say which days its transactions cover.');
  const ledger = block('ledger');
  const amount = ledger ? values(ledger, 'BALAMT')[0] : undefined;
  const closing = amount !== undefined && /^[+-]?\d+(?:[.,]\d+)?$/.test(amount) ? Number(amount.replace(',', '.')) : undefined;
  const asOf = dateOf(ledger && values(ledger, 'DTASOF')[0]);
  const currency = values(text, 'CURDEF')[0];
  let opening: number | undefined;
  if (closing === undefined) unread.push('The file gives no closing balance (LEDGERBAL).');
  else if (!to || !asOf || iso(asOf) !== iso(to))
    unread.push(
      `Its balance is as of ${asOf ? iso(asOf) : 'a day it does not say'}, not its transactions' last day${to ? ` (${iso(to)})` : ''}: the opening balance is not read.`,
    );
  else {
    const amounts = (list ? values(list, 'TRNAMT') : []).map((one) => Number(one.replace(',', '.')));
    if (amounts.some((one) => !Number.isFinite(one)))
      unread.push('An amount of its transactions is not a number: the opening balance is not read.');
    else opening = cents(closing - amounts.reduce((sum, one) => sum + one, 0));
  }
  return {
    ...(from ? { from: iso(from) } : {}),
    ...(to ? { to: iso(to) } : {}),
    ...(opening !== undefined ? { opening } : {}),
    ...(closing !== undefined ? { closing: cents(closing) } : {}),
    ...(currency ? { currency: currency.toUpperCase() } : {}),
    unread,
  };
};

/**
 * A table of transactions with a running balance (a CSV export, a workbook): the first
 * row's balance before its amount, the last row's after it, in either row order, and the
 * first and last day its transactions fall on. Every balance must follow from the one
 * before and the row's amount, to the cent; where one does not, nothing is proposed and
 * the row is named.
 */
export const tableBalances = (table: TransactionTable): StatementBalances => {
  const rows = table.rows.filter((row) => row.isoDate !== undefined && row.value !== undefined && row.balance !== undefined);
  const days = rows.map((row) => row.isoDate!).sort();
  const span = days.length > 0 ? { from: days[0], to: days.at(-1)! } : {};
  if (!table.columns.balance || rows.length === 0)
    return { ...span, unread: ['The file has no running balance: its opening and closing balance are not read.'] };
  // Newest first when its first row is later than its last (banks list both ways).
  const chronological = rows[0].isoDate! > rows.at(-1)!.isoDate! ? [...rows].reverse() : rows;
  const balances = chronological.map((row) => parseAmount(row.balance!));
  if (balances.some((one) => one === undefined))
    return { ...span, unread: ['A running balance is not an amount: the balances are not read.'] };
  const inCents = (value: number) => Math.round(value * 100);
  const moves = chronological.map((row, index) => ({ cents: inCents(row.value!), balance: inCents(balances[index]!), day: row.isoDate! }));
  // The same check as a PDF's table: the first row's balance before its amount opens it, every later one follows.
  const check = checkArithmetic({ opening: moves[0].balance - moves[0].cents, closing: moves.at(-1)!.balance, rows: moves });
  const arithmetic = storedArithmetic(check);
  if (check.state !== 'checked')
    return {
      ...span,
      arithmetic,
      unread: [
        `The running balance on ${check.state === 'off' ? check.day : chronological[0].isoDate} does not follow from the one before and its amount: the balances are not read.`,
      ],
    };
  return { ...span, opening: cents(balances[0]! - chronological[0].value!), closing: cents(balances.at(-1)!), arithmetic, unread: [] };
};

const DAY_MS = 86_400_000;

/** The days a printed date may be (day first and month first where it reads both ways), as the filing rules read dates. */
const daysOf = (printed: string): string[] =>
  // "1st March 2024" is the 1 March 2024 of the date rules.
  Object.values(readingsOf(printed.replace(/(\d)(?:st|nd|rd|th)\b/giu, '$1').replace(/\s+/g, ' '))).map(iso);

/** Where a balance was read: the line (0-based in the text given), its label and its amount as printed, and the currency printed with it. */
export interface BalanceSource {
  line: number;
  label: string;
  printed: string;
  currency?: string;
}

/** A statement text's balances, each with where it was read. */
export interface TextBalanceReading {
  opening?: { value: number; source: BalanceSource };
  closing?: { value: number; source: BalanceSource };
}

/** Two labels over the same characters of one line: "Nouveau solde au" is one label, though two phrases find it. */
const overlaps = (a: Label, b: Label) => a.lastLine === b.lastLine && Math.min(a.end, b.end) > Math.max(a.start, b.start);

/** A label's words and those before it in its cell ("Nouveau solde au"): a column gap ends them. */
const cellBefore = (line: string, label: Label) =>
  line
    .slice(Math.max(0, label.start - 24), label.end)
    .split(/ {2,}/)
    .at(-1) ?? '';

/**
 * A balance read, from its cents: said to be owed (débiteur, deudor, DR) it is negative. A
 * card's statement prints what is owed as a plain figure, and that is its balance as printed
 * (positive, as every card statement read before): there "CR" is a balance in the holder's
 * favour, the other way round, and "DR" what is owed.
 */
const valueOf = (found: LabelledAmount, card: boolean): number => {
  const value = found.amount.cents / 100;
  if (found.mark) return card === (found.mark === 'CR') ? -Math.abs(value) : Math.abs(value);
  return OWED.test(`${found.label.text}${found.between}`) ? -Math.abs(value) : value;
};

const sourceOf = (found: LabelledAmount): BalanceSource => ({
  line: found.line,
  label: found.label.text.replace(/\s+/g, ' '),
  printed: found.amount.printed,
  ...(found.amount.currency ? { currency: found.amount.currency } : {}),
});

/**
 * A statement's text laid out by columns (a PDF's pages, `layoutText`): the first opening
 * and the last closing balance its labels print, in English, German, French, Spanish and
 * Dutch, beside them or below them in a summary table (`labelled-amounts.ts`), in the number
 * formats banks print (`amounts.ts`). A balance said to be owed (débiteur, deudor, DR) is
 * negative; a card's "New balance" is what is owed, as printed. Given the period's days
 * (`span`), a balance named only by its day ("Solde au 29/02/2024", "Kontostand am
 * 31.03.2024") is the opening one when that is the day before the period (or its first) and
 * the closing one when it is the period's last. `card`: the text is a card's statement.
 */
export const readTextBalances = (text: string, span?: { from: string; to: string }, card = false): TextBalanceReading => {
  const lines = text.split(/\r?\n/).map((line) => line.replace(/\t/g, '  '));
  const page = new PageLines(lines);
  const opening = labelsIn(lines, OPENING);
  const openingAt = new LabelIndex(opening);
  const closing = labelsIn(lines, CLOSING).filter((label) => !openingAt.overlaps(label.lastLine, label));
  const byDay = labelsIn(lines, BALANCE_ON);
  const every = new LabelIndex([...opening, ...closing, ...byDay]);
  const first = (labels: readonly Label[]) => {
    for (const label of labels) {
      tick();
      const found = amountOf(page, label, every);
      if (found) return found;
    }
    return undefined;
  };
  const inOrder = (labels: Label[]) => labels.sort((a, b) => a.line - b.line || a.start - b.start);
  const before = span && new Date(Date.parse(`${span.from}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  const onDay = (days: readonly (string | undefined)[], unless: (label: Label) => boolean) =>
    byDay.filter((label) => !unless(label) && dayAt.get(label)!.some((day) => days.includes(day)));
  // A phrase that names its day is that day's balance: "Closing balance on 15 April" is not a March statement's.
  const dayAt = new Map(byDay.map((label) => [label, daysOf(label.groups[0] ?? '')]));
  // A day that reads as no date ("31/13/2024") says nothing either way.
  const known = (label: Label) => dayAt.get(label)!.length > 0;
  // By the line each ends on: a label meets only its own line's, so many of them stay linear.
  const byDayOn = new Map<number, Label[]>();
  for (const label of byDay) {
    const list = byDayOn.get(label.lastLine);
    if (list) list.push(label);
    else byDayOn.set(label.lastLine, [label]);
  }
  const onOtherDay = (label: Label, days: readonly (string | undefined)[]) =>
    span !== undefined &&
    (byDayOn.get(label.lastLine) ?? []).some(
      (one) => overlaps(one, label) && known(one) && !dayAt.get(one)!.some((day) => days.includes(day)),
    );
  const phrased = first(inOrder(opening.filter((label) => !onOtherDay(label, [before, span?.from]))));
  // Where no opening phrase is printed, a balance named by the day before the period (or its first day) is the
  // opening one: "Solde au 29/02/2024" above the movements of March, whose words elsewhere close a statement.
  const openingByDay =
    phrased === undefined && span
      ? first(inOrder(onDay([before, span.from], (label) => CLOSING_OWED_OR_NEW.test(cellBefore(lines[label.line], label)))))
      : undefined;
  const opened = phrased ?? openingByDay;
  // The last closing balance printed is the statement's: one carried over page by page prints "Balance carried
  // forward" at each page's foot, and one that prints "Solde au <date>" above its movements and below them ends with its own.
  // Where no closing phrase is printed, a balance named by the period's last day is the closing one.
  // A balance printed by a later day than the period's last says the period was misread (its first day taken for both):
  // the last day's balance is then not known.
  const later = span !== undefined && byDay.some((label) => known(label) && dayAt.get(label)!.every((day) => day > span.to));
  const closed =
    first(
      inOrder(
        closing.filter((label) => (!openingByDay || !overlaps(label, openingByDay.label)) && !onOtherDay(label, [span?.to])),
      ).reverse(),
    ) ??
    (span && !later
      ? first(inOrder(onDay([span.to], (label) => openingAt.overlaps(label.lastLine, label) || label === openingByDay?.label)).reverse())
      : undefined);
  return {
    ...(opened ? { opening: { value: valueOf(opened, card), source: sourceOf(opened) } } : {}),
    ...(closed ? { closing: { value: valueOf(closed, card), source: sourceOf(closed) } } : {}),
  };
};

/**
 * What the readers did not find in a statement's text, in words. A reader that finds no
 * balance cannot tell whether the file prints none or prints it in a way it does not read,
 * so it says only what is true: it was not found, and the person can enter it.
 */
export const NOT_FOUND = {
  opening: 'The opening balance was not found in this file. You can enter it.',
  closing: 'The closing balance was not found in this file. You can enter it.',
  days: 'The first and last day it covers were not found in this file. You can enter them.',
} as const;

/** A statement's text: its balances (see `readTextBalances`), and in words what was not found. */
export const textBalances = (text: string, span?: { from: string; to: string }): StatementBalances => {
  const { opening, closing } = readTextBalances(text, span);
  const unread = [...(opening === undefined ? [NOT_FOUND.opening] : []), ...(closing === undefined ? [NOT_FOUND.closing] : [])];
  return { ...(opening ? { opening: opening.value } : {}), ...(closing ? { closing: closing.value } : {}), unread };
};

/** "Page 2 of 3" as statements print it in English, German, French and Spanish ("Seite 2 von 3", "Page 2 sur 3", "Página 2 de 3"). */
const PAGE_OF = /\b(?:page|seite|p[áa]gina|p[áa]g\.)\s*(\d{1,3})\s*(?:of|von|sur|de|\/)\s*(\d{1,3})\b/giu;

/**
 * A PDF's pages against its own numbering: the page numbers its "Page x of y" lines count
 * that no page prints (a page left out of a download, a scan that skipped one). Absent when
 * no page is numbered so: nothing then says how many there should be.
 */
export const missingPages = (pages: readonly string[]): number[] | undefined => {
  const printed = new Set<number>();
  let count = 0;
  for (const page of pages)
    for (const [, number, of] of page.matchAll(PAGE_OF)) {
      tick();
      const [at, total] = [Number(number), Number(of)];
      if (at < 1 || at > total) continue;
      printed.add(at);
      count = Math.max(count, total);
    }
  if (count === 0) return undefined;
  return Array.from({ length: count }, (_, index) => index + 1).filter((number) => !printed.has(number));
};

/** Where a PDF's balance was read: its page and line (both from 1), its label and its amount as printed. */
export interface PdfBalanceSource extends Omit<BalanceSource, 'line'> {
  page: number;
  line: number;
}

/**
 * A PDF statement: its days as its text prints them (a period's two dates), its balances
 * by their labels, its page count, and the pages its own numbering says it lacks, with
 * where each balance was read (page N, line M). Only the pages read are held against the
 * numbering: a document cut at the read bound is not said to lack the pages after it.
 */
export const pdfBalanceReading = (
  pages: readonly string[],
  read?: { pageCount: number; cut: boolean },
): { balances: StatementBalances; sources: { opening?: PdfBalanceSource; closing?: PdfBalanceSource } } => {
  const text = pages.join('\n');
  const facts = readStatementText(compactColumns(text));
  const money = readTextBalances(text, facts.span, facts.account?.kind === 'card');
  // Without its page count (the first pages of a file being chosen), nothing is said of its pages.
  const missing = !read || read.cut ? undefined : missingPages(pages);
  // The line each page starts on in the joined text.
  const starts: number[] = [];
  pages.forEach((_, index) => starts.push(index === 0 ? 0 : starts[index - 1] + pages[index - 1].split('\n').length));
  const onPage = (source: BalanceSource | undefined): PdfBalanceSource | undefined => {
    if (!source) return undefined;
    const page = starts.filter((start) => start <= source.line).length - 1;
    return { ...source, page: page + 1, line: source.line - starts[page] + 1 };
  };
  const unread = [
    ...(facts.span ? [] : [NOT_FOUND.days]),
    ...(money.opening === undefined ? [NOT_FOUND.opening] : []),
    ...(money.closing === undefined ? [NOT_FOUND.closing] : []),
  ];
  const [opening, closing] = [onPage(money.opening?.source), onPage(money.closing?.source)];
  // Its own arithmetic, where the whole file was read: a part of its table adds up to nothing.
  const currency = facts.account?.currency;
  const arithmetic = !read
    ? undefined
    : storedArithmetic(
        read.cut
          ? { state: 'not checked', why: FIRST_PART_ONLY }
          : pdfArithmetic(pdfTransactions(pages, { ...(facts.span ? { span: facts.span } : {}), card: facts.account?.kind === 'card' }), {
              opening: money.opening?.value,
              closing: money.closing?.value,
            }),
        currency,
      );
  return {
    balances: {
      ...(facts.span ? { from: facts.span.from, to: facts.span.to } : {}),
      ...(money.opening ? { opening: money.opening.value } : {}),
      ...(money.closing ? { closing: money.closing.value } : {}),
      ...(currency ? { currency } : {}),
      ...(read ? { pages: read.pageCount } : {}),
      ...(missing ? { missingPages: missing } : {}),
      ...(arithmetic ? { arithmetic } : {}),
      unread,
    },
    sources: { ...(opening ? { opening } : {}), ...(closing ? { closing } : {}) },
  };
};

/** A PDF statement's days, balances and pages (see `pdfBalanceReading`). */
export const pdfBalances = (pages: readonly string[], read?: { pageCount: number; cut: boolean }): StatementBalances =>
  pdfBalanceReading(pages, read).balances;
