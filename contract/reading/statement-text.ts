import { currencyOf, ibansIn, kindFromWords, numberOf, type AccountFacts } from './account-numbers';
import { iso, monthFromName, periodOf, readDateColumn, readingsOf, type CalendarDate, type DateOrder } from './dates';
import { institutionInText } from './institutions';
import { tick } from './deadline';

/**
 * What a statement's own words say of its period and account: the text of its first pages
 * (a PDF's text layer), in English, German, French or Spanish. Statements name their
 * period with a handful of phrases ("Statement period 01/03/2024 - 31/03/2024",
 * "Abrechnungszeitraum", "Période du … au …", "Fecha de cierre"), or a range of two dates
 * ("June 1, 2024 through June 30, 2024", "01.03.2024 bis 31.03.2024"); the end of the range
 * gives the month. The account is the number after an account phrase ("Account number",
 * "IBAN", "Kontonummer", "Compte n°", "Cuenta", "Savings ****0909", "...3377"), and the
 * institution is the letterhead's name.
 */
export interface StatementTextFacts {
  period?: string;
  periodFrom?: string;
  /** The first and last day it covers (YYYY-MM-DD), where it prints both ("01/03/2024 - 31/03/2024"). */
  span?: { from: string; to: string };
  account?: AccountFacts;
  /** The institution, also where no account number was read. */
  institution?: { name: string; from: string };
}

/** Phrases that end with a period's dates, best first: a range's end is the statement's end. */
const PERIOD_PHRASES: { pattern: RegExp; words: string }[] = [
  {
    pattern:
      /statement period|billing period|for the period|period covered|abrechnungszeitraum|auszugszeitraum|zeitraum|période|periode|período|periodo|relevé (?:de compte )?du|extracto del|du (?=\d)/gi,
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
 * (31 March 2024, March 31, 2024, 31 de marzo de 2024). A name is tried from the start of its
 * word only: `\b` alone holds inside words that mix letters outside ASCII ("aéaé…" has one at
 * every letter), and a try from each would read the rest of the word again.
 */
const DATE_TOKENS =
  /\b\d{4}-\d{1,2}-\d{1,2}\b|\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b|\b\d{1,2}\.?\s+(?:de\s+)?\p{L}{3,}\.?\s+(?:de\s+)?\d{4}\b|\b(?<!\p{L})\p{L}{3,}\.?\s+\d{1,2},?\s+\d{4}\b/gu;

const dateTokens = (text: string) => {
  const tokens: { text: string; at: number; end: number }[] = [];
  for (const match of text.matchAll(DATE_TOKENS)) {
    tick();
    tokens.push({ text: match[0].replace(/\s+de\s+/g, ' '), at: match.index, end: match.index + match[0].length });
  }
  return tokens;
};

/** What joins a range's two dates: "through", "to", "-", "bis", "au", "al", "hasta". */
const RANGE_JOINS = /^\s*(?:-|–|—|to|through|thru|until|till|bis|au|al|a|hasta)\s*$/i;

/** The longest a statement's range runs, in days (a year's statement, and a day over). */
const RANGE_MAX_DAYS = 367;

const dayNumber = (date: CalendarDate) => Date.UTC(date.year, date.month - 1, date.day) / 86_400_000;

/** The date of a token, in the document's own order where the token could be read two ways. */
const dateOf = (token: string, order: DateOrder | undefined): CalendarDate | undefined => {
  const readings = readingsOf(token);
  return (order && readings[order]) ?? readings.dmy ?? readings.ymd ?? readings.mdy;
};

/** A month named with its year, as a statement's title says it: "March 2024", "Kontoauszug März 2024", "relevé de mars 2024". */
const MONTH_YEAR = /\b(?<!\p{L})(\p{L}{3,})\.?\s+(?:de\s+)?(\d{4})\b/gu;

/**
 * Phrases a statement's own account number follows, longest first so "Account Number" is
 * read before "Account"; a kind's word may come first ("Brokerage account", "Savings").
 */
const ACCOUNT_PHRASES =
  /(?:(?:brokerage|savings|checking|current|credit card|card|investment|loan|mortgage)\s+)?(?:account (?:number|no\.?|#)|acct\.? (?:no\.?|#)|card (?:number|no\.?)|(?:card |account )?ending in|iban|konto[- ]?nr\.?|kontonummer|kartennummer|karten-?nr\.?|depotnummer|depot-?nr\.?|n° de compte|numéro de compte|compte n[°o]\.?|n° de carte|número de cuenta|cuenta n[º°o]\.?|tarjeta terminada en|account|acct\.?|cuenta|compte|konto|depot)|\b(?:savings|checking|brokerage|tagesgeld|livret|ahorro)\b/gi;

/** The number on the phrase's own line: an IBAN, digits and groups, or a mask (a date after it is not part of it). */
const NUMBER_AFTER = /^[ \t:.#-]*((?:[A-Z]{2}\d{2})?[\dXx*•·. -]{4,}\d)/;

/** A currency named as such: "Currency: EUR", "Währung EUR", "Devise : EUR", "Moneda: EUR". */
const CURRENCY_PHRASE = /\b(?:currency|währung|devise|moneda|divisa)\b\s*:?\s*([A-Z]{3})\b/i;

/** The line of the text around a position. */
const lineAround = (text: string, at: number) => {
  const start = text.lastIndexOf('\n', at) + 1;
  const end = text.indexOf('\n', at);
  return text.slice(start, end === -1 ? undefined : end);
};

/** The period from the first range of two dates in the text, a statement's own span. */
const periodFromRange = (
  text: string,
  order: DateOrder | undefined,
): { period: string; from: string; span: { from: string; to: string } } | undefined => {
  const tokens = dateTokens(text);
  for (let index = 0; index + 1 < tokens.length; index++) {
    tick();
    const [first, second] = [tokens[index], tokens[index + 1]];
    if (!RANGE_JOINS.test(text.slice(first.end, second.at))) continue;
    const [start, end] = [dateOf(first.text, order), dateOf(second.text, order)];
    if (!start || !end) continue;
    const days = dayNumber(end) - dayNumber(start);
    if (days < 0 || days > RANGE_MAX_DAYS) continue;
    return {
      period: periodOf(end),
      from: `the range "${text.slice(first.at, second.end).replace(/\s+/g, ' ')}"`,
      span: { from: iso(start), to: iso(end) },
    };
  }
  return undefined;
};

/** The account the text names: the number after the first account phrase that has one. */
const accountInText = (text: string): AccountFacts | undefined => {
  for (const match of text.matchAll(ACCOUNT_PHRASES)) {
    tick();
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 48);
    // An IBAN first: its groups may hold letters (GB29 NWBK 6016 …), which a number's pattern stops at.
    const iban = /^[ \t:.#-]*([A-Z]{2}\d{2}[ A-Z\d]{11,40})/.exec(after)?.[1];
    const printed = (iban && ibansIn(iban)[0]) || NUMBER_AFTER.exec(after)?.[1];
    const number = printed && numberOf(printed);
    if (!number) continue;
    const kind = kindFromWords(lineAround(text, match.index));
    const currency = currencyOf(CURRENCY_PHRASE.exec(text)?.[1]);
    return {
      last4: number.last4,
      identifiers: number.identifier ? [number.identifier] : [],
      ...(kind ? { kind } : {}),
      ...(currency ? { currency } : {}),
      from: `its "${match[0].trim()}"`,
    };
  }
  return undefined;
};

/** What the text of a statement's first pages says. */
export const readStatementText = (text: string): StatementTextFacts => {
  const facts: StatementTextFacts = {};
  // How this document writes numeric dates: decided by all of them (a day above 12 settles it).
  const order = readDateColumn(dateTokens(text).map((token) => token.text)).order;

  for (const { pattern, words } of PERIOD_PHRASES) {
    for (const match of text.matchAll(pattern)) {
      tick();
      const after = text.slice(match.index + match[0].length, match.index + match[0].length + 80);
      const dates = dateTokens(after)
        .filter((token) => token.at < 40)
        .slice(0, 2)
        .flatMap((token) => dateOf(token.text, order) ?? []);
      const end = dates.at(-1);
      if (end) {
        facts.period = periodOf(end);
        facts.periodFrom = words;
        // A phrase followed by two dates in order gives the span ("Statement period 01/03/2024 - 31/03/2024").
        const days = dates.length === 2 ? dayNumber(dates[1]) - dayNumber(dates[0]) : -1;
        if (days >= 0 && days <= RANGE_MAX_DAYS) facts.span = { from: iso(dates[0]), to: iso(dates[1]) };
        break;
      }
    }
    if (facts.period) break;
  }
  // A statement date ("Fecha del extracto 02/04/2024") gives the period but not the days its movements run over: a range printed beside it does.
  const range = facts.span ? undefined : periodFromRange(text, order);
  if (range) facts.span = range.span;
  if (!facts.period && range) {
    facts.period = range.period;
    facts.periodFrom = range.from;
  }
  if (!facts.period) {
    for (const match of text.matchAll(MONTH_YEAR)) {
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

  const institution = institutionInText(text);
  if (institution) facts.institution = institution;
  const account = accountInText(text);
  if (account) facts.account = { ...account, ...(institution ? { institution: institution.name } : {}) };
  return facts;
};

/** Whether a statement's text already names both its period and its account (no need to read further pages). */
export const textSaysEnough = (text: string): boolean => {
  const facts = readStatementText(text);
  return facts.period !== undefined && facts.account !== undefined;
};
