import Link from 'next/link';
import { joinWords, verdictWords, VERDICT_WORDS } from '@contract/accounts/chain-words';
import { lateWords } from '@contract/accounts/expected-words';
import { countOf, formatDateTime, formatPeriod } from '@contract/format';
import type { NeedsYou } from '@/lib/needs-you';
import { MAIL_SECTION_ID, PAGES, accountPage, sharePage, statementPage } from '@/lib/routes';
import { UPLOAD_SECTION_ID, statementListHref } from '@/lib/statement-list-query';
import styles from './needs-you.module.css';

const uploadHref = (account: string, period: string) => `${statementListHref({ account, period, after: [] })}#${UPLOAD_SECTION_ID}`;

/** Months linked on an account's line; the rest are on its page. */
const MONTHS_SHOWN = 6;

/**
 * What needs the person, a section per kind with the most pressing first: late statements,
 * files that came by mail, missing months, balances that do not carry over, then shares that end soon. One line
 * per thing, its action at its end. Server-rendered: no script.
 */
export const NeedsYouView = ({ needs }: { needs: NeedsYou }) => {
  const late = needs.accounts.flatMap((account) => account.late.map((statement) => ({ account, statement })));
  const missing = needs.accounts.filter((account) => account.missing.length > 0);
  const breaks = needs.accounts.flatMap((account) => account.breaks.map((problem) => ({ account, problem })));
  return (
    <>
      {needs.unread.length > 0 && (
        <p role="alert">
          {joinWords(needs.unread)} could not be checked just now: reload the page in a moment to see{' '}
          {needs.unread.length === 1 ? 'it' : 'them'}.
        </p>
      )}
      {late.length > 0 && (
        <section aria-label="Late statements" className={styles.section}>
          <h2>Late statements</h2>
          <ul className={styles.list}>
            {late.map(({ account, statement }) => (
              <li key={`${account.accountKey}|${statement.period}`} data-testid="needs-late" data-period={statement.period}>
                <span className={styles.what}>
                  <span className={styles.account}>{account.label}</span>: {lateWords(statement)}
                </span>
                <span className={styles.actions}>
                  <Link href={uploadHref(account.label, statement.period)}>Upload {formatPeriod(statement.period)}</Link>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {needs.arrived && (
        <section aria-label="Arrived by mail" className={styles.section}>
          <h2>Arrived by mail</h2>
          <ul className={styles.list}>
            <li data-testid="needs-arrived">
              <span className={styles.what}>
                {needs.arrived.more ? `More than ${countOf(needs.arrived.count, 'file')}` : countOf(needs.arrived.count, 'file')} came by
                mail and {needs.arrived.count === 1 && !needs.arrived.more ? 'waits' : 'wait'} for you to say their account and month.
              </span>
              <span className={styles.actions}>
                <Link href={`${PAGES.profile}#${MAIL_SECTION_ID}`}>
                  File {needs.arrived.count === 1 && !needs.arrived.more ? 'it' : 'them'}
                </Link>
              </span>
            </li>
          </ul>
        </section>
      )}
      {missing.length > 0 && (
        <section aria-label="Missing statements" className={styles.section}>
          <h2>Missing statements</h2>
          <ul className={styles.list}>
            {missing.map((account) => (
              <li key={account.accountKey} data-testid="needs-missing">
                <span className={styles.what}>
                  <span className={styles.account}>{account.label}</span>: {countOf(account.missing.length, 'month')} without a statement.
                  {account.stoppedAfter && (
                    <>
                      {' '}
                      <span className={styles.muted} data-testid="needs-stopped">
                        None came after {formatPeriod(account.stoppedAfter)}. If it is closed,{' '}
                        <Link href={accountPage(account.accountKey)}>set its last month on its page</Link>.
                      </span>
                    </>
                  )}
                </span>
                <span className={styles.actions}>
                  {account.missing.slice(0, MONTHS_SHOWN).map((period) => (
                    <Link
                      key={period}
                      href={uploadHref(account.label, period)}
                      aria-label={`Upload ${formatPeriod(period)} for ${account.label}`}
                    >
                      {formatPeriod(period)}
                    </Link>
                  ))}
                  {account.missing.length > MONTHS_SHOWN && (
                    <Link href={accountPage(account.accountKey)}>See all {account.missing.length}</Link>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {breaks.length > 0 && (
        <section aria-label="Balances that do not carry over" className={styles.section}>
          <h2>Balances that do not carry over</h2>
          <ul className={styles.list}>
            {breaks.map(({ account, problem }) => (
              <li key={problem.statementId} data-testid="needs-break">
                <span className={styles.what}>
                  <span className={styles.account}>{account.label}</span>, {formatPeriod(problem.period)}:{' '}
                  {VERDICT_WORDS[problem.verdict.kind].toLowerCase()}. {verdictWords(problem.verdict, problem.currency)}
                </span>
                <span className={styles.actions}>
                  <Link href={statementPage(problem.statementId)}>Open {problem.fileName}</Link>
                  <Link href={accountPage(account.accountKey)}>See the chain</Link>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {needs.endingShares.length > 0 && (
        <section aria-label="Shares that end soon" className={styles.section}>
          <h2>Shares that end soon</h2>
          <ul className={styles.list}>
            {needs.endingShares.map((share) => (
              <li key={share.shareId} data-testid="needs-share">
                <span className={styles.what}>
                  <span className={styles.account}>{share.note ?? `A share of ${countOf(share.statementCount, 'statement')}`}</span> ends{' '}
                  {formatDateTime(share.expiresAt)}. Its link stops working then.
                </span>
                <span className={styles.actions}>
                  <Link href={sharePage(share.shareId)}>Extend or end it</Link>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
};
