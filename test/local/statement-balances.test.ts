import * as fs from 'node:fs';
import * as path from 'node:path';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS, statementListCopies, type Statement } from '../../contract';
import { dynamoRecordStore, type RecordStore } from '../../lambda/shared/records';
import { accountChain, coveredDays, type ChainStatement } from '../../contract/accounts/chain';
import { accountKeyOf } from '../../contract/keys';
import { dynamoClient } from '../../local/dynamodb';
import { LOCAL_IDS } from '../../local/settings';
import { statementRecord } from '../support/statement-records';
import { useLocalTable } from './support/dynamo-table';
import { READING_EDITION } from '../../contract/reading/edition';
import { STATEMENT_DETAILS, apollo, rawGraphql } from './support/graphql';
import { waitFor, type StackProcess } from './support/stack-process';
import { stackWithTwoUsers } from './support/two-users';
import { uploadStatement } from './support/uploads';
import type { TestUser } from './support/users';

/**
 * What each statement says of its days and money, kept with it: read by the catalogue
 * after the malware scan (through the local stack's real path, from a genuine OFX file and
 * a bank's CSV export), shown by GraphQL on the statement and on the list copies the
 * account's chain is read from; and, on DynamoDB Local, written once on the record and
 * every copy together, only on the record as read.
 */
const FIXTURES = path.join(__dirname, '..', 'fixtures');
const { partitionKey: pk, sortKey: sk } = TABLE_KEYS;

describe('the record store, on DynamoDB Local', () => {
  const table = useLocalTable('statement-balances-test');
  let store: RecordStore;
  beforeAll(() => {
    store = dynamoRecordStore(table.name, table.client);
  });
  const item = async (partition: string, sort: string) =>
    (await table.documents.send(new GetCommand({ TableName: table.name, Key: { [pk]: partition, [sk]: sort }, ConsistentRead: true })))
      .Item;
  const balancesOf = async (statement: Statement) => [
    (await item(TABLE_KEYS.userPartition(statement.owner), TABLE_KEYS.statementSort(statement.id)))?.balances,
    ...(await Promise.all(
      [...statementListCopies(statement).ordered, ...statementListCopies(statement).byId].map(
        async (copy) => (await item(copy.partition, copy.sort))?.balances,
      ),
    )),
  ];
  const READ = { from: '2024-03-01', to: '2024-03-31', opening: 1204.55, closing: 980.1, currency: 'EUR', unread: [] };
  const KEPT = { ...READ, entered: [], readWith: READING_EDITION };

  test('kept on the record and every list copy at once, and only once', async () => {
    const statement = statementRecord(crypto.randomUUID());
    expect(await store.putStatement(statement)).toBe(true);
    expect(await store.readBalances(statement, READ)).toBe(true);
    const kept = await balancesOf(statement);
    expect(kept.length).toBeGreaterThan(4);
    for (const one of kept) expect(one).toEqual(KEPT);
    expect(await store.readBalances(statement, { ...READ, closing: 1 })).toBe(false);
    expect((await balancesOf(statement))[0]).toMatchObject({ closing: 980.1 });
  });

  test('a statement moved since its file was read gets them where it is now (a file never changes), and a move after carries them', async () => {
    const statement = statementRecord(crypto.randomUUID());
    await store.putStatement(statement);
    await store.editStatement(statement.owner, statement.id, { period: '2024-02' });
    expect(await store.readBalances(statement, READ)).toBe(true);
    const moved = (await store.getStatement(statement.owner, statement.id))!;
    expect(moved.period).toBe('2024-02');
    for (const one of await balancesOf(moved)) expect(one).toEqual(KEPT);
    await store.editStatement(statement.owner, statement.id, { period: '2024-01' });
    const again = (await store.getStatement(statement.owner, statement.id))!;
    for (const one of await balancesOf(again)) expect(one).toEqual(KEPT);
  });

  test('what the person enters goes on the record and every copy, beside what the file said, and a reading after it keeps theirs', async () => {
    const statement = statementRecord(crypto.randomUUID());
    await store.putStatement(statement);
    expect(await store.readBalances(statement, READ)).toBe(true);
    const entered = await store.enterBalances(statement.owner, statement.id, { opening: 1200, currency: null });
    const { currency: _currency, ...rest } = READ;
    expect(entered?.balances).toEqual({ ...rest, opening: 1200, entered: ['opening'], readWith: READING_EDITION });
    for (const one of await balancesOf(statement)) expect(one).toEqual(entered?.balances);
    // Entered before any reading: the reading that comes after leaves the record as the person made it.
    const early = statementRecord(crypto.randomUUID());
    await store.putStatement(early);
    await store.enterBalances(early.owner, early.id, { closing: 5 });
    expect(await store.readBalances(early, READ)).toBe(false);
    expect((await store.getStatement(early.owner, early.id))?.balances).toEqual({ unread: [], closing: 5, entered: ['closing'] });
    expect(await store.enterBalances(crypto.randomUUID(), early.id, { closing: 6 })).toBeUndefined();
  });

  test('read again by a later edition once: claimed first, what the file says now on every copy, what the person entered kept', async () => {
    const statement = statementRecord(crypto.randomUUID());
    await store.putStatement(statement);
    // Kept by the first edition (before editions were counted), its closing entered by the person since.
    const first = { from: '2024-03-01', opening: 1000, closing: 990, unread: ['to'], entered: ['closing'] };
    await store.readBalances(statement, READ);
    const key = { [pk]: TABLE_KEYS.userPartition(statement.owner), [sk]: TABLE_KEYS.statementSort(statement.id) };
    await table.documents.send(
      new UpdateCommand({
        TableName: table.name,
        Key: key,
        UpdateExpression: 'SET balances = :first',
        ExpressionAttributeValues: { ':first': first },
      }),
    );
    const older = (await store.getStatement(statement.owner, statement.id))!;
    expect(await store.rereadBalancesOf(older, READ)).toBe(false);
    expect(await store.claimReading(older)).toBe(true);
    expect(await store.claimReading(older)).toBe(false);
    expect((await item(key[pk], key[sk]))?.balances).toEqual({ ...first, readWith: READING_EDITION });
    expect(await store.rereadBalancesOf(older, READ)).toBe(true);
    const now = (await store.getStatement(statement.owner, statement.id))!;
    for (const one of await balancesOf(now))
      expect(one).toEqual({ ...READ, closing: 990, entered: ['closing'], readWith: READING_EDITION });
    expect(await store.claimReading(now)).toBe(false);
  });

  test('a record not listed yet gets them alone, and its copies are written from it when it is', async () => {
    const statement = statementRecord(crypto.randomUUID());
    await store.putStatement(statement);
    const key = { [pk]: TABLE_KEYS.userPartition(statement.owner), [sk]: TABLE_KEYS.statementSort(statement.id) };
    await table.documents.send(
      new UpdateCommand({ TableName: table.name, Key: key, UpdateExpression: `REMOVE ${TABLE_KEYS.listedAttribute}` }),
    );
    expect(await store.readBalances(statement, READ)).toBe(true);
    expect((await item(key[pk], key[sk]))?.balances).toEqual(KEPT);
    expect(await store.listStatement((await store.getStatement(statement.owner, statement.id))!)).toBe(true);
    for (const one of await balancesOf(statement)) expect(one).toEqual(KEPT);
  });
});

describe('through the local stack', () => {
  const context = stackWithTwoUsers();
  let stack: StackProcess;
  let alice: TestUser;
  beforeAll(() => {
    ({ stack, alice } = context);
  });

  type Balances = {
    from?: string;
    to?: string;
    opening?: number;
    closing?: number;
    currency?: string;
    unread: string[];
    entered: string[];
  };
  const balancesOf = async (id: string) =>
    (
      (await apollo(stack.config, { token: alice.idToken }).query({ query: STATEMENT_DETAILS, variables: { id }, fetchPolicy: 'no-cache' }))
        .data as { statement: { balances: Balances | null } | null }
    ).statement?.balances ?? undefined;

  test.each([
    [
      'genuine/ofxparse-0.21/checking.ofx',
      'application/x-ofx',
      // An OFX lists no running balance: nothing is checked.
      { from: '2000-01-01', to: '2013-05-25', opening: 160.49, closing: 100.99, currency: 'USD', arithmetic: null },
    ],
    [
      'statements/stmt.csv',
      'text/csv',
      {
        from: '2023-11-03',
        to: '2023-11-28',
        opening: 1502.11,
        closing: 2291.67,
        // Its running balance adds up, and the local stack's GraphQL gives the check as the record keeps it.
        arithmetic: {
          __typename: 'StatementArithmetic',
          state: 'CHECKED',
          transactions: 3,
          offBy: null,
          day: null,
          words: 'Read and checked: opening + 3 transactions = closing.',
        },
      },
    ],
  ])('%s: read after its scan, on the statement and on its account list', async (file, contentType, expected) => {
    const accountLabel = `Balances ${path.basename(file)}`;
    const { statementId } = await uploadStatement(stack.config, alice.idToken, {
      fileName: path.basename(file),
      contentType,
      accountLabel,
      period: expected.to.slice(0, 7),
      bytes: fs.readFileSync(path.join(FIXTURES, file)),
    });
    const balances = await waitFor(() => balancesOf(statementId), 'its balances to be read', 30_000);
    expect(balances).toEqual({
      __typename: 'StatementBalances',
      pages: null,
      missingPages: null,
      currency: null,
      // Read from the file's own text: no OCR said it.
      source: null,
      ...expected,
      unread: [],
      entered: [],
    });
    // The account's list (its copies) carries them: the chain is read from there in one query.
    const listed = await rawGraphql(
      stack.config,
      { Authorization: alice.idToken },
      'query($label: String) { statements(filter: { accountLabel: $label }) { items { id balances { opening closing } } } }',
      { label: accountLabel },
    );
    expect(listed.body).toEqual({
      data: { statements: { items: [{ id: statementId, balances: { opening: expected.opening, closing: expected.closing } }] } },
    });
    // The chain's read gives its type: an export (its days its transactions') covers the month it is filed under.
    const chained = await rawGraphql(
      stack.config,
      { Authorization: alice.idToken },
      'query($key: String!) { accountChain(accountKey: $key) { items { id fileName period contentType balances { from to opening closing entered } } } }',
      { key: accountKeyOf(accountLabel) },
    );
    const items = (chained.body.data as { accountChain: { items: ChainStatement[] } }).accountChain.items;
    expect(items).toEqual([expect.objectContaining({ id: statementId, contentType })]);
    const month = expected.to.slice(0, 7);
    expect(coveredDays(items[0])).toEqual(
      contentType === 'text/csv' ? { from: `${month}-01`, to: `${month}-30` } : { from: expected.from, to: expected.to },
    );
  });
});

describe("an account's chain of 1,000 statements", () => {
  const context = stackWithTwoUsers();

  test('comes in one accountChain call, though its copies take more than the 1 MB one Query reads', async () => {
    const { stack, bob } = context;
    const documents = DynamoDBDocumentClient.from(dynamoClient(stack.ports.dynamodb));
    // The account list's copies by id, as filing writes them (a whole record each), made as large as a
    // statement whose file names its account's identifiers: about 1.3 KB each, 1.3 MB in all.
    const copies = Array.from({ length: 1000 }, (_, n) => {
      const first = new Date(Date.UTC(1940, n, 1)).toISOString().slice(0, 10);
      const last = new Date(Date.UTC(1940, n + 1, 0)).toISOString().slice(0, 10);
      const statement = statementRecord(bob.sub, {
        accountLabel: 'Thousand',
        fileName: `thousand-${first.slice(0, 7)}-${'statement of account '.repeat(8)}.pdf`,
        period: first.slice(0, 7),
        identifierKeys: Array.from({ length: 8 }, (_, key) => `${key}`.repeat(64)),
        balances: { from: first, to: last, opening: 1000 + n, closing: 1001 + n, currency: 'EUR', unread: [], entered: [] },
      });
      return { [pk]: TABLE_KEYS.accountList(bob.sub, 'thousand'), [sk]: TABLE_KEYS.statementSort(statement.id), ...statement };
    });
    expect(JSON.stringify(copies).length).toBeGreaterThan(1.2 * 1024 * 1024);
    for (let at = 0; at < copies.length; at += 25)
      await documents.send(
        new BatchWriteCommand({
          RequestItems: { [LOCAL_IDS.tableName]: copies.slice(at, at + 25).map((Item) => ({ PutRequest: { Item } })) },
        }),
      );
    const answer = await rawGraphql(
      stack.config,
      { Authorization: bob.idToken },
      '{ accountChain(accountKey: "thousand") { items { id balances { opening closing } } nextToken } }',
    );
    const chain = (answer.body.data as { accountChain: { items: ChainStatement[]; nextToken: string | null } }).accountChain;
    expect(chain.items).toHaveLength(1000);
    expect(chain.nextToken).toBeNull();
    expect(accountChain(chain.items.map((item, n) => ({ ...item, fileName: String(n), period: '1940-01' }))).counts.break).toBe(0);
  }, 120_000);
});
