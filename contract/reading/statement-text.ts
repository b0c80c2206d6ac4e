import { monthFromName, periodOf, readDateColumn, readingsOf, type CalendarDate, type DateOrder } from './dates';

/**
 * What a statement's own words say of its period and account: the text of its first pages
 * (a PDF's text layer), in English, German, French or Spanish. Statements name their
 * period with a handful of phrases ("Statement period 01/03/2024 - 31/03/2024",
 * "Abrechnungszeitraum", "Période du … au …", "Fecha de cierre"); the date after the phrase
 * (the end of a range) gives the month. The account is the number after an account phrase
 * ("Account number", "IBAN", "Kontonummer", "N° de compte", "card ending in").
 */
export interface StatementTextFacts {
  period?: string;
  periodFrom?: string;
  account?: { last4: string; from: string };
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
      /period ending|closing date|statement closing|statement date|as of|kontoauszug vom|auszug vom|auszugsdatum|stichtag|date d'arrêté|arrêté au|relevé au|fecha de cierre|fecha de corte|fecha del extracto|fecha de emisión/gi,
    words: 'its statement date',
  },
];

/** Date-shaped runs of text: numeric (31.03.2024, 03/31/24, 2024-03-31) or with a month's name (31 March 2024, March 31, 2024, 31 de marzo de 2024). */
const DATE_TOKENS =
  /\b\d{4}-\d{1,2}-\d{1,2}\b|\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b|\b\d{1,2}\.?\s+(?:de\s+)?\p{L}{3,}\.?\s+(?:de\s+)?\d{4}\b|\b\p{L}{3,}\.?\s+\d{1,2},?\s+\d{4}\b/gu;

const dateTokens = (text: string) =>
  [...text.matchAll(DATE_TOKENS)].map((match) => ({ text: match[0].replace(/\s+de\s+/g, ' '), at: match.index }));

/** The date of a token, in the document's own order where the token could be read two ways. */
const dateOf = (token: string, order: DateOrder | undefined): CalendarDate | undefined => {
  const readings = readingsOf(token);
  return (order && readings[order]) ?? readings.dmy ?? readings.ymd ?? readings.mdy;
};

/** A month named with its year, as a statement's title says it: "March 2024", "Kontoauszug März 2024", "relevé de mars 2024". */
const MONTH_YEAR = /\b(\p{L}{3,})\.?\s+(?:de\s+)?(\d{4})\b/gu;

const ACCOUNT_PHRASES =
  /account (?:number|no\.?|#)|acct\.? (?:no\.?|#)|card (?:number|no\.?)|(?:card |account )?ending in|iban|konto-?nr\.?|kontonummer|n° de compte|numéro de compte|n° de carte|número de cuenta|cuenta n[º°o]\.?|tarjeta terminada en/gi;

/** What the text of a statement's first pages says. */
export const readStatementText = (text: string): StatementTextFacts => {
  const facts: StatementTextFacts = {};
  // How this document writes numeric dates: decided by all of them (a day above 12 settles it).
  const order = readDateColumn(dateTokens(text).map((token) => token.text)).order;

  for (const { pattern, words } of PERIOD_PHRASES) {
    for (const match of text.matchAll(pattern)) {
      const after = text.slice(match.index + match[0].length, match.index + match[0].length + 80);
      const dates = dateTokens(after)
        .filter((token) => token.at < 40)
        .slice(0, 2)
        .flatMap((token) => dateOf(token.text, order) ?? []);
      const end = dates.at(-1);
      if (end) {
        facts.period = periodOf(end);
        facts.periodFrom = words;
        break;
      }
    }
    if (facts.period) break;
  }
  if (!facts.period) {
    for (const match of text.matchAll(MONTH_YEAR)) {
      const month = monthFromName(match[1]);
      const year = Number(match[2]);
      if (month && year >= 1990 && year <= 2100) {
        facts.period = periodOf({ year, month, day: 1 });
        facts.periodFrom = `the month it names ("${match[0]}")`;
        break;
      }
    }
  }

  for (const match of text.matchAll(ACCOUNT_PHRASES)) {
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 48);
    // The number on the phrase's own line: digits, masks, spaces and dashes (a date after it is not part of it).
    const number = /^[ \t:.#-]*((?:[A-Z]{2}\d{2})?[\dXx*•· -]{4,}\d)/.exec(after)?.[1];
    const digits = number?.replace(/\D/g, '') ?? '';
    if (digits.length >= 4) {
      facts.account = { last4: digits.slice(-4), from: `its "${match[0].trim()}"` };
      break;
    }
  }
  return facts;
};

/** Whether a statement's text already names both its period and its account (no need to read further pages). */
export const textSaysEnough = (text: string): boolean => {
  const facts = readStatementText(text);
  return facts.period !== undefined && facts.account !== undefined;
};
