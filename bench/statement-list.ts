/**
 * `npm run bench`, the statement list at scale: the first page of every filter the list
 * offers (none, an account, a period, both) at 100 and at 10,000 statements, on AWS's
 * DynamoDB Local, written through the catalogue's own record store. The account filter
 * matches one Savings statement, filed in the oldest period, so it is the last in
 * statement order. Measured: items read, consumed read capacity and median latency of the
 * Query the resolver makes (its ordered copies, forwards); the ratio of 10,000 to 100 is
 * the figure (goal: at most 1.2). Baseline in the same run: the earlier design, a filter
 * expression after Limit on the owner's partition, paged until the match appears. Also
 * the items an edit writes (moving that statement to another account and period), which
 * must not grow with the vault.
 */
import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { LIST_LAYOUT, TABLE_KEYS, accountKeyOf, statementKey, type Statement } from '../contract';
import { dynamoRecordStore } from '../lambda/shared/records';
import { countWrites, withLocalTable } from './local-table';

const PAGE = 20;
const RUNS = 31;

/** Checking statements spread over a year; the one Savings statement in the year before. */
const periodOf = (n: number, accountLabel: string) =>
  accountLabel === 'Savings' ? '2023-01' : `2024-${String((n % 12) + 1).padStart(2, '0')}`;

const statement = (owner: string, n: number, accountLabel: string): Statement => {
  const id = `01JF${String(n).padStart(22, '0')}`;
  return {
    id,
    owner,
    fileName: `${id}.pdf`,
    contentType: 'application/pdf',
    size: 1000,
    key: statementKey(owner, id),
    accountLabel,
    period: periodOf(n, accountLabel),
    status: 'AVAILABLE',
    uploadedAt: '2026-01-01T00:00:00.000Z',
  };
};

type Measure = { items: number; capacity: number; ms: number; found: boolean };

const main = () =>
  withLocalTable('list', async (client) => {
    const store = dynamoRecordStore('bench', client);
    // Items the record store writes.
    const writes = countWrites(client);
    const documents = DynamoDBDocumentClient.from(client);

    // One query of pages until the first Savings statement shows (or the partition ends).
    const firstPage = async (input: QueryCommandInput): Promise<Measure> => {
      const started = process.hrtime.bigint();
      let items = 0;
      let capacity = 0;
      let start: Record<string, unknown> | undefined;
      let found: boolean;
      do {
        const page = await documents.send(
          new QueryCommand({ ...input, ReturnConsumedCapacity: 'TOTAL', ...(start ? { ExclusiveStartKey: start } : {}) }),
        );
        items += page.ScannedCount ?? 0;
        capacity += page.ConsumedCapacity?.CapacityUnits ?? 0;
        found = (page.Items ?? []).length > 0;
        start = page.LastEvaluatedKey;
      } while (!found && start);
      return { items, capacity, ms: Number(process.hrtime.bigint() - started) / 1e6, found };
    };
    const median = async (run: () => Promise<Measure>): Promise<Measure> => {
      const runs: Measure[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await run());
      return { ...runs[0], ms: runs.map((r) => r.ms).sort((a, b) => a - b)[Math.floor(RUNS / 2)] };
    };

    const FILTERS = {
      'no filter': (owner: string) => LIST_LAYOUT.ordered.allPartition(owner),
      'an account (its one statement last)': (owner: string) => TABLE_KEYS.accountList(owner, accountKeyOf('Savings')),
      'a period': (owner: string) => TABLE_KEYS.periodList(owner, '2024-06'),
      'an account and a period': (owner: string) => TABLE_KEYS.accountPeriodList(owner, accountKeyOf('Savings'), '2023-01'),
    } as const;
    type Filter = keyof typeof FILTERS;
    const results: Record<number, { lists: Record<Filter, Measure>; filterAfterLimit: Measure; seedSeconds: number; editWrites: number }> =
      {};
    for (const size of [100, 10_000]) {
      const owner = crypto.randomUUID();
      const started = Date.now();
      await store.putStatement(statement(owner, 0, 'Savings'));
      const queue = Array.from({ length: size - 1 }, (_, i) => statement(owner, i + 1, 'Checking'));
      // Eight writers: the catalogue runs concurrently too.
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          for (let next = queue.shift(); next; next = queue.shift()) await store.putStatement(next);
        }),
      );
      const seedSeconds = (Date.now() - started) / 1000;
      const lists = {} as Record<Filter, Measure>;
      for (const [filter, partition] of Object.entries(FILTERS) as [Filter, (owner: string) => string][]) {
        // The Query the list resolver makes for an owner whose lists read in statement order.
        lists[filter] = await median(() =>
          firstPage({
            TableName: 'bench',
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
            ExpressionAttributeValues: { ':pk': partition(owner), ':prefix': LIST_LAYOUT.ordered.prefix },
            ScanIndexForward: LIST_LAYOUT.ordered.forwards,
            ConsistentRead: true,
            Limit: PAGE,
          }),
        );
      }
      const filterAfterLimit = await median(() =>
        firstPage({
          TableName: 'bench',
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          FilterExpression: 'accountLabel = :label',
          ExpressionAttributeValues: {
            ':pk': TABLE_KEYS.userPartition(owner),
            ':prefix': TABLE_KEYS.statementSortPrefix,
            ':label': 'Savings',
          },
          ScanIndexForward: false,
          ConsistentRead: true,
          Limit: PAGE,
        }),
      );
      if (!Object.values(lists).every((one) => one.found) || !filterAfterLimit.found) throw new Error('a filtered list came back empty');
      // An edit that moves the Savings statement to another account and period, and back.
      writes.reset();
      await store.editStatement(owner, statement(owner, 0, 'Savings').id, { accountLabel: 'Joint', period: '2023-12' });
      const editWrites = writes.items;
      await store.editStatement(owner, statement(owner, 0, 'Savings').id, { accountLabel: 'Savings', period: '2023-01' });
      results[size] = { lists, filterAfterLimit, seedSeconds, editWrites };
    }

    const line = (what: string, small: Measure, large: Measure) =>
      `  ${what.padEnd(34)} 100: ${String(small.items).padStart(5)} items, ${small.capacity.toFixed(1).padStart(7)} RCU, ${small.ms.toFixed(1).padStart(6)} ms` +
      `   10,000: ${String(large.items).padStart(5)} items, ${large.capacity.toFixed(1).padStart(7)} RCU, ${large.ms.toFixed(1).padStart(6)} ms` +
      `   ratio ${(large.capacity / small.capacity).toFixed(2)}x RCU, ${(large.ms / small.ms).toFixed(2)}x time`;
    console.log(`Statement list in statement order, first page of ${PAGE}, one Query per filter (DynamoDB Local, median of ${RUNS})`);
    for (const filter of Object.keys(FILTERS) as Filter[])
      console.log(line(filter, results[100].lists[filter], results[10_000].lists[filter]));
    console.log(line('baseline: filter after Limit', results[100].filterAfterLimit, results[10_000].filterAfterLimit));
    console.log(
      `  seeding through the record store: 100 in ${results[100].seedSeconds.toFixed(1)} s, 10,000 in ${results[10_000].seedSeconds.toFixed(1)} s`,
    );
    console.log(
      `  an edit moving one statement to another account and period: ${results[100].editWrites} items written at 100 statements, ` +
        `${results[10_000].editWrites} at 10,000 (goal: the same)`,
    );
  });

main().catch((error: Error) => {
  console.error(`bench/statement-list: ${error.message}`);
  process.exit(1);
});
