import { accountDetailsBeside } from './accounts/details';

/**
 * The one locale every month, day, moment, amount and count is written in: the language of
 * the app's own sentences, the same on the server and in the browser, so a page hydrates to
 * the text it was rendered with (a reader's own locale would render "März 2024" in a browser
 * whose page came from the server as "Mar 2024"). A file's own writing of a day or an amount
 * is kept beside it where it is shown.
 */
const LOCALE = 'en-US';

const MONTH = new Intl.DateTimeFormat(LOCALE, { month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * How the web app writes periods: as people write them ("Jan 2026"). A period is a calendar
 * month, not an instant, so it is formatted in UTC and never shifts with the reader's time zone.
 */
export const formatPeriod = (period: string, format: Intl.DateTimeFormat = MONTH): string => {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match) return period;
  return format.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
};

const LONG_MONTH = new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A period inside a sentence, its month in full ("The file name says June 2025: …"). */
export const formatPeriodInWords = (period: string): string => formatPeriod(period, LONG_MONTH);

/** A number as the app's sentences write it ("1,024"). */
export const formatCount = (count: number): string => count.toLocaleString(LOCALE);

const PLURAL = new Intl.PluralRules(LOCALE);

/** The word a count takes, by the locale's plural rules: `one` for 1, `other` for 0, 2, 1.5… */
export const pluralOf = (count: number, one: string, other: string): string => (PLURAL.select(count) === 'one' ? one : other);

/** A count with its noun, as people write it: "1 statement", "1,024 statements". */
export const countOf = (count: number, noun: string, nouns = `${noun}s`): string => `${formatCount(count)} ${pluralOf(count, noun, nouns)}`;

const DATE_TIME = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

/** A moment as the server and the browser both render it (UTC, so a page hydrates to the same text). */
export const formatDateTime = (at: string): string => DATE_TIME.format(new Date(at));

/**
 * An account as a file's line names it: its name, then what it is where that is known
 * ("Checking (First Harbor Bank · card)"), the bank left out when the name holds it.
 */
export const formatAccount = (label: string, details?: Parameters<typeof accountDetailsBeside>[1]): string => {
  const line = details ? accountDetailsBeside(label, details) : '';
  return line ? `${label} (${line})` : label;
};

const DAY = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A calendar day (YYYY-MM-DD) as people write it ("Mar 31, 2024"), never shifted by the reader's time zone. */
export const formatDay = (day: string): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? DAY.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))) : day;
};

/**
 * An amount of money as a statement prints it, to the cent, with its currency where it is
 * known ("€1,204.55", "-$980.10"; "1,204.55" when no currency is). The same on the server
 * and in the browser, so a page hydrates to the same text.
 */
export const formatAmount = (value: number, currency?: string | null): string =>
  currency && /^[A-Z]{3}$/.test(currency)
    ? new Intl.NumberFormat(LOCALE, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)
    : value.toLocaleString(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const MONTH_DAY = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** The days a statement covers, the year said once where both fall in it ("Jan 2 – Jan 30, 2024"). */
export const formatDays = (from: string, to: string): string =>
  from.slice(0, 4) === to.slice(0, 4) && /^\d{4}-\d{2}-\d{2}$/.test(from)
    ? `${MONTH_DAY.format(new Date(`${from}T00:00:00Z`))} – ${formatDay(to)}`
    : `${formatDay(from)} – ${formatDay(to)}`;
