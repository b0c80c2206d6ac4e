import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TABLE_KEYS, type Statement } from '../../contract';
import { NOT_INDEXED_REASONS, notIndexedSentence } from '../../contract/search/not-indexed';
import { MiB } from '../../contract/uploads';
import { LOCAL_IDS } from '../../local/settings';
import { dynamoClient } from '../../local/dynamodb';
import { dynamoSearchIndex } from '../../lambda/shared/search/index-store';
import { indexAvailable } from '../../lambda/shared/search/indexing';
import { capturingLog } from '../support/lambda-fakes';
import { pdfBomb, xlsxBomb } from '../support/bombs';
import { STATEMENT_PDFS, statementPdf } from '../support/statement-pdfs';
import { STATEMENT_WORKBOOKS, statementWorkbook } from '../support/statement-workbooks';
import { SEARCH, STATEMENT_DETAILS, apollo } from './support/graphql';
import { waitFor, type StackProcess } from './support/stack-process';
import { stackWithTwoUsers } from './support/two-users';
import { uploadStatement } from './support/uploads';
import type { TestUser } from './support/users';

/**
 * Decompression bombs through the real path: uploaded through the statements API beside
 * ordinary statements, checked, scanned and read by the catalogue in the local stack's own
 * process (as on AWS, the function that saw the verdict reads the file). Each bomb passes
 * the content check and becomes available; its reading ends within the bound and it is
 * marked not indexed, which its owner reads through AppSync; it is found by its name, every
 * other statement by its content, and the stack's process stays well and small. The tries
 * of a file whose reading fails are counted on its record in DynamoDB Local.
 */
// The worker's shared stack: suites use it one at a time, and the memory measured is from this
// suite's baseline on (the kernel's high-water mark is reset there), so earlier suites' work does not count.
const context = stackWithTwoUsers();
let stack: StackProcess;
let alice: TestUser;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What a reading may add to the reader's process, as test/lambda/content-memory.test.ts measures it alone. */
const READ_MEMORY = 256 * MiB;

type Details = { id: string; fileName: string; status: string; contentNotIndexed: string | null };

const details = async (id: string): Promise<Details | null> =>
  (
    (await apollo(stack.config, { token: alice.idToken }).query({ query: STATEMENT_DETAILS, variables: { id }, fetchPolicy: 'no-cache' }))
      .data as { statement: Details | null }
  ).statement;

const search = async (query: string) =>
  (
    (await apollo(stack.config, { token: alice.idToken }).query({ query: SEARCH, variables: { query }, fetchPolicy: 'no-cache' })).data as {
      search: { hits: { statement: Details }[] };
    }
  ).search.hits.map((hit) => hit.statement);

/** The local stack process's resident size now and at its peak (the kernel's high-water mark), in bytes. */
const stackMemory = (): { rss: number; peak: number } => {
  const status = fs.readFileSync(`/proc/${stack.pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
};

const upload = async (fileName: string, contentType: string, bytes: Buffer) =>
  (await uploadStatement(stack.config, alice.idToken, { fileName, contentType, accountLabel: 'Everyday', period: '2024-03', bytes }))
    .statementId;

const ids = { pdf: '', csv: '', workbook: '', pdfBomb: '', xlsxBomb: '' };
let before: { rss: number; peak: number };

beforeAll(async () => {
  ({ stack, alice } = context);
  ids.pdf = await upload('chase.pdf', 'application/pdf', await statementPdf(STATEMENT_PDFS[0]));
  const barclays = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'statements', 'barclays-data.csv'));
  ids.csv = await upload('barclays.csv', 'text/csv', barclays);
  ids.workbook = await upload('santander.xlsx', XLSX, await statementWorkbook(STATEMENT_WORKBOOKS[0]));
  // The ordinary statements first: the stack has then read a file of each kind (pdf.js loaded), which is its baseline.
  await waitFor(
    async () =>
      (await search('jpmorgan')).length && (await search('thames')).length && (await search('mercadona')).length ? true : undefined,
    'the ordinary statements to be searchable',
    60_000,
  );
  // The high-water mark starts again from the resident size now (Linux's clear_refs, 5).
  fs.writeFileSync(`/proc/${stack.pid}/clear_refs`, '5');
  before = stackMemory();
  expect(before.peak).toBeLessThan(before.rss + 16 * MiB);
  ids.xlsxBomb = await upload('bomb workbook.xlsx', XLSX, await xlsxBomb());
  ids.pdfBomb = await upload('bomb page.pdf', 'application/pdf', pdfBomb());
  await waitFor(
    async () => ((await details(ids.xlsxBomb))?.contentNotIndexed && (await details(ids.pdfBomb))?.contentNotIndexed ? true : undefined),
    'both bombs to be marked not indexed',
    // A bomb is read up to the reading's bounds, which takes the most CPU of any file: on a machine
    // busy with the rest of the suite that is minutes, not seconds (what is asserted is the outcome).
    180_000,
  );
}, 300_000);

test('each bomb passed the content check and the scan, and its owner reads why its contents are not indexed', async () => {
  expect(await details(ids.xlsxBomb)).toMatchObject({
    status: 'AVAILABLE',
    contentNotIndexed: NOT_INDEXED_REASONS.unreadable,
  });
  expect(await details(ids.pdfBomb)).toMatchObject({ status: 'AVAILABLE', contentNotIndexed: NOT_INDEXED_REASONS['too large'] });
  expect(notIndexedSentence(NOT_INDEXED_REASONS['too large'])).toBe(
    'Its contents could not be read for search: part of it unpacks to far more than search reads. It is found by its name, account and period.',
  );
});

test('each bomb is found by its name, with why its contents are not', async () => {
  const found = await search('bomb');
  expect(found.map((statement) => [statement.id, statement.contentNotIndexed]).sort()).toEqual(
    [
      [ids.xlsxBomb, NOT_INDEXED_REASONS.unreadable],
      [ids.pdfBomb, NOT_INDEXED_REASONS['too large']],
    ].sort(),
  );
});

test.each([
  ['jpmorgan', 'pdf'],
  ['thames', 'csv'],
  ['mercadona', 'workbook'],
] as const)('every other statement is still found by its content: %s', async (word, which) => {
  const found = await search(word);
  expect(found.map((statement) => statement.id)).toEqual([ids[which]]);
  expect(found[0].contentNotIndexed).toBeNull();
});

test("the stack's process is alive and grew by less than a reading may take", async () => {
  expect(() => process.kill(stack.pid, 0)).not.toThrow();
  expect((await search('barclays')).map((statement) => statement.id)).toEqual([ids.csv]);
  const after = stackMemory();
  expect(before.rss).toBeGreaterThan(0);
  // The high-water mark covers every moment in between, the bombs' readings included.
  expect(after.peak - before.rss).toBeLessThan(READ_MEMORY);
});

test('the bombs are marked indexed, so the sweep passes them by, and no tries are left on them', async () => {
  const documents = DynamoDBDocumentClient.from(dynamoClient(stack.ports.dynamodb));
  for (const id of [ids.xlsxBomb, ids.pdfBomb]) {
    const { Item } = await documents.send(
      new GetCommand({
        TableName: LOCAL_IDS.tableName,
        Key: { [TABLE_KEYS.partitionKey]: TABLE_KEYS.userPartition(alice.sub), [TABLE_KEYS.sortKey]: TABLE_KEYS.statementSort(id) },
        ConsistentRead: true,
      }),
    );
    expect(Item?.[TABLE_KEYS.indexedAttribute]).toEqual(expect.any(String));
    expect(Item?.[TABLE_KEYS.indexAttemptsAttribute]).toBeUndefined();
  }
});

test('a file whose reading keeps failing is read three times, and never again, then indexed by its filing alone and marked, on the real table', async () => {
  const index = dynamoSearchIndex(LOCAL_IDS.tableName, dynamoClient(stack.ports.dynamodb));
  const statement = (await index.statements(alice.sub, [ids.csv]))[0] as Statement;
  const failing = { index, readContent: jest.fn(() => Promise.reject(Object.assign(new Error('gone'), { name: 'NoSuchKey' }))) };
  const deps = { search: failing, log: capturingLog() };
  for (let attempt = 1; attempt <= 3; attempt++) await expect(indexAvailable(deps, statement)).rejects.toThrow('gone');
  // Still indexed as it was meanwhile: the failed readings wrote nothing.
  expect((await search('thames')).map((found) => found.id)).toEqual([ids.csv]);

  await indexAvailable(deps, statement);
  expect(failing.readContent).toHaveBeenCalledTimes(3);
  expect(await details(ids.csv)).toMatchObject({ contentNotIndexed: NOT_INDEXED_REASONS.failed });
  expect(await search('thames')).toEqual([]);
  expect((await search('barclays')).map((found) => found.id)).toEqual([ids.csv]);

  // Its tries stay used up: a later indexing (an edit's that failed, then the sweep's) does not read it again.
  const reading = { index, readContent: jest.fn(async () => ({ pieces: ['THAMES WATER'] })) };
  await indexAvailable({ search: reading, log: capturingLog() }, statement);
  expect(reading.readContent).not.toHaveBeenCalled();
  expect(await details(ids.csv)).toMatchObject({ contentNotIndexed: NOT_INDEXED_REASONS.failed });
});
