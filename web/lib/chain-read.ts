import { accountChain, type AccountChain } from '@contract/accounts/chain';
import { expectedStatements, type Expectation } from '@contract/accounts/expected';
import type { AccountSchedule } from '@contract/accounts/schedule';
import { ACCOUNT_CHAIN, type AccountChainData } from '@/lib/graphql';
import { serverQuery } from '@/lib/server-graphql';
import type { ServerSession } from '@/lib/server-session';

/** Pages read at most: each holds up to 1,500 statements (CHAIN_PAGE_STATEMENTS), more than any one account has in all. */
const MAX_PAGES = 20;

export type ChainItem = AccountChainData['accountChain']['items'][number];

/**
 * An account's statements with their days and balances, read page after page (one page for
 * nearly every account), whatever their scan said. Undefined when the API did not answer.
 */
export const readChainStatements = async (session: ServerSession, accountKey: string): Promise<ChainItem[] | undefined> => {
  const statements: ChainItem[] = [];
  let nextToken: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const data: AccountChainData | undefined = await serverQuery(session, ACCOUNT_CHAIN, { accountKey, nextToken });
    if (!data) return undefined;
    statements.push(...data.accountChain.items);
    nextToken = data.accountChain.nextToken ?? null;
    if (!nextToken) break;
  }
  return statements;
};

/**
 * An account's chain, checked in order. Only statements the scan found clean count: a
 * quarantined file is never read. Undefined when the API did not answer.
 */
export const readAccountChain = async (session: ServerSession, accountKey: string): Promise<AccountChain | undefined> => {
  const statements = await readChainStatements(session, accountKey);
  return statements && accountChain(statements.filter((statement) => statement.status === 'AVAILABLE'));
};

/**
 * An account's chain, and when its next statement is expected as of `today` (YYYY-MM-DD),
 * both from one read of its statements. Undefined when the API did not answer.
 */
export const readAccountChainAndExpectation = async (
  session: ServerSession,
  accountKey: string,
  schedule: AccountSchedule,
  today: string,
): Promise<{ chain: AccountChain; expectation?: Expectation } | undefined> => {
  const statements = await readChainStatements(session, accountKey);
  if (!statements) return undefined;
  const available = statements.filter((statement) => statement.status === 'AVAILABLE');
  const expectation = expectedStatements(
    available.map((statement) => ({ period: statement.period, to: statement.balances?.to, filedAt: statement.uploadedAt })),
    schedule,
    today,
  );
  return { chain: accountChain(available), expectation };
};
