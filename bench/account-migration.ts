/**
 * `npm run bench`, the migration that has statements name their account by its key: an
 * owner of the release before (records, list copies and Recently deleted naming the
 * account by label only) with 10,000 statements, swept once, on AWS's DynamoDB Local.
 * Reported: the items written and the time, against an owner of 100 in the same run (the
 * baseline), per statement; and that a second sweep writes nothing. Seeded through the
 * catalogue's own record store, then turned into what the release before wrote.
 */
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS, statementListCopies, type Statement } from '../contract';
import { dynamoRecordStore } from '../lambda/shared/records';
import { statementRecord } from '../test/support/statement-records';
import { sweepOver } from '../test/support/sweep-over';
import { countWrites, withLocalTable } from './local-table';

const ACCOUNTS = ['Checking', 'Savings', 'First Harbor Card', 'Brokerage'];
const { partitionKey: pk, sortKey: sk } = TABLE_KEYS;

const statement = (owner: string, n: number): Statement =>
  statementRecord(owner, {
    size: 1000,
    accountLabel: ACCOUNTS[n % ACCOUNTS.length],
    period: `${2010 + (Math.floor(n / 12) % 16)}-${String((n % 12) + 1).padStart(2, '0')}`,
  });

const main = () =>
  withLocalTable('account-migration', async (client) => {
    const store = dynamoRecordStore('bench', client);
    const documents = DynamoDBDocumentClient.from(client);
    const writes = countWrites(client);

    /** The owner's records, their copies and Recently deleted, written again without the key. */
    const asReleaseBefore = async (owner: string) => {
      const rewritten: Record<string, unknown>[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const page = await documents.send(
          new QueryCommand({
            TableName: 'bench',
            KeyConditionExpression: '#pk = :pk',
            ExpressionAttributeNames: { '#pk': pk },
            ExpressionAttributeValues: { ':pk': TABLE_KEYS.userPartition(owner) },
            ...(start ? { ExclusiveStartKey: start } : {}),
          }),
        );
        for (const { accountKey: _key, ...record } of page.Items ?? []) {
          const sort = String(record[sk]);
          if (sort.startsWith(TABLE_KEYS.trashSortPrefix)) rewritten.push(record);
          if (!sort.startsWith(TABLE_KEYS.statementSortPrefix)) continue;
          rewritten.push(record);
          const { ordered, byId } = statementListCopies(record as unknown as Statement);
          for (const copy of [...ordered, ...byId]) rewritten.push({ ...record, [pk]: copy.partition, [sk]: copy.sort });
        }
        start = page.LastEvaluatedKey;
      } while (start);
      for (let from = 0; from < rewritten.length; from += 25)
        await documents.send(
          new BatchWriteCommand({ RequestItems: { bench: rewritten.slice(from, from + 25).map((Item) => ({ PutRequest: { Item } })) } }),
        );
    };

    const results: Record<number, { seconds: number; written: number; keyed: number; again: number; seedSeconds: number }> = {};
    for (const size of [100, 10_000]) {
      const owner = crypto.randomUUID();
      const started = Date.now();
      const all = Array.from({ length: size }, (_, n) => statement(owner, n));
      const queue = [...all];
      // Eight writers, as the catalogue runs concurrently; one in a hundred then deleted.
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          for (let next = queue.shift(); next; next = queue.shift()) await store.putStatement(next);
        }),
      );
      for (const gone of all.filter((_, n) => n % 100 === 7)) await store.trashStatement(owner, gone.id, '2026-11-24T09:00:00.000Z');
      await asReleaseBefore(owner);
      const seedSeconds = (Date.now() - started) / 1000;

      const { sweep } = sweepOver(store, all);
      writes.reset();
      const from = process.hrtime.bigint();
      const report = await sweep();
      const seconds = Number(process.hrtime.bigint() - from) / 1e9;
      const written = writes.items;
      writes.reset();
      const again = await sweep();
      if (report.accountKeyed !== size || again.accountKeyed !== 0 || writes.items !== 0 || report.summariesCorrected !== 0)
        throw new Error(
          `the migration of ${size} did not key each statement once (${JSON.stringify({ report, again, writes: writes.items })})`,
        );
      results[size] = { seconds, written, keyed: report.accountKeyed, again: writes.items, seedSeconds };
    }
    const [small, large] = [results[100], results[10_000]];
    const perStatement = (one: typeof small) => (one.seconds * 1000) / one.keyed;
    console.log('Statements named by their account key: one sweep of an owner of the release before (DynamoDB Local)');
    for (const [size, one] of [
      ['100', small],
      ['10,000', large],
    ] as const)
      console.log(
        `  ${size.padStart(6)} statements: ${one.keyed} keyed, ${one.written} items written in ${one.seconds.toFixed(1)} s ` +
          `(${perStatement(one).toFixed(2)} ms and ${(one.written / one.keyed).toFixed(1)} items each); a second sweep wrote ${one.again}; seeded in ${one.seedSeconds.toFixed(0)} s`,
      );
    console.log(
      `  per statement, 10,000 against 100: ${(perStatement(large) / perStatement(small)).toFixed(2)}x the time (goal: flat, at most 1.5x)`,
    );
  });

main().catch((error: Error) => {
  console.error(`bench/account-migration: ${error.message}`);
  process.exit(1);
});
