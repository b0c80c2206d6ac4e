import { identifierText } from '../accounts/identifier-keys';
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
}

export const CONTEXT_LIMITS = {
  /** A context's text is at most this many characters: one line of a result. */
  chars: 100,
  /** Characters kept before the word in a longer line, so the word is seen with what leads to it. */
  before: 30,
} as const;

const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
const HAS_LETTER = /\p{L}/u;

/**
 * A line cut to `CONTEXT_LIMITS.chars` characters around the word at `start`: what comes
 * before it up to `before` characters, the word, what follows; an ellipsis says where it was
 * cut. Cuts fall between characters (code points), never inside one.
 */
export const excerptAround = (line: string, start: number): string => {
  const text = line.replace(/\s+/g, ' ').trim();
  // `start` is in the line as given; find the same place in the spaced line by its prefix.
  const offset = line.slice(0, start).replace(/\s+/g, ' ').trimStart().length;
  const characters = [...text];
  if (characters.length <= CONTEXT_LIMITS.chars) return text;
  const { chars, before } = CONTEXT_LIMITS;
  const at = [...text.slice(0, offset)].length;
  const take = (from: number, to: number) => characters.slice(from, to).join('').trim();
  // Each ellipsis takes the place of one character.
  if (at - before <= 0) return `${take(0, chars - 1)}…`;
  if (at - before + chars - 1 >= characters.length) return `…${take(characters.length - (chars - 1), characters.length)}`;
  return `…${take(at - before, at - before + chars - 2)}…`;
};

/**
 * The content terms of a statement's pieces (pages, transaction descriptions), each with the
 * first line it is on: the same words in the same order as `contentTerms`, read line by line,
 * and each account number in them (contract/search/identifiers) as its hashed term, where
 * `identifierTerms` (an identifier's text → its term) has one. Every line kept shows its
 * account numbers masked. `details` lie beside the pieces (a transaction's day and amount).
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
      const add = (term: string | undefined, at: number) => {
        if (term === undefined || contexts.has(term)) return;
        contexts.set(term, {
          text: excerptAround(masked.text, at),
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
