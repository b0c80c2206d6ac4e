import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { TABLE_KEYS, statementListCopies, type Statement } from '../../contract';
import { createSweep } from '../../lambda/catalogue/sweep';
import { encodeStatementMetadata } from '../../lambda/shared/metadata';
import { dynamoRecordStore, type RecordStore } from '../../lambda/shared/records';
import { capturingLog, memoryObjects } from '../support/lambda-fakes';
import { statementRecord } from '../support/statement-records';
import { useLocalTable } from './support/dynamo-table';
import { asEarlierRelease } from './support/earlier-layout';
import { expectListsExact } from './support/exact-lists';

/**
 * Editing a statement's name, account or period on AWS's own DynamoDB Local: the record,
 * its list copies and its summaries move in one transaction, and under any interleaving of
 * uploads, edits, deletes, verdicts and sweeps every list and summary is exact afterwards.
 */
const table = useLocalTable('edits-test');
let store: RecordStore;
beforeAll(() => {
  store = dynamoRecordStore(table.name, table.client);
});

/** Records with a checksum, as every upload now has. */
const statement = (who: string, fields: Partial<Statement> = {}): Statement =>
  statementRecord(who, { checksum: 'n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg=', checksumType: 'FULL_OBJECT', ...fields });
const owner = () => crypto.randomUUID();

/** Lists and summaries against the records: every list partition of these accounts and periods holds exactly its records. */
const expectExact = (who: string, accounts: string[], periods: string[]) => expectListsExact(table, store, who, accounts, periods);

/** Every list copy of each of the owner's statements (as its record says it is listed) holds the record's balances: the chain reads them there. */
const expectBalancesOnCopies = async (who: string) => {
  for (const { listed, ordered, indexed: _indexed, ...record } of (await store.ownerRecords(who)).statements) {
    if (!listed) continue;
    const copies = statementListCopies(record);
    for (const copy of [...(ordered ? copies.ordered : []), ...copies.byId]) {
      const { Item } = await table.documents.send(
        new GetCommand({ TableName: table.name, Key: { [TABLE_KEYS.partitionKey]: copy.partition, [TABLE_KEYS.sortKey]: copy.sort } }),
      );
      expect({ id: record.id, balances: Item?.balances }).toEqual({ id: record.id, balances: record.balances });
    }
  }
};

test('an edit moves the record, its list copies and its summaries; id, object, checksum, verdict and quota stay', async () => {
  const alice = owner();
  const [moved, stays] = [statement(alice, { status: 'QUARANTINED', scanDetail: 'a threat was found' }), statement(alice)];
  await store.putStatement(moved);
  await store.putStatement(stays);
  const quotaBefore = (await store.ownerRecords(alice)).summaries.quota;
  const edited = await store.editStatement(alice, moved.id, { accountLabel: 'Savings', period: '2023-12', fileName: 'December.pdf' });
  // Filed elsewhere: it leaves the shares that named it where it was.
  expect(edited).toEqual({
    ...moved,
    accountLabel: 'Savings',
    accountKey: 'savings',
    period: '2023-12',
    fileName: 'December.pdf',
    filedAt: expect.any(String),
  });
  expect(await store.getStatement(alice, moved.id)).toEqual(edited);
  expect((await store.ownerRecords(alice)).summaries.quota).toEqual(quotaBefore);
  // The checksum list keeps it (for the same-file check), with its new name.
  const { Items } = await table.documents.send(
    new QueryCommand({
      TableName: table.name,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': TABLE_KEYS.checksumList(alice, moved.checksum!) },
      ConsistentRead: true,
    }),
  );
  expect(Items?.find((item) => item.id === moved.id)).toMatchObject({ fileName: 'December.pdf', accountLabel: 'Savings' });
  await expectExact(alice, ['Main', 'Savings'], ['2024-01', '2023-12']);
});

test('a rename changes every copy and no summary; an edit that changes nothing writes nothing', async () => {
  const alice = owner();
  const one = statement(alice);
  await store.putStatement(one);
  const before = await store.ownerRecords(alice);
  await store.editStatement(alice, one.id, { fileName: 'Renamed.pdf' });
  const after = await store.ownerRecords(alice);
  expect(after.summaries).toEqual(before.summaries);
  expect(after.statements[0]).toMatchObject({ fileName: 'Renamed.pdf' });
  expect(await store.editStatement(alice, one.id, { fileName: 'Renamed.pdf', period: '2024-01' })).toMatchObject({
    fileName: 'Renamed.pdf',
  });
  expect((await store.ownerRecords(alice)).summaries).toEqual(after.summaries);
});

test("another owner's statement, or an id that does not exist: nothing, and nothing written", async () => {
  const [alice, bob] = [owner(), owner()];
  const hers = statement(alice);
  await store.putStatement(hers);
  const before = await store.ownerRecords(alice);
  expect(await store.editStatement(bob, hers.id, { accountLabel: 'Mine now' })).toBeUndefined();
  expect(await store.editStatement(alice, statement(alice).id, { accountLabel: 'Nothing' })).toBeUndefined();
  expect(await store.ownerRecords(alice)).toEqual(before);
  expect(await store.ownerRecords(bob)).toMatchObject({ statementIds: [], summaries: { accounts: new Map(), periods: new Map() } });
});

test('the sweep never reverts an edit: after it, the record is the truth, not the upload metadata', async () => {
  const alice = owner();
  const one = statement(alice);
  await store.putStatement(one);
  const objects = memoryObjects();
  objects.objects.set(one.key, {
    contentType: one.contentType,
    size: one.size,
    metadata: encodeStatementMetadata({ fileName: one.fileName, accountLabel: one.accountLabel, period: one.period }),
    lastModified: one.uploadedAt,
  });
  await store.editStatement(alice, one.id, { accountLabel: 'Joint', period: '2024-02' });
  const sweep = createSweep({ objects, versions: objects, records: store, log: capturingLog() });
  expect(await sweep()).toMatchObject({ catalogued: 0, summariesCorrected: 0, failures: 0 });
  expect(await store.getStatement(alice, one.id)).toMatchObject({ accountLabel: 'Joint', period: '2024-02' });
  await expectExact(alice, ['Main', 'Joint'], ['2024-01', '2024-02']);
});

test("a rename between a delete's read and its write leaves no copy behind (the delete reads again)", async () => {
  const alice = owner();
  const one = statement(alice, { accountLabel: 'Main', period: '2024-01' });
  // Held first, as every upload is: a new owner's lists are in statement order, whose copies' keys hold the name.
  await store.reserveUpload(alice, one.id, one.size, '2999-01-01T00:00:00.000Z');
  await store.putStatement(one);
  // The delete's transaction is held until the rename has committed: the delete read the old name.
  let renamed = false;
  table.client.middlewareStack.add(
    (next, context) => async (args) => {
      if (!renamed && /TransactWrite/.test(context.commandName ?? '')) {
        renamed = true;
        await store.editStatement(alice, one.id, { fileName: 'renamed.pdf' });
      }
      return next(args);
    },
    { step: 'initialize', name: 'renameFirst' },
  );
  try {
    expect(await store.deleteStatement(alice, one.id)).toBe(true);
  } finally {
    table.client.middlewareStack.remove('renameFirst');
  }
  expect(renamed).toBe(true);
  expect(await store.getStatement(alice, one.id)).toBeUndefined();
  await expectExact(alice, ['Main'], ['2024-01']);
});

describe('random interleavings', () => {
  const ACCOUNTS = ['Main', 'main ', 'Savings', 'Joint'];
  const PERIODS = ['2024-01', '2024-02', '2024-03'];
  const RUNS = Math.min(Number(process.env.FUZZ_RUNS ?? 12), 60);

  type Op =
    | { kind: 'upload'; account: string; period: string }
    | { kind: 'edit'; target: number; account?: string; period?: string; rename: boolean }
    | { kind: 'delete'; target: number }
    | { kind: 'verdict'; target: number }
    | { kind: 'read'; target: number; closing: number }
    | { kind: 'enter'; target: number; opening: number }
    | { kind: 'sweep' };

  const opArb: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('upload' as const), account: fc.constantFrom(...ACCOUNTS), period: fc.constantFrom(...PERIODS) }),
    fc.record({
      kind: fc.constant('edit' as const),
      target: fc.nat(20),
      account: fc.option(fc.constantFrom(...ACCOUNTS), { nil: undefined }),
      period: fc.option(fc.constantFrom(...PERIODS), { nil: undefined }),
      rename: fc.boolean(),
    }),
    fc.record({ kind: fc.constant('delete' as const), target: fc.nat(20) }),
    fc.record({ kind: fc.constant('verdict' as const), target: fc.nat(20) }),
    // Its file read after the scan, and its owner entering a balance: both on the record and every copy.
    fc.record({ kind: fc.constant('read' as const), target: fc.nat(20), closing: fc.integer({ min: -99_999, max: 99_999 }) }),
    fc.record({ kind: fc.constant('enter' as const), target: fc.nat(20), opening: fc.integer({ min: -99_999, max: 99_999 }) }),
    fc.constant({ kind: 'sweep' as const }),
  );

  test('uploads, edits, deletes, verdicts, readings, entries and sweeps, several at once, from either layout: every list, summary and copy exact afterwards', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(opArb, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 }),
        // Before which round the owner's items become what the release before statement order wrote, if at all.
        fc.option(fc.nat(5), { nil: undefined }),
        async (rounds, earlierAt) => {
          const who = owner();
          const uploaded: Statement[] = [];
          const objects = memoryObjects();
          const sweep = createSweep({ objects, versions: objects, records: store, log: capturingLog() });
          const run = async (op: Op) => {
            const target = op.kind !== 'upload' && op.kind !== 'sweep' ? uploaded[op.target % Math.max(uploaded.length, 1)] : undefined;
            switch (op.kind) {
              case 'upload': {
                const one = statement(who, { accountLabel: op.account, period: op.period });
                uploaded.push(one);
                // S3 holds the object first; then its event records it.
                objects.objects.set(one.key, {
                  contentType: one.contentType,
                  size: one.size,
                  metadata: encodeStatementMetadata({ fileName: one.fileName, accountLabel: one.accountLabel, period: one.period }),
                  lastModified: one.uploadedAt,
                });
                // Its place was held when the upload was signed (a new owner's lists turn to statement order there).
                await store.reserveUpload(who, one.id, one.size, '2999-01-01T00:00:00.000Z');
                await store.putStatement(one);
                return;
              }
              case 'edit':
                if (target)
                  await store.editStatement(who, target.id, {
                    ...(op.account ? { accountLabel: op.account } : {}),
                    ...(op.period ? { period: op.period } : {}),
                    ...(op.rename ? { fileName: `renamed-${target.id}.pdf` } : {}),
                  });
                return;
              case 'delete':
                // The object goes first; its event removes the record.
                if (target) {
                  objects.objects.delete(target.key);
                  await store.deleteStatement(who, target.id);
                }
                return;
              case 'verdict':
                if (target) await store.setStatementStatus(who, target.id, 'QUARANTINED', 'a threat was found');
                return;
              case 'read':
                if (target) await store.readBalances(target, { closing: op.closing / 100, unread: [] });
                return;
              case 'enter':
                if (target) await store.enterBalances(who, target.id, { opening: op.opening / 100 });
                return;
              case 'sweep':
                await sweep();
            }
          };
          for (const [index, round] of rounds.entries()) {
            if (index === earlierAt) await asEarlierRelease(table.documents, table.name, who);
            await Promise.all(round.map(run));
            await expectExact(who, ACCOUNTS, PERIODS);
            await expectBalancesOnCopies(who);
          }
          // Whatever happened, one more sweep leaves an owner it visits (one with files) reading in statement order, exactly.
          await sweep();
          if (objects.objects.size > 0) expect((await store.ownerRecords(who)).listsOrdered).toBe(true);
          await expectExact(who, ACCOUNTS, PERIODS);
          await expectBalancesOnCopies(who);
        },
      ),
      { numRuns: RUNS },
    );
  }, 600_000);
});
