import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS, arrivedExpiresAt, MAIL_LIMITS } from '../../contract';
import { mailFilingPort, type Arrival } from '../../lambda/mail/file-port';
import { recordArrival } from '../../lambda/mail/wiring';
import type { MailSummary } from '../../lambda/mail/intake';
import { createSweep } from '../../lambda/catalogue/sweep';
import { dynamoMailArrivals } from '../../lambda/shared/mail/arrivals';
import { dynamoRecordStore } from '../../lambda/shared/records';
import { capturingLog, memoryObjects } from '../support/lambda-fakes';
import { useLocalTable } from './support/dynamo-table';

/**
 * A waiting file's time in Arrived on AWS's own DynamoDB Local, on a clock of the test's: it
 * holds its place under the quota from its arrival; at its 30 days it is listed no more and
 * can be neither filed nor discarded, the table's TTL attribute says when DynamoDB removes
 * it, and the sweep of that day gives its place back.
 */
const table = useLocalTable('arrived-expiry-test');
const OWNER = '44444444-4444-4444-8444-444444444444';
const MAIL: MailSummary = {
  messageId: 'expiry0e2ic28trm7dfhrc2v0clambda4nbp0g1',
  from: 'stranger@elsewhere.example',
  subject: 'Files',
  receivedAt: '2026-11-01T09:00:00.000Z',
};
const DAY = 24 * 3600 * 1000;
const at = (days: number) => new Date(Date.parse(MAIL.receivedAt) + days * DAY);

test('a waiting file holds its place for its 30 days; then it is listed no more, and the sweep gives its place back', async () => {
  const records = dynamoRecordStore(table.name, table.client);
  const arrivals = dynamoMailArrivals(table.name, table.client);
  const arrived: Arrival[] = [];
  // The mail function's filing of a CSV that names no account, on the real table.
  const file = mailFilingPort({
    accounts: async () => [],
    ownerKey: async () => 'k'.repeat(64),
    filedBefore: async (owner, statementId) => ((await records.holdsPlace(owner, statementId)) ? 'held' : undefined),
    waiting: (owner, statementId) => arrivals.waiting(owner, statementId),
    waitingTotals: (owner) => arrivals.waitingTotals(owner, at(0)),
    heldFiling: (owner, statementId) => records.heldFiling(owner, statementId),
    reserve: (owner, statementId, size, expiresAt, filing) => records.reserveUpload(owner, statementId, size, expiresAt, filing),
    store: async () => undefined,
    arrive: async (owner, arrival) => {
      arrived.push(arrival);
      await recordArrival(arrivals, owner, arrival);
    },
    now: () => at(0),
  });
  const bytes = new TextEncoder().encode('Date,Description,Amount\n2024-01-02,Coffee,3.50\n');
  expect(await file(OWNER, { fileName: 'waiting.csv', contentType: 'text/csv', bytes, source: 'attachment' }, MAIL, 0)).toBe('arrived');
  const [{ statementId, expiresAt }] = arrived;
  expect(expiresAt).toBe(arrivedExpiresAt(MAIL.receivedAt));
  expect(Date.parse(expiresAt) - Date.parse(MAIL.receivedAt)).toBe(MAIL_LIMITS.arrivedKeepDays * DAY);
  expect(await records.usage(OWNER)).toMatchObject({ slots: 1, slotBytes: bytes.length });
  const item = (
    await table.documents.send(
      new GetCommand({
        TableName: table.name,
        Key: { [TABLE_KEYS.partitionKey]: TABLE_KEYS.userPartition(OWNER), [TABLE_KEYS.sortKey]: TABLE_KEYS.arrivedSort(statementId) },
      }),
    )
  ).Item;
  expect(item?.[TABLE_KEYS.expiryAttribute]).toBe(Date.parse(expiresAt) / 1000);

  // A day before its time it waits, and the sweep leaves its place held.
  const objects = memoryObjects();
  const sweepAt = (when: Date) => createSweep({ objects, versions: objects, records, log: capturingLog(), clock: () => when })();
  expect((await arrivals.list(OWNER, { now: at(29) })).arrived.map((one) => one.id)).toEqual([statementId]);
  expect(await arrivals.waiting(OWNER, statementId, at(29))).toBeDefined();
  expect(await sweepAt(at(29))).toMatchObject({ uploadsReleased: 0 });
  expect(await records.usage(OWNER)).toMatchObject({ slots: 1 });

  // At its time it is gone for the person, and the sweep gives its place back.
  expect((await arrivals.list(OWNER, { now: at(30) })).arrived).toEqual([]);
  expect(await arrivals.waiting(OWNER, statementId, at(30))).toBeUndefined();
  expect(await sweepAt(at(30.01))).toMatchObject({ uploadsReleased: 1 });
  expect(await records.usage(OWNER)).toMatchObject({ slots: 0, slotBytes: 0 });
});

test('a waiting file recorded before waiting ended (no time of its own) ends 30 days after its mail, as its bytes do in the bucket', async () => {
  const arrivals = dynamoMailArrivals(table.name, table.client);
  const owner = '55555555-5555-4555-8555-555555555555';
  const statementId = '01JDEARLYRELEASE0000000000';
  // As an earlier release wrote it: no expiresAt, no TTL attribute.
  await table.documents.send(
    new PutCommand({
      TableName: table.name,
      Item: {
        [TABLE_KEYS.partitionKey]: TABLE_KEYS.userPartition(owner),
        [TABLE_KEYS.sortKey]: TABLE_KEYS.arrivedSort(statementId),
        id: statementId,
        fileName: 'old.csv',
        contentType: 'text/csv',
        size: 10,
        reason: 'No account was read from this file: choose its account to file it.',
        mail: { from: MAIL.from, subject: MAIL.subject, receivedAt: MAIL.receivedAt },
      },
    }),
  );
  expect((await arrivals.list(owner, { now: at(29) })).arrived).toEqual([
    expect.objectContaining({ id: statementId, expiresAt: arrivedExpiresAt(MAIL.receivedAt) }),
  ]);
  expect(await arrivals.waiting(owner, statementId, at(29))).toBeDefined();
  expect((await arrivals.list(owner, { now: at(30) })).arrived).toEqual([]);
  expect(await arrivals.waiting(owner, statementId, at(30))).toBeUndefined();
});
