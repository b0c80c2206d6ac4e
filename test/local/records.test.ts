import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS, accountKeyOf, type Statement } from '../../contract';
import { expectedSummaries, summaryCorrections } from '../../lambda/catalogue/summaries';
import { dynamoRecordStore, type RecordStore } from '../../lambda/shared/records';
import { sweepOver } from '../support/sweep-over';
import { statementRecord } from '../support/statement-records';
import { useLocalTable } from './support/dynamo-table';

/**
 * The record store on AWS's own DynamoDB Local: what the catalogue, the sweep and the
 * delete route write, under repeats and concurrency, and the records of the earlier
 * release (no list copies, no summaries) being listed by the sweep.
 */
const table = useLocalTable('records-test');
const TABLE = table.name;
let store: RecordStore;

beforeAll(() => {
  store = dynamoRecordStore(TABLE, table.client);
});

const statement = statementRecord;

const listIds = async (partition: string): Promise<string[]> => {
  const { Items } = await table.documents.send(
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': partition, ':prefix': TABLE_KEYS.statementSortPrefix },
      ScanIndexForward: false,
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map((item) => String(item.id));
};

const owner = () => crypto.randomUUID();

test('a repeated event records a statement once: one of ten concurrent writes wins, the summaries count it once', async () => {
  const alice = owner();
  const one = statement(alice);
  const results = await Promise.all(Array.from({ length: 10 }, () => store.putStatement(one)));
  expect(results.filter(Boolean)).toHaveLength(1);
  const records = await store.ownerRecords(alice);
  expect(records.summaries.quota).toMatchObject({ statements: 1, bytes: one.size, slots: 1, slotBytes: one.size });
  expect(records.summaries.accounts.get('main')).toMatchObject({ count: 1, bytes: one.size, label: 'Main' });
  expect(await listIds(TABLE_KEYS.periodList(alice, '2024-01'))).toEqual([one.id]);
});

test('fifty concurrent uploads are counted exactly', async () => {
  const alice = owner();
  const many = Array.from({ length: 50 }, (_, i) =>
    statement(alice, { accountLabel: i % 2 ? 'Checking' : ' checking', period: i < 25 ? '2024-01' : '2024-02' }),
  );
  await Promise.all(many.map((one) => store.putStatement(one)));
  const records = await store.ownerRecords(alice);
  const bytes = many.reduce((sum, one) => sum + one.size, 0);
  expect(records.summaries.quota).toMatchObject({ statements: 50, bytes, slots: 50, slotBytes: bytes });
  expect([...records.summaries.accounts.keys()]).toEqual(['checking']);
  // Named by the oldest statement's spelling, trimmed, whatever order the writes landed in.
  expect(records.summaries.accounts.get('checking')).toMatchObject({ count: 50, bytes, label: 'checking' });
  expect(records.summaries.periods.get('2024-02')!.count).toBe(25);
  expect(await listIds(TABLE_KEYS.accountPeriodList(alice, 'checking', '2024-02'))).toEqual(
    many
      .slice(25)
      .map((one) => one.id)
      .reverse(),
  );
});

test('a delete takes the record, its copies and its share once; empty summaries go', async () => {
  const alice = owner();
  const [keep, gone] = [statement(alice), statement(alice, { accountLabel: 'Savings', period: '2023-12' })];
  await store.putStatement(keep);
  await store.putStatement(gone);
  const results = await Promise.all(Array.from({ length: 5 }, () => store.deleteStatement(alice, gone.id)));
  expect(results.filter(Boolean)).toHaveLength(1);
  const records = await store.ownerRecords(alice);
  expect(records.statementIds).toEqual([keep.id]);
  expect([...records.summaries.accounts.keys()]).toEqual(['main']);
  expect([...records.summaries.periods.keys()]).toEqual(['2024-01']);
  expect([...records.summaries.coverage]).toEqual([
    [TABLE_KEYS.coverageSort('2024-01', 'main'), expect.objectContaining({ count: 1, bytes: keep.size, ids: [keep.id] })],
  ]);
  expect(records.summaries.quota).toMatchObject({ statements: 1, bytes: keep.size, slots: 1, slotBytes: keep.size });
  for (const partition of [TABLE_KEYS.accountList(alice, 'savings'), TABLE_KEYS.periodList(alice, '2023-12')])
    expect(await listIds(partition)).toEqual([]);
});

test("an account's identifier keys are its statements': filing adds them, a move takes them along, and the sweep trims what none names", async () => {
  const dana = owner();
  const [iban, number] = ['I'.repeat(43), 'N'.repeat(43)];
  const first = statement(dana, { identifierKeys: [iban] });
  const second = statement(dana, { identifierKeys: [iban, number], period: '2024-02' });
  for (const one of [first, second]) await store.putStatement(one);
  const keysOf = async (label: string) => (await store.ownerRecords(dana)).summaries.accounts.get(accountKeyOf(label))?.identifierKeys;
  expect(await keysOf('Main')).toEqual([iban, number].sort());
  // The second statement is filed under another account: it takes its keys there; Main keeps
  // them until the sweep sees that only the first statement's IBAN is still Main's.
  await store.editStatement(dana, second.id, { accountLabel: 'Joint' });
  expect(await keysOf('Joint')).toEqual([iban, number].sort());
  expect(await keysOf('Main')).toEqual([iban, number].sort());
  const records = await store.ownerRecords(dana);
  expect(await store.correctSummaries(dana, summaryCorrections(records))).toBe(1);
  expect(await keysOf('Main')).toEqual([iban]);
  expect(await keysOf('Joint')).toEqual([iban, number].sort());
  expect(summaryCorrections(await store.ownerRecords(dana))).toEqual([]);
});

describe('the sweep lists what the earlier release recorded, and sets drifted summaries right', () => {
  const sweepOf = (owners: { owner: string; statements: Statement[] }[]) =>
    sweepOver(
      store,
      owners.flatMap(({ statements }) => statements),
    ).sweep;

  test('records without copies or summaries (as the earlier release wrote them) appear in every list, once', async () => {
    const alice = owner();
    const old = [statement(alice, { accountLabel: 'Savings' }), statement(alice), statement(alice, { period: '2024-02' })];
    for (const one of old)
      await table.documents.send(
        new PutCommand({ TableName: TABLE, Item: { ...one, pk: TABLE_KEYS.userPartition(alice), sk: TABLE_KEYS.statementSort(one.id) } }),
      );
    const sweep = sweepOf([{ owner: alice, statements: old }]);
    expect(await sweep()).toMatchObject({ listed: 3, summariesCorrected: 0, catalogued: 0, failures: 0 });
    expect(await listIds(TABLE_KEYS.accountList(alice, 'main'))).toEqual([old[2].id, old[1].id]);
    expect(await listIds(TABLE_KEYS.periodList(alice, '2024-01'))).toEqual([old[1].id, old[0].id]);
    const records = await store.ownerRecords(alice);
    const expected = expectedSummaries(old);
    expect(records.summaries.quota).toMatchObject(expected.quota);
    for (const [key, account] of expected.accounts)
      expect(records.summaries.accounts.get(key)).toMatchObject({ count: account.count, bytes: account.bytes, label: account.label });
    expect(await sweep()).toMatchObject({ listed: 0, summariesCorrected: 0 });
  });

  test('a correction never applies to a summary written since the read, even when its numbers came back (a reservation and its abort)', async () => {
    const carol = owner();
    await store.putStatement(statement(carol));
    const before = await store.ownerRecords(carol);
    const id = statement(carol).id;
    expect(await store.reserveUpload(carol, id, 500, '2999-01-01T00:00:00.000Z')).toEqual({ ok: true });
    const during = await store.ownerRecords(carol);
    expect(await store.releaseUpload(carol, id)).toBe(true);
    // What a sweep would have seen had its Query read QUOTA before the hold and the hold before its release.
    const mixed = { ...during, summaries: before.summaries };
    const corrections = summaryCorrections(mixed);
    expect(corrections.map((correction) => correction.sortKey)).toEqual([TABLE_KEYS.quotaSort]);
    expect(await store.correctSummaries(carol, corrections)).toBe(0);
    expect((await store.ownerRecords(carol)).summaries.quota).toMatchObject({ statements: 1, slots: 1 });
  });

  test('a summary that drifted is set back to what the records say', async () => {
    const bob = owner();
    const his = [statement(bob), statement(bob)];
    for (const one of his) await store.putStatement(one);
    await table.documents.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { pk: TABLE_KEYS.userPartition(bob), sk: TABLE_KEYS.accountSort('main') },
        UpdateExpression: 'SET #c = :c',
        ExpressionAttributeNames: { '#c': 'count' },
        ExpressionAttributeValues: { ':c': 7 },
      }),
    );
    const sweep = sweepOf([{ owner: bob, statements: his }]);
    expect(await sweep()).toMatchObject({ summariesCorrected: 1 });
    expect((await store.ownerRecords(bob)).summaries.accounts.get(accountKeyOf('Main'))!.count).toBe(2);
  });

  test('an owner from before coverage summaries gets them from the sweep: one per account and period, with its ids', async () => {
    const dave = owner();
    const his = [statement(dave), statement(dave), statement(dave, { accountLabel: 'Savings', period: '2023-11' })];
    for (const one of his) await store.putStatement(one);
    const cells = [...(await store.ownerRecords(dave)).summaries.coverage.keys()];
    expect(cells).toEqual([TABLE_KEYS.coverageSort('2023-11', 'savings'), TABLE_KEYS.coverageSort('2024-01', 'main')]);
    const written = (await store.ownerRecords(dave)).summaries.coverage;
    // As a release before coverage left the partition: no COVER# item at all.
    for (const sk of cells)
      await table.documents.send(new DeleteCommand({ TableName: TABLE, Key: { pk: TABLE_KEYS.userPartition(dave), sk } }));
    expect((await store.ownerRecords(dave)).summaries.coverage.size).toBe(0);
    const sweep = sweepOf([{ owner: dave, statements: his }]);
    expect(await sweep()).toMatchObject({ summariesCorrected: 2, failures: 0 });
    const restored = (await store.ownerRecords(dave)).summaries.coverage;
    const numbers = (map: typeof written) => [...map].map(([key, { count, bytes, ids }]) => [key, { count, bytes, ids }]);
    expect(numbers(restored)).toEqual(numbers(written));
    expect(restored.get(TABLE_KEYS.coverageSort('2024-01', 'main'))!.ids).toEqual([his[0].id, his[1].id].sort());
    expect(await sweep()).toMatchObject({ summariesCorrected: 0 });
  });
});
