import type { Metadata } from 'next';
import Link from 'next/link';
import { notIndexedSentence } from '@contract/search/not-indexed';
import { SEARCH_LIMITS, normalizeWord } from '@contract/search/terms';
import { PageTitle } from '@/components/page-title';
import { SearchBox } from '@/components/search/search-box';
import { countOf, formatDay, formatPeriod } from '@contract/format';
import { SEARCH, type SearchHitData } from '@/lib/graphql';
import { searchHref, statementPage } from '@/lib/routes';
import { serverQuery } from '@/lib/server-graphql';
import { requireSession } from '@/lib/server-session';
import cards from '../statement-cards.module.css';
import styles from './search.module.css';

/**
 * What was typed is in this page's address (`?q=`): the page's requests, and the pages
 * opened from it, are told its origin alone, never its path and query (the app's policy
 * sends both to its own origin).
 */
const SEARCH_REFERRER_POLICY = 'strict-origin';

export const metadata: Metadata = { title: 'Search', referrer: SEARCH_REFERRER_POLICY };

const FIELD_WORDS: Record<string, string> = { NAME: 'name', ACCOUNT: 'account', PERIOD: 'period', CONTENT: 'content' };

/** Text (a name, a line of a file) with the words the search matched marked: as text, never markup. */
const Marked = ({ text, matches }: { text: string; matches: string[] }) => {
  const matched = new Set(matches);
  // Words and what lies between them, in order; a word is marked when its normal form matched.
  const parts = text.split(/([\p{L}\p{N}][\p{L}\p{N}\p{M}]*)/u);
  return <>{parts.map((part, index) => (index % 2 === 1 && matched.has(normalizeWord(part)) ? <mark key={index}>{part}</mark> : part))}</>;
};

/** Where the contents matched: the PDF's line, or the transaction's day, description and amount. */
const Context = ({ context, matches }: { context: SearchHitData['contexts'][number]; matches: string[] }) => (
  <p className={styles.context} data-testid="search-context">
    {context.date && (
      <span className={styles.day} title={context.date}>
        {formatDay(context.date)}
      </span>
    )}
    <span className={styles.line}>
      <Marked text={context.text} matches={[...matches, context.word]} />
    </span>
    {context.amount && <span className={`number ${styles.amount}`}>{context.amount}</span>}
  </p>
);

const Hit = ({ hit }: { hit: SearchHitData }) => {
  const { statement, matches, fields, contexts } = hit;
  return (
    <li className={`${cards.card} ${styles.hit}`}>
      <Link href={statementPage(statement.id)} className={cards.name}>
        <Marked text={statement.fileName} matches={matches} />
      </Link>
      <p className={cards.details}>
        {statement.accountLabel} · {formatPeriod(statement.period)}
        {statement.status !== 'AVAILABLE' && ` · ${statement.status === 'SCANNING' ? 'being scanned' : 'quarantined'}`}
      </p>
      <p className={styles.matches}>
        Matched in {fields.map((field) => FIELD_WORDS[field] ?? field).join(', ')}:{' '}
        {matches.map((word, index) => (
          <span key={word}>
            {index > 0 && ', '}
            {/* A month matched reads as everywhere else ("Mar 2024"), not as stored. */}
            <mark>{formatPeriod(word)}</mark>
          </span>
        ))}
      </p>
      {contexts.map((context) => (
        <Context key={`${context.word} ${context.text}`} context={context} matches={matches} />
      ))}
      {/* Why a word of its contents would not find it. */}
      {statement.contentNotIndexed && (
        <p className={styles.matches} data-testid="content-not-indexed">
          {notIndexedSentence(statement.contentNotIndexed)}
        </p>
      )}
    </li>
  );
};

/**
 * The search: what was typed is in the URL (`?q=`), so a reload or a bookmark shows the
 * same results, rendered here with the person's token. The box beside them asks again as
 * the person types; before the page's script runs, pressing Enter does the same.
 */
export default async function SearchPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const raw = Array.isArray(params.q) ? params.q[0] : params.q;
  const query = (raw ?? '').trim().slice(0, SEARCH_LIMITS.queryChars);
  const session = await requireSession(searchHref(query));
  const data = query ? await serverQuery(session, SEARCH, { query }) : undefined;
  return (
    <>
      <PageTitle lead="Find statements by name, account, month (2024, March 2024, Mar 24) or any word inside them: the text of a PDF, the payees of a CSV, OFX or spreadsheet.">
        Search
      </PageTitle>
      <SearchBox initial={query} />
      <div className={styles.results} aria-live="polite">
        {!query ? null : !data ? (
          <p role="alert">The search could not be run. Try again in a moment.</p>
        ) : data.search.hits.length === 0 ? (
          <p role="status">No statement matches “{query}”. Words match from their start: try fewer, or shorter, words.</p>
        ) : (
          <>
            <p role="status">
              {countOf(data.search.hits.length, 'statement')} {data.search.hits.length === 1 ? 'matches' : 'match'} “{query}”
              {data.search.partial && ', among the newest: add a word to narrow it'}
            </p>
            <ol className={cards.cards}>
              {data.search.hits.map((hit) => (
                <Hit key={hit.statement.id} hit={hit} />
              ))}
            </ol>
          </>
        )}
      </div>
    </>
  );
}
