import Link from 'next/link';
import type { ChainState } from '@contract/accounts/chain';
import { CADENCE_WORDS, type Cadence } from '@contract/accounts/schedule';
import { AccountYears } from '@/components/coverage/account-years';
import { CHAIN_STATE_MEANING, CHAIN_STATE_WORDS } from '@contract/accounts/chain-words';
import type { CoverageMonth, CoverageRow } from '@/lib/coverage';
import { countOf, formatPeriod } from '@contract/format';
import { accountPage, statementPage } from '@/lib/routes';
import { UPLOAD_SECTION_ID, statementListHref } from '@/lib/statement-list-query';
import styles from './coverage.module.css';

const MONTHS = Array.from({ length: 12 }, (_, index) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, index, 1))),
);

const Month = ({ month, account }: { month: CoverageMonth; account: string }) => {
  const when = formatPeriod(month.period);
  if (month.kind === 'outside') return <td className={styles.outside} />;
  if (month.kind === 'between') return <td className={styles.between} />;
  if (month.kind === 'missing')
    return (
      <td className={styles.missing}>
        <Link
          href={`${statementListHref({ account, period: month.period, after: [] })}#${UPLOAD_SECTION_ID}`}
          aria-label={`Upload for ${when} (missing)`}
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

/** At most this many missing statements are linked in a row; the rest are in its years. */
const MISSING_SHOWN = 6;

/** What a window of each cadence is called in a row's count. */
const WINDOW_NOUN: Record<Cadence, string> = { MONTHLY: 'month', QUARTERLY: 'quarter', YEARLY: 'year', IRREGULAR: 'statement' };

/** The cadence and where it came from, in words: "quarterly (you said)", "monthly (from the months of 6 statements)". */
const cadenceInWords = (row: CoverageRow) => {
  const source = row.cadenceSource;
  if (!row.cadence || source.from === 'unknown') return 'how often: not known (too few statements to tell)';
  const words = CADENCE_WORDS[row.cadence];
  if (source.from === 'you') return `${words} (you said)`;
  return `${words} (from the months of ${countOf(source.statements, 'statement')})`;
};

const spanInWords = (row: CoverageRow) =>
  `${formatPeriod(row.span.from)}${row.span.fromSet ? ' (you said)' : ''} – ${row.span.closed ? `closed after ${formatPeriod(row.span.to)}` : 'now'}`;

const countInWords = (row: CoverageRow) => {
  if (!row.cadence) return `${countOf(row.filedMonths, 'month')} filed; say how often statements come to see what is missing`;
  if (row.cadence === 'IRREGULAR') return `${countOf(row.filedMonths, 'month')} filed, none expected between`;
  const noun = WINDOW_NOUN[row.cadence];
  return row.missing === 0 ? `${countOf(row.filed, noun)} filed, none missing` : `${row.filed} of ${countOf(row.due, noun)} filed, ${row.missing} missing`;
};

/** An id for the account's row, from its key: a link can land on the row. */
const rowId = (key: string) => `account-${encodeURIComponent(key).replace(/%/g, '_')}`;

/**
 * One account's coverage: how many statements were due from its cadence within its open
 * months and how many are missing, each missing one a link to an upload with the account
 * and month filled in; its years (a grid of months) and its schedule folded below; and, where
 * given, its chain's state in one word. Its name links to the account's page, unless this
 * is that page.
 */
export const CoverageRowView = ({ row, linked = true, chain }: { row: CoverageRow; linked?: boolean; chain?: ChainState }) => (
            <section key={row.key} id={rowId(row.key)} className={styles.account} aria-label={row.label}>
              <div className={styles.rowHead}>
                <h2 className={styles.accountHeading}>{linked ? <Link href={accountPage(row.key)}>{row.label}</Link> : row.label}</h2>
                <span className={row.missing > 0 ? styles.gapCount : styles.summary}>{countInWords(row)}</span>
                {chain && (
                  <span
                    className={chain === 'gaps' || chain === 'breaks' ? styles.gapCount : styles.summary}
                    data-testid="chain-state"
                    title={CHAIN_STATE_MEANING[chain]}
                  >
                    Balances: {CHAIN_STATE_WORDS[chain]}
                  </span>
                )}
                <span className={styles.summary}>
                  {row.details && `${row.details} · `}
                  {cadenceInWords(row)} · {spanInWords(row)}
                </span>
              </div>
              {row.missing > 0 && (
                <p className={styles.gaps}>
                  Missing:{' '}
                  {row.missingPeriods.slice(0, MISSING_SHOWN).map((period) => (
                    <Link
                      key={period}
                      href={`${statementListHref({ account: row.label, period, after: [] })}#${UPLOAD_SECTION_ID}`}
                      aria-label={`${formatPeriod(period)}: missing. Upload for this month`}
                      className={styles.gap}
                    >
                      {formatPeriod(period)}
                    </Link>
                  ))}
                  {row.missing > MISSING_SHOWN && <span> and {row.missing - MISSING_SHOWN} more (in its years)</span>}
                </p>
              )}
              <AccountYears
                className={styles.years}
                summary={`${countOf(row.years.length, 'year')} and schedule`}
                accountKey={row.key}
                label={row.label}
                cadence={row.cadenceSource.from === 'you' ? row.cadence : null}
                readCadence={row.readCadence && CADENCE_WORDS[row.readCadence]}
                statementsFrom={row.span.fromSet ? row.span.from : null}
                closedAfter={row.span.closed ? row.span.to : null}
                graceDays={row.graceDays}
              >
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
              </AccountYears>
            </section>
);
