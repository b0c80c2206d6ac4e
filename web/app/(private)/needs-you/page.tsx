import type { Metadata } from 'next';
import Link from 'next/link';
import { STATEMENT_ROUTES } from '@contract/routes';
import { countOf, pluralOf } from '@contract/format';
import { PageTitle } from '@/components/page-title';
import { NeedsYouView } from '@/components/needs-you/needs-you-view';
import { readAccountChainAndExpectation } from '@/lib/chain-read';
import { coverageGrid } from '@/lib/coverage';
import { readCoverage } from '@/lib/coverage-read';
import { needsYou } from '@/lib/needs-you';
import { redirect } from 'next/navigation';
import { PAGES, SIGN_IN_LANDING_PARAM } from '@/lib/routes';
import { serverPresignApi } from '@/lib/server-presign-api';
import { requireSession } from '@/lib/server-session';

export const metadata: Metadata = { title: 'Needs you' };

/** The files waiting by mail, from the first page of them; undefined where the deployment takes no mail or it did not answer. */
const readArrived = async (session: Parameters<typeof serverPresignApi>[0]) => {
  try {
    const page = await serverPresignApi(session, 'statementsApiUrl', STATEMENT_ROUTES.mailArrivals, { query: { after: '' } });
    return { count: page.arrived.length, more: Boolean(page.nextArrived) };
  } catch {
    return undefined;
  }
};

/**
 * Everything waiting for the person, each with its action. Read as the coverage page reads
 * (the coverage summaries and accounts, then each account's list once, for its chain and
 * expected statements), the mail's first page and the shares, side by side; rendered here.
 */
export default async function NeedsYouPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await requireSession(PAGES.needsYou);
  // Where a sign-in led: with nothing to show, the person goes on to their statements.
  const landed = (await searchParams)[SIGN_IN_LANDING_PARAM.name] === SIGN_IN_LANDING_PARAM.value;
  const today = new Date().toISOString().slice(0, 10);
  const [coverage, arrived, shares] = await Promise.all([
    readCoverage(session),
    readArrived(session),
    serverPresignApi(session, 'statementsApiUrl', STATEMENT_ROUTES.listShares).catch(() => undefined),
  ]);
  if (!coverage)
    return (
      <>
        <PageTitle>Needs you</PageTitle>
        <p role="alert">What needs you could not be loaded. Try again in a moment.</p>
      </>
    );
  const rows = coverageGrid(coverage.cells, coverage.accounts, today.slice(0, 7));
  const schedules = new Map(coverage.accounts.map((account) => [account.accountKey, account]));
  const checks = new Map(
    await Promise.all(
      rows.map(
        async (row) =>
          [
            row.key,
            await readAccountChainAndExpectation(session, row.key, schedules.get(row.key) ?? {}, today).catch(() => undefined),
          ] as const,
      ),
    ),
  );
  const needs = needsYou(rows, checks, arrived, shares?.shares);
  if (!shares) needs.unread.push('Your shares');
  if (landed && needs.total === 0) redirect(PAGES.statements);
  return (
    <>
      <PageTitle
        lead={
          needs.total > 0
            ? `${countOf(needs.total, 'thing')} ${pluralOf(needs.total, 'needs', 'need')} you. Each leaves this page once it is done.`
            : undefined
        }
      >
        Needs you
      </PageTitle>
      {landed && (
        <p data-testid="needs-you-landed">
          You are signed in. First, what needs you. <Link href={PAGES.statements}>Go to your statements</Link>
        </p>
      )}
      {needs.total === 0 && needs.unread.length === 0 ? (
        <p role="status" data-testid="needs-nothing">
          Nothing needs you. Every statement due is filed, none is late, nothing waits by mail, and no share ends soon.{' '}
          {rows.length === 0 && (
            <>
              <Link href={PAGES.statements}>Upload your first statements</Link> and the vault starts looking out for the next ones.
            </>
          )}
        </p>
      ) : (
        <NeedsYouView needs={needs} />
      )}
    </>
  );
}
