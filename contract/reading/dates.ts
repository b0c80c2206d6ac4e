import { tick } from './deadline';

/**
 * Dates as banks write them in exports and statements, and the month a set of them covers.
 *
 * Hand-written on purpose: date libraries (date-fns, Luxon, Day.js) parse a format they are
 * told; what an export needs is the format found from a column of values (is 03/04/2024 the
 * 3rd of April or the 4th of March? the column's other values decide), across the month
 * names of six languages, with two-digit years. The month names are a fixed table.
 */

/** A calendar date (no time zone: statements name days, not instants). */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/**
 * Month names and their abbreviations, lower-case without dots: English, German, French and
 * Spanish in full; Dutch and Italian names written out, and Dutch "mrt" (their other short
 * forms are listed already or are everyday words: "mag", "gen"). Each accented name is also
 * listed without its accents ("marz", "fev"): people type them so, and search folds accents
 * away before it looks a word up.
 */
const MONTH_NAMES: readonly (readonly string[])[] = [
  ['january', 'jan', 'januar', 'jänner', 'janner', 'jän', 'janvier', 'janv', 'enero', 'ene', 'januari', 'gennaio'],
  ['february', 'feb', 'februar', 'février', 'fevrier', 'févr', 'fevr', 'fév', 'fev', 'febrero', 'februari', 'febbraio'],
  ['march', 'mar', 'märz', 'marz', 'maerz', 'mär', 'mrz', 'mars', 'marzo', 'maart', 'mrt'],
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile'],
  ['may', 'mai', 'mayo', 'mei', 'maggio'],
  ['june', 'jun', 'juni', 'juin', 'junio', 'giugno'],
  ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'luglio'],
  ['august', 'aug', 'août', 'aout', 'agosto', 'ago', 'augustus'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre', 'set', 'settembre'],
  ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre'],
  ['november', 'nov', 'novembre', 'noviembre'],
  ['december', 'dec', 'dezember', 'dez', 'décembre', 'decembre', 'déc', 'diciembre', 'dic', 'dicembre'],
];

const MONTH_BY_NAME = new Map<string, number>(MONTH_NAMES.flatMap((names, index) => names.map((name) => [name, index + 1] as const)));

/** A month named in words ("März", "févr.", "Sept"), 1-12. */
export const monthFromName = (word: string): number | undefined =>
  MONTH_BY_NAME.get(word.toLowerCase().normalize('NFC').replace(/\.$/, ''));

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

const valid = (year: number, month: number, day: number): CalendarDate | undefined =>
  month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month) && year >= 1970 && year <= 2100 ? { year, month, day } : undefined;

/** A two-digit year as banks mean it: this century. */
const fullYear = (year: string) => (year.length === 2 ? 2000 + Number(year) : Number(year));

/** How the numbers of a numeric date are ordered. */
export type DateOrder = 'ymd' | 'dmy' | 'mdy';

const NUMERIC =
  /^(\d{1,4})[-./ ](\d{1,2})[-./ ](\d{1,4})(?:[ T,]+\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s*[ap]\.?m\.?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
const WORDED = /^(\d{1,2})\.?[\s-]+([\p{L}]+\.?)[\s,-]+(\d{2}|\d{4})$/u;
const WORDED_MONTH_FIRST = /^([\p{L}]+\.?)[\s-]+(\d{1,2}),?[\s-]+(\d{2}|\d{4})$/u;

/** The orders a numeric date can be read in, each with the date it gives. */
export const readingsOf = (text: string): Partial<Record<DateOrder, CalendarDate>> => {
  tick();
  const value = text.trim();
  const numeric = NUMERIC.exec(value);
  if (numeric) {
    const [, a, b, c] = numeric;
    if (a.length === 4) {
      const date = valid(Number(a), Number(b), Number(c));
      return date ? { ymd: date } : {};
    }
    if (c.length !== 2 && c.length !== 4) return {};
    const readings: Partial<Record<DateOrder, CalendarDate>> = {};
    const dmy = valid(fullYear(c), Number(b), Number(a));
    const mdy = valid(fullYear(c), Number(a), Number(b));
    if (dmy) readings.dmy = dmy;
    if (mdy) readings.mdy = mdy;
    return readings;
  }
  const compact = COMPACT.exec(value);
  if (compact) {
    const date = valid(Number(compact[1]), Number(compact[2]), Number(compact[3]));
    return date ? { ymd: date } : {};
  }
  const worded = WORDED.exec(value);
  if (worded) {
    const month = monthFromName(worded[2]);
    const date = month ? valid(fullYear(worded[3]), month, Number(worded[1])) : undefined;
    return date ? { dmy: date } : {};
  }
  const monthFirst = WORDED_MONTH_FIRST.exec(value);
  if (monthFirst) {
    const month = monthFromName(monthFirst[1]);
    const date = month ? valid(fullYear(monthFirst[3]), month, Number(monthFirst[2])) : undefined;
    return date ? { mdy: date } : {};
  }
  return {};
};

/**
 * The dates of a column, read in the one order that reads the most of them (a day above 12
 * decides between day-first and month-first); where every value reads both ways, the order
 * under which they span the shorter time (a statement covers weeks, not a year), then the
 * one under which they run in date order (statements list by date), else day-first, as most
 * of the world writes. Values that are not dates are left out.
 */
export const readDateColumn = (values: readonly string[]): { order?: DateOrder; dates: CalendarDate[] } => {
  const readings = values.map(readingsOf);
  const orders: DateOrder[] = ['ymd', 'dmy', 'mdy'];
  const counts = orders.map((order) => readings.filter((reading) => reading[order]).length);
  const best = Math.max(...counts);
  if (best === 0) return { dates: [] };
  let candidates = orders.filter((_, index) => counts[index] === best);
  const datesIn = (order: DateOrder) => readings.flatMap((reading) => (reading[order] ? [reading[order]] : []));
  if (candidates.length > 1) {
    const spans = candidates.map((order) => span(datesIn(order)));
    candidates = candidates.filter((_, index) => spans[index] === Math.min(...spans));
  }
  if (candidates.length > 1) {
    const monotonic = candidates.filter((order) => isMonotonic(readings.flatMap((reading) => (reading[order] ? [reading[order]] : []))));
    if (monotonic.length > 0) candidates = monotonic;
  }
  const order = candidates.includes('dmy') ? 'dmy' : candidates[0];
  return { order, dates: datesIn(order) };
};

const dayNumber = (date: CalendarDate) => Date.UTC(date.year, date.month - 1, date.day) / 86_400_000;

/** Days from the earliest of the dates to the latest. */
const span = (dates: CalendarDate[]) => Math.max(...dates.map(dayNumber)) - Math.min(...dates.map(dayNumber));

const ordinal = (date: CalendarDate) => date.year * 10_000 + date.month * 100 + date.day;

const isMonotonic = (dates: CalendarDate[]) => {
  let up = true;
  let down = true;
  for (let index = 1; index < dates.length; index++) {
    if (ordinal(dates[index]) < ordinal(dates[index - 1])) up = false;
    if (ordinal(dates[index]) > ordinal(dates[index - 1])) down = false;
  }
  return up || down;
};

/** A period as the contract stores it: YYYY-MM. */
export const periodOf = (date: CalendarDate): string => `${date.year}-${String(date.month).padStart(2, '0')}`;

/** A day as YYYY-MM-DD. */
export const iso = (date: CalendarDate): string => `${periodOf(date)}-${String(date.day).padStart(2, '0')}`;

/** The month most of the dates fall in; a tie goes to the latest month. */
export const mostCommonPeriod = (dates: readonly CalendarDate[]): string | undefined => {
  const counts = new Map<string, number>();
  for (const date of dates) counts.set(periodOf(date), (counts.get(periodOf(date)) ?? 0) + 1);
  let best: string | undefined;
  for (const [period, count] of counts) {
    if (best === undefined || count > counts.get(best)! || (count === counts.get(best)! && period > best)) best = period;
  }
  return best;
};

/** The latest of the dates. */
export const latest = (dates: readonly CalendarDate[]): CalendarDate | undefined =>
  dates.reduce<CalendarDate | undefined>((found, date) => (!found || ordinal(date) > ordinal(found) ? date : found), undefined);
