import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { TABLE_KEYS, type Statement } from '../../contract';
import { dynamoAccountRecords } from '../../lambda/account/records';
import { runDeletion, type DeletionDeps } from '../../lambda/account/deletion';
import { createSweep } from '../../lambda/catalogue/sweep';
import { encodeStatementMetadata } from '../../lambda/shared/metadata';
import { dynamoRecordStore, type RecordStore } from '../../lambda/shared/records';
import { purgeStatement } from '../../lambda/shared/trash/purge';
import { capturingLog, memoryJobs, memoryObjects, type MemoryObjects } from '../support/lambda-fakes';
import { statementRecord } from '../support/statement-records';
import { useLocalTable } from './support/dynamo-table';
import { expectListsExact } from './support/exact-lists';

/**
 * Recently deleted on AWS's own DynamoDB Local: a delete moves the record whole out of every
 * list and summary, a restore brings it back exactly, and a deletion for good (a person's,
 * or the sweep's after 30 days) removes the record, every version of its file and its place;
 * under any interleaving of uploads, deletes, restores, deletions for good, verdicts, edits,
 * sweeps and the account's closing, the lists, summaries and quota stay exact, and nothing
 * is both listed and deleted, restored without its file, or left behind by a closed account.
 */
const table = useLocalTable('recently-deleted-test');
let store: RecordStore;
beforeAll(() => {
  store = dynamoRecordStore(table.name, table.client);
});

const ACCOUNTS = ['Main', 'main ', 'Savings'];
const PERIODS = ['2024-01', '2024-02'];
const DAY = 24 * 3600 * 1000;
const owner = () => crypto.randomUUID();
const statement = (who: string, fields: Partial<Statement> = {}): Statement =>
  statementRecord(who, { checksum: 'n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg=', checksumType: 'FULL_OBJECT', ...fields });

/** S3 holds the file first; then its event records it (its place held when the upload was signed). */
const upload = async (objects: MemoryObjects, one: Statement) => {
  objects.objects.set(one.key, {
    contentType: one.contentType,
    size: one.size,
    metadata: encodeStatementMetadata({ fileName: one.fileName, accountLabel: one.accountLabel, period: one.period }),
    lastModified: one.uploadedAt,
  });
  await store.reserveUpload(one.owner, one.id, one.size, '2999-01-01T00:00:00.000Z');
  await store.putStatement(one);
};

/** Every item of a partition, as stored. */
const partition = async (pk: string) =>
  (
    await table.documents.send(
      new QueryCommand({
        TableName: table.name,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

const purgeEntriesOf = async (who: string) => (await partition(TABLE_KEYS.purgesPartition)).filter((item) => item.owner === who);

const sweepWith = (objects: MemoryObjects) => createSweep({ objects, versions: objects, records: store, log: capturingLog() });

test('a delete moves the record whole out of every list, summary and coverage cell; a restore brings it back exactly', async () => {
  const alice = owner();
  const objects = memoryObjects();
  const [gone, stays] = [statement(alice), statement(alice)];
  await upload(objects, gone);
  await upload(objects, stays);
  const quotaBefore = (await store.ownerRecords(alice)).summaries.quota!;

  const deletedAt = '2026-11-25T10:00:00.000Z';
  expect(await store.trashStatement(alice, gone.id, deletedAt)).toEqual({ ...gone, deletedAt, purgeAt: '2026-12-25T10:00:00.000Z' });
  expect(await store.getStatement(alice, gone.id)).toBeUndefined();
  expect(await store.getDeleted(alice, gone.id)).toEqual({ ...gone, deletedAt, purgeAt: '2026-12-25T10:00:00.000Z', purging: false });
  await expectListsExact(table, store, alice, ACCOUNTS, PERIODS);
  const records = await store.ownerRecords(alice);
  // Still kept (its bytes are stored), and counted as deleted.
  expect(records.summaries.quota).toMatchObject({
    statements: quotaBefore.statements,
    bytes: quotaBefore.bytes,
    deletedStatements: 1,
    deletedBytes: gone.size,
  });
  expect([...records.summaries.coverage.values()].map((cell) => cell.ids)).toEqual([[stays.id]]);
  expect(await purgeEntriesOf(alice)).toHaveLength(1);
  // Deleted once: a second delete finds nothing.
  expect(await store.trashStatement(alice, gone.id, deletedAt)).toBeUndefined();

  expect(await store.restoreStatement(alice, gone.id)).toEqual({ ...gone, filedAt: expect.any(String) });
  expect(await store.getStatement(alice, gone.id)).toEqual({ ...gone, filedAt: expect.any(String) });
  expect(await store.getDeleted(alice, gone.id)).toBeUndefined();
  await expectListsExact(table, store, alice, ACCOUNTS, PERIODS);
  expect((await store.ownerRecords(alice)).summaries.quota).toMatchObject({ ...quotaBefore, version: expect.any(Number) });
  expect(await purgeEntriesOf(alice)).toEqual([]);
  expect(await store.restoreStatement(alice, gone.id)).toBe('gone');
  // Nothing the sweep sees differs.
  expect(await sweepWith(objects)()).toMatchObject({ catalogued: 0, summariesCorrected: 0, purged: 0, failures: 0 });
});

test('a late upload event never records a second statement beside one in Recently deleted; a verdict on it waits for its restore', async () => {
  const alice = owner();
  const objects = memoryObjects();
  const one = statement(alice, { status: 'SCANNING' });
  await upload(objects, one);
  await store.trashStatement(alice, one.id, new Date().toISOString());
  expect(await store.putStatement(one)).toBe(false);
  expect(await store.getStatement(alice, one.id)).toBeUndefined();
  // The sweep counts its file as recorded.
  expect(await sweepWith(objects)()).toMatchObject({ catalogued: 0, recordsWithoutFile: 0, failures: 0 });
  expect(await store.setStatementStatus(alice, one.id, 'QUARANTINED', 'a threat was found')).toBe(false);
  expect(await store.restoreStatement(alice, one.id)).toEqual({
    ...one,
    status: 'QUARANTINED',
    scanDetail: 'a threat was found',
    filedAt: expect.any(String),
  });
  await expectListsExact(table, store, alice, ACCOUNTS, PERIODS);
});

test('after 30 days the sweep deletes it for good (record, every version, place); one deleted 29 days ago stays', async () => {
  const alice = owner();
  const objects = memoryObjects();
  const [old, recent] = [statement(alice), statement(alice)];
  await upload(objects, old);
  await upload(objects, recent);
  await store.trashStatement(alice, old.id, new Date(Date.now() - 31 * DAY).toISOString());
  await store.trashStatement(alice, recent.id, new Date(Date.now() - 29 * DAY).toISOString());

  expect(await sweepWith(objects)()).toMatchObject({ purged: 1, failures: 0 });
  expect(objects.objects.has(old.key)).toBe(false);
  expect(objects.objects.has(recent.key)).toBe(true);
  expect(await store.getDeleted(alice, old.id)).toBeUndefined();
  expect(await store.restoreStatement(alice, old.id)).toBe('gone');
  expect((await store.ownerRecords(alice)).summaries.quota).toMatchObject({
    statements: 1,
    bytes: recent.size,
    slots: 1,
    deletedStatements: 1,
    deletedBytes: recent.size,
  });
  expect((await purgeEntriesOf(alice)).map((item) => item.statementId)).toEqual([recent.id]);
  await expectListsExact(table, store, alice, ACCOUNTS, PERIODS);
});

test('a deletion for good that stopped midway is never restored, and the next sweep finishes it', async () => {
  const alice = owner();
  const objects = memoryObjects();
  const one = statement(alice);
  await upload(objects, one);
  await store.trashStatement(alice, one.id, new Date().toISOString());
  // Marked, then the run died before the file went.
  await store.beginPurge(alice, one.id);
  expect(await store.restoreStatement(alice, one.id)).toBe('purging');
  expect(await sweepWith(objects)()).toMatchObject({ purged: 1, failures: 0 });
  expect(objects.objects.size).toBe(0);
  expect(await store.getDeleted(alice, one.id)).toBeUndefined();
  expect((await store.ownerRecords(alice)).summaries.quota).toMatchObject({ statements: 0, bytes: 0, deletedStatements: 0 });
});

describe('random interleavings', () => {
  const RUNS = Math.min(Number(process.env.FUZZ_RUNS ?? 10), 40);

  type Op =
    | { kind: 'upload'; account: string; period: string }
    | { kind: 'delete'; target: number; longAgo: boolean }
    | { kind: 'restore'; target: number }
    | { kind: 'purge'; target: number }
    | { kind: 'verdict'; target: number }
    | { kind: 'edit'; target: number; account: string }
    | { kind: 'sweep' }
    | { kind: 'close' };

  const target = fc.nat(12);
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('upload' as const),
        account: fc.constantFrom(...ACCOUNTS),
        period: fc.constantFrom(...PERIODS),
      }),
    },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('delete' as const), target, longAgo: fc.boolean() }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('restore' as const), target }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('purge' as const), target }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('verdict' as const), target }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('edit' as const), target, account: fc.constantFrom(...ACCOUNTS) }) },
    { weight: 2, arbitrary: fc.constant({ kind: 'sweep' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'close' as const }) },
  );

  test('uploads, deletes, restores, deletions for good, verdicts, edits, sweeps and closing, several at once: always exact, nothing in two places', async () => {
    const accountRecords = dynamoAccountRecords(table.name, table.client);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(opArb, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 }), async (rounds) => {
        const who = owner();
        const uploaded: Statement[] = [];
        const objects = memoryObjects();
        const sweep = sweepWith(objects);
        const jobs = memoryJobs();
        // The closing job, as the worker runs it: files, records (Recently deleted too), then the sign-in.
        const deletion: DeletionDeps = {
          jobs: jobs.store,
          log: capturingLog(),
          scopeFor: async () => ({
            objects: { ...objects, listMultipartUploads: async function* () {}, abortMultipart: async () => undefined },
            records: {
              ...store,
              deleteOwnerPartition: accountRecords.deleteOwnerPartition,
              partitionsHolding: accountRecords.partitionsHolding,
            },
            shares: { deleteShares: async () => 0 },
            mail: { deleteAddress: async () => undefined },
            identities: { deleteUser: async () => true },
          }),
        };
        let closed = false;
        const run = async (op: Op) => {
          const chosen = 'target' in op ? uploaded[op.target % Math.max(uploaded.length, 1)] : undefined;
          // Once its deletion has begun, the API refuses the account's calls: only the sweep still runs.
          if (closed && op.kind !== 'sweep') return;
          switch (op.kind) {
            case 'upload': {
              const one = statement(who, { accountLabel: op.account, period: op.period });
              uploaded.push(one);
              return upload(objects, one);
            }
            case 'delete':
              if (chosen) await store.trashStatement(who, chosen.id, new Date(Date.now() - (op.longAgo ? 31 : 1) * DAY).toISOString());
              return;
            case 'restore':
              if (chosen) await store.restoreStatement(who, chosen.id);
              return;
            case 'purge':
              if (chosen) await purgeStatement({ records: store, versions: objects }, who, chosen.id);
              return;
            case 'verdict':
              if (chosen) await store.setStatementStatus(who, chosen.id, 'QUARANTINED', 'a threat was found');
              return;
            case 'edit':
              if (chosen) await store.editStatement(who, chosen.id, { accountLabel: op.account });
              return;
            case 'sweep':
              await sweep();
              return;
            case 'close':
              closed = true;
              await jobs.store.begin(who, new Date().toISOString());
              await runDeletion(who, deletion);
          }
        };
        /** The deletion's final pass, as it runs once nothing more can come. */
        const finalPass = async () => {
          jobs.jobs.delete(who);
          await jobs.store.begin(who, new Date().toISOString());
          await runDeletion(who, deletion);
        };
        for (const round of rounds) {
          // The account's calls that came before its closing began, then the closing beside the sweeps.
          const closing = round.some((op) => op.kind === 'close');
          await Promise.all(round.filter((op) => !closing || (op.kind !== 'close' && op.kind !== 'sweep')).map(run));
          if (closing) await Promise.all(round.filter((op) => op.kind === 'close' || op.kind === 'sweep').map(run));
          await expectListsExact(table, store, who, ACCOUNTS, PERIODS);
          const records = await store.ownerRecords(who);
          const listed = new Set(records.statementIds);
          const deleted = records.deleted.filter((one) => !one.purging);
          // Never listed and deleted at once; whatever is kept has its file, and every file is kept.
          expect(deleted.filter((one) => listed.has(one.id))).toEqual([]);
          expect(
            [...listed, ...deleted.map((one) => one.id)].filter((id) => !objects.objects.has(uploaded.find((one) => one.id === id)!.key)),
          ).toEqual([]);
          expect(
            [...objects.objects.keys()].filter(
              (key) => !uploaded.some((one) => one.key === key && (listed.has(one.id) || records.deleted.some((d) => d.id === one.id))),
            ),
          ).toEqual([]);
          // Each statement in Recently deleted has its one entry in the schedule, and no other entry is left.
          expect((await purgeEntriesOf(who)).map((item) => item.statementId).sort()).toEqual(records.deleted.map((one) => one.id).sort());
        }
        // A sweep finishes whatever a deletion for good began; a closed account leaves nothing at all.
        await sweep();
        const after = await store.ownerRecords(who);
        expect(after.deleted.filter((one) => one.purging)).toEqual([]);
        if (closed) {
          await finalPass();
          expect(await partition(TABLE_KEYS.userPartition(who))).toEqual([]);
          expect(await partition(TABLE_KEYS.allList(who))).toEqual([]);
          expect(await purgeEntriesOf(who)).toEqual([]);
          expect(objects.objects.size).toBe(0);
        }
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
