import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS, type Statement } from '../../contract';
import { ownerIdentifierKey } from '../../contract/accounts/identifier-keys';
import type { TermContext } from '../../contract/search/context';
import { identifierTerms, identifiersIn } from '../../contract/search/identifiers';
import { parseQuery, queryIdentifiers } from '../../contract/search/terms';
import { createSweep } from '../../lambda/catalogue/sweep';
import { encodeStatementMetadata } from '../../lambda/shared/metadata';
import { dynamoRecordStore, type RecordStore } from '../../lambda/shared/records';
import { dynamoSearchIndex, type SearchIndex } from '../../lambda/shared/search/index-store';
import { createStatementSearch } from '../../lambda/statement-search/core';
import { capturingLog, memoryObjects } from '../support/lambda-fakes';
import { statementRecord } from '../support/statement-records';
import { useLocalTable } from './support/dynamo-table';
import { READING_EDITION } from '../../contract/reading/edition';

/**
 * What a release before this one kept of account numbers in the search index (the term
 * "de89370400440532013000", its line in clear as the context) is rewritten by the sweep on
 * AWS's own DynamoDB Local: hashed under the owner's key and masked, for statements kept and
 * in Recently deleted, counted, once (their records are marked), and still found by the
 * number typed whole.
 */
const table = useLocalTable('identifier-migration-test');
let store: RecordStore;
let index: SearchIndex;
beforeAll(() => {
  store = dynamoRecordStore(table.name, table.client);
  index = dynamoSearchIndex(table.name, table.client);
});
const SECRET = 'migration-test-secret-'.padEnd(64, 'x');
const ownerKey = (owner: string) => ownerIdentifierKey(SECRET, owner);
const { partitionKey: pk, sortKey: sk } = TABLE_KEYS;

/** Every item of a partition, as stored. */
const partition = async (name: string) =>
  (
    await table.documents.send(
      new QueryCommand({
        TableName: table.name,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': pk },
        ExpressionAttributeValues: { ':pk': name },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

/** A statement's content written as the release before wrote it: its terms and their lines in clear, its record unmarked. */
const writtenBefore = async (statement: Statement, contexts: Record<string, string>, place: 'kept' | 'deleted') => {
  await index.write(statement, Object.keys(contexts), {
    contexts: new Map(Object.entries(contexts).map(([term, text]): [string, TermContext] => [term, { text }])),
  });
  const key = {
    [pk]: TABLE_KEYS.userPartition(statement.owner),
    [sk]: (place === 'kept' ? TABLE_KEYS.statementSort : TABLE_KEYS.trashSort)(statement.id),
  };
  await table.documents.send(
    new UpdateCommand({
      TableName: table.name,
      Key: key,
      UpdateExpression: 'REMOVE #hidden',
      ExpressionAttributeNames: { '#hidden': TABLE_KEYS.identifiersHiddenAttribute },
    }),
  );
};

const sweepOf = (statements: readonly Statement[], log = capturingLog()) => {
  const objects = memoryObjects();
  for (const one of statements)
    objects.objects.set(one.key, {
      contentType: one.contentType,
      size: one.size,
      metadata: encodeStatementMetadata({ fileName: one.fileName, accountLabel: one.accountLabel, period: one.period }),
      lastModified: one.uploadedAt,
    });
  // Their files are read for nothing here: each was indexed, days and balances too.
  const readContent = jest.fn(() => Promise.reject(new Error('the file is not read again')));
  return {
    log,
    readContent,
    sweep: createSweep({ objects, versions: objects, records: store, log, search: { index, readContent, ownerKey } }),
  };
};

/** Days and money as this release's reading keeps them (read with its edition), so the sweep reads nothing again. */
const READ_NOW = { unread: [], entered: [], readWith: READING_EDITION } as Statement['balances'];

const CLEAR = /3704|0044|0532|0130|nwbk|6016|1331|9268|12345678/i;

test('the sweep hashes and masks what the release before kept in clear, kept and deleted, counts it, and does it once', async () => {
  const alice = crypto.randomUUID();
  const kept = statementRecord(alice, { balances: READ_NOW });
  const binned = statementRecord(alice, { balances: READ_NOW });
  for (const one of [kept, binned]) expect(await store.putStatement(one)).toBe(true);
  await writtenBefore(
    kept,
    {
      iban: 'IBAN: DE89 3704 0044 0532 0130 00',
      de89370400440532013000: 'IBAN: DE89370400440532013000',
      kto12345678: 'TRANSFER KTO12345678 RENT',
      // A line cut around its word before: what is left of the number beside the cut.
      harbor: '…0044 0532 0130 00 HARBOR RENT',
      miete: '05.03.2024 Miete -950,00 €',
    },
    'kept',
  );
  // Words of a spaced IBAN were terms of their own ("gb29", "nwbk"); its digits were not.
  const sepa = 'SEPA GB29 NWBK 6016 1331 9268 19 HARBOR';
  await writtenBefore(binned, { sepa, gb29: sepa, nwbk: sepa, harbor: sepa }, 'kept');
  await store.trashStatement(alice, binned.id, '2026-11-30T09:00:00.000Z');
  await table.documents.send(
    new UpdateCommand({
      TableName: table.name,
      Key: { [pk]: TABLE_KEYS.userPartition(alice), [sk]: TABLE_KEYS.trashSort(binned.id) },
      UpdateExpression: 'REMOVE #hidden',
      ExpressionAttributeNames: { '#hidden': TABLE_KEYS.identifiersHiddenAttribute },
    }),
  );
  const before = JSON.stringify(await partition(TABLE_KEYS.searchPartition(alice)));
  expect(before).toMatch(CLEAR);

  const { sweep, log, readContent } = sweepOf([kept, binned]);
  expect(await sweep()).toMatchObject({ identifiersHidden: 2, indexed: 0, indexFailures: 0, failures: 0 });
  expect(readContent).not.toHaveBeenCalled();
  expect(log.lines.filter((line) => line.message.startsWith('account numbers hidden')).map((line) => line.fields)).toEqual([
    { statementId: kept.id, postings: expect.any(Number) },
    { statementId: binned.id, postings: expect.any(Number) },
  ]);

  const items = await partition(TABLE_KEYS.searchPartition(alice));
  // No item holds a number in clear: not a term, not a context, not the statement's list of terms.
  for (const item of items) expect(JSON.stringify(item)).not.toMatch(CLEAR);
  const key = await ownerKey(alice);
  const terms = await identifierTerms(
    key,
    identifiersIn(['DE89 3704 0044 0532 0130 00', 'KTO12345678', 'GB29 NWBK 6016 1331 9268 19']).values(),
  );
  const [iban, kto, gb] = [...terms.values()];
  const posting = (term: string, id: string) => items.find((item) => item[sk] === TABLE_KEYS.searchTermSort(term, id));
  expect(posting(iban, kept.id)).toMatchObject({ s: 8, c: { text: 'IBAN: DE89 •••• •••• •••• 3000' } });
  expect(posting(kto, kept.id)).toMatchObject({ c: { text: 'TRANSFER KTO•••• 5678 RENT' } });
  expect(posting('kto', kept.id)).toMatchObject({ c: { text: 'TRANSFER KTO•••• 5678 RENT' } });
  expect(posting('harbor', kept.id)).toMatchObject({ c: { text: '…•••• 3000 HARBOR RENT' } });
  expect(posting('miete', kept.id)).toMatchObject({ c: { text: '05.03.2024 Miete -950,00 €' } });
  expect(posting(gb, binned.id)).toMatchObject({ c: { text: 'SEPA GB29 •••• •••• •••• 6819 HARBOR' } });
  expect(posting('nwbk', binned.id)).toBeUndefined();
  expect(items.find((item) => item[sk] === TABLE_KEYS.searchDocSort(binned.id))?.content).toEqual([gb, 'sepa', 'gb29', 'harbor']);
  expect(posting('de89370400440532013000', kept.id)).toBeUndefined();
  expect(items.find((item) => item[sk] === TABLE_KEYS.searchDocSort(kept.id))?.content).toEqual(
    expect.arrayContaining([iban, 'de89', kto, 'kto', 'harbor', 'miete']),
  );
  // Each record is marked, so no later run looks again.
  const records = await partition(TABLE_KEYS.userPartition(alice));
  for (const sort of [TABLE_KEYS.statementSort(kept.id), TABLE_KEYS.trashSort(binned.id)])
    expect(records.find((item) => item[sk] === sort)?.[TABLE_KEYS.identifiersHiddenAttribute]).toBe(true);

  // Typed whole, with or without its spaces, the number finds its statement through the resolver.
  const search = createStatementSearch({
    index,
    order: { neighbours: () => Promise.reject(new Error('not used')) },
    log: capturingLog(),
    ownerKey,
  });
  for (const typed of ['DE89 3704 0044 0532 0130 00', 'de89370400440532013000']) {
    const answer = await search({ field: 'search', owner: alice, arguments: { query: typed } });
    expect(answer).toMatchObject({
      hits: [
        {
          statement: { id: kept.id },
          matches: ['DE89 •••• •••• •••• 3000'],
          contexts: [{ word: 'DE89 •••• •••• •••• 3000', text: 'IBAN: DE89 •••• •••• •••• 3000' }],
        },
      ],
    });
  }
  expect(
    parseQuery('DE89 3704 0044 0532 0130 00', await identifierTerms(key, queryIdentifiers('DE89 3704 0044 0532 0130 00').values())),
  ).toContainEqual(expect.objectContaining({ term: iban }));

  // A second run finds nothing to change.
  const again = sweepOf([kept, binned]);
  expect(await again.sweep()).toMatchObject({ identifiersHidden: 0, failures: 0, indexFailures: 0 });
  expect(JSON.stringify(await partition(TABLE_KEYS.searchPartition(alice)))).toBe(JSON.stringify(items));
});

test('a statement indexed by this release is never looked at again, and one without postings is only marked', async () => {
  const bob = crypto.randomUUID();
  const fresh = statementRecord(bob, { balances: READ_NOW });
  const empty = statementRecord(bob, { balances: READ_NOW, status: 'QUARANTINED' });
  for (const one of [fresh, empty]) expect(await store.putStatement(one)).toBe(true);
  await index.write(fresh, ['harbor'], { contexts: new Map([['harbor', { text: 'HARBOR •••• 5678' }]]) });
  const { sweep } = sweepOf([fresh, empty]);
  expect(await sweep()).toMatchObject({ identifiersHidden: 0, failures: 0, indexFailures: 0 });
  const records = await partition(TABLE_KEYS.userPartition(bob));
  for (const one of [fresh, empty])
    expect(records.find((item) => item[sk] === TABLE_KEYS.statementSort(one.id))?.[TABLE_KEYS.identifiersHiddenAttribute]).toBe(true);
});
