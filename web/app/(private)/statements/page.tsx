import type { Metadata } from 'next';
import { SEARCH_LIMITS } from '@contract/search/terms';
import { StatementsView } from '@/components/statements/statements-view';
import { PageTitle } from '@/components/page-title';
import { SearchResults, searchSummary } from '@/components/search/search-results';
import { SEARCH, STATEMENTS, SUMMARIES } from '@/lib/graphql';
import { SHARE_TARGET } from '@contract/share-target';
import { PAGES, searchHref } from '@/lib/routes';
import { serverQuery } from '@/lib/server-graphql';
import { requireSession } from '@/lib/server-session';
import { pageSizeOf, parseStatementListQuery, sortOf, statementFilter } from '@/lib/statement-list-query';

/**
 * What was searched for is in this page's address (`?q=`), as the account filtered by is: the
 * page's requests, and the pages opened from it, are told its origin alone, never its path
 * and query (the app's policy sends both to its own origin).
 */
const LIST_REFERRER_POLICY = 'strict-origin';

export const metadata: Metadata = { title: 'Statements', referrer: LIST_REFERRER_POLICY };

/**
 * The list, its filters and the usage line render here, with the person's token, for the
 * view the URL names; the browser asks for them again only through this page (a filter,
 * a page turned, or a refresh after an upload or a delete). A search (`?q=`) shows its
 * results in the list's place, each with the line or transaction that matched; a reload or
 * a bookmark shows them again.
 */
export default async function StatementsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const raw = Array.isArray(params.q) ? params.q[0] : params.q;
  const typed = (raw ?? '').trim().slice(0, SEARCH_LIMITS.queryChars);
  const session = await requireSession(typed ? searchHref(typed) : PAGES.statements);
  const query = parseStatementListQuery(params);
  const shared = typeof params[SHARE_TARGET.param] === 'string' ? (params[SHARE_TARGET.param] as string) : undefined;
  const [statements, summaries, found] = await Promise.all([
    // While searching, the results take the list's place: the list is not read.
    typed
      ? undefined
      : serverQuery(session, STATEMENTS, {
          filter: statementFilter(query),
          limit: pageSizeOf(query),
          nextToken: query.after.at(-1) ?? null,
          sort: sortOf(query),
        }),
    serverQuery(session, SUMMARIES),
    typed ? serverQuery(session, SEARCH, { query: typed }) : undefined,
  ]);
  return (
    <>
      <PageTitle>Statements</PageTitle>
      <StatementsView
        query={query}
        statements={statements}
        summaries={summaries}
        shared={shared}
        search={typed ? { query: typed, summary: searchSummary(typed, found), results: <SearchResults data={found} /> } : undefined}
      />
    </>
  );
}
