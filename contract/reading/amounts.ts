import { tick } from './deadline';

/**
 * Amounts as statements print them, read once for every reader: a cell of an export, a
 * balance beside its label in a PDF's text. Pure.
 */

/** Grouping of digits that is never a decimal separator: apostrophes (Swiss) and spaces (French). */
const GROUPING = /['’\u00a0\u202f\u2009 ]/g;
/** Currencies written beside an amount: ISO codes (not any three letters: "TXN 001" is no amount) and symbols. */
const CODES = 'EUR|USD|GBP|CHF|AUD|CAD|NZD|JPY|SEK|NOK|DKK|PLN|CZK|HUF|INR|CNY|HKD|SGD|ZAR|MXN|BRL';
const SYMBOLS = '(?:S|A|C|NZ|HK|US)\\$|[€$£¥₹]|Fr\\.|SFr\\.|kr\\.?';
const CURRENCY = `(?:${CODES}|${SYMBOLS})`;
const CURRENCY_BEFORE = new RegExp(`^(${CURRENCY})\\s*`);
const CURRENCY_AFTER = new RegExp(`\\s*(${CURRENCY})$`);

/**
 * The longest text read as an amount ("(1.234.567.890,12) EUR CR" is 25 characters). Its
 * patterns then run over a bounded text: `\s*` before a currency at the end is tried from
 * every space of a run, which over a cell of a million spaces is a million squared steps.
 */
const AMOUNT_CHARS = 64;

/** An amount read: its value, in cents where summed, and what it printed beside its digits. */
export interface Amount {
  /** The amount as a number: negative is money out, or owed. */
  value: number;
  /** The amount in cents (integer). */
  cents: number;
  /** The currency symbol or code printed beside it ("$", "S$", "EUR"), as printed. */
  currency?: string;
  /** Whether it prints decimals ("12.50"): a figure without them or a currency is a count, not money. */
  decimals: boolean;
}

/**
 * An amount as banks write it: "1,234.56", "1.234,56", "1'234.56", "2 410,00", "1234,56",
 * "-12.50", "+12.50", "12.50-", "(12.50)", "12.50 CR" / "12.50 Dr", a unicode minus, a
 * currency code or symbol before or after, either side of the sign ("-$ 12,310.07",
 * "$-12.00"), and a decimal part pdf.js split from its figure ("£82. 40"). A lone separator
 * followed by exactly three digits ("1.234") is ambiguous: `decimal` (what the rest of its
 * column uses) decides, else it groups thousands. Anything else (words, dates, a text
 * longer than any amount) is no amount.
 */
export const readAmount = (text: string, decimal?: '.' | ','): Amount | undefined => {
  tick();
  let rest = text.trim();
  if (rest.length > AMOUNT_CHARS) return undefined;
  rest = rest.replace(/\u2212/g, '-');
  let negative = false;
  let currency: string | undefined;
  const creditDebit = /^(.*\S)\s*\b(CR|DR)\.?$|^(.*\d)(CR|DR)\.?$/i.exec(rest);
  if (creditDebit) {
    if ((creditDebit[2] ?? creditDebit[4]).toUpperCase() === 'DR') negative = true;
    rest = (creditDebit[1] ?? creditDebit[3]).trim();
  }
  for (let changed = true; changed;) {
    const before = rest;
    rest = rest
      .trim()
      .replace(CURRENCY_BEFORE, (_, seen: string) => ((currency ??= seen), ''))
      .replace(CURRENCY_AFTER, (_, seen: string) => ((currency ??= seen), ''));
    if (/^[-+]/.test(rest)) {
      if (rest[0] === '-') negative = true;
      rest = rest.slice(1);
    }
    if (/[-+]$/.test(rest)) {
      if (rest.endsWith('-')) negative = true;
      rest = rest.slice(0, -1);
    }
    // Parentheses for a negative, inside or outside a currency: "(12.50)", "(1.234,56) EUR".
    const parenthesised = /^\((.*)\)$/.exec(rest);
    if (parenthesised) {
      negative = true;
      rest = parenthesised[1];
    }
    changed = rest !== before;
  }
  if (!/^\d[\d.,'’\u00a0\u202f\u2009 ]*$/.test(rest) || !/\d$/.test(rest)) return undefined;
  const digits = rest.replace(GROUPING, '');
  if (/[.,]{2}/.test(digits)) return undefined;
  const number = normalise(digits, decimal);
  if (number === undefined) return undefined;
  const magnitude = Number(number);
  if (!Number.isFinite(magnitude)) return undefined;
  const value = negative && magnitude !== 0 ? -magnitude : magnitude;
  return { value, cents: Math.round(value * 100), ...(currency ? { currency } : {}), decimals: number.includes('.') };
};

/** The amount's value alone (see `readAmount`). */
export const parseAmount = (text: string, decimal?: '.' | ','): number | undefined => readAmount(text, decimal)?.value;

/** Digits with dots and commas as a JavaScript number's text: which one is the decimal separator. */
const normalise = (digits: string, decimal: '.' | ',' | undefined): string | undefined => {
  const dots = digits.split('.').length - 1;
  const commas = digits.split(',').length - 1;
  if (dots === 0 && commas === 0) return digits;
  if (dots > 0 && commas > 0) {
    const last = digits.lastIndexOf('.') > digits.lastIndexOf(',') ? '.' : ',';
    const group = last === '.' ? ',' : '.';
    if ((last === '.' ? dots : commas) !== 1) return undefined;
    return grouped(digits.split(last)[0], group) ? `${digits.split(last)[0].split(group).join('')}.${digits.split(last)[1]}` : undefined;
  }
  const separator = dots > 0 ? '.' : ',';
  const parts = digits.split(separator);
  if (parts.length > 2) return grouped(digits, separator) ? parts.join('') : undefined;
  const [whole, fraction] = parts;
  const ambiguous = fraction.length === 3 && whole.length <= 3 && !/^0+$/.test(whole);
  const isDecimal = !ambiguous || decimal === separator;
  return isDecimal ? `${whole}.${fraction}` : `${whole}${fraction}`;
};

/** Whether digits are grouped in threes by the separator ("1.234.567"). */
const grouped = (digits: string, separator: string) => {
  const [first, ...groups] = digits.split(separator);
  return first.length >= 1 && first.length <= 3 && groups.every((group) => group.length === 3);
};

/**
 * Money printed in a line of text: a sign or currency, digits grouped by , . ' (or spaces
 * where the decimal is a comma: "1 234,56"; with a dot, "21 310.44" is a count and an
 * amount), two decimals, perhaps split from the figure by pdf.js ("82. 40", "10.400, 00 €"), a trailing sign,
 * CR or DR (also as a column of its own), parentheses, a currency after. Without decimals it
 * is money only with a currency ("$7,310"). Not inside a word or a longer number; at most six
 * groups of thousands (a trillion), so a long run of digits is not read on from each of them.
 */
const MONEY = new RegExp(
  [
    '(?<![\\p{L}\\d.,/])',
    '\\(?',
    '(?:[-+\u2212]\\s?)?',
    `(?:(?:${CODES}|${SYMBOLS})\\s?)?`,
    '(?:[-+\u2212]\\s?)?',
    '(?:',
    // Grouped by , . ' with a decimal part, or bare digits with one. A decimal comma split from its cents ("10.400, 00")
    // is one figure after dots grouping thousands or before a currency ("280, 66 €"): else "3, 45" is a list.
    "\\d{1,3}(?:[,.'’]\\d{3}){1,6}(?:,\\d{2}|\\.\\s?\\d{2}|(?<=\\.\\d{3}),\\s\\d{2})?",
    '|\\d{1,3}(?:[ \u00a0\u202f]\\d{3}){1,6},\\s?\\d{2}',
    `|\\d{1,15}(?:,\\d{2}|\\.\\s?\\d{2}|,\\s\\d{2}(?=\\s?(?:${CODES}|[$€£¥]|kr)))?`,
    ')',
    '(?![\\d%]|[.,]\\d|\\s?%)',
    '(?:[-\u2212](?!\\d))?',
    '\\)?',
    // A currency after the figure, unless it opens the next figure: "21 $7,310.44" is a count and an amount.
    `(?:\\s?(?:${CODES}|[$€£¥]|kr\\.?)(?![\\p{L}]|\\s?[-+\u2212(\\d]))?`,
    '(?:\\s{1,12}(?:CR|DR|Cr|Dr)\\.?(?![\\p{L}]))?',
  ].join(''),
  'gu',
);

/** An amount found in a line: where it stands (its first and past-last column) and what it reads as. */
export interface FoundAmount extends Amount {
  printed: string;
  start: number;
  end: number;
  /** Money: it prints decimals or a currency (a count or a year does neither). */
  money: boolean;
}

/** Every figure of a line that reads as an amount, left to right, each with its columns. */
export const amountsIn = (line: string): FoundAmount[] => {
  const found: FoundAmount[] = [];
  for (const match of line.matchAll(MONEY)) {
    tick();
    const printed = match[0].replace(/\s+$/, '');
    // A parenthesis opened or closed on one side only belongs to the text around it: "(see note) 12.50", "(as of 12.50)".
    const opens = printed.startsWith('(');
    const closes = printed.includes(')');
    const balanced = opens === closes ? printed : opens ? printed.slice(1) : printed.replace(')', '');
    const amount = readAmount(balanced.replace(/\s{2,}/g, ' '));
    if (!amount) continue;
    found.push({
      ...amount,
      printed,
      start: match.index,
      end: match.index + printed.length,
      money: amount.decimals || amount.currency !== undefined,
    });
  }
  return found;
};
