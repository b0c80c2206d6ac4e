import type { Locale } from './model';

/**
 * Amounts and dates as banks print them, per country: the grouping and decimal marks, where
 * the currency's sign goes, and the ways a negative is shown.
 */
export type Grouping = 'comma' | 'dot' | 'space';
export type Negative = 'minus' | 'minus-spaced' | 'parentheses' | 'trailing-minus' | 'cr-dr';
export type Sign = 'symbol-before' | 'symbol-after' | 'code-after' | 'none';

export interface MoneyStyle {
  grouping: Grouping;
  negative: Negative;
  sign: Sign;
  /** The sign printed ("£", "S$", "€"), or the code ("EUR"). */
  symbol: string;
}

const group = (units: string, mark: string) => units.replace(/\B(?=(\d{3})+(?!\d))/g, mark);

/** An amount in cents, as the style prints it. */
export const money = (cents: number, style: MoneyStyle): string => {
  const whole = Math.floor(Math.abs(cents) / 100).toString();
  const fraction = String(Math.abs(cents) % 100).padStart(2, '0');
  const [thousands, decimal] = style.grouping === 'comma' ? [',', '.'] : style.grouping === 'dot' ? ['.', ','] : [' ', ','];
  const figure = `${group(whole, thousands)}${decimal}${fraction}`;
  const signed = (text: string) =>
    style.sign === 'symbol-before'
      ? `${style.symbol}${text}`
      : style.sign === 'symbol-after'
        ? `${text} ${style.symbol}`
        : style.sign === 'code-after'
          ? `${text} ${style.symbol}`
          : text;
  const negative = cents < 0;
  switch (style.negative) {
    case 'minus':
      return negative ? `-${signed(figure)}` : signed(figure);
    case 'minus-spaced':
      // "-$ 12,310.07": the sign apart from the figure.
      return negative ? `-${style.sign === 'symbol-before' ? `${style.symbol} ${figure}` : signed(figure)}` : signed(figure);
    case 'parentheses':
      return negative ? `(${signed(figure)})` : signed(figure);
    case 'trailing-minus':
      return negative ? `${signed(figure)}-` : signed(figure);
    case 'cr-dr':
      return `${signed(figure)} ${negative ? 'DR' : 'CR'}`;
  }
};

const MONTHS: Record<string, string[]> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  de: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  nl: ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'],
};

const parts = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number);
  return { year, month, day, dd: iso.slice(8, 10), mm: iso.slice(5, 7) };
};

const ordinal = (day: number) =>
  `${day}${day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th'}`;

export type DateStyle =
  /** The country's numeric order: 03/31/2024 in the US, 31/03/2024 elsewhere, 31.03.2024 in Germany, 31-03-2024 in the Netherlands. */
  | 'numeric'
  /** March 31, 2024 (US) or 31 March 2024; 31. März 2024; 31 mars 2024; 31 de marzo de 2024. */
  | 'long'
  /** 31 Mar 2024 / Mar 31, 2024. */
  | 'short'
  /** 3rd Jun 2023. */
  | 'ordinal';

/** A day as the locale prints it. */
export const printedDate = (iso: string, locale: Locale, style: DateStyle): string => {
  const { year, month, day, dd, mm } = parts(iso);
  const language = locale.slice(0, 2);
  const name = MONTHS[language][month - 1];
  const us = locale === 'en-US';
  switch (style) {
    case 'numeric':
      return us
        ? `${mm}/${dd}/${year}`
        : language === 'de'
          ? `${dd}.${mm}.${year}`
          : language === 'nl'
            ? `${dd}-${mm}-${year}`
            : `${dd}/${mm}/${year}`;
    case 'long':
      return us
        ? `${name} ${day}, ${year}`
        : language === 'de'
          ? `${day}. ${name} ${year}`
          : language === 'es'
            ? `${day} de ${name} de ${year}`
            : language === 'fr' && day === 1
              ? `1er ${name} ${year}`
              : `${day} ${name} ${year}`;
    case 'short':
      return us ? `${name.slice(0, 3)} ${day}, ${year}` : `${day} ${name.slice(0, 3)} ${year}`;
    case 'ordinal':
      return `${ordinal(day)} ${name.slice(0, 3)} ${year}`;
  }
};

/** A transaction's day in a table, without its year where banks leave it out. */
export const rowDate = (iso: string, locale: Locale): string => {
  const { dd, mm } = parts(iso);
  return locale === 'en-US' ? `${mm}/${dd}` : locale.startsWith('de') ? `${dd}.${mm}.` : `${dd}/${mm}`;
};
