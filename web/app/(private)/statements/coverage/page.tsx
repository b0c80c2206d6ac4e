import type { Metadata } from 'next';
import Link from 'next/link';
import { PageTitle } from '@/components/page-title';
import { CoverageRowView } from '@/components/coverage/coverage-row';
import { readAccountChain } from '@/lib/chain-read';
import { readCoverage } from '@/lib/coverage-read';
import { coverageGrid, type CoverageRow } from '@/lib/coverage';
import type { ChainState } from '@contract/accounts/chain';
import { countOf, formatCount, pluralOf } from '@contract/format';
import { PAGES } from '@/lib/routes';
import { requireSession } from '@/lib/server-session';
import styles from '@/components/coverage/coverage.module.css';

export const metadata: Metadata = { title: 'Coverage' };

/**
 * One row per account (CoverageRowView): what was due and what is missing. The whole view
 * comes from the coverage summaries and the account summaries (one Query each page), and
 * each account's chain in one word from one read of its list, rendered here; no script
 * but the schedule forms'.
 */
/** The page with only the accounts that need the person (`show=gaps`), or all of them. */
const GAPS_ONLY = 'gaps';

/** Whether an account has a statement to find or a balance that does not carry over. */
const needsLooking = (row: CoverageRow, chain: ChainState | undefined) => row.missing > 0 || chain === 'gaps' || chain === 'breaks';

export default async function CoveragePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const gapsOnly = (await searchParams).show === GAPS_ONLY;
  const session = await requireSession(PAGES.coverage);
  const coverage = await readCoverage(session);
  const current = new Date().toISOString().slice(0, 7);
  const rows = coverage ? coverageGrid(coverage.cells, coverage.accounts, current) : [];
  // Each account's chain in one word: one read of its list each, side by side (a row without one just leaves it out).
  const chains = new Map(
    await Promise.all(
      rows.map(async (row) => [row.key, (await readAccountChain(session, row.key).catch(() => undefined))?.state] as const),
    ),
  );
  const needing = rows.filter((row) => needsLooking(row, chains.get(row.key)));
  return (
    <>
      <PageTitle lead="Which statements each account should have, from how often they come and the months it was open, and which are missing. A gap is a statement to find before a tax return or a loan application.">
        Coverage
      </PageTitle>
      {!coverage ? (
        <p role="alert">Your coverage could not be loaded. Try again in a moment.</p>
      ) : rows.length === 0 ? (
        <p role="status">
          No statements yet. <Link href={PAGES.statements}>Upload your first one</Link> and its months show here.
        </p>
      ) : (
        <>
          <p>
            <Link href={PAGES.packet}>Make a packet</Link> of an account&rsquo;s statements for a lender or an accountant, with a cover that
            says whether any is missing.
          </p>
          <p className={styles.legend}>
            <span className={styles.legendFiled}>✓</span> statement filed · <span className={styles.legendMissing}>+</span> missing: upload
            for that month · a statement every quarter or year is due once in its three or twelve months
          </p>
          {rows.length > 1 && (
            <p data-testid="coverage-filter">
              {gapsOnly ? (
                <>
                  {needing.length === 0
                    ? 'No account has a missing statement or a break.'
                    : `Showing ${needing.length === 1 ? 'the account' : `the ${countOf(needing.length, 'account')}`} with a missing statement or a break.`}{' '}
                  <Link href={PAGES.coverage}>Show all {countOf(rows.length, 'account')}</Link>
                </>
              ) : needing.length === 0 ? (
                `None of your ${countOf(rows.length, 'account')} has a missing statement or a break.`
              ) : (
                <>
                  {`${formatCount(needing.length)} of ${countOf(rows.length, 'account')} ${pluralOf(needing.length, 'has', 'have')} a missing statement or a break.`}{' '}
                  <Link href={`${PAGES.coverage}?show=${GAPS_ONLY}`}>Show only {pluralOf(needing.length, 'that one', 'those')}</Link>
                </>
              )}
            </p>
          )}
          {(gapsOnly ? needing : rows).map((row) => (
            <CoverageRowView key={row.key} row={row} chain={chains.get(row.key)} />
          ))}
        </>
      )}
    </>
  );
}
