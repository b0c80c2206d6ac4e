import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { accountDetailsBeside } from '@contract/accounts/details';
import { STATEMENT_ID_PATTERN, statementAccountKey } from '@contract/keys';
import { PageTitle } from '@/components/page-title';
import { StatementKeys } from '@/components/statement/statement-keys';
import { StatementView } from '@/components/statement/statement-view';
import { formatPeriod } from '@contract/format';
import { STATEMENT_DETAILS, STATEMENT_NEIGHBOURS } from '@/lib/graphql';
import { PAGES, statementPage } from '@/lib/routes';
import { STATEMENT_KEYS } from '@/lib/statement-keys';
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
  const [data, neighbours] = await Promise.all([
    serverQuery(session, STATEMENT_DETAILS, { id }),
    serverQuery(session, STATEMENT_NEIGHBOURS, { id }),
  ]);
  if (data && !data.statement) notFound();
  const { previous, next } = neighbours?.statementNeighbours ?? {};
  const account = data?.statement && data.accounts.find((one) => one.accountKey === statementAccountKey(data.statement!));
  return (
    <>
      <nav aria-label="Statements" className="statement-nav">
        <Link href={PAGES.statements}>← All statements</Link>
        {previous && (
          <Link
            href={statementPage(previous.id)}
            rel="prev"
            aria-keyshortcuts={STATEMENT_KEYS.previous}
            title={`Previous: ${previous.fileName} (P)`}
          >
            Previous
          </Link>
        )}
        {next && (
          <Link href={statementPage(next.id)} rel="next" aria-keyshortcuts={STATEMENT_KEYS.next} title={`Next: ${next.fileName} (N)`}>
            Next
          </Link>
        )}
        <StatementKeys previous={previous ? statementPage(previous.id) : undefined} next={next ? statementPage(next.id) : undefined} />
      </nav>
      {!data?.statement ? (
        <>
          <PageTitle>Statement</PageTitle>
          <p role="alert">This statement could not be loaded. Try again in a moment.</p>
        </>
      ) : (
        <>
          <PageTitle lead={`${data.statement.accountLabel}, ${formatPeriod(data.statement.period)}`}>{data.statement.fileName}</PageTitle>
          <StatementView
            statement={data.statement}
            accountDetails={account ? accountDetailsBeside(data.statement.accountLabel, account) : ''}
            balances={data.statement.balances}
            pdfPasswordKept={Boolean(account?.pdfPasswordKept)}
          />
        </>
      )}
    </>
  );
}
