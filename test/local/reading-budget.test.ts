import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentNode } from 'graphql';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TABLE_KEYS } from '../../contract';
import { NOT_INDEXED_REASONS, notIndexedSentence } from '../../contract/search/not-indexed';
import { MiB } from '../../contract/uploads';
import { dynamoClient } from '../../local/dynamodb';
import { LOCAL_IDS } from '../../local/settings';
import { UNREAD_BALANCES } from '../../lambda/shared/search/content';
import { configureAmplify } from './support/amplify';
import { SEARCH, STATEMENT_DETAILS, apollo } from './support/graphql';
import { javaProcessesFor, startStack, waitFor, type StackProcess } from './support/stack-process';
import { uploadStatement } from './support/uploads';
import { newUser, type TestUser } from './support/users';

/**
 * The time budget for reading one file, through the real path: a stack of its own whose
 * functions are given a budget of a tenth of a second in their environment (as the CDK construct
 * gives them READING_BUDGET_MS), and a CSV of 5 MiB (the most of a text search reads), whose
 * reading takes about a second on a quiet 2-core machine, ten times the budget (a budget of a
 * second was met on a quiet run, and the file read whole). It is
 * uploaded, checked and scanned, becomes available, and is marked "it took too long to read"
 * and indexed by its filing alone, so the sweep passes it by; an ordinary export uploaded
 * beside it is read within the budget (it never looks at the clock past the first time), and
 * the stack goes on answering and reading what comes after.
 */
const BUDGET_MS = 100;

type Details = {
  id: string;
  status: string;
  contentNotIndexed: string | null;
  balances: { unread: string[] } | null;
};

let stack: StackProcess;
let alice: TestUser;
const ids = { long: '', ordinary: '', after: '' };

/** One query as alice, never from Apollo's cache. */
const asAlice = async <T>(query: DocumentNode, variables: Record<string, string>): Promise<T> =>
  (await apollo(stack.config, { token: alice.idToken }).query({ query, variables, fetchPolicy: 'no-cache' })).data as T;

const details = async (id: string) => (await asAlice<{ statement: Details | null }>(STATEMENT_DETAILS, { id })).statement;

const search = async (query: string) =>
  (await asAlice<{ search: { hits: { statement: { id: string } }[] } }>(SEARCH, { query })).search.hits.map((hit) => hit.statement.id);

const upload = async (fileName: string, bytes: Buffer) =>
  (
    await uploadStatement(stack.config, alice.idToken, {
      fileName,
      contentType: 'text/csv',
      accountLabel: 'Everyday',
      period: '2024-03',
      bytes,
    })
  ).statementId;

/** A CSV export of just under 5 MiB: some 85,000 transactions, paid to "Mercado Central". */
const longCsv = (): Buffer => {
  const lines = ['Date,Description,Amount,Balance'];
  let size = lines[0].length + 1;
  for (let row = 0; size < 5 * MiB - 100; row++) {
    const line = `2024-03-${String((row % 28) + 1).padStart(2, '0')},Card payment ${row} Mercado Central,-${(row % 90) + 1}.25,${1000 + row}.00`;
    lines.push(line);
    size += line.length + 1;
  }
  return Buffer.from(`${lines.join('\n')}\n`);
};

const BARCLAYS = path.join(__dirname, '..', 'fixtures', 'statements', 'barclays-data.csv');

beforeAll(async () => {
  stack = await startStack({ env: { LOCAL_READING_BUDGET_MS: String(BUDGET_MS) } });
  configureAmplify(stack.config);
  alice = await newUser(stack, 'alice');
  ids.long = await upload('long export.csv', longCsv());
  ids.ordinary = await upload('barclays.csv', fs.readFileSync(BARCLAYS));
  await waitFor(
    // Its balances are kept once its reading ends, whatever that reading found.
    async () => ((await details(ids.long))?.balances && (await search('thames')).length ? true : undefined),
    'the long export to be read and the ordinary one to be searchable',
    // The upload, the check and the scan of 5 MiB take seconds on a machine busy with other suites.
    180_000,
  );
}, 300_000);

afterAll(async () => {
  if (!stack) return;
  expect(await stack.stop()).toBe(0);
  expect(javaProcessesFor(stack.dataDir)).toEqual([]);
});

test('the file whose reading outlasts its budget is available, and its owner reads that it took too long to read', async () => {
  expect(await details(ids.long)).toMatchObject({
    status: 'AVAILABLE',
    contentNotIndexed: NOT_INDEXED_REASONS['too long'],
    balances: { unread: [UNREAD_BALANCES['too long']] },
  });
  expect(notIndexedSentence(NOT_INDEXED_REASONS['too long'])).toBe(
    'Its contents could not be read for search: it took too long to read. It is found by its name, account and period.',
  );
  // Found by its name, not by what it holds.
  expect(await search('mercado')).toEqual([]);
  expect(await search('long export')).toEqual([ids.long]);
});

test('it is marked indexed, with no tries left on it, so the sweep does not read it again each run', async () => {
  const documents = DynamoDBDocumentClient.from(dynamoClient(stack.ports.dynamodb));
  const { Item } = await documents.send(
    new GetCommand({
      TableName: LOCAL_IDS.tableName,
      Key: { [TABLE_KEYS.partitionKey]: TABLE_KEYS.userPartition(alice.sub), [TABLE_KEYS.sortKey]: TABLE_KEYS.statementSort(ids.long) },
      ConsistentRead: true,
    }),
  );
  expect(Item?.[TABLE_KEYS.indexedAttribute]).toEqual(expect.any(String));
  expect(Item?.[TABLE_KEYS.indexAttemptsAttribute]).toBeUndefined();
});

test('an ordinary export uploaded beside it is read within the same budget, and found by its content', async () => {
  expect(await details(ids.ordinary)).toMatchObject({ status: 'AVAILABLE', contentNotIndexed: null });
  expect(await search('thames')).toEqual([ids.ordinary]);
});

test('the stack goes on: it answers, and a file uploaded after is read and found by its content', async () => {
  expect(() => process.kill(stack.pid, 0)).not.toThrow();
  const later = ['Date,Description,Amount,Balance', '2024-03-04,Harbor Bakery,-4.20,95.80', '2024-03-09,Salary,1200.00,1295.80', ''];
  ids.after = await upload('later.csv', Buffer.from(later.join('\n')));
  await waitFor(async () => ((await search('harbor')).length ? true : undefined), 'the later upload to be searchable', 60_000);
  expect(await search('harbor')).toEqual([ids.after]);
  expect(await details(ids.after)).toMatchObject({ contentNotIndexed: null });
  expect(stack.output()).not.toMatch(/ReadingTooLong/);
});
