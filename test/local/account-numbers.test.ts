import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TABLE_KEYS, accountKeyOf } from '../../contract';
import { MAIL_WORDS } from '../../contract/mail';
import { dynamoClient } from '../../local/dynamodb';
import { LOCAL_IDS } from '../../local/settings';
import { STATEMENT_PDFS, statementPdf } from '../support/statement-pdfs';
import { SEARCH, apollo, rawGraphql } from './support/graphql';
import { newMailAddress, sendMail, waitingFiles } from './support/mail';
import { waitFor, type StackProcess } from './support/stack-process';
import { stackWithTwoUsers } from './support/two-users';
import { uploadStatement } from './support/uploads';
import type { TestUser } from './support/users';

/**
 * No full account number is kept in clear, through the real path: statements that print an
 * IBAN, a card number, a counterparty's IBAN and a protected PDF's account number (opened
 * with the password kept for its account) are uploaded through the statements API, read by
 * the catalogue after their scan, and their owner's items read back from DynamoDB Local: no
 * term, line or list of terms holds a number. Typed whole, with or without its spaces, each
 * number still finds its statement through AppSync's search, which shows it masked; a
 * mailed file that waits (real SMTP) quotes its line masked.
 */
const context = stackWithTwoUsers();
let stack: StackProcess;
let alice: TestUser;
let bob: TestUser;

type Hit = { statement: { id: string; fileName: string }; matches: string[]; contexts: { word: string; text: string }[] };

const search = async (user: TestUser, query: string) =>
  (
    (await apollo(stack.config, { token: user.idToken }).query({ query: SEARCH, variables: { query }, fetchPolicy: 'no-cache' }))
      .data as unknown as { search: { hits: Hit[] } }
  ).search.hits;

/** Every item of a partition of the table, as stored. */
const partition = async (name: string) =>
  (
    await DynamoDBDocumentClient.from(dynamoClient(stack.ports.dynamodb)).send(
      new QueryCommand({
        TableName: LOCAL_IDS.tableName,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE_KEYS.partitionKey },
        ExpressionAttributeValues: { ':pk': name },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

/** Eight digits or more of each number the files print, as an item would hold them with their spaces and dashes taken out. */
const CLEAR = [
  '37040044',
  '05320130',
  'NWBK6016',
  '60161331',
  '13319268',
  '41111111',
  '11111111',
  '11112222',
  '22223333',
  '40000566',
  '05665566',
];
/** An item with its spaces and dashes taken out, so a number kept in any grouping shows whole. */
const compact = (item: unknown) =>
  JSON.stringify(item)
    .replace(/[\s\u00a0-]/g, '')
    .toUpperCase();

const ids = { pdf: '', csv: '', locked: '' };

beforeAll(async () => {
  ({ stack, alice, bob } = context);
  const hausbank = await statementPdf({
    name: 'hausbank.pdf',
    lines: [
      'Hausbank AG',
      'Kontoauszug 03/2024',
      'IBAN: DE89 3704 0044 0532 0130 00',
      'Card 4111 1111 1111 1111',
      'Sort code 20-00-00',
      'Opening balance 1 204,55',
      '05.03.2024 Miete -950,00 €',
    ],
    period: '2024-03',
    account: null,
  });
  ids.pdf = (
    await uploadStatement(stack.config, alice.idToken, {
      fileName: 'hausbank.pdf',
      contentType: 'application/pdf',
      accountLabel: 'Hausbank ••3000',
      period: '2024-03',
      bytes: hausbank,
    })
  ).statementId;
  const csv = [
    'Date,Description,Amount',
    '2024-03-02,SEPA CREDIT GB29 NWBK 6016 1331 9268 19 HARBOR RENT,-800.00',
    '2024-03-05,CARD 4000-0566-5566-5556 QUETZAL COFFEE,-3.20',
  ].join('\n');
  ids.csv = (
    await uploadStatement(stack.config, alice.idToken, {
      fileName: 'export.csv',
      contentType: 'text/csv',
      accountLabel: 'Current',
      period: '2024-03',
      bytes: Buffer.from(csv),
    })
  ).statementId;

  // A protected PDF, read with the password its owner keeps for its account (which a first file makes).
  const locker = 'Locker ••4444';
  await uploadStatement(stack.config, alice.idToken, {
    fileName: 'locker.csv',
    contentType: 'text/csv',
    accountLabel: locker,
    period: '2024-03',
    bytes: Buffer.from('Date,Description,Amount\n2024-03-01,OPENING,1.00\n'),
  });
  await waitFor(async () => {
    const answer = await rawGraphql(
      stack.config,
      { Authorization: alice.idToken },
      'mutation ($input: PdfPasswordInput!) { keepPdfPassword(input: $input) { accountKey pdfPasswordKept } }',
      { input: { accountKey: accountKeyOf(locker), password: 'secret' } },
    );
    return (
      (answer.body.data as { keepPdfPassword: { pdfPasswordKept: boolean } | null } | undefined)?.keepPdfPassword?.pdfPasswordKept ||
      undefined
    );
  }, 'the password to be kept for the account');
  const lockedSpec = STATEMENT_PDFS.find((spec) => spec.name === 'locked-2024-04.pdf')!;
  ids.locked = (
    await uploadStatement(stack.config, alice.idToken, {
      fileName: 'locked.pdf',
      contentType: 'application/pdf',
      accountLabel: locker,
      period: '2024-04',
      bytes: await statementPdf(lockedSpec),
    })
  ).statementId;

  await waitFor(
    async () =>
      (await search(alice, 'miete')).length && (await search(alice, 'harbor')).length && (await search(alice, 'statement period')).length
        ? true
        : undefined,
    'the three statements to be read for search',
    60_000,
  );
}, 150_000);

test("no item of the owner's partitions holds a number in clear: not a term, not a line, not a list of terms", async () => {
  const items = [...(await partition(TABLE_KEYS.searchPartition(alice.sub))), ...(await partition(TABLE_KEYS.userPartition(alice.sub)))];
  // The postings of all three statements are there (a term item per word, each statement's list of terms).
  for (const id of Object.values(ids)) expect(items.some((item) => item[TABLE_KEYS.sortKey] === TABLE_KEYS.searchDocSort(id))).toBe(true);
  for (const item of items) for (const clear of CLEAR) expect(compact(item)).not.toContain(clear);
});

test.each<[string, keyof typeof ids, string, string]>([
  ['DE89 3704 0044 0532 0130 00', 'pdf', 'DE89 •••• •••• •••• 3000', 'IBAN: DE89 •••• •••• •••• 3000'],
  ['DE89370400440532013000', 'pdf', 'DE89 •••• •••• •••• 3000', 'IBAN: DE89 •••• •••• •••• 3000'],
  ['4111 1111 1111 1111', 'pdf', '•••• 1111', 'Card •••• 1111'],
  ['4111111111111111', 'pdf', '•••• 1111', 'Card •••• 1111'],
  ['GB29NWBK60161331926819', 'csv', 'GB29 •••• •••• •••• 6819', 'SEPA CREDIT GB29 •••• •••• •••• 6819 HARBOR RENT'],
  ['4000 0566 5566 5556', 'csv', '•••• 5556', 'CARD •••• 5556 QUETZAL COFFEE'],
  ['1111-2222-3333-4444', 'locked', '•••• 4444', 'Account number •••• 4444'],
])('a search for %s finds its statement, and shows the number masked', async (query, which, masked, line) => {
  const hits = await search(alice, query);
  expect(hits.map((hit) => hit.statement.id)).toEqual([ids[which]]);
  expect(hits[0].matches).toEqual([masked]);
  expect(hits[0].contexts).toEqual([expect.objectContaining({ word: masked, text: line })]);
  // Another person's search for the same number finds nothing of hers (their keys differ).
  expect(await search(bob, query)).toEqual([]);
});

test('what is not an account number stays as printed: a sort code, an amount, a date', async () => {
  const linesOf = async (query: string) =>
    (await search(alice, query)).find((hit) => hit.statement.id === ids.pdf)?.contexts.map(({ text }) => text);
  expect(await linesOf('sort')).toEqual(['Sort code 20-00-00']);
  expect(await linesOf('opening')).toEqual(['Opening balance 1 204,55']);
  expect(await linesOf('miete')).toEqual(['05.03.2024 Miete -950,00 €']);
});

test('a mailed file that waits quotes the line it read its account from with the number masked', async () => {
  // An account of hers ending so, named without a bank: a file naming no bank could be another card ending so.
  await uploadStatement(stack.config, alice.idToken, {
    fileName: 'savings.csv',
    contentType: 'text/csv',
    accountLabel: 'Savings ••3000',
    period: '2024-02',
    bytes: Buffer.from('Date,Description,Amount\n2024-02-01,INTEREST,1.00\n'),
  });
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-numbers-'));
  const file = path.join(folder, 'kontoauszug-2024-03.csv');
  fs.writeFileSync(
    file,
    [
      'IBAN;DE89 3704 0044 0532 0130 00',
      '',
      'Buchungstag;Verwendungszweck;Betrag',
      '01.03.2024;Miete;-950,00',
      '05.03.2024;Gehalt;2500,00',
    ].join('\n'),
  );
  const sent = sendMail(stack, await newMailAddress(stack, alice), 'Kontoauszug', [file]);
  fs.rmSync(folder, { recursive: true, force: true });
  expect(sent.stderr).toBe('');
  const [waiting] = (await waitingFiles(stack, alice, 1)).filter((arrival) => arrival.fileName === 'kontoauszug-2024-03.csv');
  // Hers that end so: the statement's account above too.
  expect(waiting.reason).toBe(
    MAIL_WORDS.chooseAccount(
      'the line "IBAN DE89 •••• •••• •••• 3000" gives ••3000 and no bank, and your Hausbank ••3000 and your Savings ••3000 end so; or name a new account',
    ),
  );
  const stored = (await partition(TABLE_KEYS.userPartition(alice.sub))).filter((item) =>
    String(item[TABLE_KEYS.sortKey]).startsWith(TABLE_KEYS.arrivedSortPrefix),
  );
  expect(stored.length).toBeGreaterThan(0);
  for (const item of stored) expect(compact(item)).not.toContain('37040044');
});
