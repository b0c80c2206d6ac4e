import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as fs from 'node:fs';
import { STATEMENT_METADATA, STATEMENT_ROUTES, TABLE_KEYS, statementKey, type StatementUploadRequest } from '../../contract';
import { PDF_PASSWORD_ATTRIBUTES } from '../../contract/accounts/pdf-password';
import { IDENTIFIER_KEYS, identifierKeyOf } from '../../contract/accounts/identifier-keys';
import { createS3Client } from '../../lambda/shared/runtime';
import { dynamoClient } from '../../local/dynamodb';
import { HOST, LOCAL_CREDENTIALS, LOCAL_IDS, dataPaths } from '../../local/settings';
import { rawGraphql } from './support/graphql';
import { callApi } from './support/rest';
import { waitFor, type StackProcess } from './support/stack-process';
import { stackWithTwoUsers } from './support/two-users';
import { uploadStatement } from './support/uploads';
import type { TestUser } from './support/users';

/**
 * What a file says of its account, as it is filed: its identifiers (an IBAN, an account
 * number) only as keyed hashes under the owner's key, which the statements API derives from
 * the deployment's secret (read with its role's rights, as IAM allows it) and the caller's
 * token; its institution, kind and currency into the account where it says nothing yet.
 */
const context = stackWithTwoUsers();
let stack: StackProcess;
let alice: TestUser;
let bob: TestUser;
beforeAll(() => ({ stack, alice, bob } = context));

const IBAN = { kind: 'iban' as const, value: 'DE89370400440532013000' };
const NUMBER = { kind: 'number' as const, value: '000123456655' };

/** A month's CSV of an account, filed by its owner with what the file says of the account. */
const fileCsv = (
  user: TestUser,
  accountLabel: string,
  period: string,
  says: Pick<StatementUploadRequest, 'identifierKeys' | 'accountFacts'>,
) =>
  uploadStatement(stack.config, user.idToken, {
    fileName: `${accountLabel.split(' ')[0].toLowerCase()}-${period}.csv`,
    contentType: 'text/csv',
    accountLabel,
    period,
    ...says,
  });

const askKey = (token?: string) => callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.identifierKey, token ? { token } : {});
const ownerKey = async (user: TestUser) => {
  const answer = await askKey(user.idToken);
  expect(answer.status).toBe(200);
  return (answer.body as { key: string }).key;
};

const accountsOf = async (user: TestUser) =>
  (
    (await rawGraphql(stack.config, { Authorization: user.idToken }, '{ accounts { label count identifierKeys } }')).body.data as {
      accounts: { label: string; count: number; identifierKeys: string[] | null }[];
    }
  ).accounts;

test("each person's identifier key is the same at every ask, unlike anyone else's, and only for a signed-in caller", async () => {
  const [first, again, bobs] = [await ownerKey(alice), await ownerKey(alice), await ownerKey(bob)];
  expect(first).toMatch(IDENTIFIER_KEYS.pattern);
  expect(again).toBe(first);
  expect(bobs).not.toBe(first);
  expect((await askKey()).status).toBe(401);
  // The deployment's secret is in the local data directory, never in what the key reveals.
  const secret = fs.readFileSync(dataPaths(stack.dataDir).identifierSecret, 'utf8');
  expect(secret).toMatch(/^[A-Za-z0-9]{64}$/);
  expect(first).not.toContain(secret.slice(0, 8));
});

test("a file filed with its identifiers' keys: its account is known by them, and no number is stored anywhere", async () => {
  const key = await ownerKey(alice);
  const [ibanKey, numberKey] = [await identifierKeyOf(key, IBAN), await identifierKeyOf(key, NUMBER)];
  const first = await fileCsv(alice, 'Household', '2024-03', { identifierKeys: [ibanKey] });
  await fileCsv(alice, 'household', '2024-04', { identifierKeys: [ibanKey, numberKey] });
  const household = await waitFor(async () => {
    const account = (await accountsOf(alice)).find((one) => one.label === 'Household');
    return account?.count === 2 ? account : undefined;
  }, 'both statements to be filed');
  // One key per identifier, whichever statements named it.
  expect([...(household.identifierKeys ?? [])].sort()).toEqual([ibanKey, numberKey].sort());
  // Bob's accounts know nothing of it.
  expect((await accountsOf(bob)).flatMap((account) => account.identifierKeys ?? [])).not.toContain(ibanKey);
  // The file's metadata carries the key, signed with the upload.
  const s3 = createS3Client({ credentials: LOCAL_CREDENTIALS, endpoints: { s3: `http://${HOST}:${stack.ports.s3}` } });
  const head = await s3.send(new HeadObjectCommand({ Bucket: LOCAL_IDS.bucketName, Key: statementKey(alice.sub, first.statementId) }));
  expect(head.Metadata?.[STATEMENT_METADATA.identifierKeys]).toBe(ibanKey);
  // No item of the table holds the numbers, in any spelling.
  const documents = DynamoDBDocumentClient.from(dynamoClient(stack.ports.dynamodb));
  const items = (await documents.send(new ScanCommand({ TableName: LOCAL_IDS.tableName, ConsistentRead: true }))).Items ?? [];
  const text = JSON.stringify(items);
  expect(text).toContain(ibanKey);
  for (const number of [IBAN.value, NUMBER.value, '0532013000', '3704 0044']) expect(text).not.toContain(number);
});

test('what is not a key is refused with a 400 (a number in clear, too many, one twice), and no place is held', async () => {
  const key = await identifierKeyOf(await ownerKey(alice), IBAN);
  const usage = async () =>
    (
      (await rawGraphql(stack.config, { Authorization: alice.idToken }, '{ usage { statements } }')).body.data as {
        usage: { statements: number };
      }
    ).usage.statements;
  const before = await usage();
  // API Gateway's model refuses what its JSON Schema says (the shape of a key, how many);
  // the handler's schema what it cannot say (a key twice), in words.
  const GATEWAY = /The request body does not match what this route takes/;
  for (const [identifierKeys, message] of [
    [[IBAN.value], GATEWAY],
    [Array.from({ length: IDENTIFIER_KEYS.perStatement + 1 }, (_, index) => `${key.slice(0, 42)}${'ABCDE'[index]}`), GATEWAY],
    [[key, key], /identifierKeys must not repeat/],
  ] as const) {
    const answer = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.createUpload, {
      token: alice.idToken,
      body: {
        fileName: 'refused.csv',
        contentType: 'text/csv',
        size: 100,
        accountLabel: 'Household',
        period: '2024-05',
        checksum: 'n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg=',
        identifierKeys,
      },
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toMatch(message);
  }
  expect(await usage()).toBe(before);
});

test("what the first file says of its account (institution, kind, currency) is the account's; a later file changes nothing it said", async () => {
  const facts = async () =>
    (
      (await rawGraphql(stack.config, { Authorization: bob.idToken }, '{ accounts { label institution kind currency } }')).body.data as {
        accounts: { label: string; institution: string | null; kind: string | null; currency: string | null }[];
      }
    ).accounts.find((account) => account.label === 'Tagesgeld ••0909');
  await fileCsv(bob, 'Tagesgeld ••0909', '2024-01', { accountFacts: { institution: 'Sparkasse Köln', currency: 'EUR' } });
  await waitFor(async () => ((await facts())?.currency ? true : undefined), 'the first statement to be filed');
  expect(await facts()).toMatchObject({ institution: 'Sparkasse Köln', kind: null, currency: 'EUR' });
  // A later file says a kind (taken: nothing was said of it) and another currency (left: one was).
  await fileCsv(bob, 'Tagesgeld ••0909', '2024-02', { accountFacts: { kind: 'savings', currency: 'USD' } });
  await waitFor(async () => ((await facts())?.kind ? true : undefined), 'the second statement to be filed');
  expect(await facts()).toMatchObject({ institution: 'Sparkasse Köln', kind: 'savings', currency: 'EUR' });
});

test("what the person says an account is, is theirs: set, marked as said, never changed by a later file; cleared on request; another's account is null", async () => {
  const details = (user: TestUser, input: Record<string, unknown>) =>
    rawGraphql(
      stack.config,
      { Authorization: user.idToken },
      'mutation ($input: AccountDetailsInput!) { updateAccountDetails(input: $input) { accountKey institution kind currency institutionSaid kindSaid currencySaid } }',
      { input },
    );
  const key = 'festgeld ••1111';
  await fileCsv(bob, 'Festgeld ••1111', '2024-01', { accountFacts: { kind: 'savings' } });
  const accounts = async () =>
    (
      (await rawGraphql(stack.config, { Authorization: bob.idToken }, '{ accounts { accountKey count institution institutionSaid } }')).body
        .data as { accounts: { accountKey: string; count: number; institution: string | null; institutionSaid: boolean | null }[] }
    ).accounts.find((account) => account.accountKey === key);
  await waitFor(async () => ((await accounts())?.count === 1 ? true : undefined), 'the first statement to be filed');
  const set = await details(bob, { accountKey: key, institution: '  Kreissparkasse Köln ', currency: 'EUR' });
  expect(set.body).toEqual({
    data: {
      updateAccountDetails: {
        accountKey: key,
        institution: 'Kreissparkasse Köln',
        kind: 'savings',
        currency: 'EUR',
        institutionSaid: true,
        kindSaid: null,
        currencySaid: true,
      },
    },
  });
  // A file filed later says another bank: what the person said stays.
  await fileCsv(bob, 'Festgeld ••1111', '2024-02', { accountFacts: { institution: 'Another Bank' } });
  await waitFor(async () => ((await accounts())?.count === 2 ? true : undefined), 'the second statement to be filed');
  expect(await accounts()).toMatchObject({ institution: 'Kreissparkasse Köln', institutionSaid: true });
  // Emptied: cleared, and no longer the person's.
  const cleared = await details(bob, { accountKey: key, institution: '' });
  expect(cleared.body.data).toEqual({
    updateAccountDetails: expect.objectContaining({ institution: null, institutionSaid: null, currency: 'EUR', currencySaid: true }),
  });
  // Refused in words, nothing changed.
  for (const [input, message] of [
    [{ accountKey: key, kind: 'checking' }, /kind must be one of current, savings, card, brokerage, loan/],
    [{ accountKey: key, currency: 'euro' }, /currency must be an ISO 4217 code/],
    [{ accountKey: key, institution: 'x'.repeat(81) }, /institution must be at most 80 characters/],
    [{ accountKey: key, institution: 'a\u0000b' }, /institution must be at most 80 characters of text/],
    [{ accountKey: key }, /Say at least one of institution, kind and currency/],
  ] as const) {
    const refused = await details(bob, input);
    expect((refused.body.data as { updateAccountDetails?: unknown } | null)?.updateAccountDetails ?? null).toBeNull();
    expect(refused.body.errors?.map((error) => error.message).join('\n')).toMatch(message);
  }
  expect(await accounts()).toMatchObject({ institution: null });
  // Alice naming Bob's account reaches none of hers: null, and Bob's is as it was.
  expect((await details(alice, { accountKey: key, currency: 'USD' })).body).toEqual({ data: { updateAccountDetails: null } });
  expect((await details(bob, { accountKey: key, kind: 'savings' })).body.data).toEqual({
    updateAccountDetails: expect.objectContaining({ currency: 'EUR', kind: 'savings', kindSaid: true }),
  });
});

test('a kept PDF password is read only by its owner, only through pdfPassword, never with the accounts or in a log, and is forgotten on request', async () => {
  const password = 'Kontoauszug-2024 §7 ü';
  const keep = (user: TestUser, input: Record<string, unknown>) =>
    rawGraphql(
      stack.config,
      { Authorization: user.idToken },
      'mutation ($input: PdfPasswordInput!) { keepPdfPassword(input: $input) { accountKey pdfPasswordKept } }',
      { input },
    );
  const read = async (user: TestUser, accountKey: string) => {
    const answer = await rawGraphql(
      stack.config,
      { Authorization: user.idToken },
      'query ($key: String!) { pdfPassword(accountKey: $key) }',
      {
        key: accountKey,
      },
    );
    expect(answer.body.errors).toBeUndefined();
    return (answer.body.data as { pdfPassword: string | null }).pdfPassword;
  };
  const key = 'depot ••3333';
  await fileCsv(bob, 'Depot ••3333', '2024-01', {});
  await waitFor(
    async () => ((await accountsOf(bob)).some((account) => account.label === 'Depot ••3333') ? true : undefined),
    'the statement to be filed',
  );
  expect(await read(bob, key)).toBeNull();

  expect((await keep(bob, { accountKey: key, password })).body).toEqual({
    data: { keepPdfPassword: { accountKey: key, pdfPasswordKept: true } },
  });
  expect(await read(bob, key)).toBe(password);
  // Kept on its own item in Bob's passwords partition (which only the functions that open PDFs may read), not on the summary.
  const documents = DynamoDBDocumentClient.from(dynamoClient(stack.ports.dynamodb));
  const itemAt = async (partition: string) =>
    (
      await documents.send(
        new GetCommand({
          TableName: LOCAL_IDS.tableName,
          Key: { [TABLE_KEYS.partitionKey]: partition, [TABLE_KEYS.sortKey]: TABLE_KEYS.accountSort(key) },
          ConsistentRead: true,
        }),
      )
    ).Item;
  expect(await itemAt(TABLE_KEYS.pdfPasswordPartition(bob.sub))).toMatchObject({ [PDF_PASSWORD_ATTRIBUTES.password]: password });
  expect(await itemAt(TABLE_KEYS.userPartition(bob.sub))).toMatchObject({ [PDF_PASSWORD_ATTRIBUTES.kept]: true });
  expect(JSON.stringify(await itemAt(TABLE_KEYS.userPartition(bob.sub)))).not.toContain(password);
  // The accounts, with every field their type has, say only that one is kept.
  const every = await rawGraphql(
    stack.config,
    { Authorization: bob.idToken },
    '{ accounts { label accountKey count bytes cadence statementsFrom closedAfter identifierKeys institution kind currency institutionSaid kindSaid currencySaid pdfPasswordKept } }',
  );
  expect(JSON.stringify(every.body)).not.toContain(password);
  expect((every.body.data as { accounts: { accountKey: string; pdfPasswordKept: boolean | null }[] }).accounts).toContainEqual(
    expect.objectContaining({ accountKey: key, pdfPasswordKept: true }),
  );

  // Alice naming Bob's account reads nothing and keeps nothing there; Bob's stays.
  expect(await read(alice, key)).toBeNull();
  expect((await keep(alice, { accountKey: key, password: 'not hers' })).body).toEqual({ data: { keepPdfPassword: null } });
  expect((await keep(alice, { accountKey: key, password: '' })).body).toEqual({ data: { keepPdfPassword: null } });
  expect(await read(bob, key)).toBe(password);

  // Refused in words, the kept one unchanged.
  for (const [input, message] of [
    [{ accountKey: key, password: 'x'.repeat(128) }, /password must be 1 to 127 characters/],
    [{ accountKey: key, password: 'line\nbreak' }, /none of them control characters/],
    [{ accountKey: '', password: 'x' }, /accountKey must have 1 to/],
  ] as const) {
    const refused = await keep(bob, input);
    expect((refused.body.data as { keepPdfPassword?: unknown } | null)?.keepPdfPassword ?? null).toBeNull();
    expect(refused.body.errors?.map((error) => error.message).join('\n')).toMatch(message);
  }
  expect(await read(bob, key)).toBe(password);

  expect(stack.output()).not.toContain(password);
  expect((await keep(bob, { accountKey: key, password: '' })).body).toEqual({
    data: { keepPdfPassword: { accountKey: key, pdfPasswordKept: null } },
  });
  expect(await read(bob, key)).toBeNull();
  expect(await itemAt(TABLE_KEYS.pdfPasswordPartition(bob.sub))).toBeUndefined();

  // One an earlier release kept on the summary itself is answered until the sweep moves it, and goes when forgotten.
  await documents.send(
    new UpdateCommand({
      TableName: LOCAL_IDS.tableName,
      Key: { [TABLE_KEYS.partitionKey]: TABLE_KEYS.userPartition(bob.sub), [TABLE_KEYS.sortKey]: TABLE_KEYS.accountSort(key) },
      UpdateExpression: 'SET #password = :password, #kept = :kept',
      ExpressionAttributeNames: { '#password': PDF_PASSWORD_ATTRIBUTES.password, '#kept': PDF_PASSWORD_ATTRIBUTES.kept },
      ExpressionAttributeValues: { ':password': 'kept-before', ':kept': true },
    }),
  );
  expect(await read(bob, key)).toBe('kept-before');
  expect(await read(alice, key)).toBeNull();
  expect((await keep(bob, { accountKey: key, password: '' })).body).toEqual({
    data: { keepPdfPassword: { accountKey: key, pdfPasswordKept: null } },
  });
  expect(await read(bob, key)).toBeNull();
  expect(JSON.stringify(await itemAt(TABLE_KEYS.userPartition(bob.sub)))).not.toContain('kept-before');
});
