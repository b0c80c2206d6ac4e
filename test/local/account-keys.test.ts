import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS, statementListCopies, type Statement } from '../../contract';
import { dynamoRecordStore, type RecordStore } from '../../lambda/shared/records';
import { statementRecord } from '../support/statement-records';
import { sweepOver } from '../support/sweep-over';
import { useLocalTable } from './support/dynamo-table';

/**
 * Statements name their account by its key, on AWS's own DynamoDB Local: every write
 * (filing, move, restore) puts the key on the record and its list copies, and records of
 * the release before, which name their account only by label, get it from the sweep
 * (expand, then migrate, without downtime and safe to repeat).
 */
const table = useLocalTable('account-keys-test');
let store: RecordStore;
beforeAll(() => {
  store = dynamoRecordStore(table.name, table.client);
});
const owner = () => crypto.randomUUID();
const { partitionKey: pk, sortKey: sk } = TABLE_KEYS;

const item = async (partition: string, sort: string) =>
  (await table.documents.send(new GetCommand({ TableName: table.name, Key: { [pk]: partition, [sk]: sort }, ConsistentRead: true }))).Item;

/** The account key on a statement's record and on each of its list copies (undefined where one is missing). */
const keysOf = async (statement: Statement) => [
  (await item(TABLE_KEYS.userPartition(statement.owner), TABLE_KEYS.statementSort(statement.id)))?.accountKey,
  ...(await Promise.all(
    [...statementListCopies(statement).ordered, ...statementListCopies(statement).byId].map(
      async (copy) => (await item(copy.partition, copy.sort))?.accountKey,
    ),
  )),
];

/** Removes the key from the owner's records, their copies and Recently deleted: what the release before wrote. */
const asBeforeAccountKeys = async (who: string) => {
  const { Items = [] } = await table.documents.send(
    new QueryCommand({
      TableName: table.name,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': pk },
      ExpressionAttributeValues: { ':pk': TABLE_KEYS.userPartition(who) },
      ConsistentRead: true,
    }),
  );
  const records = Items.filter((one) =>
    [TABLE_KEYS.statementSortPrefix, TABLE_KEYS.trashSortPrefix].some((p) => String(one[sk]).startsWith(p)),
  );
  for (const record of records) {
    const copies = String(record[sk]).startsWith(TABLE_KEYS.statementSortPrefix)
      ? (() => {
          const { ordered, byId } = statementListCopies(record as unknown as Statement);
          return [...ordered, ...byId].map((copy) => ({ [pk]: copy.partition, [sk]: copy.sort }));
        })()
      : [];
    for (const Key of [{ [pk]: record[pk], [sk]: record[sk] }, ...copies])
      await table.documents.send(new UpdateCommand({ TableName: table.name, Key, UpdateExpression: 'REMOVE accountKey' }));
  }
};

test('every write names the account by its key: filing, a move to another account, a restore', async () => {
  const alice = owner();
  // Given by its label only, as a caller of the release before gives it.
  const { accountKey: _given, ...one } = statementRecord(alice, { accountLabel: ' Main Checking ' });
  expect(await store.putStatement(one)).toBe(true);
  expect(await keysOf(one)).toEqual(Array(8).fill('main checking'));
  const moved = await store.editStatement(alice, one.id, { accountLabel: 'Card' });
  expect(moved).toMatchObject({ accountLabel: 'Card', accountKey: 'card' });
  expect(await keysOf(moved!)).toEqual(Array(8).fill('card'));
  await store.trashStatement(alice, one.id, '2026-11-24T09:00:00.000Z');
  expect(await store.restoreStatement(alice, one.id)).toMatchObject({ accountKey: 'card' });
  expect(await keysOf(moved!)).toEqual(Array(8).fill('card'));
});

test('the sweep names the account on what the release before wrote, kept and deleted; its lists and summaries read the same throughout; a second sweep writes nothing', async () => {
  const alice = owner();
  const kept = [
    statementRecord(alice, { accountLabel: 'Main', period: '2024-01' }),
    statementRecord(alice, { accountLabel: 'CARD', period: '2024-02' }),
  ];
  const binned = statementRecord(alice, { accountLabel: 'Savings', period: '2024-03' });
  for (const one of [...kept, binned]) expect(await store.putStatement(one)).toBe(true);
  await store.trashStatement(alice, binned.id, '2026-11-24T09:00:00.000Z');
  await asBeforeAccountKeys(alice);
  const before = await store.ownerRecords(alice);
  expect(before.statements.map((one) => one.accountKey)).toEqual([undefined, undefined]);
  expect(before.deleted.map((one) => one.accountKey)).toEqual([undefined]);

  const { sweep } = sweepOver(store, [...kept, binned]);
  expect(await sweep()).toMatchObject({ accountKeyed: 3, summariesCorrected: 0, listed: 0, ordered: 0, failures: 0 });
  expect(await keysOf(kept[0])).toEqual(Array(8).fill('main'));
  expect(await keysOf(kept[1])).toEqual(Array(8).fill('card'));
  const after = await store.ownerRecords(alice);
  expect(after.deleted.map((one) => one.accountKey)).toEqual(['savings']);
  // The same summaries before and after: the key is the one the label filed it under.
  expect([...after.summaries.accounts.keys()]).toEqual([...before.summaries.accounts.keys()]);
  expect([...after.summaries.coverage.keys()]).toEqual([...before.summaries.coverage.keys()]);
  expect(await sweep()).toMatchObject({ accountKeyed: 0, summariesCorrected: 0, failures: 0 });
  // Restored after the migration, it is filed where its key says.
  expect(await store.restoreStatement(alice, binned.id)).toMatchObject({ accountLabel: 'Savings', accountKey: 'savings' });
});

test("a record moved between the sweep's read and its write is left to the move, which named its new account itself", async () => {
  const alice = owner();
  const one = statementRecord(alice, { accountLabel: 'Main' });
  await store.putStatement(one);
  await asBeforeAccountKeys(alice);
  const [{ listed: _listed, ordered: _ordered, indexed: _indexed, ...asRead }] = (await store.ownerRecords(alice)).statements;
  const moved = await store.editStatement(alice, one.id, { accountLabel: 'Joint' });
  expect(await store.keyStatement(asRead)).toBe(false);
  expect(await keysOf(moved!)).toEqual(Array(8).fill('joint'));
});

test('a record whose copy went missing is not half keyed: the whole write is refused and the next run reads it again', async () => {
  const alice = owner();
  const one = statementRecord(alice, { accountLabel: 'Main' });
  await store.putStatement(one);
  await asBeforeAccountKeys(alice);
  const [{ listed: _listed, ordered: _ordered, indexed: _indexed, ...asRead }] = (await store.ownerRecords(alice)).statements;
  const [copy] = statementListCopies(asRead).ordered;
  await table.documents.send(new DeleteCommand({ TableName: table.name, Key: { [pk]: copy.partition, [sk]: copy.sort } }));
  expect(await store.keyStatement(asRead)).toBe(false);
  expect((await keysOf(asRead))[0]).toBeUndefined();
});

describe('a rename keeps the account: one write, and the name files under it from then on', () => {
  const accountsOf = async (who: string) =>
    Object.fromEntries(
      [...(await store.ownerRecords(who)).summaries.accounts].map(([key, account]) => [key, [account.label, account.count]]),
    );
  /** A statement as the catalogue gives it: its label only, the store reads which account that names. */
  const filed = async (who: string, accountLabel: string, fields: Partial<Statement> = {}) => {
    const { accountKey: _key, ...one } = statementRecord(who, { accountLabel, ...fields });
    expect(await store.putStatement(one)).toBe(true);
    return (await store.getStatement(who, one.id))!;
  };

  test('renamed, a file under the new name or the first joins it; the name it left is free again; a said name stays against an older file', async () => {
    const alice = owner();
    const first = await filed(alice, 'Visa');
    expect(await store.renameAccount(alice, 'visa', ' Visa Platinum ')).toEqual({
      account: expect.objectContaining({ accountKey: 'visa', label: 'Visa Platinum', count: 1 }),
    });
    // Under the new name, in any capitalisation, and under its first: the same account, listed under its key.
    const second = await filed(alice, 'visa platinum');
    const third = await filed(alice, 'VISA');
    expect([second.accountKey, third.accountKey]).toEqual(['visa', 'visa']);
    expect(await accountsOf(alice)).toEqual({ visa: ['Visa Platinum', 3] });
    expect(await keysOf(second)).toEqual(Array(8).fill('visa'));
    // A statement given the new name stays where it is: not filed anew, so its shares keep it.
    const relabelled = await store.editStatement(alice, first.id, { accountLabel: 'Visa Platinum' });
    expect(relabelled).toMatchObject({ accountLabel: 'Visa Platinum', accountKey: 'visa' });
    expect(relabelled!.filedAt).toBe(first.filedAt);
    // Renamed again: the name it left files under a new account of its own.
    expect(await store.renameAccount(alice, 'visa', 'Card')).toMatchObject({ account: { label: 'Card' } });
    expect((await filed(alice, 'Visa Platinum')).accountKey).toBe('visa platinum');
    // A file older than all of them does not name it back: the person's name stays.
    await filed(alice, 'visa', { id: '01A00000000000000000000000' });
    expect(await accountsOf(alice)).toEqual({ visa: ['Card', 4], 'visa platinum': ['Visa Platinum', 1] });
  });

  test("another account's name, now or first, is taken; an account that is not the owner's is gone; nothing changes either way", async () => {
    const [alice, bob] = [owner(), owner()];
    await filed(alice, 'Checking');
    await filed(alice, 'Savings');
    expect(await store.renameAccount(alice, 'savings', 'Joint')).toMatchObject({ account: { label: 'Joint' } });
    expect(await store.renameAccount(alice, 'checking', 'JOINT')).toBe('taken');
    expect(await store.renameAccount(alice, 'checking', 'savings')).toBe('taken');
    expect(await store.renameAccount(bob, 'checking', 'Mine')).toBe('gone');
    expect(await store.renameAccount(alice, 'no such', 'Mine')).toBe('gone');
    expect(await accountsOf(alice)).toEqual({ checking: ['Checking', 1], savings: ['Joint', 1] });
    // A move under the name goes to the account that holds it.
    const moved = await filed(alice, 'Checking');
    expect(await store.editStatement(alice, moved.id, { accountLabel: 'joint' })).toMatchObject({ accountKey: 'savings' });
    expect(await accountsOf(alice)).toEqual({ checking: ['Checking', 1], savings: ['Joint', 2] });
  });

  test('a name held by an account that has since gone (its last statement deleted) is free for another', async () => {
    const alice = owner();
    const only = await filed(alice, 'Card');
    await filed(alice, 'Savings');
    await store.renameAccount(alice, 'card', 'Travel');
    expect(await store.deleteStatement(alice, only.id)).toBe(true);
    expect(await accountsOf(alice)).toEqual({ savings: ['Savings', 1] });
    expect(await store.renameAccount(alice, 'savings', 'travel')).toMatchObject({ account: { accountKey: 'savings', label: 'travel' } });
    expect((await filed(alice, 'Travel')).accountKey).toBe('savings');
  });
});
