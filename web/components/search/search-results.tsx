import Link from 'next/link';
import type { ReactNode } from 'react';
import { notIndexedSentence } from '@contract/search/not-indexed';
import { normalizeWord } from '@contract/search/terms';
import { amountsIn, readAmount } from '@contract/reading/amounts';
import { countOf, formatAmount, formatDay, formatPeriod, pluralOf } from '@contract/format';
import type { SearchData, SearchHitData } from '@/lib/graphql';
import { statementPage } from '@/lib/routes';
import cards from '@/app/(private)/statements/statement-cards.module.css';
import styles from './search-results.module.css';

const FIELD_WORDS: Record<string, string> = { NAME: 'name', ACCOUNT: 'account', PERIOD: 'period', CONTENT: 'content' };

/** An amount as the app writes every amount ("2,100.00"), unsigned as a search matches it; none for what is not one. */
const unsigned = (printed: string): string | undefined => {
  const amount = readAmount(printed);
  return amount ? formatAmount(Math.abs(amount.value)) : undefined;
};

/** Words of a text, marked where their normal form matched: as text, never markup. */
const MarkedWords = ({ text, matched }: { text: string; matched: ReadonlySet<string> }) => {
  // Words and what lies between them, in order.
  const parts = text.split(/([\p{L}\p{N}][\p{L}\p{N}\p{M}]*)/u);
  return <>{parts.map((part, index) => (index % 2 === 1 && matched.has(normalizeWord(part)) ? <mark key={index}>{part}</mark> : part))}</>;
};

/**
 * Text (a name, a line of a file) with what the search matched marked: its words, and its
 * amounts of money an amount searched for matched ("-12.40" where "12.40" was typed).
 */
const Marked = ({ text, matches }: { text: string; matches: string[] }) => {
  const matched = new Set(matches);
  const words = new Set(matches.map(normalizeWord));
  const amounts = amountsIn(text).filter((amount) => amount.money && matched.has(formatAmount(Math.abs(amount.value))));
  const parts: ReactNode[] = [];
  let from = 0;
  for (const amount of amounts) {
    parts.push(<MarkedWords key={`w${from}`} text={text.slice(from, amount.start)} matched={words} />);
    parts.push(<mark key={`a${amount.start}`}>{text.slice(amount.start, amount.end)}</mark>);
    from = amount.end;
  }
  parts.push(<MarkedWords key={`w${from}`} text={text.slice(from)} matched={words} />);
  return <>{parts}</>;
};

/** Where the contents matched: the PDF's line, or the transaction's day, description and amount, as the app writes days and amounts. */
const Context = ({
  context,
  matches,
  currency,
}: {
  context: SearchHitData['contexts'][number];
  matches: string[];
  /** The statement's currency, where its file names it. */
  currency?: string | null;
}) => {
  const amount = context.amount ? unsigned(context.amount) : undefined;
  const value = context.amount ? readAmount(context.amount)?.value : undefined;
  return (
    <p className={styles.context} data-testid="search-context">
      {context.date && (
        <span className={styles.day} title={context.date}>
          {formatDay(context.date)}
        </span>
      )}
      <span className={styles.line}>
        <Marked text={context.text} matches={[...matches, context.word]} />
      </span>
      {context.amount && (
        // The file's own writing of it is kept beside it, as a day's is.
        <span className={`number ${styles.amount}`} title={context.amount}>
          {value === undefined ? (
            context.amount
          ) : amount && matches.includes(amount) ? (
            <mark>{formatAmount(value, currency)}</mark>
          ) : (
            formatAmount(value, currency)
          )}
        </span>
      )}
    </p>
  );
};

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
        <Context key={`${context.word} ${context.text}`} context={context} matches={matches} currency={statement.balances?.currency} />
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

/** What a search found, in one sentence: what the list's live region says as the results change. */
export const searchSummary = (query: string, data: SearchData | undefined): string =>
  !data
    ? 'The search could not be run. Try again in a moment.'
    : data.search.hits.length === 0
      ? `No statement matches “${query}”. Words match from their start: try fewer, or shorter, words.`
      : `${countOf(data.search.hits.length, 'statement')} ${pluralOf(data.search.hits.length, 'matches', 'match')} “${query}”${
          data.search.partial ? ', among the newest: add a word to narrow it' : ''
        }.`;

/** The hits of a search, best first, each with the lines or transactions of its contents that matched. */
export const SearchResults = ({ data }: { data: SearchData | undefined }) =>
  data && data.search.hits.length > 0 ? (
    <ol className={`${cards.cards} ${styles.results}`} aria-label="Search results">
      {data.search.hits.map((hit) => (
        <Hit key={hit.statement.id} hit={hit} />
      ))}
    </ol>
  ) : null;
