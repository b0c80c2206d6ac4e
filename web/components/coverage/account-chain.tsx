import Link from 'next/link';
import type { AccountChain } from '@contract/accounts/chain';
import { chainSummary, verdictWords, VERDICT_WORDS } from '@contract/accounts/chain-words';
import { formatAmount, formatDays, formatPeriod } from '@contract/format';
import { statementPage } from '@/lib/routes';
import { BalanceChart } from './balance-chart';
import styles from './coverage.module.css';

/**
 * One line per statement in the order of its days: the days, the statement, its closing
 * balance, and how it follows the one before (the word, and the sentence that says why).
 */
export const ChainLines = ({ links }: { links: AccountChain['links'] }) =>
  links.length > 0 && (
    <ol className={styles.chainLines}>
      {links.map(({ statement, verdict }) => {
        const { from, to, closing, currency } = statement.balances ?? {};
        return (
          <li key={statement.id} data-verdict={verdict.kind}>
            <span className={styles.chainDays}>{from && to ? formatDays(from, to) : formatPeriod(statement.period)}</span>
            <Link className={styles.chainName} href={statementPage(statement.id)}>
              {statement.fileName}
            </Link>
            <span className={styles.chainClosing} title="Closing balance">
              {closing != null ? formatAmount(closing, currency) : '—'}
            </span>
            <span className={styles.verdict} data-kind={verdict.kind}>
              <strong>{VERDICT_WORDS[verdict.kind]}</strong> <span className={styles.verdictWhy}>{verdictWords(verdict, currency)}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );

/**
 * Whether the account's statements are continuous, in a sentence, its closing balances
 * as a small chart, then one line per
 * statement in the order of its days: the days, the statement, its closing balance, and how
 * it follows the one before (the word, and the sentence that says why). Server-rendered.
 */
export const AccountChainView = ({ chain }: { chain: AccountChain }) => (
  <section aria-label="Continuity" data-testid="account-chain">
    <h2 className={styles.accountHeading}>Continuity</h2>
    <p data-testid="chain-summary" data-state={chain.state}>
      {chainSummary(chain)}
    </p>
    <BalanceChart chain={chain} />
    <ChainLines links={chain.links} />
  </section>
);
