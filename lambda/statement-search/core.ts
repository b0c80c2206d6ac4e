import * as z from 'zod';
import { SUB_PATTERN, STATEMENT_ID_PATTERN } from '../../contract/keys';
import { amountTermShown } from '../../contract/search/amounts';
import { identifierTerms } from '../../contract/search/identifiers';
import { SEARCH_LIMITS, TERM_SOURCES, filingTerms, parseQuery, queryIdentifiers, type QueryTerm } from '../../contract/search/terms';
import type { Statement } from '../../contract/entities';
import type { TermContext } from '../../contract/search/context';
import type { Log } from '../shared/log';
import type { Posting, SearchIndex } from '../shared/search/index-store';
import type { StatementOrder } from './order';

/** What AppSync hands the resolver: the field, the caller's `sub` from the verified token, and the arguments, unparsed. */
export interface StatementSearchEvent {
  field: 'search' | 'statementNeighbours';
  owner: string;
  arguments: unknown;
  requestId?: string;
}

export type SearchField = 'NAME' | 'ACCOUNT' | 'PERIOD' | 'CONTENT';

export interface SearchHit {
  statement: Statement;
  /** The stored words the query matched ("amazon" for "amaz"), best first. */
  matches: string[];
  fields: SearchField[];
  /** Where its content matched: per query word, the first line or transaction holding a word it matched. */
  contexts: SearchContext[];
}

/** A line or transaction of a statement's content that a search matched, with the stored word it matched there. */
export interface SearchContext extends TermContext {
  word: string;
}

export interface SearchAnswer {
  hits: SearchHit[];
  /** Some query word matched more postings than one search reads: the newest were ranked. */
  partial: boolean;
}

export type StatementSearchResult =
  | SearchAnswer
  | { previous: Statement | null; next: Statement | null }
  | { error: { type: 'BadRequest' | 'Unauthorized'; message: string } };

/**
 * How much one search reads, whatever the vault holds: the postings of each query word (one
 * Query page of the newest statements under it), and the records of the best candidates
 * (one batch). Bounded work is what keeps the time of a search flat from a hundred
 * statements to ten thousand: a word in more statements than one page holds costs the same
 * in any vault (the answer says it is partial), and a page is small enough that a vault of a
 * thousand already fills it for the words that are common.
 */
export const SEARCH_READ = { postingsPerTerm: 200, hitsDefault: 20, hitsMax: 50 } as const;

const searchArguments = z.object({
  query: z.string().max(SEARCH_LIMITS.queryChars * 4, 'The search is too long.'),
  limit: z.number().int().min(1).max(SEARCH_READ.hitsMax).nullish(),
});
const neighbourArguments = z.object({ id: z.string() });

/** How much a match in each place counts: a file name says most about what a statement is. */
const WEIGHTS: Record<SearchField, number> = { NAME: 8, ACCOUNT: 6, PERIOD: 6, CONTENT: 2 };
const FIELDS: [SearchField, number][] = [
  ['NAME', TERM_SOURCES.name],
  ['ACCOUNT', TERM_SOURCES.account],
  ['PERIOD', TERM_SOURCES.period],
  ['CONTENT', TERM_SOURCES.content],
];

const fieldsOf = (sources: number): SearchField[] => FIELDS.filter(([, bit]) => (sources & bit) !== 0).map(([field]) => field);

const matchesOne = (query: { term: string; prefix: boolean }, term: string) =>
  query.prefix ? term.startsWith(query.term) : term === query.term;
/** Whether a stored term matches a query term, or the term it also stands for (a whole number's amount). */
const matchesTerm = (query: QueryTerm, term: string) => matchesOne(query, term) || (query.or !== undefined && matchesOne(query.or, term));

interface Candidate {
  id: string;
  /** Per query term: the stored terms it matched, and their sources. */
  perTerm: { terms: Set<string>; sources: number; context?: SearchContext }[];
}

/** The statements under every query term, with what each term matched in them. */
export const candidatesOf = (terms: QueryTerm[], lists: Posting[][]): Candidate[] => {
  const candidates = new Map<string, Candidate>();
  for (const posting of lists[0] ?? []) {
    const candidate = candidates.get(posting.statementId) ?? {
      id: posting.statementId,
      perTerm: terms.map(() => ({ terms: new Set<string>(), sources: 0 })),
    };
    candidates.set(posting.statementId, candidate);
  }
  lists.forEach((postings, index) => {
    for (const posting of postings) {
      const candidate = candidates.get(posting.statementId);
      if (!candidate) continue;
      const matched = candidate.perTerm[index];
      matched.terms.add(posting.term);
      matched.sources |= posting.sources;
      // The shortest word matched, as the matches list it first ("amazon" before "amazonprime").
      if (posting.context && (!matched.context || posting.term.length < matched.context.word.length))
        matched.context = { word: posting.term, ...posting.context };
    }
  });
  return [...candidates.values()].filter((candidate) => candidate.perTerm.every(({ sources }) => sources !== 0));
};

/** How well a statement matches: per query term, the best place it matched, and a little more for the whole word. */
const scoreOf = (terms: QueryTerm[], perTerm: { words: string[]; sources: number }[]) =>
  perTerm.reduce(
    (score, { words, sources }, index) =>
      score +
      Math.max(0, ...fieldsOf(sources).map((field) => WEIGHTS[field])) +
      (words.includes(terms[index].term) || (terms[index].or !== undefined && words.includes(terms[index].or.term)) ? 1 : 0),
    0,
  );

/** A candidate's contexts, one per query term that matched its content, each line once. */
const contextsOf = (candidate: Candidate): SearchContext[] => {
  const contexts: SearchContext[] = [];
  for (const { context } of candidate.perTerm)
    if (context && !contexts.some((known) => known.text === context.text && known.date === context.date)) contexts.push(context);
  return contexts;
};

/** Best first, then newest (ids are ULIDs). */
const byScore = <T extends { score: number; id: string }>(a: T, b: T) => b.score - a.score || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** The candidates worth reading the records of, best first by what their postings say. */
export const bestCandidates = (terms: QueryTerm[], candidates: Candidate[], count: number): string[] =>
  candidates
    .map((candidate) => ({
      id: candidate.id,
      score: scoreOf(
        terms,
        candidate.perTerm.map(({ terms: words, sources }) => ({ words: [...words], sources })),
      ),
    }))
    .sort(byScore)
    .slice(0, count)
    .map(({ id }) => id);

/**
 * The hits among the candidates whose records were read, best first. A statement must match
 * every query term somewhere. Its filing (name, account, period) is checked against its
 * record as it is now, so a posting an edit has not yet removed never shows it under its old
 * name, and its content's postings are taken as written.
 */
export const rankHits = (terms: QueryTerm[], candidates: Candidate[], records: Map<string, Statement>): SearchHit[] => {
  const hits: (SearchHit & { score: number; id: string })[] = [];
  // An account number's stored term is its hash: it is shown as typed, masked. An amount's is shown as an amount ("17,120.00").
  const shown = new Map(terms.filter(({ kind }) => kind === 'identifier').map(({ term, typed }) => [term, typed]));
  const show = (word: string) => shown.get(word) ?? amountTermShown(word);
  for (const candidate of candidates) {
    const statement = records.get(candidate.id);
    if (!statement) continue;
    const filing = filingTerms(statement);
    const perTerm = candidate.perTerm.map(({ terms: matched, sources }, index) => {
      const content = sources & TERM_SOURCES.content;
      const words = content ? [...matched] : [];
      let now = content;
      for (const [term, bits] of filing) {
        if (!matchesTerm(terms[index], term)) continue;
        now |= bits;
        words.push(term);
      }
      return { words: [...new Set(words)].sort((a, b) => a.length - b.length || (a < b ? -1 : 1)), sources: now };
    });
    if (perTerm.some(({ sources }) => sources === 0)) continue;
    hits.push({
      id: statement.id,
      statement,
      matches: [...new Set(perTerm.flatMap(({ words }) => words.map(show)))],
      fields: fieldsOf(perTerm.reduce((all, { sources }) => all | sources, 0)),
      contexts: contextsOf(candidate).map((context) => ({ ...context, word: show(context.word) })),
      score: scoreOf(terms, perTerm),
    });
  }
  return hits.sort(byScore).map(({ score: _score, id: _id, ...hit }) => hit);
};

/**
 * The postings of one query term: its own, and those of the term it also stands for (a whole
 * number's amount), each one Query; the newest statements of each, a statement once under each stored term.
 */
const postingsOf = async (index: SearchIndex, owner: string, term: QueryTerm): Promise<{ postings: Posting[]; complete: boolean }> => {
  if (!term.or) return index.postings(owner, term, SEARCH_READ.postingsPerTerm);
  const [own, other] = await Promise.all([
    index.postings(owner, term, SEARCH_READ.postingsPerTerm),
    index.postings(owner, { ...term, ...term.or, kind: 'amount' }, SEARCH_READ.postingsPerTerm),
  ]);
  return { postings: [...own.postings, ...other.postings], complete: own.complete && other.complete };
};

export const createStatementSearch =
  (deps: {
    index: SearchIndex;
    order: StatementOrder;
    log: Log;
    /**
     * The owner's identifier key, which an account number typed whole is hashed with, as
     * the catalogue hashed the numbers in their statements (contract/search/identifiers).
     * @default none: an account number typed finds nothing
     */
    ownerKey?: (owner: string) => Promise<string>;
  }) =>
  async (event: StatementSearchEvent): Promise<StatementSearchResult> => {
    if (typeof event.owner !== 'string' || !SUB_PATTERN.test(event.owner))
      return { error: { type: 'Unauthorized', message: 'A signed-in user is required.' } };
    if (event.field === 'statementNeighbours') {
      const parsed = neighbourArguments.safeParse(event.arguments);
      if (!parsed.success || !STATEMENT_ID_PATTERN.test(parsed.data.id)) return { previous: null, next: null };
      return deps.order.neighbours(event.owner, parsed.data.id);
    }
    const parsed = searchArguments.safeParse(event.arguments);
    if (!parsed.success) return { error: { type: 'BadRequest', message: parsed.error.issues.map((issue) => issue.message).join('; ') } };
    const identifiers = queryIdentifiers(parsed.data.query);
    const hashed =
      identifiers.size > 0 && deps.ownerKey ? await identifierTerms(await deps.ownerKey(event.owner), identifiers.values()) : undefined;
    const terms = parseQuery(parsed.data.query, hashed);
    if (terms.length === 0) return { hits: [], partial: false };
    const limit = parsed.data.limit ?? SEARCH_READ.hitsDefault;
    const read = await Promise.all(terms.map((term) => postingsOf(deps.index, event.owner, term)));
    const candidates = candidatesOf(
      terms,
      read.map(({ postings }) => postings),
    );
    // A few more records than asked for: some may be filed otherwise by now.
    const wanted = bestCandidates(terms, candidates, limit * 2);
    const records = new Map((await deps.index.statements(event.owner, wanted)).map((statement) => [statement.id, statement]));
    const chosen = new Set(wanted);
    const hits = rankHits(
      terms,
      candidates.filter((candidate) => chosen.has(candidate.id)),
      records,
    ).slice(0, limit);
    const partial = read.some(({ complete }) => !complete);
    deps.log.info('search', { terms: terms.length, candidates: candidates.length, hits: hits.length, partial });
    return { hits, partial };
  };
