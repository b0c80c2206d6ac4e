import { formatAmount } from '../format';
import { readAmount } from '../reading/amounts';

/**
 * Amounts in the search index, written once for both sides: the catalogue writes a term for
 * each amount a statement's text shows (a transaction's, or a figure of money on a PDF's
 * line), and the search resolver reads an amount typed into the box as the same term. The
 * term is the amount's absolute value in cents after a marker no word has (words are letters
 * and digits, account numbers' hashes begin with "~"), so "17,120.00", "17.120,00",
 * "17 120,00", "-17120.00" and "$17,120" are one term, "=1712000", whichever way the file
 * printed it. Money in and money out are one term: a person types an amount without its sign.
 */
export const AMOUNT_TERMS = {
  marker: '=',
  /** Amount terms kept per statement, first seen first (beside the words' own `SEARCH_LIMITS.contentTerms`). */
  perStatement: 1000,
} as const;

/** The term of an amount in cents (either sign). */
export const amountTerm = (cents: number): string => `${AMOUNT_TERMS.marker}${Math.abs(Math.round(cents))}`;

/** Whether an amount in cents has a term: not nothing, and held exactly (a figure of more than 15 digits is no money anyone has). */
export const hasAmountTerm = (cents: number): boolean => cents !== 0 && Number.isSafeInteger(Math.abs(Math.round(cents)));

/** Whether a stored or query term is an amount's. */
export const isAmountTerm = (term: string): boolean => /^=\d+$/.test(term);

/** An amount's term as a person reads it: "17,120.00" (no sign, no currency: the term has neither). */
export const amountTermShown = (term: string): string =>
  isAmountTerm(term) ? formatAmount(Number(term.slice(AMOUNT_TERMS.marker.length)) / 100) : term;

/**
 * The term of an amount as a file writes it beside a transaction ("-4.50", "1.234,56",
 * "2100.00"); none for what is not one. `decimal` is the file's decimal separator where
 * its other amounts say it.
 */
export const amountTermOf = (printed: string, decimal?: '.' | ','): string | undefined => {
  const amount = readAmount(printed, decimal);
  return amount && hasAmountTerm(amount.cents) ? amountTerm(amount.cents) : undefined;
};

/**
 * The figure of an amount typed, once its signs and currency are set aside: thousands grouped
 * by one separator used throughout (",", ".", "'", or a space), then at most two decimals; or
 * digits with at most two decimals. A date ("15.03.2024"), a range ("10-20") or a figure with
 * three decimals is not one.
 */
const TYPED_FIGURE = /^(?:\d{1,3}(?:([,.'’ \u00a0\u202f])\d{3})(?:\1\d{3})*|\d+)(?:[.,]\d{1,2})?$/;
/** What may stand around the figure: signs, a currency, parentheses, CR/DR (readAmount reads them). */
const AROUND =
  /^[-+\u2212(]*(?:[A-Z]{3}|[A-Z]{0,2}\$|[€£¥₹]|Fr\.|SFr\.|kr\.?)?\s?[-+\u2212]?(.*?)[-\u2212)]*(?:\s?(?:[A-Z]{3}|[$€£¥₹]|kr\.?))?(?:\s?(?:CR|DR)\.?)?$/i;

/** An amount typed into the search box: its term, and whether it was digits alone ("17120": also a word's start). */
export interface TypedAmount {
  term: string;
  bare: boolean;
}

/**
 * An amount as a person types it to search: "17,120.00", "17120", "17 120,00", "17.120,00",
 * "-4,210.55", "$4,210.55", "4210.55 EUR". A lone separator before three digits groups
 * thousands ("17,120" and "17.120" are 17,120.00), before one or two it is the decimal
 * ("4210,5" is 4,210.50). A separator typed last (the next digit is on its way) is read
 * without it, so results follow each key typed. Digits alone are whole units: "17120" is
 * 17,120.00 (`bare`: the search also takes it as the start of a word, as in a file's name).
 */
export const typedAmount = (text: string): TypedAmount | undefined => {
  const typed = text.trim().replace(/[.,]$/, '');
  const figure = AROUND.exec(typed)?.[1]?.trim();
  if (!figure || !TYPED_FIGURE.test(figure)) return undefined;
  const amount = readAmount(typed);
  if (!amount || !Number.isSafeInteger(Math.abs(amount.cents))) return undefined;
  return { term: amountTerm(amount.cents), bare: /^\d+$/.test(typed) };
};
