import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as fs from 'node:fs';
import * as path from 'node:path';
import PDFDocument from 'pdfkit';
import { STATEMENT_ROUTES, TABLE_KEYS, type RouteSpec } from '../../contract';
import { LOCAL_IDS } from '../../local/settings';
import { dynamoClient } from '../../local/dynamodb';
import { EDIT_STATEMENTS, SEARCH, STATEMENT_NEIGHBOURS, apollo } from './support/graphql';
import { callApi } from './support/rest';
import { waitFor, type StackProcess } from './support/stack-process';
import { stackWithTwoUsers } from './support/two-users';
import { uploadStatement } from './support/uploads';
import type { TestUser } from './support/users';
import { png } from '../support/samples';

/**
 * Search through the real path: files uploaded through the statements API, read by the
 * catalogue once their scan is clean, their words written to the owner's index in DynamoDB
 * Local, and found through the local AppSync by the search resolver's Lambda.
 */
const context = stackWithTwoUsers();
let stack: StackProcess;
let alice: TestUser;
let bob: TestUser;

type Context = { word: string; text: string; date: string | null; amount: string | null };
type Hit = { statement: { id: string; fileName: string }; matches: string[]; fields: string[]; contexts: Context[] };

/** A hit's contexts as the page shows them, without the client's type names. */
const contextsOf = (hit: Hit | undefined) => hit?.contexts.map(({ word, text, date, amount }) => ({ word, text, date, amount }));

const search = async (user: TestUser, query: string) =>
  (
    (await apollo(stack.config, { token: user.idToken }).query({ query: SEARCH, variables: { query }, fetchPolicy: 'no-cache' }))
      .data as unknown as {
      search: { hits: Hit[]; partial: boolean };
    }
  ).search;

const namesFound = async (user: TestUser, query: string) => (await search(user, query)).hits.map((hit) => hit.statement.fileName);

/** A two-page PDF whose second page alone names the bakery (a statement's transactions run over pages). */
const twoPagePdf = () =>
  new Promise<Buffer>((resolve, reject) => {
    const document = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    document.fontSize(14).text('Card statement');
    document.fontSize(10).text('Opening balance 1,204.50');
    document.addPage();
    document.text('12/03/2024  QUETZALCOATL BAKERY LISBON  -12.40');
    document.end();
  });

const ids: Record<'pdf' | 'csv' | 'png' | 'accented', string> = { pdf: '', csv: '', png: '', accented: '' };

/** Alice's upload of one file, filed as named. */
const upload = async (fileName: string, contentType: string, accountLabel: string, period: string, bytes: Buffer) =>
  (await uploadStatement(stack.config, alice.idToken, { fileName, contentType, accountLabel, period, bytes })).statementId;

beforeAll(async () => {
  ({ stack, alice, bob } = context);
  ids.pdf = await upload('Visa statement.pdf', 'application/pdf', 'Visa Gold', '2024-03', await twoPagePdf());
  // A bank's own export: THAMES WATER is a payee in its descriptions and nowhere else.
  const barclays = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'statements', 'barclays-data.csv'));
  ids.csv = await upload('export.csv', 'text/csv', 'Barclays', '2023-12', barclays);
  ids.png = await upload('receipt-scan.png', 'image/png', 'Cash', '2024-01', png());
  // Words beyond ASCII: accents folded, a Japanese payee, and a letter outside the BMP (U+2000B).
  const accented = 'Date,Description,Amount\n2022-06-03,BÄCKEREI MÜLLER カフェ 𠀋屋,-3.20\n';
  ids.accented = await upload('Relevé Crédit Agricole.csv', 'text/csv', 'Crédit Agricole', '2022-06', Buffer.from(accented));
  // Each is indexed when its scan finds it clean.
  await waitFor(
    async () =>
      (await search(alice, 'quetzal')).hits.length &&
      (await search(alice, 'thames')).hits.length &&
      (await search(alice, 'receipt')).hits.length &&
      (await search(alice, 'backerei')).hits.length
        ? true
        : undefined,
    'the four statements to be searchable',
  );
}, 90_000);

test("a word only on a PDF's second page finds it, with the word matched and where", async () => {
  const { hits, partial } = await search(alice, 'quetz');
  expect(partial).toBe(false);
  expect(hits.map(({ statement, matches, fields }) => ({ id: statement.id, matches, fields }))).toEqual([
    { id: ids.pdf, matches: ['quetzalcoatl'], fields: ['CONTENT'] },
  ]);
  // What matched, as the page's line says it: no day or amount read apart from a PDF's text.
  expect(contextsOf(hits[0])).toEqual([
    { word: 'quetzalcoatl', text: '12/03/2024 QUETZALCOATL BAKERY LISBON -12.40', date: null, amount: null },
  ]);
});

test("a payee only in a CSV's descriptions finds it", async () => {
  const { hits } = await search(alice, 'Thames');
  expect(hits.map(({ statement, matches, fields }) => ({ id: statement.id, matches, fields }))).toEqual([
    { id: ids.csv, matches: ['thames'], fields: ['CONTENT'] },
  ]);
  // The bank's transaction: its day read as a day, its amount as the file writes it.
  expect(contextsOf(hits[0])).toEqual([{ word: 'thames', text: 'THAMES WATER DDR', date: '2023-12-01', amount: '-38.99' }]);
});

test.each(['2,100.00', '2100.00', '2.100,00', '2 100,00', '-2,100.00', '£2,100.00', '2100'])(
  "an amount of a bank's export typed as %s finds its transaction, with its day, description and amount",
  async (query) => {
    const { hits } = await search(alice, query);
    expect(hits.map(({ statement, matches, fields }) => ({ id: statement.id, matches, fields }))).toEqual([
      { id: ids.csv, matches: ['2,100.00'], fields: ['CONTENT'] },
    ]);
    expect(contextsOf(hits[0])).toEqual([{ word: '2,100.00', text: 'ACME LTD SALARY BGC', date: '2023-12-01', amount: '2100.00' }]);
  },
);

test("an amount on a PDF's line finds it with the line; money in and out are one amount; no other amount is found", async () => {
  for (const query of ['12.40', '-12.40', '1,204.50', '1204.5'])
    expect((await search(alice, query)).hits.map((hit) => hit.statement.id)).toEqual([ids.pdf]);
  expect(contextsOf((await search(alice, '12.40')).hits[0])).toEqual([
    { word: '12.40', text: '12/03/2024 QUETZALCOATL BAKERY LISBON -12.40', date: null, amount: null },
  ]);
  // Neither file holds these: an amount matches exactly, not by its first digits.
  for (const query of ['2,100.01', '210.00', '12.4 thames']) expect(await namesFound(alice, query)).toEqual([]);
});

test("a payee's transaction shows its amount, and a payee and an amount together find the one that has both", async () => {
  expect(contextsOf((await search(alice, 'acme')).hits[0])).toEqual([
    { word: 'acme', text: 'ACME LTD SALARY BGC', date: '2023-12-01', amount: '2100.00' },
  ]);
  expect(await namesFound(alice, 'rent 650.00')).toEqual(['export.csv']);
  expect(await namesFound(alice, 'rent 38.99')).toEqual(['export.csv']);
  expect(await namesFound(alice, 'bakery 650.00')).toEqual([]);
});

test('each word searched shows its own line; a match in the name alone shows none', async () => {
  const { hits } = await search(alice, 'bakery opening');
  expect(contextsOf(hits[0])).toEqual([
    { word: 'bakery', text: '12/03/2024 QUETZALCOATL BAKERY LISBON -12.40', date: null, amount: null },
    { word: 'opening', text: 'Opening balance 1,204.50', date: null, amount: null },
  ]);
  expect(contextsOf((await search(alice, 'receipt')).hits[0])).toEqual([]);
});

test.each<[string, string[]]>([
  ['recei', ['receipt-scan.png']],
  ['gold', ['Visa statement.pdf']],
  ['Barclays', ['export.csv']],
  ['March 2024', ['Visa statement.pdf']],
  ['Mar 24', ['Visa statement.pdf']],
  ['2024-03', ['Visa statement.pdf']],
  ['2023', ['export.csv']],
  ['visa quetzalcoatl', ['Visa statement.pdf']],
  ['relev', ['Relevé Crédit Agricole.csv']],
  ['CRÉDIT', ['Relevé Crédit Agricole.csv']],
  ['bäck', ['Relevé Crédit Agricole.csv']],
  ['カフ', ['Relevé Crédit Agricole.csv']],
  ['𠀋屋', ['Relevé Crédit Agricole.csv']],
  // Every word must match: no statement has both.
  ['visa thames', []],
  ['<script>alert(1)</script> | #', []],
])('%s finds %j', async (query, names) => {
  expect(await namesFound(alice, query)).toEqual(names);
});

test('a year finds its months, best first: a match in the period of each, newest first', async () => {
  expect(await namesFound(alice, '2024')).toEqual(['receipt-scan.png', 'Visa statement.pdf']);
});

test('a search too long is refused with a message, not answered', async () => {
  await expect(search(alice, 'x'.repeat(1000))).rejects.toThrow('The search is too long.');
});

test("another person's search never sees them, nor their neighbours", async () => {
  for (const query of ['quetzal', 'thames', 'visa', '2024']) expect((await search(bob, query)).hits).toEqual([]);
  const { data } = await apollo(stack.config, { token: bob.idToken }).query({
    query: STATEMENT_NEIGHBOURS,
    variables: { id: ids.png },
    fetchPolicy: 'no-cache',
  });
  expect(data).toEqual({ statementNeighbours: { __typename: 'StatementNeighbours', previous: null, next: null } });
});

test("neighbours follow the list's order: period newest first", async () => {
  const { data } = await apollo(stack.config, { token: alice.idToken }).query({
    query: STATEMENT_NEIGHBOURS,
    variables: { id: ids.png },
    fetchPolicy: 'no-cache',
  });
  const { previous, next } = (data as { statementNeighbours: { previous: { id: string }; next: { id: string } } }).statementNeighbours;
  expect([previous.id, next.id]).toEqual([ids.pdf, ids.csv]);
});

test('an edit moves its name and account in the index; its content stays found', async () => {
  await apollo(stack.config, { token: alice.idToken }).mutate({
    mutation: EDIT_STATEMENTS,
    variables: { input: { ids: [ids.pdf], fileName: 'Amex April.pdf', accountLabel: 'Amex' } },
  });
  expect(await namesFound(alice, 'amex april')).toEqual(['Amex April.pdf']);
  expect(await namesFound(alice, 'gold')).toEqual([]);
  expect(await namesFound(alice, 'visa')).toEqual([]);
  expect(await namesFound(alice, 'quetzalcoatl')).toEqual(['Amex April.pdf']);
  // "statement" left the name and stays in the content: its posting changed in place, its line kept.
  const statementHit = (await search(alice, 'statement')).hits.find((hit) => hit.statement.id === ids.pdf);
  expect(statementHit?.fields).toEqual(['CONTENT']);
  expect(contextsOf(statementHit)).toEqual([{ word: 'statement', text: 'Card statement', date: null, amount: null }]);
  // The old name's postings are gone, not only hidden.
  expect((await searchPartition(alice)).filter((key) => key.startsWith(`${TABLE_KEYS.searchTermPrefix}gold|`))).toEqual([]);
});

/** The sort keys of the owner's search partition, as stored. */
const searchPartition = async (user: TestUser) => {
  const { Items } = await DynamoDBDocumentClient.from(dynamoClient(stack.ports.dynamodb)).send(
    new QueryCommand({
      TableName: LOCAL_IDS.tableName,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': TABLE_KEYS.partitionKey },
      ExpressionAttributeValues: { ':pk': TABLE_KEYS.searchPartition(user.sub) },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map((item) => String(item[TABLE_KEYS.sortKey]));
};

test('a deleted statement leaves the results at once, comes back with its restore, and leaves the index when deleted for good', async () => {
  expect((await searchPartition(alice)).some((key) => key.endsWith(ids.csv))).toBe(true);
  const call = (route: RouteSpec) =>
    callApi(stack.config, 'statementsApiUrl', route, { token: alice.idToken, params: { statementId: ids.csv } });
  expect((await call(STATEMENT_ROUTES.deleteStatement)).status).toBe(204);
  // In Recently deleted its postings stay (a restore needs no new reading), and no search shows it.
  const idsFound = async () => (await search(alice, 'thames')).hits.map((hit) => hit.statement.id);
  expect(await idsFound()).toEqual([]);
  expect((await call(STATEMENT_ROUTES.restoreStatement)).status).toBe(200);
  expect(await idsFound()).toEqual([ids.csv]);
  expect((await call(STATEMENT_ROUTES.deleteStatement)).status).toBe(204);
  expect((await call(STATEMENT_ROUTES.purgeStatement)).status).toBe(204);
  await waitFor(async () => ((await searchPartition(alice)).some((key) => key.endsWith(ids.csv)) ? undefined : true), 'its postings to go');
  expect(await namesFound(alice, 'thames')).toEqual([]);
});
