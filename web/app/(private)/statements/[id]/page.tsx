import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { STATEMENT_ID_PATTERN } from '@contract';
import { PageTitle } from '@/components/page-title';
import { StatementView } from '@/components/statement/statement-view';
import { formatPeriod } from '@/lib/format';
import { STATEMENT_DETAILS } from '@/lib/graphql';
import { PAGES, statementPage } from '@/lib/routes';
import { serverQuery } from '@/lib/server-graphql';
import { requireSession } from '@/lib/server-session';

export const metadata: Metadata = { title: 'Statement' };

/**
 * One statement: its details, rendered here with the person's token, and its content,
 * which the browser fetches from storage's own origin. An id that is not one of the
 * person's statements is "not found", whoever's it is.
 */
export default async function StatementPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!STATEMENT_ID_PATTERN.test(id)) notFound();
  const session = await requireSession(statementPage(id));
  const data = await serverQuery(session, STATEMENT_DETAILS, { id });
  if (data && !data.statement) notFound();
  return (
    <>
      <p>
        <Link href={PAGES.statements}>← All statements</Link>
      </p>
      {!data?.statement ? (
        <>
          <PageTitle>Statement</PageTitle>
          <p role="alert">This statement could not be loaded. Try again in a moment.</p>
        </>
      ) : (
        <>
          <PageTitle lead={`${data.statement.accountLabel}, ${formatPeriod(data.statement.period)}`}>{data.statement.fileName}</PageTitle>
          <StatementView statement={data.statement} />
        </>
      )}
    </>
  );
}
