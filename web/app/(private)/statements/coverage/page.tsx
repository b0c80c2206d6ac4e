import type { Metadata } from 'next';
import Link from 'next/link';
import { PageTitle } from '@/components/page-title';
import { coverageGrid, type CoverageMonth } from '@/lib/coverage';
import { countOf, formatPeriod } from '@/lib/format';
import { COVERAGE } from '@/lib/graphql';
import { PAGES, statementPage } from '@/lib/routes';
import { serverPages } from '@/lib/server-graphql';
import { requireSession, type ServerSession } from '@/lib/server-session';
import { UPLOAD_SECTION_ID, statementListHref } from '@/lib/statement-list-query';
import styles from './coverage.module.css';

export const metadata: Metadata = { title: 'Coverage' };

/** Pages the grid reads at most: each holds a thousand cells, more than most vaults have in all. */
const MAX_PAGES = 20;

/** Every cell, page after page (one page for nearly everyone); undefined when the API did not answer. */
const readCoverage = async (session: ServerSession) => {
  const pages = await serverPages(session, COVERAGE, (data) => data.coverage.nextToken, MAX_PAGES);
  return pages && { cells: pages.flatMap((data) => data.coverage.cells), accounts: pages.at(-1)!.accounts };
};

const MONTHS = Array.from({ length: 12 }, (_, index) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, index, 1))),
);

const Month = ({ month, account }: { month: CoverageMonth; account: string }) => {
  const when = formatPeriod(month.period);
  if (month.kind === 'outside') return <td className={styles.outside} />;
  if (month.kind === 'missing')
    return (
      <td className={styles.missing}>
        <Link
          href={`${statementListHref({ account, period: month.period, after: [] })}#${UPLOAD_SECTION_ID}`}
          aria-label={`${when}: missing. Upload for this month`}
          className={styles.upload}
        >
          +
        </Link>
      </td>
    );
  const count = month.statementIds.length;
  return (
    <td className={styles.filed}>
      {month.statementIds.map((id, index) => (
        <Link
          key={id}
          href={statementPage(id)}
          aria-label={count === 1 ? `${when}: statement` : `${when}: statement ${index + 1} of ${count}`}
          className={styles.statement}
        >
          {count === 1 ? '✓' : index + 1}
        </Link>
      ))}
    </td>
  );
};

/**
 * Which months each account has statements for, from its first statement to this month:
 * a gap is marked and links to the upload with the account and the month filled in. The
 * whole grid comes from the coverage summaries (one Query), rendered here; no script.
 */
export default async function CoveragePage() {
  const session = await requireSession(PAGES.coverage);
  const coverage = await readCoverage(session);
  const current = new Date().toISOString().slice(0, 7);
  const rows = coverage ? coverageGrid(coverage.cells, coverage.accounts, current) : [];
  return (
    <>
      <PageTitle lead="Which months each account has statements for, up to this month. A gap is a statement to find before a tax return or a loan application.">
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
          <p className={styles.legend}>
            <span className={styles.legendFiled}>✓</span> statement filed · <span className={styles.legendMissing}>+</span> missing: upload
            for that month
          </p>
          {rows.map((row) => (
            <section key={row.label} className={styles.account} aria-label={row.label}>
              <h2 className={styles.accountHeading}>
                {row.label}{' '}
                <span className={styles.summary}>
                  {countOf(row.filed, 'month')} filed, {countOf(row.missing, 'month')} missing
                </span>
              </h2>
              <div className={styles.scroll}>
                <table className={styles.grid}>
                  <caption className="visually-hidden">{`${row.label}: months with statements`}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Year</th>
                      {MONTHS.map((name) => (
                        <th scope="col" key={name}>
                          {name}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {row.years.map(({ year, months }) => (
                      <tr key={year}>
                        <th scope="row">{year}</th>
                        {months.map((month) => (
                          <Month key={month.period} month={month} account={row.label} />
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          ))}
        </>
      )}
    </>
  );
}
