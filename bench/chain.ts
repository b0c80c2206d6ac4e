/**
 * `npm run bench`, an account's chain: one account holding 10, then 1,000 monthly
 * statements (filed through the record store, each with its days and balances as a
 * reading keeps them) in DynamoDB Local, read as the accountChain resolver reads them (its
 * list copies by id: up to CHAIN_QUERIES_PER_PAGE Queries in one call, each for what the
 * page of CHAIN_PAGE_STATEMENTS still lacks) and checked (contract/accounts/chain).
 * The goals: one accountChain call for 1,000 statements, and the time per statement flat
 * from 10 to 1,000 (at most 1.2x).
 */
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS, type Statement } from '../contract';
import { accountChain, type ChainStatement } from '../contract/accounts/chain';
import { CHAIN_PAGE_STATEMENTS, CHAIN_QUERIES_PER_PAGE } from '../graphql/resolvers';
import { dynamoRecordStore } from '../lambda/shared/records';
import { statementRecord } from '../test/support/statement-records';
import { withLocalTable } from './local-table';

const RUNS = 21;
const GOAL = 1.2;

/** The nth month's statement from Jan 2000, opening with the month before's closing balance. */
const monthly = (owner: string, n: number): Statement => {
  const first = new Date(Date.UTC(2000, n, 1));
  const last = new Date(Date.UTC(2000, n + 1, 0));
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return statementRecord(owner, {
    accountLabel: 'Everyday',
    period: day(first).slice(0, 7),
    balances: { from: day(first), to: day(last), opening: 1000 + n, closing: 1001 + n, currency: 'EUR', unread: [], entered: [] },
  });
};

const main = () =>
  withLocalTable('chain', async (client) => {
    const store = dynamoRecordStore('bench', client);
    const documents = DynamoDBDocumentClient.from(client);
    /** The resolver's read: calls until the token ends, each up to CHAIN_QUERIES_PER_PAGE Queries for what its page lacks; then the chain checked. */
    const chainOf = async (owner: string) => {
      const statements: ChainStatement[] = [];
      let [calls, queries] = [0, 0];
      let start: Record<string, unknown> | undefined;
      do {
        calls++;
        let page = 0;
        for (let query = 0; query < CHAIN_QUERIES_PER_PAGE && (query === 0 || start) && page < CHAIN_PAGE_STATEMENTS; query++) {
          const answer = await documents.send(
            new QueryCommand({
              TableName: 'bench',
              KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
              ExpressionAttributeNames: { '#pk': TABLE_KEYS.partitionKey, '#sk': TABLE_KEYS.sortKey },
              ExpressionAttributeValues: { ':pk': TABLE_KEYS.accountList(owner, 'everyday'), ':prefix': TABLE_KEYS.statementSortPrefix },
              ConsistentRead: true,
              Limit: CHAIN_PAGE_STATEMENTS - page,
              ...(start ? { ExclusiveStartKey: start } : {}),
            }),
          );
          queries++;
          page += answer.Items?.length ?? 0;
          statements.push(...((answer.Items ?? []) as ChainStatement[]));
          start = answer.LastEvaluatedKey;
        }
      } while (start);
      return { chain: accountChain(statements), calls, queries };
    };

    const perStatement: Record<number, number> = {};
    console.log(`Account chain: one account's statements read and checked (Node ${process.version}, median of ${RUNS})`);
    for (const size of [10, 1000]) {
      const owner = crypto.randomUUID();
      const queue = Array.from({ length: size }, (_, n) => monthly(owner, n));
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          for (let next = queue.shift(); next; next = queue.shift()) await store.putStatement(next);
        }),
      );
      const { chain, calls, queries } = await chainOf(owner);
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const from = process.hrtime.bigint();
        await chainOf(owner);
        times.push(Number(process.hrtime.bigint() - from) / 1e6);
      }
      const ms = times.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
      perStatement[size] = ms / size;
      console.log(
        `  ${size} statements: ${calls} accountChain ${calls === 1 ? 'call' : 'calls'} of ${queries} ${queries === 1 ? 'Query' : 'Queries'} (goal: one call: ${calls === 1 ? 'met' : 'NOT met'}), ${ms.toFixed(1)} ms (${(ms / size).toFixed(3)} ms a statement); ` +
          `${chain.counts.continuous} of ${size - 1} pairs continuous, state ${chain.state}`,
      );
    }
    const ratio = perStatement[1000] / perStatement[10];
    console.log(
      `  time per statement at 1,000 against 10: ${ratio.toFixed(2)}x (goal: at most ${GOAL}x: ${ratio <= GOAL ? 'met' : 'NOT met'})`,
    );
  });

void main();
