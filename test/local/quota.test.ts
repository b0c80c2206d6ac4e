import { checksumForSize } from '../support/lambda-fakes';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { STATEMENT_QUOTA, STATEMENT_ROUTES, TABLE_KEYS } from '../../contract';
import { dynamoClient } from '../../local/dynamodb';
import { LOCAL_IDS } from '../../local/settings';
import { SUMMARIES, apollo } from './support/graphql';
import { callApi } from './support/rest';
import type { StackProcess } from './support/stack-process';
import { stackWithTwoUsers } from './support/two-users';
import type { TestUser } from './support/users';

/**
 * The quota through the statements API on the local stack (real handler, real IAM, DynamoDB
 * Local): uploads racing for the last free place, and places given back.
 */
const context = stackWithTwoUsers();
let stack: StackProcess;
let alice: TestUser;
let bob: TestUser;
beforeAll(() => ({ stack, alice, bob } = context));

const startUpload = (user: TestUser, size = 1000) =>
  callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.createUpload, {
    token: user.idToken,
    body: {
      fileName: 'a.pdf',
      contentType: 'application/pdf',
      size,
      accountLabel: 'Main',
      period: '2024-01',
      checksum: checksumForSize(size),
    },
  });

/** Sets a user's usage as the catalogue would have counted `statements` files of 1,000 bytes. */
const fill = async (user: TestUser, statements: number) => {
  const documents = DynamoDBDocumentClient.from(dynamoClient(stack.ports.dynamodb));
  await documents.send(
    new UpdateCommand({
      TableName: LOCAL_IDS.tableName,
      Key: { [TABLE_KEYS.partitionKey]: TABLE_KEYS.userPartition(user.sub), [TABLE_KEYS.sortKey]: TABLE_KEYS.quotaSort },
      UpdateExpression: 'SET statements = :n, slots = :n, #bytes = :b, slotBytes = :b',
      ExpressionAttributeNames: { '#bytes': 'bytes' },
      ExpressionAttributeValues: { ':n': statements, ':b': statements * 1000 },
    }),
  );
};

test('fifty concurrent uploads for the last free place: exactly one is signed, the rest are told why', async () => {
  const taken = STATEMENT_QUOTA.maxStatements - 1;
  await fill(alice, taken);
  const answers = await Promise.all(Array.from({ length: 50 }, () => startUpload(alice)));
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((status) => status === 201)).toHaveLength(1);
  expect(statuses.filter((status) => status === 403)).toHaveLength(49);
  const refusal = answers.find((answer) => answer.status === 403)!.body as { error: { code: string; message: string } };
  expect(refusal.error).toEqual({
    code: 'QUOTA_EXCEEDED',
    message:
      'Your vault is full: it holds at most 10,000 statements; you keep 9,999 statements (9.5 MiB), and 1 more is being uploaded or waiting on your profile to be filed. Delete statements, or discard files waiting on your profile, to make room.',
  });
  // What the web app shows: statements kept, against the limits.
  const { data } = await apollo(stack.config, { token: alice.idToken }).query({ query: SUMMARIES, fetchPolicy: 'no-cache' });
  expect((data as { usage: unknown }).usage).toMatchObject({ statements: taken, maxStatements: STATEMENT_QUOTA.maxStatements });
});

test('an aborted upload gives its place back: the next one is signed', async () => {
  await fill(bob, STATEMENT_QUOTA.maxStatements - 1);
  // A multipart upload (over 50 MiB) takes the last place.
  const big = await startUpload(bob, 60 * 1024 * 1024);
  expect(big.status).toBe(201);
  expect((await startUpload(bob)).status).toBe(403);
  const { statementId, uploadId } = big.body as { statementId: string; uploadId: string };
  const aborted = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.abortUpload, {
    token: bob.idToken,
    params: { statementId },
    query: { uploadId },
  });
  expect(aborted.status).toBe(204);
  expect((await startUpload(bob)).status).toBe(201);
});
