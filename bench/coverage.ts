/**
 * `npm run bench`, the coverage view: 25 accounts with a statement every month for 15
 * years (4,500 coverage cells, each as the table keeps it, its statement's id in its set)
 * in DynamoDB Local, read as the coverage resolver reads them, and the rows computed from
 * them; one account of one year in the same run as the baseline. The goal: one Query for
 * the whole view (COVERAGE_PAGE_CELLS), and the rows in well under the page's render.
 */
import { BatchWriteItemCommand, QueryCommand, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { COVERAGE_PAGE_CELLS, TABLE_KEYS } from '../contract/keys';
import { monthIndex, periodOfIndex } from '../contract/accounts/schedule';
import { coverageGrid, type CoverageCellData } from '../web/lib/coverage';
import { withLocalTable } from './local-table';
import { medianMs } from './measure';

const RUNS = 51;
const OWNER = 'bench-owner-0000-0000-0000-000000000000';
const CURRENT = '2026-11';

const cellsOf = (accounts: number, months: number): CoverageCellData[] =>
  Array.from({ length: accounts }, (_, account) =>
    Array.from({ length: months }, (_, month) => ({
      accountKey: `account ${account}`,
      period: periodOfIndex(monthIndex(CURRENT) - months + month),
      statementIds: [`01JD${String(account * 1000 + month).padStart(22, '0')}`],
    })),
  ).flat();

const item = (cell: CoverageCellData): Record<string, AttributeValue> => ({
  [TABLE_KEYS.partitionKey]: { S: TABLE_KEYS.userPartition(OWNER) },
  [TABLE_KEYS.sortKey]: { S: TABLE_KEYS.coverageSort(cell.period, cell.accountKey) },
  count: { N: '1' },
  bytes: { N: '48213' },
  version: { N: '1' },
  ids: { SS: [...cell.statementIds] },
  period: { S: cell.period },
  accountKey: { S: cell.accountKey },
});

/** The coverage resolver's read: every page, counted. */
const readAll = async (client: DynamoDBClient) => {
  let pages = 0;
  let items = 0;
  let key: Record<string, AttributeValue> | undefined;
  do {
    const answer = await client.send(
      new QueryCommand({
        TableName: 'bench',
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': TABLE_KEYS.partitionKey, '#sk': TABLE_KEYS.sortKey },
        ExpressionAttributeValues: { ':pk': { S: TABLE_KEYS.userPartition(OWNER) }, ':prefix': { S: TABLE_KEYS.coverageSortPrefix } },
        ConsistentRead: true,
        Limit: COVERAGE_PAGE_CELLS,
        ExclusiveStartKey: key,
      }),
    );
    pages++;
    items += answer.Items?.length ?? 0;
    key = answer.LastEvaluatedKey;
  } while (key);
  return { pages, items };
};

const main = async () => {
  console.log(`Coverage: 25 accounts x 180 months (Node ${process.version}, median of ${RUNS})`);
  const many = cellsOf(25, 180);
  await withLocalTable('coverage', async (client) => {
    for (let start = 0; start < many.length; start += 25)
      await client.send(
        new BatchWriteItemCommand({
          RequestItems: { bench: many.slice(start, start + 25).map((cell) => ({ PutRequest: { Item: item(cell) } })) },
        }),
      );
    const read = await readAll(client);
    console.log(
      `  read: ${read.items} cells in ${read.pages} ${read.pages === 1 ? 'Query' : 'Queries'} (goal: one: ${read.pages === 1 ? 'met' : 'NOT met'})`,
    );
  });
  const accounts = Array.from({ length: 25 }, (_, account) => ({ accountKey: `account ${account}`, label: `Account ${account}` }));
  const few = cellsOf(1, 12);
  const baseline = medianMs(RUNS, () => coverageGrid(few, accounts.slice(0, 1), CURRENT));
  const ms = medianMs(RUNS, () => coverageGrid(many, accounts, CURRENT));
  const rows = coverageGrid(many, accounts, CURRENT);
  console.log(
    `  rows: ${rows.length} accounts, ${rows.reduce((sum, row) => sum + row.filed, 0)} statements due and filed in ${ms.toFixed(2)} ms, ` +
      `${(ms / baseline).toFixed(0)}x one account's year (${baseline.toFixed(3)} ms)`,
  );
};

void main();
