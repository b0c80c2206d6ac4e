import { createHash } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { RATE_KINDS, TABLE_KEYS, profileImageKey, statementKey, type Statement } from '../../contract';
import { runDeletion } from '../../lambda/account/deletion';
import { dynamoAccountRecords } from '../../lambda/account/records';
import { ownerShareDeletion } from '../../lambda/account/shares';
import { dynamoRateLimiter, dynamoShareStore } from '../../lambda/shared/shares/store';
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

/** Every item in the table that belongs to `owner`, by its keys and attributes, or kept under one of their shares' links. */
const itemsOf = async (owner: string) => {
  const { Items } = await table.documents.send(new ScanCommand({ TableName: table.name, ConsistentRead: true }));
  const marks = [owner, ...(shareHashes.get(owner) ?? [])];
  return (Items ?? [])
    .filter(
      (item) =>
        marks.some((mark) => JSON.stringify(item).includes(mark)) && item[TABLE_KEYS.partitionKey] !== TABLE_KEYS.deletionsPartition,
    )
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
};

/** The link hashes of each owner's shares: their partitions hold no owner id, only the hash. */
const shareHashes = new Map<string, string[]>();

const fill = async (owner: string) => {
  const first = statement(owner);
  await store.putStatement(first);
  // A share of it, opened once, its link counted by the rate limits.
  const shares = dynamoShareStore(table.name, table.client);
  const secretHash = createHash('sha256').update(`${owner}-link`).digest('hex');
  shareHashes.set(owner, [secretHash]);
  await shares.create({
    shareId: `01JF${String(++sequence).padStart(22, '0')}`,
    owner,
    secretHash,
    createdAt: '2026-01-01T00:00:00.000Z',
    expiresAt: '2099-01-01T00:00:00.000Z',
    note: 'For the loan: 12 Main St, loan 55-1234',
    statements: [
      { id: first.id, fileName: first.fileName, contentType: first.contentType, size: first.size, accountLabel: 'Main', period: '2024-01' },
    ],
    downloads: {},
    opens: 0,
  });
  await shares.recordOpening(
    secretHash,
    { at: '2026-01-02T00:00:00.000Z', browser: 'Firefox on Linux', network: '192.0.2.0/24' },
    '2099-01-01T00:00:00.000Z',
  );
  await dynamoRateLimiter(table.name, table.client).take(RATE_KINDS.link, secretHash, 60, new Date('2026-01-02T00:00:00.000Z'));
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
      records: { ...store, deleteOwnerPartition: accounts.deleteOwnerPartition, partitionsHolding: accounts.partitionsHolding },
      shares: ownerShareDeletion({
        shares: async (owner) => await dynamoShareStore(table.name, table.client).ownerShares(owner),
        sessionFor: async () => ({ partitions: accounts, objects: { async *listVersions() {}, async deleteVersions() {} } }),
      }),
      mail: { deleteAddress: async () => undefined },
      identities: { deleteUser: async () => true },
    }),
    log: capturingLog(),
    now: () => new Date('2026-11-24T10:00:05.000Z'),
  });

  // The share (with its note), its opening and its link's rate count were among them.
  expect(bobBefore.filter((item) => String(item[TABLE_KEYS.partitionKey]).includes(shareHashes.get(bob)![0]))).toHaveLength(3);
  expect(await itemsOf(alice)).toEqual([]);
  expect(await itemsOf(bob)).toEqual(bobBefore);
  expect(done).toMatchObject({ state: 'DONE', counts: { statements: 2, shares: 1, signInDeleted: true } });
  // The held place, then the profile, the quota, the refusal and the owner's own item of the share (summaries go with their last statement).
  expect(done!.counts.otherRecords).toBe(1 + 4);
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

test('once the deletion is recorded, nothing new lands under the owner: no record, held place, refusal, avatar, restore or share', async () => {
  const dave = crypto.randomUUID();
  const binned = statement(dave);
  await store.putStatement(binned);
  await store.trashStatement(dave, binned.id, '2026-11-24T09:00:00.000Z');
  const before = await itemsOf(dave);
  await accounts.begin(dave, '2026-11-24T10:00:00.000Z');

  // The catalogue's record of a file that arrived late, and what the APIs would write.
  const late = statement(dave);
  expect(await store.putStatement(late)).toBe(false);
  await expect(store.reserveUpload(dave, statement(dave).id, 10, '2999-01-01T00:00:00.000Z')).rejects.toMatchObject({
    name: 'OwnerClosing',
  });
  await store.refuseUpload({ id: late.id, owner: dave, reason: 'its content is not a PDF', refusedAt: '2026-11-24T10:00:01.000Z' });
  await store.setAvatar(dave, profileImageKey(dave), '2026-11-24T10:00:01.000Z');
  await expect(store.restoreStatement(dave, binned.id)).rejects.toMatchObject({ name: 'OwnerClosing' });
  await expect(
    dynamoShareStore(table.name, table.client).create({
      shareId: `01JF${String(++sequence).padStart(22, '0')}`,
      owner: dave,
      secretHash: createHash('sha256').update(`${dave}-late`).digest('hex'),
      createdAt: '2026-11-24T10:00:01.000Z',
      expiresAt: '2099-01-01T00:00:00.000Z',
      statements: [],
      downloads: {},
      opens: 0,
    }),
  ).rejects.toMatchObject({ name: 'OwnerClosing' });
  expect(await itemsOf(dave)).toEqual(before);
});
