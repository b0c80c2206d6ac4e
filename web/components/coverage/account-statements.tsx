import Link from 'next/link';
import { formatBytes } from '@contract/uploads';
import { formatCount, formatPeriod } from '@contract/format';
import type { StatementListItem } from '@/lib/graphql';
import { statementPage } from '@/lib/routes';
import styles from './coverage.module.css';

/**
 * An account's newest statements, one line each (period, name, size), each a link to its
 * page; the whole list is one link further. Server-rendered with the account page.
 */
export const AccountStatements = ({
  statements,
  total,
  allHref,
}: {
  statements: readonly Pick<StatementListItem, 'id' | 'fileName' | 'period' | 'size'>[];
  total: number;
  allHref: string;
}) => (
  <section aria-label="Its statements">
    <h2 className={styles.accountHeading}>Its statements</h2>
    <ul className={styles.statementLines}>
      {statements.map((statement) => (
        <li key={statement.id}>
          <span className={styles.linePeriod}>{formatPeriod(statement.period)}</span>
          <Link href={statementPage(statement.id)}>{statement.fileName}</Link>
          <span className={styles.lineSize}>{formatBytes(statement.size)}</span>
        </li>
      ))}
    </ul>
    {total > statements.length && (
      <p>
        <Link href={allHref}>All {formatCount(total)} of its statements</Link>
      </p>
    )}
  </section>
);
