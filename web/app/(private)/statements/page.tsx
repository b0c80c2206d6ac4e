import type { Metadata } from 'next';
import { StatementsView } from '@/components/statements/statements-view';
import { PageTitle } from '@/components/page-title';
import { FIRST_PAGE, STATEMENTS, SUMMARIES } from '@/lib/graphql';
import { PAGES } from '@/lib/routes';
import { serverQuery } from '@/lib/server-graphql';
import { requireSession } from '@/lib/server-session';

export const metadata: Metadata = { title: 'Statements' };

/** The list's first page and the filters' summaries come with the page, fetched here with the person's token. */
export default async function StatementsPage() {
  const session = await requireSession(PAGES.statements);
  const [statements, summaries] = await Promise.all([serverQuery(session, STATEMENTS, FIRST_PAGE), serverQuery(session, SUMMARIES)]);
  return (
    <>
      <PageTitle lead="Upload, find, download and delete your statements.">Statements</PageTitle>
      <StatementsView initial={{ statements, summaries }} />
    </>
  );
}
