import { accountChain, type AccountChain } from '@contract/accounts/chain';
import { ACCOUNT_CHAIN, type AccountChainData } from '@/lib/graphql';
import { serverQuery } from '@/lib/server-graphql';
import type { ServerSession } from '@/lib/server-session';

/** Pages read at most: each holds up to 1,000 statements, more than any one account has in all. */
const MAX_PAGES = 20;

/**
 * An account's chain: its statements with their days and balances, read page after page
 * (one page for nearly every account), checked in order. Only statements the scan found
 * clean count: a quarantined file is never read. Undefined when the API did not answer.
 */
export const readAccountChain = async (session: ServerSession, accountKey: string): Promise<AccountChain | undefined> => {
  const statements: AccountChainData['accountChain']['items'] = [];
  let nextToken: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const data: AccountChainData | undefined = await serverQuery(session, ACCOUNT_CHAIN, { accountKey, nextToken });
    if (!data) return undefined;
    statements.push(...data.accountChain.items.filter((statement) => statement.status === 'AVAILABLE'));
    nextToken = data.accountChain.nextToken ?? null;
    if (!nextToken) break;
  }
  return accountChain(statements);
};
