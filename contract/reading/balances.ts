import type { StatementBalances as StoredBalances } from '../graphql-schema.generated';
import { iso, readingsOf, type CalendarDate } from './dates';
import { ofxDate, values } from './ofx';
import { ofxAggregates } from './ofx-tags';
import { readStatementText } from './statement-text';
import { parseAmount, type TransactionTable } from './transactions';
import { tick } from './deadline';

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
  for (let index = 1; index < chronological.length; index++) {
    if (cents(balances[index - 1]! + chronological[index].value!) !== cents(balances[index]!))
      return {
        ...span,
        unread: [
          `The running balance on ${chronological[index].isoDate} does not follow from the one before and its amount: the balances are not read.`,
        ],
      };
  }
  return { ...span, opening: cents(balances[0]! - chronological[0].value!), closing: cents(balances.at(-1)!), unread: [] };
};

/** Phrases statements open their balance with, in English, German, French and Spanish. */
const OPENING =
  /\b(?:beginning|opening|previous|starting)\s+balance|balance\s+(?:brought\s+forward|b\/f)|alter\s+(?:kontostand|saldo)|saldo\s+alt|ancien\s+solde|solde\s+(?:pr[ée]c[ée]dent|initial|d'ouverture|au\s+d[ée]but)|saldo\s+(?:anterior|inicial)/iu;
/** Phrases statements close their balance with, in the same languages. */
const CLOSING =
  /\b(?:ending|closing|new|final)\s+balance|balance\s+carried\s+forward|neuer\s+(?:kontostand|saldo)|saldo\s+neu|nouveau\s+solde|solde\s+(?:final|cr[ée]diteur|d[ée]biteur|au\b)|saldo\s+(?:final|actual|acreedor|deudor)/iu;
/** Words that make a balance by its day a closing one whatever its day: "Nouveau solde au …", "Neuer Kontostand am …". */
const CLOSING_OWED_OR_NEW = /\b(?:nouveau|neuer|new|final|ending|closing)\b/iu;
/** A balance said to be owed (an overdraft, a card's debt) is negative, however it is printed. */
const OWED = /d[ée]biteur|deudor|\bsoll\b|\bdebit\s+balance/iu;

/** A date written beside a phrase ("au 29/02/2024", "as of 03/31/2024", "vom 31.05.2024"): not an amount. */
const DATE_TOKEN = /\b\d{1,4}[./-]\d{1,2}[./-]\d{1,4}\b/g;
/**
 * An amount as statements print it: a sign or currency, digits grouped by , . ' or spaces, two decimals, a trailing
 * sign, CR or DR, or parentheses. At most six groups of thousands (a trillion): unbounded, the groups would be read
 * on from every digit of a long run of them ("111 111 111 …") before it failed.
 */
const AMOUNT_TOKEN =
  /\(?[-+−]?\s?(?:[$€£¥]\s?)?\d{1,3}(?:[,.'’\u00a0\u202f ]\d{3}){0,6}(?:[.,]\d{2})(?:\s?[-−])?\)?(?:\s?(?:CR|DR|Cr|Dr))?/u;

/** What may follow a phrase that ends its line before the amount on the next: a few words and no figure ("débiteur au", "as of", "zu Ihren Gunsten"), its date aside. */
const ENDS_LINE = /^[^\d]{0,24}$/u;

/** The amount a phrase's line gives after the phrase (or the next line when the phrase ends its line). */
const amountAfter = (lines: readonly string[], index: number, phrase: RegExp): number | undefined => {
  const match = phrase.exec(lines[index])!;
  const rest = lines[index].slice(match.index + match[0].length).replace(DATE_TOKEN, ' ');
  const onLine = AMOUNT_TOKEN.exec(rest);
  const found =
    onLine ?? (ENDS_LINE.test(rest.trim()) && lines[index + 1] ? AMOUNT_TOKEN.exec(lines[index + 1].replace(DATE_TOKEN, ' ')) : null);
  if (!found) return undefined;
  const printed = found[0].trim();
  const owedMark = /\bDR$/i.test(printed);
  const value = parseAmount(printed.replace(/\s?(?:CR|DR)$/i, '').replace(/^\((.*)\)$/, '-$1'));
  if (value === undefined) return undefined;
  // The words between the phrase and its amount say it too: "Nouveau solde débiteur au …".
  const said = `${match[0]}${onLine ? rest.slice(0, onLine.index) : rest}`;
  return OWED.test(said) || owedMark ? -Math.abs(value) : value;
};

/** "Solde au 29/02/2024", "Kontostand am 29.02.2024", "Saldo al 29/02/2024", "Balance as of 02/29/2024": a balance named by its day. */
const BALANCE_ON =
  /\b(?:solde|saldo|kontostand|balance)\b[^\d]{0,24}?\b(?:au|am|vom|per|a|al|el|as\s+of|on)\s+(\d{1,4}[./-]\d{1,2}[./-]\d{2,4})/iu;

const DAY_MS = 86_400_000;

/** The days a printed date may be (day first and month first where it reads both ways), as the filing rules read dates. */
const daysOf = (printed: string): string[] => Object.values(readingsOf(printed)).map(iso);

/**
 * A statement's text (a PDF's first pages): the first opening and the last closing balance
 * its usual phrases print, in English, German, French and Spanish, with the number formats banks
 * print (1,204.55; 1.204,55; 1 204,55; a trailing minus; CR/DR; parentheses). A balance
 * said to be owed (débiteur, deudor) is negative. Its days are the period's, read by the
 * filing rules; given them (`span`), a balance named only by its day ("Solde au 29/02/2024")
 * is the opening one when that is the day before the period and the closing one when it is
 * the period's last. What is not printed is said in words.
 */
export const textBalances = (text: string, span?: { from: string; to: string }): StatementBalances => {
  const lines = text.split(/\r?\n/).map((line) => line.replace(/\s+/g, ' ').trim());
  // A line that opens ("Ancien solde au …") is not the closing one, though its words hold "solde au".
  const found = (order: readonly number[], phrase: RegExp, unless?: RegExp) => {
    for (const index of order) {
      tick();
      if (!phrase.test(lines[index]) || unless?.test(lines[index])) continue;
      const value = amountAfter(lines, index, phrase);
      if (value !== undefined) return cents(value);
    }
    return undefined;
  };
  const order = lines.map((_, index) => index);
  // Where no opening phrase is printed, a balance named by the day before the period (or its first day) is the
  // opening one: "Solde au 29/02/2024" above the movements of March, whose words elsewhere close a statement.
  const before = span && new Date(Date.parse(`${span.from}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  /** The first of `candidates` (line numbers) naming a balance by one of `days`, and its amount. */
  const byDay = (candidates: readonly number[], days: readonly (string | undefined)[], unless?: RegExp) => {
    for (const index of candidates) {
      tick();
      const named = BALANCE_ON.exec(lines[index]);
      if (!named || unless?.test(lines[index]) || !daysOf(named[1]).some((day) => days.includes(day))) continue;
      const value = amountAfter(lines, index, BALANCE_ON);
      if (value !== undefined) return { index, value: cents(value) };
    }
    return undefined;
  };
  const phrased = found(order, OPENING);
  const openingByDay = phrased === undefined && span ? byDay(order, [before, span.from], CLOSING_OWED_OR_NEW) : undefined;
  const opening = phrased ?? openingByDay?.value;
  // The last closing balance printed is the statement's: one carried over page by page prints "Balance carried
  // forward" at each page's foot, and one that prints "Solde au <date>" above its movements and below them ends with its own.
  // Where no closing phrase is printed, a balance named by the period's last day is the closing one.
  const reversed = [...order].reverse().filter((index) => index !== openingByDay?.index);
  const closing = found(reversed, CLOSING, OPENING) ?? (span && byDay(reversed, [span.to], OPENING)?.value);
  const unread = [
    ...(opening === undefined ? ['No opening balance is printed where it was read.'] : []),
    ...(closing === undefined ? ['No closing balance is printed where it was read.'] : []),
  ];
  return { ...(opening !== undefined ? { opening } : {}), ...(closing !== undefined ? { closing } : {}), unread };
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

/**
 * A PDF statement: its days as its text prints them (a period's two dates), its balances
 * by their phrases, its page count, and the pages its own numbering says it lacks. Only the
 * pages read are held against the numbering: a document cut at the read bound is not said
 * to lack the pages after it.
 */
export const pdfBalances = (pages: readonly string[], read?: { pageCount: number; cut: boolean }): StatementBalances => {
  const text = pages.join('\n');
  const facts = readStatementText(text);
  const money = textBalances(text, facts.span);
  // Without its page count (the first pages of a file being chosen), nothing is said of its pages.
  const missing = !read || read.cut ? undefined : missingPages(pages);
  return {
    ...(facts.span ? { from: facts.span.from, to: facts.span.to } : {}),
    ...(money.opening !== undefined ? { opening: money.opening } : {}),
    ...(money.closing !== undefined ? { closing: money.closing } : {}),
    ...(facts.account?.currency ? { currency: facts.account.currency } : {}),
    ...(read ? { pages: read.pageCount } : {}),
    ...(missing ? { missingPages: missing } : {}),
    unread: [...(facts.span ? [] : ['The text does not print the first and last day it covers.']), ...money.unread],
  };
};
