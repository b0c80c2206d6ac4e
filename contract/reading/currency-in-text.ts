import { CURRENCY_CODES, currencyOf, ibansIn } from './account-numbers';

/**
 * The currency a statement's text is written in, with the words it was read from. In order:
 * a phrase that names it ("Currency: EUR"), a column heading ("AMOUNT (SGD)"), the codes and
 * symbols printed beside its amounts ("EUR 12.00", "£82.40", "S$ 10.00"), its IBAN's
 * country, and for a bare "$" (which a dozen countries write) the country its bank or
 * address is in. A bare "$" in a text that names no country, or names two, gives none:
 * a wrong currency is worse than none.
 */
export interface CurrencyReading {
  code: string;
  from: string;
}

/** A currency named as such: "Currency: EUR", "Währung EUR", "Devise : EUR", "Moneda: EUR", "Valuta EUR". */
const CURRENCY_PHRASE = /\b(?:currency|währung|devise|moneda|divisa|valuta)\b\s*:?\s*([A-Z]{3})\b/i;

/** A heading that names its column's currency: "AMOUNT (SGD)", "Betrag (EUR)", "Balance in GBP". */
const HEADING_CURRENCY =
  /\b(?:amount|balance|debit|credit|betrag|saldo|montant|solde|importe|bedrag|withdrawals?|deposits?)\s*(?:\(\s*(?:in\s+)?([A-Z]{3})\s*\)|in\s+([A-Z]{3})\b)/i;

/** Symbols that name one currency, the prefixed dollars before the bare one. */
const SYMBOLS: readonly [RegExp, string][] = [
  [/(?<!\p{L})(?:S\$|SGD\$)/gu, 'SGD'],
  [/(?<!\p{L})(?:A\$|AU\$)/gu, 'AUD'],
  [/(?<!\p{L})(?:C\$|CA\$|CAN\$)/gu, 'CAD'],
  [/(?<!\p{L})NZ\$/gu, 'NZD'],
  [/(?<!\p{L})HK\$/gu, 'HKD'],
  [/(?<!\p{L})US\$/gu, 'USD'],
  [/(?<!\p{L})R\$/gu, 'BRL'],
  [/£/g, 'GBP'],
  [/€/g, 'EUR'],
  [/₹/g, 'INR'],
  [/¥/g, 'JPY'],
  [/(?<!\p{L})CHF(?!\p{L})/gu, 'CHF'],
];

/** A currency's code as a word; it counts where an amount stands beside it ("EUR 1.204,55", "1,204.55 GBP"). */
const CODES = new RegExp(`(?<!\\p{L})(?:${CURRENCY_CODES.join('|')})(?!\\p{L})`, 'gu');

/** The euro area's and a few other countries' IBAN prefixes, by the currency their accounts hold. */
const IBAN_COUNTRY_CURRENCY: Record<string, string> = {
  ...Object.fromEntries(
    [
      'AT',
      'BE',
      'CY',
      'DE',
      'EE',
      'ES',
      'FI',
      'FR',
      'GR',
      'HR',
      'IE',
      'IT',
      'LT',
      'LU',
      'LV',
      'MC',
      'MT',
      'NL',
      'PT',
      'SI',
      'SK',
      'SM',
    ].map((country) => [country, 'EUR']),
  ),
  GB: 'GBP',
  CH: 'CHF',
  LI: 'CHF',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  PL: 'PLN',
  CZ: 'CZK',
};

/** US state codes, for an address's "ST 12345" line. */
const US_STATES =
  'AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY';

/** The countries that write their dollar as a bare "$", each with words that place a bank or an address there. */
const DOLLAR_COUNTRIES: readonly { code: string; country: string; clues: readonly RegExp[] }[] = [
  {
    code: 'USD',
    country: 'the US',
    clues: [
      new RegExp(`\\b(?:${US_STATES})\\s+\\d{5}(?:-\\d{4})?\\b|\\bABA\\b|\\bN\\.A\\.|\\bUSA\\b`),
      /\brouting (?:number|no\.?|#)|member fdic|united states/i,
    ],
  },
  { code: 'AUD', country: 'Australia', clues: [/\bBSB\b|\bABN\b|\b(?:NSW|VIC|QLD|WA|SA|TAS|ACT|NT)\s+\d{4}\b/, /\baustralia\b/i] },
  { code: 'SGD', country: 'Singapore', clues: [/\bsingapore\b/i] },
  {
    code: 'CAD',
    country: 'Canada',
    clues: [/\b(?:ON|QC|BC|AB|MB|SK|NS|NB|NL|PE)\s+[A-Z]\d[A-Z]\s?\d[A-Z]\d\b/, /\bcanada\b|\btransit (?:number|no\.?|#)/i],
  },
  { code: 'NZD', country: 'New Zealand', clues: [/\bnew zealand\b/i] },
  { code: 'HKD', country: 'Hong Kong', clues: [/\bhong kong\b/i] },
];

/** The countries whose dollar a text places its bank or address in (none, one, or several). */
export const dollarCountries = (text: string) => DOLLAR_COUNTRIES.filter(({ clues }) => clues.some((clue) => clue.test(text)));

/** Whether a text prints a bare "$": not one of the prefixed dollars (S$, A$, US$…). */
export const hasBareDollar = (text: string) => /(?<![\p{L}$])\$/u.test(text);

/** The code most of the mentions name, where one does (a tie names none). */
const mostNamed = (mentions: readonly string[]): string | undefined => {
  const counts = new Map<string, number>();
  for (const code of mentions) counts.set(code, (counts.get(code) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  return ranked.length > 0 && (ranked.length === 1 || ranked[0][1] > ranked[1][1]) ? ranked[0][0] : undefined;
};

/** The currency a statement's text is written in, and where that was read; undefined where nothing settles it. */
export const currencyInText = (text: string): CurrencyReading | undefined => {
  const phrase = CURRENCY_PHRASE.exec(text);
  const phrased = currencyOf(phrase?.[1]);
  if (phrased) return { code: phrased, from: `its "${phrase![0].trim()}"` };
  const heading = HEADING_CURRENCY.exec(text);
  const headed = currencyOf(heading?.[1] ?? heading?.[2]);
  if (headed) return { code: headed, from: `its heading "${heading![0].trim()}"` };

  const mentions: { code: string; words: string }[] = [];
  for (const match of text.matchAll(CODES)) {
    const [before, after] = [text.slice(Math.max(0, match.index - 2), match.index), text.slice(match.index + 3, match.index + 6)];
    if (/\d\s?$/.test(before) || /^\s?-?\d/.test(after)) mentions.push({ code: match[0], words: match[0] });
  }
  for (const [symbol, code] of SYMBOLS) for (const match of text.matchAll(symbol)) mentions.push({ code, words: match[0] });
  const named = mostNamed(mentions.map(({ code }) => code));
  if (named) return { code: named, from: `the "${mentions.find(({ code }) => code === named)!.words}" beside its amounts` };

  const iban = ibansIn(text).find((candidate) => IBAN_COUNTRY_CURRENCY[candidate.slice(0, 2)]);
  if (iban) return { code: IBAN_COUNTRY_CURRENCY[iban.slice(0, 2)], from: `its IBAN's country (${iban.slice(0, 2)})` };

  if (hasBareDollar(text)) {
    const countries = dollarCountries(text);
    if (countries.length === 1) return { code: countries[0].code, from: `"$" at a bank or address in ${countries[0].country}` };
  }
  return undefined;
};
