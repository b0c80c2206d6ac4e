import { identifierText } from '../accounts/identifier-keys';
import { amountsIn } from '../reading/amounts';
import { AMOUNT_TERMS, amountTerm, amountTermOf, hasAmountTerm } from './amounts';
import { maskedText } from './identifiers';
import { SEARCH_LIMITS, normalizeWord } from './terms';

/**
 * Where a word of a statement's content was first seen, kept with its posting, so a search
 * shows what matched and not only which file: the line of a PDF, or the transaction (its
 * day, description and amount) of a CSV, OFX or workbook.
 */
export interface TermContext {
  /** The line, or the transaction's description, cut to `CONTEXT_LIMITS.chars` around the word. */
  text: string;
  /** The transaction's day: YYYY-MM-DD where it reads as one, else as the file writes it. */
  date?: string;
  /** The transaction's amount as the file writes it. */
  amount?: string;
}

/** What a piece of content says beside its text: a transaction's day and amount. */
export interface PieceDetails {
  date?: string;
  amount?: string;
  /** The amount as its file's column reads it (negative is money out), where the reader settled its decimal separator. Not kept. */
  value?: number;
}

export const CONTEXT_LIMITS = {
  /** A context's text is at most this many characters: one line of a result. */
  chars: 100,
  /** Characters kept before the word in a longer line, so the word is seen with what leads to it. */
  before: 30,
} as const;

const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
const HAS_LETTER = /\p{L}/u;

/** A line as its excerpts are cut from it: runs of whitespace as one space, trimmed. */
const spaced = (line: string) => line.replace(/\s+/g, ' ').trim();

/** What `\s` matches: JavaScript's white space and line terminators. */
const isBlank = (code: number) =>
  code === 32 ||
  (code >= 9 && code <= 13) ||
  code === 0xa0 ||
  code === 0x1680 ||
  (code >= 0x2000 && code <= 0x200a) ||
  code === 0x2028 ||
  code === 0x2029 ||
  code === 0x202f ||
  code === 0x205f ||
  code === 0x3000 ||
  code === 0xfeff;

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** Characters (code points, as `[...text]` counts them: a lone surrogate is one) from `from` to `to`. */
const characterCount = (text: string, from: number, to: number): number => {
  let count = 0;
  for (let index = from; index < to; index++, count++) if (isHigh(text.charCodeAt(index)) && isLow(text.charCodeAt(index + 1))) index++;
  return count;
};

/** The index `count` characters on from `index` (back, for a negative count), within the text. */
const stepFrom = (text: string, index: number, count: number): number => {
  let at = index;
  for (let step = 0; step < count && at < text.length; step++) at += isHigh(text.charCodeAt(at)) && isLow(text.charCodeAt(at + 1)) ? 2 : 1;
  for (let step = 0; step > count && at > 0; step--)
    at -= at > 1 && isLow(text.charCodeAt(at - 1)) && isHigh(text.charCodeAt(at - 2)) ? 2 : 1;
  return at;
};

/**
 * The excerpt of a spaced line (of `length` characters) around the word at `offset`, which
 * is `at` characters in. Only the characters kept are walked over, so cutting many words'
 * excerpts from one long line costs the line once, not once per word.
 */
const excerptOf = (text: string, length: number, offset: number, at: number): string => {
  const { chars, before } = CONTEXT_LIMITS;
  if (length <= chars) return text;
  // Each ellipsis takes the place of one character.
  if (at - before <= 0) return `${text.slice(0, stepFrom(text, 0, chars - 1)).trim()}…`;
  if (at - before + chars - 1 >= length) return `…${text.slice(stepFrom(text, text.length, -(chars - 1))).trim()}`;
  const from = stepFrom(text, offset, -before);
  return `…${text.slice(from, stepFrom(text, from, chars - 2)).trim()}…`;
};

/**
 * Excerpts of one line around the words at its positions, asked for in order: where each is
 * in the spaced line, and how many characters come before it, are counted on from the last.
 * (In the spaced line a position is one more than the characters that are not blanks before
 * it for each run of blanks before it, less one where the line opens with a run.)
 */
const placesIn = (line: string) => {
  const text = spaced(line);
  const length = characterCount(text, 0, text.length);
  let raw = 0;
  let offset = 0;
  let counted = 0;
  let at = 0;
  return (position: number): string => {
    for (; raw < position; raw++) {
      if (!isBlank(line.charCodeAt(raw))) offset++;
      // A run of blanks is one space, where it starts, unless it opens the line.
      else if (raw > 0 && !isBlank(line.charCodeAt(raw - 1))) offset++;
    }
    const next = Math.min(offset, text.length);
    at += characterCount(text, counted, next);
    counted = next;
    return excerptOf(text, length, next, at);
  };
};

/**
 * A line cut to `CONTEXT_LIMITS.chars` characters around the word at `start`: what comes
 * before it up to `before` characters, the word, what follows; an ellipsis says where it was
 * cut. Cuts fall between characters (code points), never inside one.
 */
export const excerptAround = (line: string, start: number): string => {
  const text = spaced(line);
  // `start` is in the line as given; find the same place in the spaced line by its prefix.
  const offset = line.slice(0, start).replace(/\s+/g, ' ').trimStart().length;
  return excerptOf(text, characterCount(text, 0, text.length), offset, characterCount(text, 0, offset));
};

/**
 * The content terms of a statement's pieces (pages, transaction descriptions), each with the
 * first line it is on: the same words in the same order as `contentTerms`, read line by line,
 * and each account number in them (contract/search/identifiers) as its hashed term, where
 * `identifierTerms` (an identifier's text → its term) has one. Every line kept shows its
 * account numbers masked. `details` lie beside the pieces (a transaction's day and amount).
 * A line's excerpts are cut as its words are read, in order, so a long line of many words
 * costs its length once (cutting each from the whole line cost its length once a word).
 */
export const contentTermContexts = (
  pieces: readonly string[],
  details?: readonly (PieceDetails | undefined)[],
  identifierTerms: ReadonlyMap<string, string> = new Map(),
): Map<string, TermContext> => {
  const contexts = new Map<string, TermContext>();
  for (const [index, piece] of pieces.entries()) {
    const beside = details?.[index];
    for (const line of piece.split(/\r\n|\r|\n/)) {
      const masked = maskedText(line);
      const place = placesIn(masked.text);
      const add = (term: string | undefined, at: number) => {
        if (term === undefined || contexts.has(term)) return;
        contexts.set(term, {
          text: place(at),
          ...(beside?.date ? { date: beside.date } : {}),
          ...(beside?.amount ? { amount: beside.amount } : {}),
        });
      };
      const identifiers = masked.spans.map((span) => ({ term: identifierTerms.get(identifierText(span.identifier)), at: span.start }));
      const words = [...masked.text.matchAll(WORD)].flatMap((match) => {
        const term = normalizeWord(match[0]);
        return HAS_LETTER.test(term) && [...term].length >= SEARCH_LIMITS.minTermChars ? [{ term, at: match.index }] : [];
      });
      // In the order they are on the line: an account number before the words after it.
      for (const { term, at } of [...identifiers, ...words].sort((a, b) => a.at - b.at)) {
        if (contexts.size >= SEARCH_LIMITS.contentTerms) return contexts;
        add(term, at);
      }
    }
  }
  return contexts;
};

/**
 * The amount terms of a statement's pieces (contract/search/amounts), each with where it was
 * first seen: a transaction's amount with its description, day and amount (as
 * `contentTermContexts` keeps them for its words), and each figure of money on a PDF's line
 * (decimals or a currency: a count, a year or a reference is none) with that line, cut
 * around the figure. Account numbers are masked first, so no part of one is read as an
 * amount. At most `AMOUNT_TERMS.perStatement`, first seen first.
 */
export const amountTermContexts = (
  pieces: readonly string[],
  details?: readonly (PieceDetails | undefined)[],
): Map<string, TermContext> => {
  const contexts = new Map<string, TermContext>();
  const add = (term: string | undefined, context: () => TermContext) => {
    if (term !== undefined && !contexts.has(term)) contexts.set(term, context());
  };
  for (const [index, piece] of pieces.entries()) {
    if (contexts.size >= AMOUNT_TERMS.perStatement) break;
    const beside = details?.[index];
    if (beside?.amount) {
      const cents = beside.value !== undefined ? Math.round(beside.value * 100) : undefined;
      const term = cents === undefined ? amountTermOf(beside.amount) : hasAmountTerm(cents) ? amountTerm(cents) : undefined;
      add(term, () => ({
        text: excerptAround(maskedText(piece).text, 0),
        ...(beside.date ? { date: beside.date } : {}),
        amount: beside.amount!,
      }));
      continue;
    }
    for (const line of piece.split(/\r\n|\r|\n/)) {
      const masked = maskedText(line).text;
      const found = amountsIn(masked).filter((amount) => amount.money);
      if (found.length === 0) continue;
      const place = placesIn(masked);
      for (const amount of found) {
        if (contexts.size >= AMOUNT_TERMS.perStatement) return contexts;
        if (hasAmountTerm(amount.cents)) add(amountTerm(amount.cents), () => ({ text: place(amount.start) }));
      }
    }
  }
  return contexts;
};
