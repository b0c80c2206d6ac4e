import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS, TEXT_LIMITS, accountKeyOf, compareStatementOrder, type Statement } from '../../contract';
import { dynamoRecordStore, type RecordStore } from '../../lambda/shared/records';
import { sweepOver } from '../support/sweep-over';
import { statementRecord } from '../support/statement-records';
import { useLocalTable } from './support/dynamo-table';
import { asEarlierRelease } from './support/earlier-layout';
import { listCopies } from './support/list-copies';

/**
 * Statement order on AWS's own DynamoDB Local: every list partition reads, forwards, by
 * period newest first, then account, then name; and an owner of the release before it
 * keeps complete lists the old way until the sweep has given every record its ordered
 * copies, then reads in order (the migration without downtime).
 */
const table = useLocalTable('order-test');
let store: RecordStore;
beforeAll(() => {
  store = dynamoRecordStore(table.name, table.client);
});
const owner = () => crypto.randomUUID();

/** A list's file names as the resolver reads it for a layout: one Query of one partition. */
const read = async (partition: string, layout: 'legacy' | 'ordered'): Promise<string[]> =>
  (await listCopies(table, partition, layout)).map((copy) => copy.fileName);

const quotaOrdered = async (who: string) =>
  (
    await table.documents.send(
      new GetCommand({ TableName: table.name, Key: { pk: TABLE_KEYS.userPartition(who), sk: TABLE_KEYS.quotaSort }, ConsistentRead: true }),
    )
  ).Item?.[TABLE_KEYS.orderedAttribute] === true;

const put = async (who: string, fileName: string, accountLabel: string, period: string) => {
  const one = statementRecord(who, { fileName, accountLabel, period });
  expect(await store.putStatement(one)).toBe(true);
  return one;
};

test('every list reads by period newest first, then account, then name, case and accents aside, numbers by value', async () => {
  const alice = owner();
  // Uploaded in an order unlike the statement order.
  await put(alice, 'b-2023-12.pdf', 'Card', '2023-12');
  await put(alice, 'Bank 2.pdf', 'Checking', '2024-02');
  await put(alice, 'Bank 10.pdf', 'Checking', '2024-02');
  await put(alice, 'zeta.pdf', 'checking', '2024-02');
  await put(alice, 'Bank.pdf', 'Checking', '2024-02');
  await put(alice, 'Ébauche.pdf', 'Checking', '2024-02');
  await put(alice, 'any.pdf', 'Card', '2024-02');
  await put(alice, 'january.pdf', 'Checking', '2024-01');
  await put(alice, 'december.pdf', 'Checking', '2024-12');
  await put(alice, 'next-january.pdf', 'Checking', '2025-01');

  const checkingFeb = ['Bank.pdf', 'Bank 2.pdf', 'Bank 10.pdf', 'Ébauche.pdf', 'zeta.pdf'];
  expect(await read(TABLE_KEYS.allList(alice), 'ordered')).toEqual([
    'next-january.pdf',
    'december.pdf',
    'any.pdf',
    ...checkingFeb,
    'january.pdf',
    'b-2023-12.pdf',
  ]);
  expect(await read(TABLE_KEYS.periodList(alice, '2024-02'), 'ordered')).toEqual(['any.pdf', ...checkingFeb]);
  expect(await read(TABLE_KEYS.accountList(alice, 'checking'), 'ordered')).toEqual([
    'next-january.pdf',
    'december.pdf',
    ...checkingFeb,
    'january.pdf',
  ]);
  expect(await read(TABLE_KEYS.accountPeriodList(alice, 'checking', '2024-02'), 'ordered')).toEqual(checkingFeb);
  // The comparator code sorts with in memory agrees with the table.
  const records = (await store.ownerRecords(alice)).statements;
  expect([...records].sort(compareStatementOrder).map((one) => one.fileName)).toEqual(await read(TABLE_KEYS.allList(alice), 'ordered'));
});

test('an edit moves its ordered copies: a rename to "A" leads its month, a new period moves it', async () => {
  const alice = owner();
  const [, moving] = [await put(alice, 'm.pdf', 'Main', '2024-03'), await put(alice, 'z.pdf', 'Main', '2024-03')];
  await store.editStatement(alice, moving.id, { fileName: 'A.pdf' });
  expect(await read(TABLE_KEYS.allList(alice), 'ordered')).toEqual(['A.pdf', 'm.pdf']);
  await store.editStatement(alice, moving.id, { period: '2024-04' });
  expect(await read(TABLE_KEYS.periodList(alice, '2024-03'), 'ordered')).toEqual(['m.pdf']);
  expect(await read(TABLE_KEYS.periodList(alice, '2024-04'), 'ordered')).toEqual(['A.pdf']);
  expect(await read(TABLE_KEYS.allList(alice), 'ordered')).toEqual(['A.pdf', 'm.pdf']);
});

test('the longest name and label in four-byte characters still make a key DynamoDB takes', async () => {
  const alice = owner();
  const label = '🏦'.repeat(TEXT_LIMITS.accountLabelMaxChars);
  const name = `${'📄'.repeat(TEXT_LIMITS.fileNameMaxChars - 4)}.pdf`;
  const one = await put(alice, name, label, '2024-01');
  expect(await read(TABLE_KEYS.accountList(alice, accountKeyOf(label)), 'ordered')).toEqual([one.fileName]);
  expect(await store.deleteStatement(alice, one.id)).toBe(true);
  expect(await read(TABLE_KEYS.allList(alice), 'ordered')).toEqual([]);
});

test("a new owner's first upload turns their lists to statement order; an earlier owner's reservation leaves that to the sweep", async () => {
  const [fresh, earlier] = [owner(), owner()];
  expect(await store.reserveUpload(fresh, statementRecord(fresh).id, 10, '2999-01-01T00:00:00.000Z')).toEqual({ ok: true });
  expect(await quotaOrdered(fresh)).toBe(true);
  await put(earlier, 'old.pdf', 'Main', '2024-01');
  await asEarlierRelease(table.documents, table.name, earlier);
  expect(await store.reserveUpload(earlier, statementRecord(earlier).id, 10, '2999-01-01T00:00:00.000Z')).toEqual({ ok: true });
  expect(await quotaOrdered(earlier)).toBe(false);
});

describe('an owner of the release before statement order', () => {
  const sweepFor = (statements: Statement[]) => sweepOver(store, statements);

  test('reads complete lists the old way while writes go on, then, after one sweep, in statement order; a second sweep writes nothing', async () => {
    const alice = owner();
    const early = [
      await put(alice, 'c.pdf', 'Main', '2024-01'),
      await put(alice, 'a.pdf', 'Main', '2024-03'),
      await put(alice, 'b.pdf', 'Card', '2024-02'),
    ];
    await asEarlierRelease(table.documents, table.name, alice);
    expect(await quotaOrdered(alice)).toBe(false);
    expect(await read(TABLE_KEYS.allList(alice), 'ordered')).toEqual([]);

    // This release's writes before the sweep comes: an upload, an edit and a delete.
    const late = await put(alice, 'd.pdf', 'Main', '2024-01');
    await store.editStatement(alice, early[0].id, { fileName: 'e.pdf' });
    await store.deleteStatement(alice, early[2].id);
    // The old way (upload order, newest first) is complete: what the resolver reads for her now.
    expect(await read(TABLE_KEYS.periodList(alice, '2024-01'), 'legacy')).toEqual(['d.pdf', 'e.pdf']);
    expect(await read(TABLE_KEYS.accountList(alice, 'main'), 'legacy')).toEqual(['d.pdf', 'a.pdf', 'e.pdf']);
    expect(await read(TABLE_KEYS.accountList(alice, 'card'), 'legacy')).toEqual([]);
    const records = await store.ownerRecords(alice);
    expect(records.statements.map((one) => one.fileName)).toEqual(['e.pdf', 'a.pdf', 'd.pdf']);
    expect(records.statements.map((one) => one.ordered)).toEqual([true, false, true]);

    const { sweep } = sweepFor([early[0], early[1], late]);
    expect(await sweep()).toMatchObject({ ordered: 1, ownersOrdered: 1, listed: 0, summariesCorrected: 0, failures: 0 });
    expect(await quotaOrdered(alice)).toBe(true);
    expect(await read(TABLE_KEYS.allList(alice), 'ordered')).toEqual(['a.pdf', 'd.pdf', 'e.pdf']);
    expect(await read(TABLE_KEYS.accountList(alice, 'main'), 'ordered')).toEqual(['a.pdf', 'd.pdf', 'e.pdf']);
    expect(await read(TABLE_KEYS.accountPeriodList(alice, 'main', '2024-01'), 'ordered')).toEqual(['d.pdf', 'e.pdf']);
    expect(await sweep()).toMatchObject({ ordered: 0, ownersOrdered: 0, listed: 0, summariesCorrected: 0, failures: 0 });
  });

  test("a record edited between the sweep's read and its write is left to the edit, which wrote its ordered copies itself", async () => {
    const alice = owner();
    const one = await put(alice, 'before.pdf', 'Main', '2024-01');
    await asEarlierRelease(table.documents, table.name, alice);
    const [read_] = (await store.ownerRecords(alice)).statements;
    await store.editStatement(alice, one.id, { fileName: 'after.pdf' });
    const { listed: _listed, ordered: _ordered, ...asRead } = read_;
    expect(await store.orderStatement(asRead)).toBe(false);
    expect(await read(TABLE_KEYS.allList(alice), 'ordered')).toEqual(['after.pdf']);
  });
});
