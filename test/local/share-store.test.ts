import { createHash } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { RATE_KINDS, SHARE_LIMITS, TABLE_KEYS } from '../../contract';
import { dynamoRateLimiter, dynamoShareStore, type StoredShare } from '../../lambda/shared/shares/store';
import { useLocalTable } from './support/dynamo-table';

/**
 * The shares' store on AWS's own DynamoDB Local: what it keeps stays bounded however a link
 * is used (its openings, its counts), and the owner's counts see live and kept shares as
 * the table holds them.
 */
const table = useLocalTable('share-store');

let sequence = 0;
const share = (owner: string, fields: Partial<StoredShare> = {}): StoredShare => {
  const n = ++sequence;
  return {
    shareId: `01JG${String(n).padStart(22, '0')}`,
    owner,
    secretHash: createHash('sha256').update(`${owner}-${n}`).digest('hex'),
    createdAt: '2026-11-20T00:00:00.000Z',
    expiresAt: '2026-12-20T00:00:00.000Z',
    statements: [],
    downloads: {},
    opens: 0,
    ...fields,
  };
};

const partitionSize = async (partition: string) => {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await table.documents.send(
      new QueryCommand({
        TableName: table.name,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE_KEYS.partitionKey },
        ExpressionAttributeValues: { ':pk': partition },
        Select: 'COUNT',
        ExclusiveStartKey: start,
      }),
    );
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
};

test('a link opened far more often than its owner is shown keeps only its newest openings, and counts them all', async () => {
  const store = dynamoShareStore(table.name, table.client);
  const made = share(crypto.randomUUID());
  await store.create(made);
  const opened = SHARE_LIMITS.openingsKept + 37;
  for (let n = 0; n < opened; n++) {
    const at = new Date(Date.parse('2026-11-21T00:00:00.000Z') + n * 1000).toISOString();
    await store.recordOpening(made.secretHash, { at, browser: 'Firefox on Linux', network: `192.0.2.0/24` }, made.expiresAt);
  }
  // The share's item and one item per place kept.
  expect(await partitionSize(TABLE_KEYS.sharePartition(made.secretHash))).toBe(1 + SHARE_LIMITS.openingsKept);
  const kept = await store.openings(made.secretHash);
  expect(kept).toHaveLength(SHARE_LIMITS.openingsKept);
  expect(kept[0].at).toBe(new Date(Date.parse('2026-11-21T00:00:00.000Z') + (opened - 1) * 1000).toISOString());
  expect(kept.map((one) => one.at)).toEqual([...kept.map((one) => one.at)].sort().reverse());
  expect((await store.byHash(made.secretHash))?.opens).toBe(opened);
});

test("an owner's counts: live shares, and every share kept until its record goes a month after it ended", async () => {
  const store = dynamoShareStore(table.name, table.client);
  const owner = crypto.randomUUID();
  const now = new Date('2026-11-25T00:00:00.000Z');
  await store.create(share(owner));
  const withdrawn = share(owner);
  await store.create(withdrawn);
  await store.revoke(owner, withdrawn.shareId, '2026-11-22T00:00:00.000Z');
  // Ended a week ago: kept. Ended over a month ago: its record is due to go, whether or not the table removed it yet.
  await store.create(share(owner, { expiresAt: '2026-11-18T00:00:00.000Z' }));
  await store.create(share(owner, { expiresAt: '2026-10-01T00:00:00.000Z' }));
  await store.create(share(crypto.randomUUID()));
  expect(await store.counts(owner, now)).toEqual({ kept: 3, live: 1 });
});

test('a statement taken out of a share stays out; counts of a link are kept apart per counter, in one partition per link', async () => {
  const store = dynamoShareStore(table.name, table.client);
  const made = share(crypto.randomUUID());
  await store.create(made);
  await store.removeStatement(made.secretHash, '01JA0000000000000000000002');
  await store.removeStatement(made.secretHash, '01JA0000000000000000000001');
  await store.removeStatement(made.secretHash, '01JA0000000000000000000002');
  expect((await store.byHash(made.secretHash))?.removedIds).toEqual(['01JA0000000000000000000001', '01JA0000000000000000000002']);

  const limiter = dynamoRateLimiter(table.name, table.client);
  const now = new Date('2026-11-25T10:00:30.000Z');
  for (let n = 0; n < 3; n++) expect(await limiter.take(RATE_KINDS.link, made.secretHash, 3, now)).toBe(true);
  expect(await limiter.take(RATE_KINDS.link, made.secretHash, 3, now)).toBe(false);
  expect(await limiter.take(RATE_KINDS.link, made.secretHash, 3, now, 'files')).toBe(true);
  expect(await limiter.take(RATE_KINDS.link, made.secretHash, 3, new Date('2026-11-25T10:01:00.000Z'))).toBe(true);
  expect(await partitionSize(TABLE_KEYS.sharePartitions(made.secretHash)[1])).toBe(3);
});
