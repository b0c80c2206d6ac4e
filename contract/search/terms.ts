import { identifierText } from '../accounts/identifier-keys';
import { monthFromName } from '../reading/dates';
import { amountTerm, typedAmount } from './amounts';
import { identifiersIn, maskIdentifiers, maskedText } from './identifiers';
import { PERIOD_PATTERN } from '../uploads';

/**
 * The words of the search index, written once: what a statement's name, account, period and
 * content give (the catalogue and an edit write them), and what a person's query asks for
 * (the search resolver reads them). Both sides normalise words the same way, so "Été",
 * "ete" and "ÉTÉ" are one term, and a query word matches every term it begins.
 */

/** Where a term was found; bit flags, so one stored term carries each place it is in. */
export const TERM_SOURCES = { name: 1, account: 2, period: 4, content: 8 } as const;
export type TermSource = keyof typeof TERM_SOURCES;

export const SEARCH_LIMITS = {
  /** Longer words are cut to this many UTF-16 code units: a sort key stays short, and a prefix still finds them. */
  termChars: 40,
  /** Distinct content terms kept per statement, first seen first: bounds its postings (and their cost). */
  contentTerms: 3000,
  /** Query terms read; more are ignored. */
  queryTerms: 6,
  /** A longer query is cut. */
  queryChars: 200,
  /** Shorter words (in characters) are neither indexed nor searched: one letter matches nearly everything. */
  minTermChars: 2,
} as const;

/**
 * A word: a letter or digit, then letters, digits and combining marks. The marks keep a word
 * written decomposed whole (a Mac writes "März" in a file name as "Ma" + U+0308 + "rz");
 * everything else (punctuation, `|`, `#`, spaces, symbols, emoji) separates words.
 */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
const HAS_LETTER = /\p{L}/u;
const HAS_DIGIT = /\p{N}/u;
const RUNS = /\p{L}+|\p{N}+/gu;

/** The first `max` code units of text, less a high surrogate the cut would leave without its pair. */
const cut = (text: string, max: number) => {
  const head = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(head) ? head.slice(0, -1) : head;
};

/** Characters (code points), as a person counts them. */
const characters = (text: string) => [...text].length;

const longEnough = (term: string) => characters(term) >= SEARCH_LIMITS.minTermChars;

/**
 * One word as the index keeps it: accents and case aside ("Überweisung" is "uberweisung",
 * "Straße" is "strasse", which NFKD leaves as it is), letters and digits only, cut to termChars.
 */
export const normalizeWord = (word: string): string =>
  cut(
    word
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/ß/g, 'ss')
      .replace(/[^\p{L}\p{N}]+/gu, ''),
    SEARCH_LIMITS.termChars,
  );

/**
 * The distinct terms of free text, first seen first. `numbers: false` drops words without
 * a letter (a statement's amounts and dates are noise to search); `numbers: true` keeps them
 * (a file name's "2024"), and a word mixing letters and digits also gives its runs of each
 * ("statement2024" gives "statement" and "2024" too). Reads no further than `max` needs.
 */
export const wordTerms = (text: string, options: { numbers: boolean; max?: number }): string[] => {
  const terms = new Set<string>();
  const max = options.max ?? Infinity;
  const add = (term: string) => {
    if (terms.size < max && longEnough(term)) terms.add(term);
  };
  for (const [raw] of text.matchAll(WORD)) {
    if (terms.size >= max) break;
    const word = normalizeWord(raw);
    const letters = HAS_LETTER.test(word);
    if (!options.numbers && !letters) continue;
    add(word);
    if (options.numbers && letters && HAS_DIGIT.test(word)) for (const [part] of word.matchAll(RUNS)) add(part);
  }
  return [...terms];
};

/**
 * The terms a statement's filing gives it, each with the places it is in: the name's words
 * (its extension too, so "pdf" finds PDFs), the account's words ("Visa ••1234" gives "1234"),
 * and its period as "2024-03" and as its year "2024" (a period that is not YYYY-MM gives none).
 */
export const filingTerms = (statement: { fileName: string; accountLabel: string; period: string }): Map<string, number> => {
  const terms = new Map<string, number>();
  const add = (term: string, source: number) => terms.set(term, (terms.get(term) ?? 0) | source);
  for (const term of wordTerms(statement.fileName, { numbers: true })) add(term, TERM_SOURCES.name);
  for (const term of wordTerms(statement.accountLabel, { numbers: true })) add(term, TERM_SOURCES.account);
  if (PERIOD_PATTERN.test(statement.period)) {
    add(statement.period, TERM_SOURCES.period);
    add(statement.period.slice(0, 4), TERM_SOURCES.period);
  }
  return terms;
};

/**
 * A statement's content words: its pieces' words (no numbers), at most contentTerms in all,
 * read with every account number in them masked (contract/search/identifiers), so no part of
 * one is a word; the numbers' own terms are their keyed hashes (contract/search/context.ts).
 */
export const contentTerms = (pieces: readonly string[]): string[] =>
  // A line break between pieces, so the last word of one and the first of the next stay two.
  wordTerms(maskIdentifiers(pieces.join('\n')), { numbers: false, max: SEARCH_LIMITS.contentTerms });

export interface QueryTerm {
  /** The term to match, normalised. */
  term: string;
  /** Whether any term beginning with it matches (words, and years); else only the exact term (a month). */
  prefix: boolean;
  /**
   * `period` when read from a period ("March 2024", "2024-03", "2024"): then `term` is "YYYY-MM" or "YYYY";
   * `identifier` for an account number typed whole: then `term` is its keyed hash, matched exactly;
   * `amount` for an amount typed ("17,120.00", "4210,55"): then `term` is its amount term (contract/search/amounts), matched exactly.
   */
  kind: 'period' | 'word' | 'identifier' | 'amount';
  /** The words it was read from, as typed ("March 2024"), for messages; an account number masked. */
  typed: string;
  /**
   * A term that matches in its place: a whole number typed ("17120", "2024") is also the
   * amount of as many whole units ("=1712000", exact), so it finds a transaction of 17,120.00
   * as well as the names and periods it begins.
   */
  or?: { term: string; prefix: boolean };
}

/** A word of a query: normalised, with where it was typed. */
interface Token {
  word: string;
  start: number;
  end: number;
}

const YEAR = /^(?:19|20)\d\d$/;
const MONTH_NUMBER = /^\d\d?$/;
/** What may join a year and a month's number: "2024-03", "2024/03", "03.2024". A space may not ("2024 03" is two numbers). */
const NUMBER_JOIN = /^[-/.]$/;

const pad = (month: number) => String(month).padStart(2, '0');
const monthNumber = (word: string) => (MONTH_NUMBER.test(word) && Number(word) >= 1 && Number(word) <= 12 ? Number(word) : undefined);

/** A year as typed after a month's name: four digits, or two meaning this century ("Mar 24"). */
const yearAfterName = (word: string): string | undefined => (YEAR.test(word) ? word : /^\d\d$/.test(word) ? `20${word}` : undefined);

/**
 * The periods written in numbers ("2024-03", "2024/3", "03/2024", "3-2024"), by the index of
 * their first token. Read before the words, since a separator splits them into two tokens;
 * a number joined on to either end is a date ("2024-03-15", "15/03/2024"), not a month.
 */
const numericPeriods = (text: string, tokens: readonly Token[]): Map<number, string> => {
  const joined = (index: number) =>
    index >= 0 && index + 1 < tokens.length && NUMBER_JOIN.test(text.slice(tokens[index].end, tokens[index + 1].start));
  const numberJoined = (index: number, other: number) => joined(index) && /^\d+$/.test(tokens[other].word);
  const periods = new Map<number, string>();
  for (let index = 0; index + 1 < tokens.length; index++) {
    if (!joined(index) || numberJoined(index - 1, index - 1) || numberJoined(index + 1, index + 2)) continue;
    const [first, second] = [tokens[index].word, tokens[index + 1].word];
    const month = YEAR.test(first) ? monthNumber(second) : monthNumber(first);
    const year = YEAR.test(first) ? first : second;
    if (month && YEAR.test(year)) {
      periods.set(index, `${year}-${pad(month)}`);
      index++;
    }
  }
  return periods;
};

/** What stands between words that may be one typed amount: a separator, or a space grouping thousands ("17 120,00"). */
const AMOUNT_JOIN = /^[,.'’ \u00a0\u202f]$/;
/** What may stand before an amount's digits up to the space before it: signs, a currency symbol, a parenthesis. */
const AMOUNT_OPENS = /^[-+\u2212(]*(?:[A-Z]{0,2}\$|[€£¥₹])?[-+\u2212]?$/;
/** What may stand after them up to the space after it: a sign, a parenthesis, a currency symbol, a separator typed last. */
const AMOUNT_CLOSES = /^[-\u2212)]*(?:[$€£¥₹])?[.,]?$/;
/** A currency code typed beside an amount ("4,210.55 EUR"): part of the amount, not a word to find. */
const CURRENCY_CODE = /^(?:eur|usd|gbp|chf|aud|cad|nzd|jpy|sek|nok|dkk|pln|czk|huf|inr|cny|hkd|sgd|zar|mxn|brl)$/;

/** The text between spaces around text[from, to): whatever is joined to it on either side. */
const chunkAround = (text: string, from: number, to: number): { start: number; end: number } => {
  let start = from;
  while (start > 0 && !/\s/.test(text[start - 1])) start--;
  let end = to;
  while (end < text.length && !/\s/.test(text[end])) end++;
  return { start, end };
};

/**
 * An amount typed over tokens[first..last]: the chunk of text between spaces that holds them,
 * when only a sign, a currency symbol or parentheses are joined to them (not "2024-03-15", not
 * "ref17120"); its term and whether it was digits alone.
 */
const amountOver = (text: string, tokens: readonly Token[], first: number, last: number) => {
  const { start, end } = chunkAround(text, tokens[first].start, tokens[last].end);
  if (!AMOUNT_OPENS.test(text.slice(start, tokens[first].start)) || !AMOUNT_CLOSES.test(text.slice(tokens[last].end, end)))
    return undefined;
  return typedAmount(text.slice(start, end));
};

/**
 * The amounts typed with a separator, a sign or a currency ("17,120.00", "17 120,00",
 * "-4,210.55", "$12.50"), by the index of their first token, with the index of their last
 * (a currency code typed after one included): read before the words, which their separators
 * split. Digits alone are not here: they stay words and periods, each also an amount
 * (`wholeAmount`); so do numbers a space alone joins ("650 120" is two numbers).
 */
const typedAmounts = (text: string, tokens: readonly Token[]): Map<number, { term?: string; last: number }> => {
  const amounts = new Map<number, { term?: string; last: number }>();
  const isDigits = (index: number) => /^\d+$/.test(tokens[index].word);
  for (let first = 0; first < tokens.length; first++) {
    if (!isDigits(first)) continue;
    // The most tokens one spans: six groups of thousands (a trillion) and its decimals.
    let last = first;
    while (
      last + 1 < tokens.length &&
      last - first < 7 &&
      isDigits(last + 1) &&
      AMOUNT_JOIN.test(text.slice(tokens[last].end, tokens[last + 1].start))
    )
      last++;
    for (let end = last; end >= first; end--) {
      if (end > first && /^[\d \u00a0\u202f]+$/.test(text.slice(tokens[first].start, tokens[end].end))) continue;
      const amount = amountOver(text, tokens, first, end);
      if (!amount || amount.bare) continue;
      const code =
        end + 1 < tokens.length &&
        CURRENCY_CODE.test(tokens[end + 1].word) &&
        /^\s+$/.test(text.slice(tokens[end].end, tokens[end + 1].start));
      // An amount of nothing ("0.00") finds nothing, and its digits are no words.
      amounts.set(first, { term: amount.term === amountTerm(0) ? undefined : amount.term, last: code ? end + 1 : end });
      first = end;
      break;
    }
  }
  return amounts;
};

/** The amount term of a whole number typed alone (between spaces, perhaps with a sign or currency): its whole units. */
const wholeAmount = (text: string, tokens: readonly Token[], index: number): string | undefined => {
  const amount = amountOver(text, tokens, index, index);
  return amount && amount.term !== amountTerm(0) ? amount.term : undefined;
};

/** The account numbers typed whole in a query, by their text (identifierText): what the resolver hashes for `parseQuery`. */
export const queryIdentifiers = (query: string) => identifiersIn([query.slice(0, SEARCH_LIMITS.queryChars)]);

/**
 * What a person typed into the search box, as terms, in the order typed. A period in any of
 * the ways people write one ("March 2024", "Mar 24", "März 2024", "2024 March", "2024-03",
 * "03/2024") is one exact period term; a year alone matches its months, and names holding
 * it, by prefix; every other word matches as the start of a word, so results can follow each
 * key typed. A lone month name stays a word: "march" may be in a statement's text. An
 * account number typed whole, with or without its spaces, is its hashed term
 * (`identifierTerms`: its text → its term, from the owner's key), matched exactly; no part
 * of it is a word, as none is in the index. An amount typed with a separator, a sign or a
 * currency ("17,120.00", "17 120,00", "-4,210.55") is its amount term (contract/search/amounts),
 * matched exactly; a whole number typed alone ("17120", "2024") stays a word or a year, and
 * also matches, in its place, the amount of as many whole units (`or`).
 */
export const parseQuery = (query: string, identifierTerms: ReadonlyMap<string, string> = new Map()): QueryTerm[] => {
  const masked = maskedText(query.slice(0, SEARCH_LIMITS.queryChars));
  const text = masked.text;
  const tokens: Token[] = [...text.matchAll(WORD)].map((match) => ({
    word: normalizeWord(match[0]),
    start: match.index,
    end: match.index + match[0].length,
  }));
  const periods = numericPeriods(text, tokens);
  const amounts = typedAmounts(text, tokens);
  const terms: QueryTerm[] = [];
  const add = (term: string, prefix: boolean, kind: QueryTerm['kind'], from: Token, to = from) => {
    if (!longEnough(term) || terms.some((known) => known.term === term && known.prefix === prefix)) return;
    // A whole number typed alone between spaces is also an amount (contract/search/amounts).
    const amount = kind !== 'amount' && from === to && /^\d+$/.test(term) ? wholeAmount(text, tokens, tokens.indexOf(from)) : undefined;
    terms.push({ term, prefix, kind, typed: text.slice(from.start, to.end), ...(amount ? { or: { term: amount, prefix: false } } : {}) });
  };
  // Account numbers in the order typed, among the words.
  const identifiers = masked.spans.map((span) => ({ term: identifierTerms.get(identifierText(span.identifier)), span }));
  const identifiersBefore = (end: number) => {
    while (identifiers.length > 0 && identifiers[0].span.start < end && terms.length < SEARCH_LIMITS.queryTerms) {
      const { term, span } = identifiers.shift()!;
      if (term && !terms.some((known) => known.term === term))
        terms.push({ term, prefix: false, kind: 'identifier', typed: text.slice(span.start, span.end) });
    }
  };
  // What a mask shows of a number (its last four, an IBAN's country) is no word of the query.
  const masks = masked.spans;
  const inMask = (token: Token) => masks.some((span) => token.start >= span.start && token.start < span.end);
  for (let index = 0; index < tokens.length && terms.length < SEARCH_LIMITS.queryTerms; index++) {
    const token = tokens[index];
    identifiersBefore(token.start + 1);
    if (terms.length >= SEARCH_LIMITS.queryTerms) break;
    if (inMask(token)) continue;
    const period = periods.get(index);
    const amount = period ? undefined : amounts.get(index);
    if (amount) {
      if (amount.term) add(amount.term, false, 'amount', token, tokens[amount.last]);
      index = amount.last;
      continue;
    }
    // The next token, unless a numeric period or an amount holds it.
    const next = periods.has(index + 1) || amounts.has(index + 1) ? undefined : tokens[index + 1];
    const month = monthFromName(token.word);
    const yearAfter = month && next ? yearAfterName(next.word) : undefined;
    const monthAfter = YEAR.test(token.word) && next ? monthFromName(next.word) : undefined;
    if (period) add(period, false, 'period', token, tokens[index + 1]);
    else if (month && yearAfter) add(`${yearAfter}-${pad(month)}`, false, 'period', token, next);
    else if (monthAfter) add(`${token.word}-${pad(monthAfter)}`, false, 'period', token, next);
    else if (YEAR.test(token.word)) add(token.word, true, 'period', token);
    else add(token.word, true, 'word', token);
    if (period || yearAfter || monthAfter) index++;
  }
  identifiersBefore(Infinity);
  return terms;
};
