import type { Metadata } from 'next';
import { StatementsView } from '@/components/statements/statements-view';
import { PageTitle } from '@/components/page-title';
import { STATEMENTS, SUMMARIES } from '@/lib/graphql';
import { SHARE_TARGET } from '@contract/share-target';
import { PAGES } from '@/lib/routes';
import { serverQuery } from '@/lib/server-graphql';
import { requireSession } from '@/lib/server-session';
import { pageSizeOf, parseStatementListQuery, sortOf, statementFilter } from '@/lib/statement-list-query';

export const metadata: Metadata = { title: 'Statements' };

/**
 * The list, its filters and the usage line render here, with the person's token, for the
 * view the URL names; the browser asks for them again only through this page (a filter,
 * a page turned, or a refresh after an upload or a delete).
 */
export default async function StatementsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await requireSession(PAGES.statements);
  const params = await searchParams;
  const query = parseStatementListQuery(params);
  const shared = typeof params[SHARE_TARGET.param] === 'string' ? (params[SHARE_TARGET.param] as string) : undefined;
  const [statements, summaries] = await Promise.all([
    serverQuery(session, STATEMENTS, {
      filter: statementFilter(query),
      limit: pageSizeOf(query),
      nextToken: query.after.at(-1) ?? null,
      sort: sortOf(query),
    }),
    serverQuery(session, SUMMARIES),
  ]);
  return (
    <>
      <PageTitle>Statements</PageTitle>
      <StatementsView query={query} statements={statements} summaries={summaries} shared={shared} />
    </>
  );
}
