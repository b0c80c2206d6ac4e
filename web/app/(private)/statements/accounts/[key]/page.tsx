import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { accountDetailsLine, detailsSource } from '@contract/accounts/details';
import { formatBytes } from '@contract/uploads';
import { AccountChainView } from '@/components/coverage/account-chain';
import { AccountExpected } from '@/components/coverage/account-expected';
import { AccountDetailsForm } from '@/components/coverage/account-details-form';
import { AccountNameForm } from '@/components/coverage/account-name-form';
import { AccountPdfPassword } from '@/components/coverage/account-pdf-password';
import { AccountStatements } from '@/components/coverage/account-statements';
import { CoverageRowView } from '@/components/coverage/coverage-row';
import { PageTitle } from '@/components/page-title';
import { Card } from '@/components/ui';
import { coverageGrid } from '@/lib/coverage';
import { readAccountChainAndExpectation } from '@/lib/chain-read';
import { readCoverage } from '@/lib/coverage-read';
import { countOf } from '@contract/format';
import { STATEMENTS } from '@/lib/graphql';
import { serverQuery } from '@/lib/server-graphql';
import { PAGES, packetHref } from '@/lib/routes';
import { requireSession } from '@/lib/server-session';
import { statementListHref } from '@/lib/statement-list-query';
import styles from '@/components/coverage/coverage.module.css';

export const metadata: Metadata = { title: 'Account' };

/** The newest statements the page lists itself; the rest are one link away, on the list. */
const NEWEST_SHOWN = 10;

/** The key as the URL carries it, decoded; a key with a bare "%" (already decoded on the way) as it is. */
const decoded = (key: string) => {
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
};

/**
 * One account: how much it holds, its coverage with its schedule, a way to its statements,
 * and its name (changed, or merged into another of the person's accounts). Read from the
 * same summaries as the coverage page; the key in the URL is the account's, never a
 * person's, and only the caller's own accounts are read.
 */
export default async function AccountPage({
  params,
  searchParams,
}: {
  params: Promise<{ key: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { key } = await params;
  const accountKey = decoded(key);
  const session = await requireSession(`${PAGES.statements}/accounts/${encodeURIComponent(accountKey)}`);
  const coverage = await readCoverage(session);
  if (!coverage)
    return (
      <>
        <PageTitle>Account</PageTitle>
        <p role="alert">This account could not be loaded. Try again in a moment.</p>
      </>
    );
  const account = coverage.accounts.find((candidate) => candidate.accountKey === accountKey);
  if (!account) notFound();
  const today = new Date().toISOString().slice(0, 10);
  const [row] = coverageGrid(
    coverage.cells.filter((cell) => cell.accountKey === accountKey),
    [account],
    today.slice(0, 7),
  );
  const { moved: movedParam, renamed: renamedParam } = await searchParams;
  const moved = Number(movedParam);
  const renamed = Number(renamedParam);
  const details = accountDetailsLine(account);
  const allHref = statementListHref({ account: account.label, period: '', after: [] });
  // The list's own order (period newest first), one Query of the account's list copies.
  // And its chain: every statement's days and balances, one read of its list by id.
  // And when its next statement is expected, from the same read.
  const [newest, checks] = await Promise.all([
    serverQuery(session, STATEMENTS, { filter: { accountKey }, limit: NEWEST_SHOWN, nextToken: null }).catch(() => undefined),
    readAccountChainAndExpectation(session, accountKey, account, today).catch(() => undefined),
  ]);
  const chain = checks?.chain;
  return (
    <>
      <PageTitle lead={`${countOf(account.count, 'statement')}, ${formatBytes(account.bytes)}`}>{account.label}</PageTitle>
      {Number.isInteger(moved) && moved > 0 && <p role="status">{countOf(moved, 'statement')} filed under this account.</p>}
      {Number.isInteger(renamed) && renamed >= 0 && renamedParam !== undefined && (
        <p role="status">Renamed. Its {countOf(renamed, 'statement')}, details and schedule stay with it.</p>
      )}
      {details && (
        <p data-testid="account-details">
          {details} <span className={styles.summary}>({detailsSource(account)})</span>
        </p>
      )}
      <p>
        <Link href={allHref}>See its statements</Link> · <Link href={packetHref({ accountKeys: [account.accountKey] })}>Make a packet</Link>{' '}
        · <Link href={PAGES.coverage}>Every account&apos;s coverage</Link>
      </p>
      {row && <CoverageRowView row={row} linked={false} chain={chain?.state} />}
      <AccountExpected expectation={checks?.expectation} account={account.label} />
      {newest ? (
        <AccountStatements statements={newest.statements.items} total={account.count} allHref={allHref} />
      ) : (
        <p role="alert">Its statements could not be loaded. Try again in a moment.</p>
      )}
      {chain ? <AccountChainView chain={chain} /> : <p role="alert">Its continuity could not be checked. Try again in a moment.</p>}
      <Card label="Details">
        <h2 className={styles.accountHeading}>Details</h2>
        <AccountDetailsForm accountKey={accountKey} label={account.label} account={account} />
      </Card>
      <Card label="PDF password">
        <h2 className={styles.accountHeading}>PDF password</h2>
        <AccountPdfPassword accountKey={accountKey} label={account.label} kept={Boolean(account.pdfPasswordKept)} />
      </Card>
      <Card label="Rename or merge">
        <h2 className={styles.accountHeading}>Rename or merge</h2>
        <AccountNameForm
          accountKey={accountKey}
          label={account.label}
          others={coverage.accounts.filter((other) => other.accountKey !== accountKey).map((other) => other.label)}
        />
      </Card>
    </>
  );
}
