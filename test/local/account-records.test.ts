import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS, profileImageKey, statementKey, type Statement } from '../../contract';
import { runDeletion } from '../../lambda/account/deletion';
import { dynamoAccountRecords } from '../../lambda/account/records';
import { dynamoRecordStore, type RecordStore } from '../../lambda/shared/records';
import { capturingLog } from '../support/lambda-fakes';
import { useLocalTable } from './support/dynamo-table';

/**
 * An account deletion's records step on AWS's own DynamoDB Local, through the same record
 * store the APIs and the catalogue write with: every item of the owner goes (the record,
 * its list copies, summaries, quota, profile, refusals, held places and their index), the
 * job's own record stays with what it removed, and nothing of another owner changes.
 */
const table = useLocalTable('account-records');
let store: RecordStore;
let accounts: ReturnType<typeof dynamoAccountRecords>;

beforeAll(() => {
  store = dynamoRecordStore(table.name, table.client);
  accounts = dynamoAccountRecords(table.name, table.client);
});

let sequence = 0;
const statement = (owner: string, fields: Partial<Statement> = {}): Statement => {
  const id = `01JE${String(++sequence).padStart(22, '0')}`;
  return {
    id,
    owner,
    fileName: `${id}.pdf`,
    contentType: 'application/pdf',
    size: 1000 + sequence,
    key: statementKey(owner, id),
    accountLabel: 'Main',
    period: '2024-01',
    status: 'AVAILABLE',
    uploadedAt: '2026-01-01T00:00:00.000Z',
    checksum: `${'A'.repeat(43)}=`,
    checksumType: 'FULL_OBJECT',
    ...fields,
  };
};

/** Every item in the table that belongs to `owner`, by its keys and attributes. */
const itemsOf = async (owner: string) => {
  const { Items } = await table.documents.send(new ScanCommand({ TableName: table.name, ConsistentRead: true }));
  return (Items ?? [])
    .filter((item) => JSON.stringify(item).includes(owner) && item[TABLE_KEYS.partitionKey] !== TABLE_KEYS.deletionsPartition)
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
};

const fill = async (owner: string) => {
  await store.putStatement(statement(owner));
  await store.putStatement(statement(owner, { accountLabel: 'Savings', period: '2023-12' }));
  const refused = statement(owner);
  await store.reserveUpload(owner, refused.id, 10, '2999-01-01T00:00:00.000Z');
  await store.refuseUpload({ id: refused.id, owner, reason: 'its content is not a PDF', refusedAt: '2026-01-02T00:00:00.000Z' });
  await store.reserveUpload(owner, statement(owner).id, 500, '2999-01-01T00:00:00.000Z');
  await store.setAvatar(owner, profileImageKey(owner), '2026-01-03T00:00:00.000Z');
};

test('every item of the owner goes, each through its own path; the job keeps what it removed; another owner is untouched', async () => {
  const [alice, bob] = [crypto.randomUUID(), crypto.randomUUID()];
  await fill(alice);
  await fill(bob);
  const bobBefore = await itemsOf(bob);
  expect((await itemsOf(alice)).length).toBeGreaterThan(10);

  await accounts.begin(alice, '2026-11-24T10:00:00.000Z');
  const done = await runDeletion(alice, {
    jobs: accounts,
    scopeFor: async () => ({
      objects: {
        async *listVersions() {},
        async deleteVersions() {},
        async *listMultipartUploads() {},
        async abortMultipart() {},
      },
      records: { ...store, deleteOwnerPartition: accounts.deleteOwnerPartition },
      identities: { deleteUser: async () => true },
    }),
    log: capturingLog(),
    now: () => new Date('2026-11-24T10:00:05.000Z'),
  });

  expect(await itemsOf(alice)).toEqual([]);
  expect(await itemsOf(bob)).toEqual(bobBefore);
  expect(done).toMatchObject({ state: 'DONE', counts: { statements: 2, signInDeleted: true } });
  // The held place, then the profile, the quota and the refusal (summaries go with their last statement).
  expect(done!.counts.otherRecords).toBe(1 + 3);
  expect(await accounts.get(alice)).toEqual(done);
  const { Items } = await table.documents.send(new ScanCommand({ TableName: table.name, ConsistentRead: true }));
  const job = Items!.find((item) => item[TABLE_KEYS.sortKey] === TABLE_KEYS.deletionSort(alice))!;
  expect(job[TABLE_KEYS.expiryAttribute]).toBe(Date.parse('2026-11-24T10:00:05.000Z') / 1000 + 24 * 60 * 60);
});

test('a deletion begins once: a second request gets the job already there', async () => {
  const alice = crypto.randomUUID();
  const [first, second] = await Promise.all([
    accounts.begin(alice, '2026-11-24T10:00:00.000Z'),
    accounts.begin(alice, '2026-11-24T10:00:01.000Z'),
  ]);
  expect(first).toEqual(second);
  expect(await accounts.stalled('2026-11-24T10:05:00.000Z', '2026-11-24T09:00:00.000Z')).toContain(alice);
  expect(await accounts.stalled('2026-11-24T09:59:00.000Z', '2026-11-24T11:00:00.000Z')).not.toContain(alice);
  // Done: due for its final pass once it finished before the cut-off, and only until that pass ran.
  const { step: _step, ...begun } = first;
  const done = { ...begun, state: 'DONE' as const, finishedAt: '2026-11-24T10:00:03.000Z' };
  await accounts.save(alice, done);
  expect(await accounts.stalled('2026-11-24T11:00:00.000Z', '2026-11-24T10:00:02.000Z')).not.toContain(alice);
  expect(await accounts.stalled('2026-11-24T09:00:00.000Z', '2026-11-24T10:00:03.000Z')).toContain(alice);
  await accounts.save(alice, { ...done, finalPassAt: '2026-11-24T10:21:00.000Z' });
  expect(await accounts.get(alice)).toMatchObject({ finalPassAt: '2026-11-24T10:21:00.000Z' });
  expect(await accounts.stalled('2026-11-24T11:00:00.000Z', '2026-11-24T10:30:00.000Z')).not.toContain(alice);
});
