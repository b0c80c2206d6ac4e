import { monthFromName } from '../reading/dates';

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
  /** Longer words are cut to this many characters: a sort key stays short, and a prefix still finds them. */
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

/** Runs of letters and digits: everything else (punctuation, `|`, `#`, spaces, symbols) separates words. */
const WORD = /[\p{L}\p{N}]+/gu;
const HAS_LETTER = /\p{L}/u;

/** One word as the index keeps it: accents and case aside ("Überweisung" is "uberweisung"), cut to termChars. */
export const normalizeWord = (word: string): string =>
  word
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]+/gu, '')
    // Whole characters (code points): a cut never splits a character outside the BMP.
    .match(/[\s\S]/gu)
    ?.slice(0, SEARCH_LIMITS.termChars)
    .join('') ?? '';

const characters = (text: string) => [...text].length;

/** The words of text as typed (before normalising). */
const rawWords = (text: string): string[] => text.match(WORD) ?? [];

/**
 * The distinct terms of free text, first seen first. `numbers: false` drops words without
 * a letter (a statement's amounts and dates are noise to search); `numbers: true` keeps them
 * (a file name's "2024"), and a word mixing letters and digits also gives its runs of each
 * ("statement2024" gives "statement" and "2024" too).
 */
export const wordTerms = (text: string, options: { numbers: boolean; max?: number }): string[] => {
  const terms = new Set<string>();
  const max = options.max ?? Infinity;
  const add = (term: string) => {
    if (terms.size < max && characters(term) >= SEARCH_LIMITS.minTermChars) terms.add(term);
  };
  for (const raw of rawWords(text)) {
    if (terms.size >= max) break;
    const word = normalizeWord(raw);
    if (!options.numbers && !HAS_LETTER.test(word)) continue;
    add(word);
    if (options.numbers && /\p{L}/u.test(word) && /\p{N}/u.test(word)) for (const part of word.match(/\p{L}+|\p{N}+/gu) ?? []) add(part);
  }
  return [...terms];
};

/**
 * The terms a statement's filing gives it, each with the places it is in: the name's words
 * (its extension too, so "pdf" finds PDFs), the account's words ("Visa ••1234" gives "1234"),
 * and its period as "2024-03" and as its year "2024".
 */
export const filingTerms = (statement: { fileName: string; accountLabel: string; period: string }): Map<string, number> => {
  const terms = new Map<string, number>();
  const add = (term: string, source: number) => terms.set(term, (terms.get(term) ?? 0) | source);
  for (const term of wordTerms(statement.fileName, { numbers: true })) add(term, TERM_SOURCES.name);
  for (const term of wordTerms(statement.accountLabel, { numbers: true })) add(term, TERM_SOURCES.account);
  add(statement.period, TERM_SOURCES.period);
  add(statement.period.slice(0, 4), TERM_SOURCES.period);
  return terms;
};

/** A statement's content terms: its pieces' words (no numbers), at most contentTerms in all. */
export const contentTerms = (pieces: readonly string[]): string[] =>
  wordTerms(pieces.join('\n'), { numbers: false, max: SEARCH_LIMITS.contentTerms });

export interface QueryTerm {
  /** The term to match, normalised. */
  term: string;
  /** Whether any term beginning with it matches (words, and years); else only the exact term (a month). */
  prefix: boolean;
  /** `period` when read from a period ("March 2024", "2024-03", "2024"). */
  kind: 'period' | 'word';
  /** What it was read from, as typed. */
  typed: string;
}

const pad = (month: number) => String(month).padStart(2, '0');
const validMonth = (month: number) => Number.isInteger(month) && month >= 1 && month <= 12;
const YEAR = /^(19|20)\d\d$/;

/** Periods written with numbers: 2024-03, 2024/03, 03/2024, 3-2024. */
const NUMERIC_PERIODS: { pattern: RegExp; period: (match: RegExpExecArray) => string | undefined }[] = [
  {
    pattern: /(?<![\p{L}\p{N}])((?:19|20)\d\d)[-/.](\d{1,2})(?![\p{L}\p{N}]|[-/.]\d)/gu,
    period: (match) => (validMonth(Number(match[2])) ? `${match[1]}-${pad(Number(match[2]))}` : undefined),
  },
  {
    pattern: /(?<![\p{L}\p{N}]|\d[-/.])(\d{1,2})[-/.]((?:19|20)\d\d)(?![\p{L}\p{N}])/gu,
    period: (match) => (validMonth(Number(match[1])) ? `${match[2]}-${pad(Number(match[1]))}` : undefined),
  },
];

/** A year as typed after a month's name: four digits, or two meaning this century ("Mar 24"). */
const yearOf = (word: string): string | undefined => (YEAR.test(word) ? word : /^\d\d$/.test(word) ? `20${word}` : undefined);

/**
 * What a person typed into the search box, as terms. A period in any of the ways people
 * write one ("March 2024", "Mar 24", "März 2024", "2024 March", "2024-03", "03/2024") is one
 * exact period term; a year alone matches its months and names holding it; every other
 * word matches as the start of a word, so results can follow each key typed.
 */
export const parseQuery = (query: string): QueryTerm[] => {
  const terms: QueryTerm[] = [];
  const add = (term: QueryTerm) => {
    if (
      characters(term.term) >= SEARCH_LIMITS.minTermChars &&
      !terms.some((known) => known.term === term.term && known.prefix === term.prefix)
    )
      terms.push(term);
  };
  let text = query.slice(0, SEARCH_LIMITS.queryChars);
  for (const { pattern, period } of NUMERIC_PERIODS) {
    text = text.replace(pattern, (...args) => {
      const match = args.slice(0, -2) as unknown as RegExpExecArray;
      const found = period(match);
      if (!found) return match[0];
      add({ term: found, prefix: false, kind: 'period', typed: match[0] });
      return ' ';
    });
  }
  const words = rawWords(text);
  for (let index = 0; index < words.length; index++) {
    const word = words[index];
    const next = words[index + 1];
    const month = monthFromName(word);
    // "March 2024", "Mar 24"; then "2024 March".
    const after = month && next !== undefined ? yearOf(next) : undefined;
    if (month && after) {
      add({ term: `${after}-${pad(month)}`, prefix: false, kind: 'period', typed: `${word} ${next}` });
      index++;
      continue;
    }
    const monthAfter = next !== undefined && YEAR.test(word) ? monthFromName(next) : undefined;
    if (monthAfter) {
      add({ term: `${word}-${pad(monthAfter)}`, prefix: false, kind: 'period', typed: `${word} ${next}` });
      index++;
      continue;
    }
    if (YEAR.test(word)) add({ term: word, prefix: true, kind: 'period', typed: word });
    else add({ term: normalizeWord(word), prefix: true, kind: 'word', typed: word });
  }
  return terms.slice(0, SEARCH_LIMITS.queryTerms);
};
