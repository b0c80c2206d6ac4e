import Link from 'next/link';
import type { Expectation } from '@contract/accounts/expected';
import { learnedWords, lateWords, nextWords, stoppedWords } from '@contract/accounts/expected-words';
import { formatPeriod } from '@contract/format';
import { UPLOAD_SECTION_ID, statementListHref } from '@/lib/statement-list-query';
import styles from './coverage.module.css';

/**
 * When the account's next statement should come, and any that are late, each with a way
 * to upload it; then where those days come from. Nothing for an account that expects
 * nothing (irregular, closed, or too new to tell). Server-rendered.
 */
export const AccountExpected = ({ expectation, account }: { expectation?: Expectation; account: string }) =>
  expectation && (
    <section aria-label="Next statement" data-testid="account-expected" className={styles.expected}>
      {expectation.late.length > 0 && (
        <ul className={styles.lateList}>
          {expectation.late.map((late) => (
            <li key={late.period} data-testid="late-statement" data-period={late.period}>
              <strong>{lateWords(late)}</strong>{' '}
              <Link href={`${statementListHref({ account, period: late.period, after: [] })}#${UPLOAD_SECTION_ID}`}>
                Upload {formatPeriod(late.period)}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p data-testid="next-statement">
        {expectation.next ? nextWords(expectation.next) : stoppedWords(expectation)}{' '}
        <span className={styles.summary}>{learnedWords(expectation)}</span>
      </p>
    </section>
  );
