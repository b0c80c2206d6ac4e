import * as fs from 'node:fs';
import * as path from 'node:path';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS, type Statement } from '../../contract';
import { READING_EDITION } from '../../contract/reading/edition';
import { createSweep } from '../../lambda/catalogue/sweep';
import { encodeStatementMetadata } from '../../lambda/shared/metadata';
import { dynamoRecordStore, type RecordStore } from '../../lambda/shared/records';
import { readContentText } from '../../lambda/shared/search/content';
import { dynamoSearchIndex, type SearchIndex } from '../../lambda/shared/search/index-store';
import { createStatementSearch } from '../../lambda/statement-search/core';
import { capturingLog, memoryObjects } from '../support/lambda-fakes';
import { statementRecord } from '../support/statement-records';
import { useLocalTable } from './support/dynamo-table';

/**
 * Statements indexed before amounts were terms (by the reading's first edition) are found by
 * an amount once the sweep has read them again (contract/reading/edition): on AWS's own
 * DynamoDB Local, a bank's real export read by the catalogue's own reader, its postings
 * rewritten, and the amount found through the search resolver, typed as people type it.
 */
const table = useLocalTable('amount-terms-reread-test');
let store: RecordStore;
let index: SearchIndex;
beforeAll(() => {
  store = dynamoRecordStore(table.name, table.client);
  index = dynamoSearchIndex(table.name, table.client);
});
const { partitionKey: pk, sortKey: sk } = TABLE_KEYS;

const BARCLAYS = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'statements', 'barclays-data.csv'));

test('the sweep reads a statement of the first edition again once: its amounts become terms, found typed any way, with their transaction', async () => {
  const owner = crypto.randomUUID();
  // Read by the first edition: its days and money kept without the edition, its words indexed, no amount among them.
  const older: Statement = {
    ...statementRecord(owner, {
      fileName: 'export.csv',
      contentType: 'text/csv',
      size: BARCLAYS.length,
      accountLabel: 'Barclays',
      period: '2023-12',
    }),
    balances: { unread: [], entered: [] } as Statement['balances'],
  };
  expect(await store.putStatement(older)).toBe(true);
  const salary = { text: 'ACME LTD SALARY BGC', date: '2023-12-01', amount: '2100.00' };
  await index.write(older, ['acme', 'salary'], {
    contexts: new Map([
      ['acme', salary],
      ['salary', salary],
    ]),
  });
  const search = createStatementSearch({ index, order: { neighbours: () => Promise.reject(new Error('not used')) }, log: capturingLog() });
  const found = async (query: string) => {
    const answer = await search({ field: 'search', owner, arguments: { query } });
    return 'hits' in answer ? answer.hits.map(({ statement, matches, contexts }) => ({ id: statement.id, matches, contexts })) : answer;
  };
  expect(await found('2,100.00')).toEqual([]);

  const objects = memoryObjects();
  objects.objects.set(older.key, {
    contentType: older.contentType,
    size: older.size,
    metadata: encodeStatementMetadata({ fileName: older.fileName, accountLabel: older.accountLabel, period: older.period }),
    lastModified: older.uploadedAt,
  });
  // The catalogue's own reader, over the file's bytes.
  const readContent = jest.fn(() =>
    readContentText({ size: BARCLAYS.length, read: async (begin, end) => BARCLAYS.subarray(begin, end) }, 'text/csv'),
  );
  const sweep = createSweep({ objects, versions: objects, records: store, log: capturingLog(), search: { index, readContent } });
  // The record lists it as indexed (its postings match its filing): only its edition makes the sweep read it.
  await table.documents.send(
    new UpdateCommand({
      TableName: table.name,
      Key: { [pk]: TABLE_KEYS.userPartition(owner), [sk]: TABLE_KEYS.statementSort(older.id) },
      UpdateExpression: 'SET #hidden = :true',
      ExpressionAttributeNames: { '#hidden': TABLE_KEYS.identifiersHiddenAttribute },
      ExpressionAttributeValues: { ':true': true },
    }),
  );
  expect(await sweep()).toMatchObject({ reread: 1, indexed: 0, indexFailures: 0, failures: 0 });
  expect(readContent).toHaveBeenCalledTimes(1);

  const hit = { id: older.id, matches: ['2,100.00'], contexts: [{ word: '2,100.00', ...salary }] };
  for (const query of ['2,100.00', '2100', '2.100,00', '-2100.00']) expect(await found(query)).toEqual([hit]);
  // A payee and an amount of the same transaction: its line once.
  expect(await found('thames 38.99')).toEqual([
    {
      id: older.id,
      matches: ['thames', '38.99'],
      contexts: [{ word: 'thames', text: 'THAMES WATER DDR', date: '2023-12-01', amount: '-38.99' }],
    },
  ]);
  // Its postings: one term an amount, under the owner's partition, beside its words.
  const items =
    (
      await table.documents.send(
        new QueryCommand({
          TableName: table.name,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': pk },
          ExpressionAttributeValues: { ':pk': TABLE_KEYS.searchPartition(owner) },
          ConsistentRead: true,
        }),
      )
    ).Items ?? [];
  expect(items.map((item) => String(item[sk])).filter((key) => key.startsWith(`${TABLE_KEYS.searchTermPrefix}=`))).toEqual(
    ['=210000', '=3899', '=450', '=65000'].map((term) => TABLE_KEYS.searchTermSort(term, older.id)).sort(),
  );
  // Read once: the next run reads nothing again.
  expect(await sweep()).toMatchObject({ reread: 0, indexed: 0 });
  expect(readContent).toHaveBeenCalledTimes(1);
  expect((await store.getStatement(owner, older.id))?.balances).toMatchObject({ readWith: READING_EDITION });
});
