import { ibansIn } from './account-numbers';
import { hasBareDollar, dollarCountries } from './currency-in-text';
import { readingsOf } from './dates';

/**
 * Whether a statement writes its numeric dates day first or month first, decided once for
 * the whole statement and never per date: a US statement's "10/11/2024" is October 11 because
 * the statement is American, not because the string reads so. In order:
 *
 * 1. its numeric dates: one whose first number is above 12 settles day-first, one whose
 *    second is settles month-first (both at once settle nothing); dates written with dots
 *    ("01.03.2024") are day-first, as every country that writes them so orders them;
 * 2. its currency and country: dollars of a text that looks American (a US bank or address,
 *    its words, a bare "$") and names no other country (an IBAN, another dollar's country,
 *    European words), are month-first; pounds, euros, Australian and Singapore dollars, rupees and
 *    the other currencies read here are day-first (Canada writes both: it settles nothing);
 * 3. its language: American words ("Checking", "Routing number") month-first; German,
 *    French, Spanish, Dutch or British words ("Kontoauszug", "Relevé", "Sort code") day-first.
 *
 * Where none of these settles it the order is undefined, and a date that reads two ways is
 * not read: the person is asked.
 */
export interface DateOrderReading {
  order?: 'dmy' | 'mdy';
  /** What settled it, in words. */
  from?: string;
}

const NUMERIC_DATE = /^\d{1,2}([./-])\d{1,2}\1\d{2,4}$/;

/** Currencies whose countries write the day first. */
const DAY_FIRST_CURRENCIES = new Set([
  'GBP',
  'EUR',
  'AUD',
  'SGD',
  'INR',
  'NZD',
  'HKD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'BRL',
  'MXN',
  'ZAR',
]);

const AMERICAN_WORDS = /(?<!\p{L})(?:checking|routing (?:number|no)|member fdic|zip code)(?!\p{L})/iu;
const DAY_FIRST_WORDS =
  /(?<!\p{L})(?:kontoauszug|kontostand|buchungstag|girokonto|relevé|arrêté|solde|compte|extracto|cuenta|saldo anterior|rekeningoverzicht|rekeningnummer|rekening|afschrijving|sort code|current account|building society)(?!\p{L})/iu;

/** The order a statement's numeric dates are written in, from the statement as a whole. */
export const statementDateOrder = (dates: readonly string[], text: string, currency: string | undefined): DateOrderReading => {
  const numeric = dates.map((date) => date.trim()).filter((date) => NUMERIC_DATE.test(date));
  const readings = numeric.map(readingsOf);
  const dayFirst = numeric.filter((_, index) => readings[index].dmy && !readings[index].mdy);
  const monthFirst = numeric.filter((_, index) => readings[index].mdy && !readings[index].dmy);
  if (dayFirst.length > 0 && monthFirst.length === 0) return { order: 'dmy', from: `its date ${dayFirst[0]}` };
  if (monthFirst.length > 0 && dayFirst.length === 0) return { order: 'mdy', from: `its date ${monthFirst[0]}` };
  if (monthFirst.length === 0) {
    const dotted = numeric.find((date) => date.includes('.'));
    if (dotted) return { order: 'dmy', from: `its date ${dotted}, written with dots` };
  }

  // Dollars are American where the text looks so, or where a bare "$" names no other country; not a European bank's USD account.
  const countries = dollarCountries(text);
  const elsewhere = ibansIn(text).length > 0 || DAY_FIRST_WORDS.test(text) || countries.some(({ code }) => code !== 'USD');
  const usLooking = countries.some(({ code }) => code === 'USD') || AMERICAN_WORDS.test(text) || hasBareDollar(text);
  if ((currency === 'USD' || (!currency && hasBareDollar(text))) && usLooking && !elsewhere)
    return { order: 'mdy', from: currency ? 'its US dollars' : 'its dollars' };
  if (currency && DAY_FIRST_CURRENCIES.has(currency)) return { order: 'dmy', from: `its currency (${currency})` };
  if (currency && currency !== 'USD') return {};

  if (AMERICAN_WORDS.test(text)) return { order: 'mdy', from: `its words ("${AMERICAN_WORDS.exec(text)![0]}")` };
  const local = DAY_FIRST_WORDS.exec(text);
  if (local) return { order: 'dmy', from: `its words ("${local[0]}")` };
  return {};
};
