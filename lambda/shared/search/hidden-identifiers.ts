import { identifierText } from '../../../contract/accounts/identifier-keys';
import type { AccountIdentifier } from '../../../contract/reading/account-numbers';
import type { TermContext } from '../../../contract/search/context';
import { identifierSpans, isIdentifierTerm, maskIdentifiers, type IdentifierSpan } from '../../../contract/search/identifiers';
import { TERM_SOURCES, wordTerms } from '../../../contract/search/terms';
import { isAmountTerm } from '../../../contract/search/amounts';

/**
 * What an earlier release wrote of a statement's account numbers, made as this one writes
 * it (contract/search/identifiers): a content term that holds one ("de89370400440532013000",
 * "kto12345678") gives way to the number's hashed term and the words beside it, a word that
 * was only a part of one ("nwbk" of "GB29 NWBK 6016 …") goes, a number in a stored line
 * gets its hashed term, and every context shows its numbers masked. A pure plan over the postings as read; the index store
 * writes it (index-store.ts).
 */

/** A posting as stored: where in the statement its term is (TERM_SOURCES bits), and its context. */
export interface StoredPosting {
  sources: number;
  context?: TermContext;
}

export interface HidingPlan {
  /** The statement's content terms afterwards, in their order. */
  content: string[];
  /** Postings to write (new terms, and changed contexts or places). */
  puts: Map<string, StoredPosting>;
  /** Postings to delete: terms that held an account number and are in no other place. */
  deletes: string[];
}

/** Digits beside the ellipsis of a cut line: what a cut left of an account number. */
const CUT_LEAD = /^…([\d \u00a0-]*\d)/;
const CUT_TAIL = /(\d[\d \u00a0-]*)…$/;
const DIGITS_AT_CUT = 4;

/**
 * A stored context's text with its account numbers masked. Its line was cut around a word
 * before its numbers were masked, so a number the cut went through is hidden too where four
 * of its digits or more are left beside the cut.
 */
export const hiddenContextText = (text: string): string => {
  const hide = (part: string) => (part.replace(/\D/g, '').length >= DIGITS_AT_CUT ? part.replace(/\d/g, '•') : part);
  return maskIdentifiers(text)
    .replace(CUT_LEAD, (_whole, part: string) => `…${hide(part)}`)
    .replace(CUT_TAIL, (_whole, part: string) => `${hide(part)}…`);
};

const hiddenContext = (context: TermContext | undefined): TermContext | undefined =>
  context && { ...context, text: hiddenContextText(context.text) };

/** The account numbers stored terms and their lines hold (what to hash for `planHiding`). */
export const identifiersInStored = (terms: readonly string[], postings: ReadonlyMap<string, StoredPosting>): AccountIdentifier[] =>
  [
    // An amount's term is its cents ("=123456789"), no account number.
    ...terms.filter((term) => !isIdentifierTerm(term) && !isAmountTerm(term)),
    ...[...postings.values()].flatMap(({ context }) => (context ? [context.text] : [])),
  ].flatMap((text) => identifierSpans(text).map((span) => span.identifier));

/**
 * The plan for one statement: its content terms in order, each one's posting as read
 * (absent: none was found, taken as content alone), its filing terms (term → sources), and
 * the hashed term of each account number (an identifier's text → its term; one not there is
 * dropped, never kept in clear).
 */
export const planHiding = (
  content: readonly string[],
  postings: ReadonlyMap<string, StoredPosting>,
  filing: ReadonlyMap<string, number>,
  identifierTerms: ReadonlyMap<string, string>,
): HidingPlan => {
  const next = new Map<string, StoredPosting>();
  const changed = new Set<string>();
  const puts = new Map<string, StoredPosting>();
  const deletes: string[] = [];
  const keep = (term: string, posting: StoredPosting, isChanged: boolean) => {
    const known = next.get(term);
    if (known) {
      // First seen first: the context of its first place stays; its places join.
      const sources = known.sources | posting.sources;
      if (sources !== known.sources) changed.add(term);
      next.set(term, { ...known, sources });
      return;
    }
    next.set(term, posting);
    if (isChanged) changed.add(term);
  };
  const hashed = (spans: readonly IdentifierSpan[]) => spans.flatMap((span) => identifierTerms.get(identifierText(span.identifier)) ?? []);
  for (const term of content) {
    const read = postings.get(term) ?? { sources: TERM_SOURCES.content };
    const context = hiddenContext(read.context);
    const withContext = context ? { context } : {};
    // A number in the line a word was first seen on is found by its hash from now on, with that line.
    const inLine = read.context ? identifierSpans(read.context.text) : [];
    for (const number of hashed(inLine)) keep(number, { sources: TERM_SOURCES.content | (filing.get(number) ?? 0), ...withContext }, true);
    const spans = isIdentifierTerm(term) || isAmountTerm(term) ? [] : identifierSpans(term);
    // A word seen only inside a number of its line ("nwbk" of "GB29 NWBK 6016 …") was a part of it.
    const partOfNumber =
      spans.length === 0 &&
      !isAmountTerm(term) &&
      inLine.length > 0 &&
      context &&
      !wordTerms(context.text, { numbers: false }).includes(term);
    if (spans.length === 0 && !partOfNumber) {
      keep(term, { sources: read.sources, ...withContext }, context?.text !== read.context?.text);
      continue;
    }
    // The number's hashed term and the words beside it take the term's place in the content.
    const replacements = partOfNumber ? [] : [...hashed(spans), ...wordTerms(maskIdentifiers(term), { numbers: false })];
    for (const replacement of replacements)
      keep(replacement, { sources: TERM_SOURCES.content | (filing.get(replacement) ?? 0), ...withContext }, true);
    // A term also in the statement's filing (its name) stays there, without the content's context.
    const elsewhere = read.sources & ~TERM_SOURCES.content;
    if (elsewhere !== 0) puts.set(term, { sources: elsewhere });
    else deletes.push(term);
  }
  for (const term of changed) puts.set(term, next.get(term)!);
  return { content: [...next.keys()], puts, deletes };
};
