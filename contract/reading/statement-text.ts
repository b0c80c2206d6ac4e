import { BALANCE_ON } from './balance-phrases';
import { bankCodesIn, ibansIn, kindFromWords, numberOf, type AccountFacts, type AccountKind } from './account-numbers';
import { currencyInText, type CurrencyReading } from './currency-in-text';
import { statementDateOrder } from './date-order';
import { iso, monthFromName, periodOf, readingsOf, type CalendarDate } from './dates';
import { institutionInText } from './institutions';
import { tick } from './deadline';

/**
 * What a statement's own words say of its period and account: the text of its first pages
 * (a PDF's text layer, in pdf.js's reading order or a layout view's columns), in English,
 * German, French, Spanish or Dutch. Statements name their period with a handful of phrases
 * ("Statement period 01/03/2024 - 31/03/2024", "Abrechnungszeitraum", "Période du … au …",
 * "Fecha de cierre", "Periode van … tot en met …"), or a range of two dates ("June 1, 2024
 * through June 30, 2024", "01.03.2024 bis 31.03.2024"); the end of the range gives the
 * month. Its numeric dates are read in one order for the whole statement (date-order.ts),
 * and where nothing settles it a date that reads two ways gives no period: the person is
 * asked. The account is the number after an account phrase ("Account number", "IBAN",
 * "Kontonummer", "Compte n°", "Cuenta", "Rekeningnummer", "Savings ****0909", "...3377"),
 * its kind from its line or the header; the institution and the currency are read where
 * the statement prints them (institutions.ts, currency-in-text.ts).
 */
export interface StatementTextFacts {
  period?: string;
  periodFrom?: string;
  /** The first and last day it covers (YYYY-MM-DD), where it prints both ("01/03/2024 - 31/03/2024"). */
  span?: { from: string; to: string };
  account?: AccountFacts;
  /** The institution, also where no account number was read. */
  institution?: { name: string; from: string };
  /** The currency it is written in, also where no account number was read. */
  currency?: CurrencyReading;
  /**
   * Where its dates read two ways and nothing in the statement settles which (day or month
   * first): no period is proposed, and these are the months the person chooses between.
   */
  periodAsk?: { periods: string[]; detail: string };
}

/** The day-first or month-first order numeric dates are read in. */
type NumericOrder = 'dmy' | 'mdy';

/** Phrases that end with a period's dates, best first: a range's end is the statement's end. */
const PERIOD_PHRASES: { pattern: RegExp; words: string }[] = [
  {
    pattern:
      /statement period|billing period|for the period|period covered|abrechnungszeitraum|auszugszeitraum|zeitraum|période|periode|período|periodo|relevé (?:de compte )?du|extracto del|rekeningoverzicht|van (?=\d)|du (?=\d)/gi,
    words: 'its statement period',
  },
  {
    pattern:
      /period ending|closing date|statement closing|statement date|as of|kontoauszug vom|auszug vom|auszugsdatum|abrechnungsdatum|rechnungsdatum|stichtag|date d'arrêté|arrêté au|relevé au|fecha de cierre|fecha de corte|fecha del extracto|fecha de emisión/gi,
    words: 'its statement date',
  },
];

/**
 * Date-shaped runs of text: numeric (31.03.2024, 03/31/24, 2024-03-31) or with a month's name
 * (31 March 2024, March 31, 2024, 31 de marzo de 2024); and the first date of a range whose
 * year is printed once, at its end ("March 1 – May 31, 2023", "1 June to 1 July, 2021",
 * "01.03. - 31.03.2024"), which takes the end's year. A name is tried from the start of its
 * word only: `\b` alone holds inside words that mix letters outside ASCII ("aéaé…" has one at
 * every letter), and a try from each would read the rest of the word again.
 */
const DATE_TOKENS = new RegExp(
  [
    String.raw`\b\d{4}-\d{1,2}-\d{1,2}\b`,
    String.raw`\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b`,
    String.raw`\b\d{1,2}\.?\s+(?:de\s+)?\p{L}{3,}\.?,?\s+(?:de\s+)?\d{4}\b`,
    String.raw`\b(?<!\p{L})\p{L}{3,}\.?\s+\d{1,2}\s*,?\s+\d{4}\b`,
    // Two days of one month, its name and year printed once: "June 1 - 30, 2024", "1 - 31 March 2024".
    String.raw`(?<!\p{L})(?<sameM>\p{L}{3,})\.?\s+(?<firstM>\d{1,2})\s*(?:-|–|—|to|through)\s*(?<lastM>\d{1,2}),?\s+(?<yearM>\d{4})\b`,
    String.raw`\b(?<firstD>\d{1,2})\.?\s*(?:-|–|—|to|bis|au|al)\s*(?<lastD>\d{1,2})\.?\s+(?:de\s+)?(?<sameD>\p{L}{3,})\.?,?\s+(?:de\s+)?(?<yearD>\d{4})\b`,
    // Without a year, a month's name or a day and month with dots: read only as a range's start.
    String.raw`(?<year1>\b\d{1,2}\.\d{1,2}\.)(?!\d)`,
    String.raw`(?<year2>\b\d{1,2}\.?\s+(?:de\s+)?(?<month2>\p{L}{3,})\.?)(?!\p{L}|\s*,?\s*\d)`,
    // Looked ahead, not taken: a word and a number that are no month and day ("Statement 1") leave the day to the next form ("1 June").
    String.raw`(?<!\p{L})(?=(?<year3>(?<month3>\p{L}{3,})\.?\s+\d{1,2})\b(?!\s*,?\s*\d))`,
  ].join('|'),
  'gu',
);

/** A date token: its text as read, where it stands, and whether it lacks its year. */
interface DateToken {
  text: string;
  at: number;
  end: number;
  yearless?: true;
}

/** The two dates of a range within one month, each where its day is printed ("June 1 - 30, 2024": June 1, 2024 and June 30, 2024). */
const sameMonthTokens = (match: RegExpMatchArray): DateToken[] => {
  const groups = match.groups!;
  const [month, year, firstDay, lastDay] = [
    groups.sameM ?? groups.sameD,
    groups.yearM ?? groups.yearD,
    groups.firstM ?? groups.firstD,
    groups.lastM ?? groups.lastD,
  ];
  const dated = (day: string) => (groups.sameM ? `${month} ${day}, ${year}` : `${day} ${month} ${year}`);
  // Where the days stand in the match: the first day after the month's name (or at its start), the last one before the join's end.
  const firstEnd = groups.sameM ? match[0].indexOf(firstDay, month.length) + firstDay.length : firstDay.length;
  const lastAt = match[0].slice(firstEnd).search(/\d/) + firstEnd;
  return [
    { text: dated(firstDay), at: match.index!, end: match.index! + firstEnd },
    { text: dated(lastDay), at: match.index! + lastAt, end: match.index! + match[0].length },
  ];
};

const dateTokens = (text: string): DateToken[] => {
  const tokens: DateToken[] = [];
  for (const match of text.matchAll(DATE_TOKENS)) {
    tick();
    const { year1, year2, year3, month2, month3, sameM, sameD } = match.groups ?? {};
    if (sameM ?? sameD) {
      if (monthFromName(sameM ?? sameD)) tokens.push(...sameMonthTokens(match));
      continue;
    }
    const yearless = year1 ?? year2 ?? year3;
    // A word is tried as any word and kept only for a month's name: an alternation of every name at every letter costs more.
    if ((month2 ?? month3) !== undefined && !monthFromName(month2 ?? month3)) continue;
    const printed = year3 ?? match[0];
    const clean = printed
      .replace(/\s+de\s+/g, ' ')
      .replace(/\s+,/g, ',')
      .replace(/\s+/g, ' ');
    tokens.push({ text: clean, at: match.index, end: match.index + printed.length, ...(yearless !== undefined ? { yearless: true } : {}) });
  }
  return tokens;
};

/**
 * The text as dates are read from it, of the same length (so a quote is the printed words):
 * ordinal days without their suffix ("3rd Jun 2023", "1er mars"), and the l, I and O that OCR
 * reads for 1, 1 and 0 inside a run of digits ("l4.O2.2022").
 */
const forDates = (text: string) => {
  const ordinals = text.replace(/\b(\d{1,2})(st|nd|rd|th|er)\b/gi, (_, day: string, suffix: string) => day + ' '.repeat(suffix.length));
  // Most texts have no such letter beside a digit: the runs are looked at only where one is.
  return /\d[lIO]|[lIO]\d/.test(ordinals)
    ? ordinals.replace(/(?<![\p{L}\d])[\dlIO][\dlIO./-]*[\dlIO](?![\p{L}\d])/gu, (run) =>
        /\d/.test(run) && /[lIO]/.test(run) ? run.replace(/[lI]/g, '1').replace(/O/g, '0') : run,
      )
    : ordinals;
};

/** What joins a range's two dates: "through", "to", "-", "bis", "au", "al", "hasta" (after a day's dot: "1. bis 31. März"). */
const RANGE_JOINS = /^\.?\s*(?:-|–|—|to|through|thru|until|till|bis|au|al|a|hasta|tot en met|t\/m|tot)\s*$/i;

/** The longest a statement's range runs, in days (a year's statement, and a day over). */
const RANGE_MAX_DAYS = 367;

const dayNumber = (date: CalendarDate) => Date.UTC(date.year, date.month - 1, date.day) / 86_400_000;

/** The date of a full token, in the statement's order where it could be read two ways. */
const dateOf = (token: string, order: NumericOrder): CalendarDate | undefined => {
  const readings = readingsOf(token);
  return readings[order] ?? readings.ymd ?? readings.dmy ?? readings.mdy;
};

/** The dates of a range's two tokens: a start printed without its year takes the end's (the year before, where that puts it after the end). */
const rangeOf = (first: DateToken, second: DateToken, order: NumericOrder): [CalendarDate, CalendarDate] | undefined => {
  if (second.yearless) return undefined;
  const end = dateOf(second.text, order);
  if (!end) return undefined;
  if (!first.yearless) {
    const start = dateOf(first.text, order);
    return start ? [start, end] : undefined;
  }
  const withYear = (year: number) =>
    dateOf(
      /\.$/.test(first.text) ? `${first.text}${year}` : /^\d/.test(first.text) ? `${first.text} ${year}` : `${first.text}, ${year}`,
      order,
    );
  const start = withYear(end.year);
  if (!start) return undefined;
  return dayNumber(start) <= dayNumber(end) ? [start, end] : withYear(end.year - 1) && [withYear(end.year - 1)!, end];
};

/** A month named with its year, as a statement's title says it: "March 2024", "Kontoauszug März 2024", "relevé de mars 2024". */
const MONTH_YEAR = /\b(?<!\p{L})(\p{L}{3,})\.?\s+(?:de\s+)?(\d{4})\b/gu;

/**
 * Phrases a statement's own account number follows, longest first so "Account Number" is
 * read before "Account"; a kind's word may come first ("Brokerage account", "Savings").
 */
const ACCOUNT_PHRASES =
  /(?:(?:brokerage|savings|checking|current|credit card|card|investment|loan|mortgage)\s+)?(?:account (?:number|no\.?|#)|acct\.? (?:no\.?|#)|card (?:number|no\.?)|(?:card |account )?ending in|iban|konto[- ]?nr\.?|kontonummer|kartennummer|karten-?nr\.?|depotnummer|depot-?nr\.?|n° de compte|numéro de compte|compte n[°o]\.?|n° de carte|número de cuenta|cuenta n[º°o]\.?|tarjeta terminada en|rekeningnummer|rekening(?:nr\.?)?|account|acct\.?|cuenta|compte|konto|depot)|\b(?:savings|checking|brokerage|tagesgeld|livret|ahorro)\b/gi;

/** The number on the phrase's own line: an IBAN, digits and groups, or a mask (a date after it is not part of it). */
const NUMBER_AFTER = /^[ \t:.#-]*((?:[A-Z]{2}\d{2})?[\dXx*•·. -]{4,}\d)/;

/** The line of the text around a position. */
const lineAround = (text: string, at: number) => {
  const start = text.lastIndexOf('\n', at) + 1;
  const end = text.indexOf('\n', at);
  return text.slice(start, end === -1 ? undefined : end);
};

/** What the dates of a statement give, read in one order. */
interface PeriodFacts {
  period?: string;
  periodFrom?: string;
  span?: { from: string; to: string };
}

/** The period from the first range of two dates in the text, a statement's own span. */
const periodFromRange = (text: string, tokens: readonly DateToken[], order: NumericOrder): Required<PeriodFacts> | undefined => {
  for (let index = 0; index + 1 < tokens.length; index++) {
    tick();
    const [first, second] = [tokens[index], tokens[index + 1]];
    if (!RANGE_JOINS.test(text.slice(first.end, second.at))) continue;
    const range = rangeOf(first, second, order);
    if (!range) continue;
    const [start, end] = range;
    const days = dayNumber(end) - dayNumber(start);
    if (days < 0 || days > RANGE_MAX_DAYS) continue;
    return {
      period: periodOf(end),
      periodFrom: `the range "${text.slice(first.at, second.end).replace(/\s+/g, ' ')}"`,
      span: { from: iso(start), to: iso(end) },
    };
  }
  return undefined;
};

/** The index of the first token at or after a position (the tokens are in text order): one search, not a walk over all. */
const firstAtOrAfter = (tokens: readonly DateToken[], at: number) => {
  let [low, high] = [0, tokens.length];
  while (low < high) {
    const middle = (low + high) >> 1;
    if (tokens[middle].at < at) low = middle + 1;
    else high = middle;
  }
  return low;
};

/** Whether a position is within 40 characters of another, runs of blanks counted as one. */
const nearBy = (text: string, from: number, at: number) =>
  at - from < 40 || (at - from < 400 && text.slice(from, at).replace(/\s{2,}/g, ' ').length < 40);

/** The period, its source and its days, from a statement's text (`dated`: as dates are read) in one order. */
const periodIn = (dated: string, tokens: readonly DateToken[], order: NumericOrder): PeriodFacts => {
  const facts: PeriodFacts = {};
  // A date that names a balance's day ("Kontostand am 01.04.2024", "Balance at 1 Mar 2024") is that balance's, never a
  // period's: a layout view sets such a heading beside "Zeitraum" or "Statement period", in the next column.
  const balanceDays = new Set<number>();
  for (const match of dated.matchAll(BALANCE_ON)) {
    tick();
    balanceDays.add(match.index + match[0].length - match[1].length);
  }
  for (const { pattern, words } of PERIOD_PHRASES) {
    for (const match of dated.matchAll(pattern)) {
      tick();
      const start = match.index + match[0].length;
      // The next two dates that name no balance's day, within 40 characters of the phrase (a layout view's column
      // padding counted as one blank); a range's second date goes with its first, however far the phrase is.
      const next = firstAtOrAfter(tokens, start);
      const candidates: DateToken[] = [];
      for (let index = next; index < tokens.length && candidates.length < 2; index++)
        if (!balanceDays.has(tokens[index].at)) candidates.push(tokens[index]);
      const near = candidates.filter(
        (token, index) =>
          nearBy(dated, start, token.at) ||
          (index === 1 && nearBy(dated, start, candidates[0].at) && RANGE_JOINS.test(dated.slice(candidates[0].end, token.at))),
      );
      const [first, second] = near;
      // A phrase followed by two dates in order gives the span ("Statement period 01/03/2024 - 31/03/2024").
      const range = second && RANGE_JOINS.test(dated.slice(first.end, second.at)) ? rangeOf(first, second, order) : undefined;
      const days = range ? dayNumber(range[1]) - dayNumber(range[0]) : -1;
      // Two dates not joined as a range are the phrase's and the next label's ("Statement Date  Payment Due Date  15 Mar 2023  05 Apr 2023"): the first is the phrase's.
      const end = range?.[1] ?? near.filter((token) => !token.yearless).flatMap((token) => dateOf(token.text, order) ?? [])[0];
      if (end) {
        facts.period = periodOf(end);
        facts.periodFrom = words;
        if (range && days >= 0 && days <= RANGE_MAX_DAYS) facts.span = { from: iso(range[0]), to: iso(range[1]) };
        break;
      }
    }
    if (facts.period) break;
  }
  // A statement date ("Fecha del extracto 02/04/2024") gives the period but not the days its movements run over: a range printed beside it does.
  const range = facts.span ? undefined : periodFromRange(dated, tokens, order);
  if (range) facts.span = range.span;
  if (!facts.period && range) {
    facts.period = range.period;
    facts.periodFrom = range.periodFrom;
  }
  if (!facts.period) {
    for (const match of dated.matchAll(MONTH_YEAR)) {
      tick();
      const month = monthFromName(match[1]);
      const year = Number(match[2]);
      if (month && year >= 1990 && year <= 2100) {
        facts.period = periodOf({ year, month, day: 1 });
        facts.periodFrom = `the month it names ("${match[0]}")`;
        break;
      }
    }
  }
  return facts;
};

/**
 * Kinds as a statement's header names them, wherever they stand on its first page: its
 * title ("Credit Card Statement", "Home Loan Statement"), a section ("SAVINGS SUMMARY"), the
 * product's name ("Everyday Current Account", "Girokonto", "Betaalrekening"). Stricter than
 * the account line's words: a header also mentions a debit card or a transfer to savings.
 */
const HEADER_KINDS: readonly [RegExp, AccountKind][] = [
  [
    /\b(?:credit ?card (?:statement|account|summary)|card statement|kreditkarten(?:abrechnung|konto)|relevé de (?:votre )?carte|extracto de (?:su )?tarjeta|creditcard(?:overzicht)?)\b/i,
    'card',
  ],
  [
    /\b(?:(?:home |personal |car )?loan (?:statement|account|summary)|home loan|mortgage (?:statement|account)|darlehens?konto|prêt immobilier|extracto de préstamo|hypotheek|leningoverzicht)\b/i,
    'loan',
  ],
  [
    /\b(?:savings (?:summary|account|statement)|sparkonto|tagesgeldkonto|livret|compte (?:d')?épargne|cuenta de ahorro|spaarrekening)\b/i,
    'savings',
  ],
  [
    /\b(?:brokerage (?:account|statement)|investment (?:account|statement)|portfolio (?:statement|summary|overview|valuation)|depotauszug|depotübersicht|wertpapierdepot|compte[- ]titres|cuenta de valores|beleggingsrekening)\b/i,
    'brokerage',
  ],
  [
    /\b(?:current account|checking (?:account|summary|statement)|girokonto|compte courant|compte chèques|cuenta corriente|betaalrekening|privérekening)\b/i,
    'current',
  ],
];

/** The lines of a first page's header that a kind is read from. */
const HEADER_LINES = 25;

/** The kind a statement's header names, with the words it was read from. */
const kindInHeader = (text: string): AccountKind | undefined => {
  const header = text.split(/\r?\n/).slice(0, HEADER_LINES).join('\n');
  const found = HEADER_KINDS.filter(([pattern]) => pattern.test(header)).map(([, kind]) => kind);
  // A header naming two kinds (a package of a current account and a savings one) settles none.
  return found.length === 1 ? found[0] : undefined;
};

/** The account the text names: the number after the first account phrase that has one. */
const accountInText = (text: string, currency: CurrencyReading | undefined): AccountFacts | undefined => {
  for (const match of text.matchAll(ACCOUNT_PHRASES)) {
    tick();
    // A layout view pads a label's column: the blanks after the phrase count as one.
    const after = text
      .slice(match.index + match[0].length, match.index + match[0].length + 240)
      .replace(/^[ \t]{2,}/, ' ')
      .slice(0, 48);
    // An IBAN first: its groups may hold letters (GB29 NWBK 6016 …), which a number's pattern stops at.
    const iban = /^[ \t:.#-]*([A-Z]{2}\d{2}[ A-Z\d]{11,40})/.exec(after)?.[1];
    const printed = (iban && ibansIn(iban)[0]) || NUMBER_AFTER.exec(after)?.[1];
    const number = printed && numberOf(printed);
    if (!number) continue;
    const kind = kindFromWords(lineAround(text, match.index)) ?? kindInHeader(text);
    return {
      last4: number.last4,
      identifiers: number.identifier ? [number.identifier] : [],
      ...(kind ? { kind } : {}),
      ...(currency ? { currency: currency.code } : {}),
      from: `its "${match[0].trim()}"`,
    };
  }
  return undefined;
};

/** What the text of a statement's first pages says. */
export const readStatementText = (text: string): StatementTextFacts => {
  const facts: StatementTextFacts = {};
  const currency = currencyInText(text);
  if (currency) facts.currency = currency;
  const dated = forDates(text);
  const tokens = dateTokens(dated);
  // How this statement writes numeric dates: decided once, by the statement as a whole.
  const { order } = statementDateOrder(
    tokens.filter((token) => !token.yearless).map((token) => token.text),
    text,
    currency?.code,
  );
  if (order) Object.assign(facts, periodIn(dated, tokens, order));
  else {
    // Nothing settles the order: the dates count only where both orders read them alike.
    const [dayFirst, monthFirst] = [periodIn(dated, tokens, 'dmy'), periodIn(dated, tokens, 'mdy')];
    const alike =
      dayFirst.period === monthFirst.period && dayFirst.span?.from === monthFirst.span?.from && dayFirst.span?.to === monthFirst.span?.to;
    if (alike) Object.assign(facts, dayFirst);
    else
      facts.periodAsk = {
        periods: [...new Set([dayFirst.period, monthFirst.period].flatMap((period) => period ?? []))].sort(),
        detail: `${dayFirst.periodFrom ?? monthFirst.periodFrom} reads day first or month first, and nothing in it says which`,
      };
  }

  const institution = institutionInText(text);
  if (institution) facts.institution = institution;
  const account = accountInText(text, currency);
  // A bank read elsewhere than the letterhead says where, beside the account's source: the person checks it.
  const bankFrom = institution && !institution.from.startsWith('the letterhead') ? `; the bank from ${institution.from}` : '';
  // A sort code, routing number or BSB printed beside it names the bank too, by its code.
  const bankIds = bankCodesIn(text);
  if (account)
    facts.account = {
      ...account,
      ...(institution ? { institution: institution.name } : {}),
      ...(bankIds.length > 0 ? { bankIds } : {}),
      from: `${account.from}${bankFrom}`,
    };
  return facts;
};

/** Whether a statement's text already names both its period and its account (no need to read further pages). */
export const textSaysEnough = (text: string): boolean => {
  const facts = readStatementText(text);
  return facts.period !== undefined && facts.account !== undefined;
};
