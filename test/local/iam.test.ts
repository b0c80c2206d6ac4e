import { DeleteItemCommand, GetItemCommand, QueryCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  DeleteObjectCommand,
  HeadObjectCommand,
  ListObjectVersionsCommand,
  PutObjectCommand,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Context } from 'aws-lambda';
import {
  LAMBDA_ENV,
  SHARE_READ_FIELDS,
  STATEMENT_ROUTES,
  TABLE_KEYS,
  profileImageKey,
  profileImagePrefix,
  statementKey,
  statementPrefix,
} from '../../contract';
import { createStatementsHandler } from '../../lambda/statements/handler';
import { createStatementEditHandler } from '../../lambda/statement-edits/handler';
import { createStatementSearchHandler } from '../../lambda/statement-search/handler';
import { dynamoSearchIndex } from '../../lambda/shared/search/index-store';
import { dynamoRecordStore } from '../../lambda/shared/records';
import { statementRecord } from '../support/statement-records';
import { createDynamoDbClient, createS3Client } from '../../lambda/shared/runtime';
import { ensureTable, dynamoClient, startDynamoDbLocal } from '../../local/dynamodb';
import { startDynamoDbFront } from '../../local/dynamodb-front';
import {
  LOCAL_ACCOUNT_ID,
  buildAccessModel,
  type AccessModel,
  type PolicyDocument,
  type PrincipalName,
} from '../../local/iam/access-model';
import { createAuthorizer } from '../../local/iam/authorizer';
import { createIdentities } from '../../local/iam/identities';
import { freePort } from '../../local/ports';
import { startLocalS3 } from '../../local/s3/server';
import { HOST } from '../../local/settings';
import { ALICE, BOB, apiEvent, json } from '../support/lambda-fakes';
import { deletionSessionPolicy } from '../../lambda/account/session-policy';
import { dynamoAccountRecords } from '../../lambda/account/records';
import { dynamoPdfPasswords } from '../../lambda/shared/records/pdf-passwords';
import { PDF_PASSWORD_ATTRIBUTES } from '../../contract/accounts/pdf-password';
import { shareReadPolicy } from '../../lambda/shares/session-policy';
import { sha256Base64 } from './support/uploads';

/**
 * IAM on the local stack: the policies come from the template the CDK app synthesizes,
 * and the local S3 and DynamoDB refuse what those policies do not allow, as AWS does. The
 * proof is a synthesized policy with one permission removed: the real handler's call,
 * through the real SDK and the local fronts, then fails exactly there.
 */
const BUCKET = 'iam-test-bucket';
const TABLE = 'iam-test-table';
const ID = '01JD0000000000000000000001';

/** The synthesized model with `action` taken out of every statement of `principal`'s policies. */
const withoutAction = (model: AccessModel, principal: PrincipalName, action: string): AccessModel => {
  const copy = structuredClone(model);
  for (const { policy } of copy.principals[principal].policies) {
    policy.Statement = policy.Statement.map((statement) => ({
      ...statement,
      Action: [statement.Action as string | string[]].flat().filter((name) => name !== action),
    })).filter((statement) => (statement.Action as string[]).length > 0);
  }
  return copy;
};

let model: AccessModel;
const stops: (() => Promise<void>)[] = [];
let dataDir: string;
let innerDynamoPort: number;

beforeAll(async () => {
  model = buildAccessModel({ bucketName: BUCKET, tableName: TABLE });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-iam-'));
  innerDynamoPort = await freePort();
  const dynamo = await startDynamoDbLocal({ port: innerDynamoPort, directory: path.join(dataDir, 'dynamodb') });
  stops.push(() => dynamo.stop());
}, 60_000);

afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The local S3 and DynamoDB fronts for one access model, and what each principal signs with. */
const fronts = async (access: AccessModel) => {
  const identities = createIdentities(access);
  const authorizer = createAuthorizer(access);
  const s3 = await startLocalS3({
    port: 0,
    directory: path.join(dataDir, `s3-${Math.random().toString(36).slice(2)}`),
    bucketName: BUCKET,
    webOrigins: ['http://localhost:3000'],
    identities,
    authorizer,
    onEvent: () => undefined,
  });
  const dynamodb = await startDynamoDbFront({
    port: 0,
    upstreamPort: innerDynamoPort,
    identities,
    authorizer,
    tableArn: (table) => `arn:aws:dynamodb:us-east-1:${LOCAL_ACCOUNT_ID}:table/${table}`,
  });
  stops.push(
    () => s3.close(),
    () => dynamodb.close(),
  );
  await ensureTable(dynamoClient(dynamodb.port), TABLE);
  const accessOf = (name: PrincipalName) => ({
    credentials: identities.credentialsOf(name),
    endpoints: { s3: `http://${HOST}:${s3.server.port}`, dynamodb: `http://${HOST}:${dynamodb.port}` },
  });
  /** Credentials of a session of `name`'s role narrowed by a session policy (STS AssumeRole with `Policy`). */
  const sessionOf = (name: PrincipalName, session: { sessionName: string; policy: object }) => ({
    credentials: identities.issueSession(name, session as { sessionName: string; policy: PolicyDocument }),
    endpoints: accessOf(name).endpoints,
  });
  return { accessOf, sessionOf };
};

const environment = {
  [LAMBDA_ENV.bucketName]: BUCKET,
  [LAMBDA_ENV.tableName]: TABLE,
  [LAMBDA_ENV.logLevel]: 'SILENT',
  // Read only when a notice is sent, which these tests never do.
  [LAMBDA_ENV.pushVapidSecretArn]: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:vapid-keys',
  [LAMBDA_ENV.pushVapidSubject]: 'mailto:operator@statement-vault.localhost',
  // Read only when an owner asks for their identifier key, which these tests never do.
  [LAMBDA_ENV.identifierSecretArn]: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:account-identifiers',
};
const context = { awsRequestId: 'test', functionName: 'statements-api', getRemainingTimeInMillis: () => 10_000 } as Context;
const failureOf = async (call: Promise<unknown>) => {
  try {
    await call;
    return undefined;
  } catch (error) {
    return {
      name: (error as Error).name,
      status: (error as S3ServiceException).$metadata?.httpStatusCode,
      message: (error as Error).message,
    };
  }
};

test('every principal of the stack is found in the template with its policies', () => {
  expect(Object.keys(model.principals).sort()).toEqual([
    'accountDeletion',
    'accountDeletionJob',
    'apiKeyRenewal',
    'catalogue',
    'edgeLogRetention',
    'graphqlPdfPasswords',
    'graphqlTable',
    'mailIntake',
    'malwareScan',
    'profileImageApi',
    'pushNotifier',
    'reminders',
    'scanResults',
    'shareApi',
    'shareReader',
    'statementEdits',
    'statementSearch',
    'statementsApi',
    'sweep',
    'vapidKeyMaker',
    'webServer',
  ]);
  for (const principal of Object.values(model.principals)) expect(principal.policies.length).toBeGreaterThan(0);
  // The bucket's own policy (TLS only; reads only of files scanned clean) is evaluated too,
  // with the exempt roles resolved to the local principals' ARNs.
  expect(JSON.stringify(model.bucketPolicy)).toContain('aws:SecureTransport');
  expect(JSON.stringify(model.bucketPolicy)).toContain('s3:ExistingObjectTag/GuardDutyMalwareScanStatus');
  expect(JSON.stringify(model.bucketPolicy)).toContain(model.principals.malwareScan.roleArn);
});

test("a presigned upload works while the signer's role may PutObject, and S3 refuses it once that permission is removed", async () => {
  for (const [access, expected] of [
    [model, 200],
    [withoutAction(model, 'statementsApi', 's3:PutObject'), 403],
  ] as const) {
    const { accessOf } = await fronts(access);
    const handler = createStatementsHandler(environment, accessOf('statementsApi'));
    const created = await handler(
      apiEvent({
        ...STATEMENT_ROUTES.createUpload,
        body: {
          fileName: 'a.pdf',
          contentType: 'application/pdf',
          size: 3,
          accountLabel: 'Main',
          period: '2024-01',
          checksum: sha256Base64(Buffer.from('pdf')),
        },
      }),
      context,
    );
    expect(created.statusCode).toBe(201);
    const upload = json(created);
    const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: 'pdf' });
    expect(put.status).toBe(expected);
    if (expected === 403) {
      const text = await put.text();
      expect(text).toContain('<Code>AccessDenied</Code>');
      expect(text).toContain('is not authorized to perform: s3:PutObject on resource: "arn:aws:s3:::iam-test-bucket/statements/');
    }
  }
});

test("the statements API's delete fails once its role may no longer GetItem (DynamoDB's AccessDeniedException)", async () => {
  const { accessOf } = await fronts(withoutAction(model, 'statementsApi', 'dynamodb:GetItem'));
  const handler = createStatementsHandler(environment, accessOf('statementsApi'));
  const result = await handler(apiEvent({ ...STATEMENT_ROUTES.deleteStatement, pathParameters: { statementId: ID } }), context);
  expect(result.statusCode).toBe(500);
  const direct = createDynamoDbClient(accessOf('statementsApi'));
  const refused = await failureOf(
    direct.send(new GetItemCommand({ TableName: TABLE, Key: { pk: { S: TABLE_KEYS.userPartition(ALICE) }, sk: { S: 'PROFILE' } } })),
  );
  expect(refused).toMatchObject({ name: 'AccessDeniedException' });
  expect(refused!.message).toMatch(
    /^User: arn:aws:sts::000000000000:assumed-role\/.+\/statementsApi is not authorized to perform: dynamodb:GetItem on resource: arn:aws:dynamodb:us-east-1:000000000000:table\/iam-test-table because no identity-based policy allows the dynamodb:GetItem action$/,
  );
});

test('an edit is one transaction under its own role: without DeleteItem (a list copy it leaves) it fails whole, and nothing moves', async () => {
  const statement = { ...statementRecord(ALICE), id: '01JD0000000000000000000077' };
  statement.key = statementKey(ALICE, statement.id);
  const { accessOf } = await fronts(model);
  await dynamoRecordStore(TABLE, createDynamoDbClient(accessOf('catalogue'))).putStatement(statement);
  const { accessOf: without } = await fronts(withoutAction(model, 'statementEdits', 'dynamodb:DeleteItem'));
  const edit = createStatementEditHandler(environment, without('statementEdits'));
  const refused = await failureOf(edit({ owner: ALICE, input: { ids: [statement.id], accountLabel: 'Elsewhere' } }, context));
  expect(refused).toMatchObject({ name: 'AccessDeniedException' });
  expect(refused!.message).toMatch(/statementEdits is not authorized to perform: dynamodb:DeleteItem/);
  expect(await dynamoRecordStore(TABLE, createDynamoDbClient(accessOf('catalogue'))).getStatement(ALICE, statement.id)).toEqual(statement);
  // With its grants as the template has them, the same edit goes through.
  const allowed = createStatementEditHandler(environment, accessOf('statementEdits'));
  expect(await allowed({ owner: ALICE, input: { ids: [statement.id], accountLabel: 'Elsewhere' } }, context)).toMatchObject({
    edited: [{ id: statement.id, accountLabel: 'Elsewhere' }],
  });
});

test("the search reads under its own role, which writes nothing: without BatchGetItem (the best's records) it fails", async () => {
  const statement = { ...statementRecord(ALICE), id: '01JD0000000000000000000078', fileName: 'iam-search.pdf' };
  statement.key = statementKey(ALICE, statement.id);
  const { accessOf } = await fronts(model);
  await dynamoRecordStore(TABLE, createDynamoDbClient(accessOf('catalogue'))).putStatement(statement);
  await dynamoSearchIndex(TABLE, createDynamoDbClient(accessOf('catalogue'))).write(statement, []);
  const ask = { field: 'search' as const, owner: ALICE, arguments: { query: 'iam-search' } };
  const { accessOf: without } = await fronts(withoutAction(model, 'statementSearch', 'dynamodb:BatchGetItem'));
  const refused = await failureOf(createStatementSearchHandler(environment, without('statementSearch'))(ask, context));
  expect(refused!.message).toMatch(/statementSearch is not authorized to perform: dynamodb:BatchGetItem/);
  const allowed = createStatementSearchHandler(environment, accessOf('statementSearch'));
  expect(await allowed(ask, context)).toMatchObject({ hits: [{ statement: { id: statement.id }, fields: ['NAME'] }] });
  // Its role writes nothing, not even a search's own postings.
  const write = await failureOf(dynamoSearchIndex(TABLE, createDynamoDbClient(accessOf('statementSearch'))).remove(ALICE, statement.id));
  expect(write!.message).toMatch(/statementSearch is not authorized to perform: dynamodb:BatchWriteItem/);
});

test('HEAD of a missing key: 404 for a role that may list the bucket, 403 for one that may not', async () => {
  const { accessOf } = await fronts(model);
  const head = (name: PrincipalName, key: string) =>
    failureOf(createS3Client(accessOf(name)).send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })));
  expect(await head('catalogue', statementKey(ALICE, ID))).toMatchObject({ name: 'NotFound', status: 404 });
  expect(await head('statementsApi', statementKey(ALICE, ID))).toMatchObject({ status: 403 });
  // The catalogue without ListBucket would be told 403 too: what AWS does before the grant.
  const { accessOf: withoutList } = await fronts(withoutAction(model, 'catalogue', 's3:ListBucket'));
  const refused = await failureOf(
    createS3Client(withoutList('catalogue')).send(new HeadObjectCommand({ Bucket: BUCKET, Key: profileImageKey(ALICE) })),
  );
  expect(refused).toMatchObject({ status: 403 });
});

test("a deletion job's session reaches its owner only: her files, listings and partitions, never another's", async () => {
  const { accessOf, sessionOf } = await fronts(model);
  // The worker's own role lists nothing: a job's access comes from its session.
  const worker = createS3Client(accessOf('accountDeletion'));
  expect(await failureOf(worker.send(new ListObjectVersionsCommand({ Bucket: BUCKET, Prefix: statementPrefix(ALICE) })))).toMatchObject({
    name: 'AccessDenied',
  });
  const policy = deletionSessionPolicy(ALICE, { bucketName: BUCKET, tableName: TABLE, userPoolId: 'us-east-1_Local' });
  const job = sessionOf('accountDeletionJob', { sessionName: `account-deletion-${ALICE}`, policy });
  const s3 = createS3Client(job);
  const list = (prefix?: string) => failureOf(s3.send(new ListObjectVersionsCommand({ Bucket: BUCKET, Prefix: prefix })));
  expect(await list(statementPrefix(ALICE))).toBeUndefined();
  expect(await list(profileImagePrefix(ALICE))).toBeUndefined();
  // Another owner's prefix, the product prefix as a whole, or the bucket: the session does not reach them.
  for (const prefix of [statementPrefix(BOB), 'statements/', undefined]) {
    expect(await list(prefix)).toMatchObject({ name: 'AccessDenied', status: 403 });
  }
  const remove = (key: string) => failureOf(s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key, VersionId: 'null' })));
  expect(await remove(statementKey(ALICE, ID))).toBeUndefined();
  expect(await remove(statementKey(BOB, ID))).toMatchObject({ name: 'AccessDenied', status: 403 });
  expect(await failureOf(s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: statementKey(ALICE, ID), Body: 'x' })))).toMatchObject({
    name: 'AccessDenied',
  });
  // The table: Alice's partition, and the jobs' own; DynamoDB's AccessDeniedException for Bob's.
  const table = createDynamoDbClient(job);
  const query = (partition: string) =>
    failureOf(
      table.send(
        new QueryCommand({
          TableName: TABLE,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': TABLE_KEYS.partitionKey },
          ExpressionAttributeValues: { ':pk': { S: partition } },
        }),
      ),
    );
  expect(await query(TABLE_KEYS.userPartition(ALICE))).toBeUndefined();
  expect(await query(TABLE_KEYS.deletionsPartition)).toBeUndefined();
  expect(await query(TABLE_KEYS.userPartition(BOB))).toMatchObject({ name: 'AccessDeniedException' });
  const removeItem = (partition: string) =>
    failureOf(
      table.send(
        new DeleteItemCommand({
          TableName: TABLE,
          Key: { [TABLE_KEYS.partitionKey]: { S: partition }, [TABLE_KEYS.sortKey]: { S: TABLE_KEYS.profileSort } },
        }),
      ),
    );
  expect(await removeItem(TABLE_KEYS.userPartition(ALICE))).toBeUndefined();
  expect(await removeItem(TABLE_KEYS.userPartition(BOB))).toMatchObject({ name: 'AccessDeniedException' });
});

test('each role stays inside its own prefix and actions', async () => {
  const { accessOf } = await fronts(model);
  // The profile image API may not write statements; the statements API may not write avatars.
  const put = (name: PrincipalName, key: string) =>
    failureOf(createS3Client(accessOf(name)).send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: 'x' })));
  expect(await put('profileImageApi', statementKey(ALICE, ID))).toMatchObject({ name: 'AccessDenied', status: 403 });
  expect(await put('statementsApi', profileImageKey(ALICE))).toMatchObject({ name: 'AccessDenied', status: 403 });
  expect(await put('statementsApi', statementKey(ALICE, ID))).toBeUndefined();
  // The GraphQL data source may Query but never Scan the table.
  const table = createDynamoDbClient(accessOf('graphqlTable'));
  expect(
    await failureOf(
      table.send(
        new QueryCommand({
          TableName: TABLE,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': { S: TABLE_KEYS.userPartition(ALICE) } },
        }),
      ),
    ),
  ).toBeUndefined();
  expect(await failureOf(table.send(new ScanCommand({ TableName: TABLE })))).toMatchObject({ name: 'AccessDeniedException' });
});

test("only the functions that send web push may read the VAPID key pair's secret, as the template grants it", async () => {
  const authorizer = createAuthorizer(model);
  const reads = async (name: keyof AccessModel['principals']) =>
    (await authorizer.authorize(model.principals[name], { action: 'secretsmanager:GetSecretValue', resource: model.vapidSecretArn }))
      .allowed;
  for (const sender of ['statementsApi', 'catalogue', 'scanResults', 'pushNotifier', 'vapidKeyMaker'] as const)
    expect(await reads(sender)).toBe(true);
  for (const other of ['shareApi', 'shareReader', 'webServer', 'sweep', 'profileImageApi', 'accountDeletion', 'statementSearch'] as const)
    expect(await reads(other)).toBe(false);
  // No one may read another secret by that grant.
  expect(
    (
      await authorizer.authorize(model.principals.statementsApi, {
        action: 'secretsmanager:GetSecretValue',
        resource: `${model.vapidSecretArn}-other`,
      })
    ).allowed,
  ).toBe(false);
});

test("a share reader's session reads only what a recipient is served of its owner's items, by name; the notifier reads owners' items only", async () => {
  const { accessOf, sessionOf } = await fronts(model);
  const reader = createDynamoDbClient(
    sessionOf('shareReader', { sessionName: 'share-read', policy: shareReadPolicy(ALICE, { bucketName: BUCKET, tableName: TABLE }) }),
  );
  const key = (partition: string, sort: string) => ({ [TABLE_KEYS.partitionKey]: { S: partition }, [TABLE_KEYS.sortKey]: { S: sort } });
  const get = (partition: string, sort: string, fields?: readonly string[]) =>
    failureOf(
      reader.send(
        new GetItemCommand({
          TableName: TABLE,
          Key: key(partition, sort),
          ...(fields
            ? {
                ProjectionExpression: fields.map((_, index) => `#f${index}`).join(', '),
                ExpressionAttributeNames: Object.fromEntries(fields.map((field, index) => [`#f${index}`, field])),
              }
            : {}),
        }),
      ),
    );
  expect(await get(TABLE_KEYS.userPartition(ALICE), TABLE_KEYS.statementSort(ID), SHARE_READ_FIELDS)).toBeUndefined();
  // The whole item, her profile's address, a device's push endpoint, or anything of Bob's: refused.
  expect(await get(TABLE_KEYS.userPartition(ALICE), TABLE_KEYS.statementSort(ID))).toMatchObject({ name: 'AccessDeniedException' });
  expect(await get(TABLE_KEYS.userPartition(ALICE), TABLE_KEYS.profileSort, ['email', 'displayName'])).toMatchObject({
    name: 'AccessDeniedException',
  });
  expect(await get(TABLE_KEYS.userPartition(ALICE), TABLE_KEYS.pushDeviceSort('d1'), ['endpoint', 'keys'])).toMatchObject({
    name: 'AccessDeniedException',
  });
  expect(await get(TABLE_KEYS.userPartition(BOB), TABLE_KEYS.statementSort(ID), SHARE_READ_FIELDS)).toMatchObject({
    name: 'AccessDeniedException',
  });

  const notifier = createDynamoDbClient(accessOf('pushNotifier'));
  const notifierGets = (partition: string, sort: string) =>
    failureOf(notifier.send(new GetItemCommand({ TableName: TABLE, Key: key(partition, sort) })));
  expect(await notifierGets(TABLE_KEYS.userPartition(ALICE), TABLE_KEYS.ownerShareSort('01JS0000000000000000000001'))).toBeUndefined();
  for (const [partition, sort] of [
    [TABLE_KEYS.sharePartition('a'.repeat(64)), TABLE_KEYS.shareSort],
    [TABLE_KEYS.deletionsPartition, TABLE_KEYS.deletionSort(ALICE)],
  ])
    expect(await notifierGets(partition, sort)).toMatchObject({ name: 'AccessDeniedException' });
});

test("a kept PDF password is read by the functions that open PDFs alone: every other role's read is refused; the sweep moves one an earlier release kept on a summary; the deletion job removes them by key", async () => {
  const { accessOf, sessionOf } = await fronts(model);
  // What the table holds, written and read past IAM (straight to DynamoDB Local).
  const admin = dynamoClient(innerDynamoPort);
  const item = (partition: string, sort: string, fields: Record<string, unknown>) =>
    DynamoDBDocumentClient.from(admin).send(
      new PutCommand({ TableName: TABLE, Item: { [TABLE_KEYS.partitionKey]: partition, [TABLE_KEYS.sortKey]: sort, ...fields } }),
    );
  const { password, kept, keptAt } = PDF_PASSWORD_ATTRIBUTES;
  // An earlier release's password on its account's summary; this release's on its own item; one whose account is gone.
  await item(TABLE_KEYS.userPartition(ALICE), TABLE_KEYS.accountSort('harbor'), { count: 1, [kept]: true, [password]: 'harbor-legacy' });
  await item(TABLE_KEYS.userPartition(ALICE), TABLE_KEYS.accountSort('visa'), { count: 2, [kept]: true });
  await item(TABLE_KEYS.pdfPasswordPartition(ALICE), TABLE_KEYS.accountSort('visa'), {
    [password]: 'visa-kept',
    [keptAt]: '2026-11-30T10:00:00Z',
  });
  await item(TABLE_KEYS.pdfPasswordPartition(ALICE), TABLE_KEYS.accountSort('gone'), {
    [password]: 'gone-kept',
    [keptAt]: '2026-11-01T10:00:00Z',
  });

  // The catalogue reads one account's, the mail function every one, each under its own role.
  const catalogue = dynamoPdfPasswords(TABLE, createDynamoDbClient(accessOf('catalogue')));
  expect(await catalogue.kept(ALICE, 'visa')).toBe('visa-kept');
  expect(await catalogue.kept(ALICE, 'harbor')).toBe('harbor-legacy');
  expect(await catalogue.kept(ALICE, 'gone')).toBeUndefined();
  expect((await dynamoPdfPasswords(TABLE, createDynamoDbClient(accessOf('mailIntake'))).all(ALICE)).sort()).toEqual([
    'harbor-legacy',
    'visa-kept',
  ]);

  // Every other role that reaches the owner's records is refused the passwords' item, by IAM.
  const getPassword = (name: PrincipalName) =>
    failureOf(
      createDynamoDbClient(accessOf(name)).send(
        new GetItemCommand({
          TableName: TABLE,
          Key: {
            [TABLE_KEYS.partitionKey]: { S: TABLE_KEYS.pdfPasswordPartition(ALICE) },
            [TABLE_KEYS.sortKey]: { S: TABLE_KEYS.accountSort('visa') },
          },
        }),
      ),
    );
  for (const name of [
    'profileImageApi',
    'pushNotifier',
    'statementsApi',
    'statementEdits',
    'statementSearch',
    'graphqlTable',
    'mailIntake',
  ] as const) {
    const refused = await getPassword(name);
    expect(refused).toMatchObject({ name: 'AccessDeniedException' });
    expect(refused!.message).toContain(`/${name} is not authorized to perform: dynamodb:GetItem`);
  }
  expect(await getPassword('catalogue')).toBeUndefined();
  // A write that would read it back (its old values) is refused too.
  expect(
    await failureOf(
      createDynamoDbClient(accessOf('statementsApi')).send(
        new DeleteItemCommand({
          TableName: TABLE,
          Key: {
            [TABLE_KEYS.partitionKey]: { S: TABLE_KEYS.pdfPasswordPartition(ALICE) },
            [TABLE_KEYS.sortKey]: { S: TABLE_KEYS.accountSort('visa') },
          },
          ReturnValues: 'ALL_OLD',
        }),
      ),
    ),
  ).toMatchObject({ name: 'AccessDeniedException' });

  // The sweep moves the summary's password to its own item and deletes the one no account keeps; a second run changes nothing.
  const sweep = dynamoPdfPasswords(TABLE, createDynamoDbClient(accessOf('sweep')));
  expect(await sweep.tidy(ALICE)).toEqual({ moved: 1, forgotten: 1 });
  expect(await sweep.tidy(ALICE)).toEqual({ moved: 0, forgotten: 0 });
  const stored = async (partition: string, sort: string) =>
    (
      await admin.send(
        new GetItemCommand({
          TableName: TABLE,
          Key: { [TABLE_KEYS.partitionKey]: { S: partition }, [TABLE_KEYS.sortKey]: { S: sort } },
        }),
      )
    ).Item;
  expect((await stored(TABLE_KEYS.userPartition(ALICE), TABLE_KEYS.accountSort('harbor')))?.[password]).toBeUndefined();
  expect((await stored(TABLE_KEYS.pdfPasswordPartition(ALICE), TABLE_KEYS.accountSort('harbor')))?.[password]).toEqual({
    S: 'harbor-legacy',
  });
  expect(await stored(TABLE_KEYS.pdfPasswordPartition(ALICE), TABLE_KEYS.accountSort('gone'))).toBeUndefined();
  expect(await catalogue.kept(ALICE, 'harbor')).toBe('harbor-legacy');

  // Closing the account: the job's session lists them by key and deletes them, and may read none.
  const policy = deletionSessionPolicy(ALICE, { bucketName: BUCKET, tableName: TABLE, userPoolId: 'us-east-1_Local' });
  const job = createDynamoDbClient(sessionOf('accountDeletionJob', { sessionName: `account-deletion-${ALICE}`, policy }));
  expect(
    await failureOf(
      job.send(
        new GetItemCommand({
          TableName: TABLE,
          Key: {
            [TABLE_KEYS.partitionKey]: { S: TABLE_KEYS.pdfPasswordPartition(ALICE) },
            [TABLE_KEYS.sortKey]: { S: TABLE_KEYS.accountSort('visa') },
          },
        }),
      ),
    ),
  ).toMatchObject({ name: 'AccessDeniedException' });
  expect(
    await failureOf(
      job.send(
        new QueryCommand({
          TableName: TABLE,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': TABLE_KEYS.partitionKey },
          ExpressionAttributeValues: { ':pk': { S: TABLE_KEYS.pdfPasswordPartition(ALICE) } },
        }),
      ),
    ),
  ).toMatchObject({ name: 'AccessDeniedException' });
  await dynamoAccountRecords(TABLE, job).deleteOwnerPartition(ALICE);
  expect(await stored(TABLE_KEYS.pdfPasswordPartition(ALICE), TABLE_KEYS.accountSort('visa'))).toBeUndefined();
  expect(await stored(TABLE_KEYS.pdfPasswordPartition(ALICE), TABLE_KEYS.accountSort('harbor'))).toBeUndefined();
});
