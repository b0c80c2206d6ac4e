import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ListObjectVersionsCommand } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { signIn } from 'aws-amplify/auth';
import { PROFILE_IMAGE_ROUTES, STATEMENT_ROUTES, TABLE_KEYS, ownerPrefixes, type AccountOverview } from '../../contract';
import { createCognitoClient } from '../../lambda/account/clients';
import { ACCOUNT_CLOSING_MESSAGE } from '../../lambda/account/closing';
import { createS3Client } from '../../lambda/shared/runtime';
import { dynamoClient } from '../../local/dynamodb';
import { HOST, LOCAL_CREDENTIALS, LOCAL_IDS } from '../../local/settings';
import { png } from '../support/samples';
import { callApi } from './support/rest';
import { waitFor, type StackProcess } from './support/stack-process';
import { stackWithTwoUsers } from './support/two-users';
import { sha256Base64, uploadAvatar, uploadStatement } from './support/uploads';
import type { TestUser } from './support/users';

/**
 * Closing an account on the local stack, through the statements API and the deletion
 * worker it starts: the files (every version) and uploads under way, every record and the
 * sign-in go; a URL signed before no longer reads anything; nothing more is signed for the
 * account; the other user keeps everything.
 */
const context = stackWithTwoUsers();
let stack: StackProcess;
let alice: TestUser;
let bob: TestUser;
beforeAll(() => ({ stack, alice, bob } = context));

const overview = async (user: TestUser) =>
  (await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.account, { token: user.idToken })).body as AccountOverview;
const closeAccount = (user: TestUser, confirmEmail: string) =>
  callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.deleteAccount, { token: user.idToken, body: { confirmEmail } });
const listed = (user: TestUser, count: number) =>
  waitFor(async () => ((await overview(user)).contents.statements === count ? true : undefined), `${count} statement(s) to be listed`);

/** Every version and delete marker under the user's prefixes, read with the account's own rights. */
const versionsOf = async (user: TestUser) => {
  const s3 = createS3Client({ credentials: LOCAL_CREDENTIALS, endpoints: { s3: `http://${HOST}:${stack.ports.s3}` } });
  const found: string[] = [];
  for (const prefix of ownerPrefixes(user.sub)) {
    const page = await s3.send(new ListObjectVersionsCommand({ Bucket: LOCAL_IDS.bucketName, Prefix: prefix }));
    found.push(...[...(page.Versions ?? []), ...(page.DeleteMarkers ?? [])].map((version) => String(version.Key)));
  }
  return found;
};

/** Every item of the table that names the user, but the deletion's own record. */
const itemsOf = async (user: TestUser) => {
  const { Items } = await DynamoDBDocumentClient.from(dynamoClient(stack.ports.dynamodb)).send(
    new ScanCommand({ TableName: LOCAL_IDS.tableName, ConsistentRead: true }),
  );
  return (Items ?? []).filter(
    (item) => JSON.stringify(item).includes(user.sub) && item[TABLE_KEYS.partitionKey] !== TABLE_KEYS.deletionsPartition,
  );
};

test("closing needs the account's own address typed; nothing begins otherwise", async () => {
  const wrong = await closeAccount(alice, bob.email);
  expect(wrong.status).toBe(400);
  expect(wrong.body.error.message).toBe('To close the account, type its e-mail address exactly as you sign in with it.');
  expect((await overview(alice)).deletion).toBeUndefined();
});

test('a closed account leaves nothing: no version, record or sign-in; an earlier URL reads nothing; the other user keeps all', async () => {
  const { statementId } = await uploadStatement(stack.config, alice.idToken, {
    fileName: 'kept.pdf',
    contentType: 'application/pdf',
    accountLabel: 'Main',
    period: '2024-01',
  });
  expect((await uploadAvatar(stack.config, alice.idToken, png())).status).toBe(200);
  await uploadStatement(stack.config, bob.idToken, {
    fileName: 'bobs.pdf',
    contentType: 'application/pdf',
    accountLabel: 'Main',
    period: '2024-01',
  });
  await listed(alice, 1);
  await listed(bob, 1);
  const before = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.downloadUrl, {
    token: alice.idToken,
    params: { statementId },
  });
  expect((await fetch(before.body.url)).status).toBe(200);
  expect(await overview(alice)).toEqual({
    contents: { statements: 1, bytes: expect.any(Number), uploadsUnderWay: 0, hasProfileImage: true },
  });

  // Typed as people type addresses: another case and a stray space are the same address.
  const begun = await closeAccount(alice, ` ${alice.email.toUpperCase()}`);
  expect(begun.status).toBe(202);
  expect(begun.body).toMatchObject({ state: 'RUNNING' });
  const done = await waitFor(async () => {
    const { deletion } = await overview(alice);
    return deletion?.state === 'DONE' ? deletion : undefined;
  }, 'the deletion to finish');
  expect(done.counts).toEqual({
    uploadsAborted: 0,
    objectVersions: 2,
    bytes: expect.any(Number),
    statements: 1,
    otherRecords: 2,
    signInDeleted: true,
  });

  expect(await versionsOf(alice)).toEqual([]);
  expect(await itemsOf(alice)).toEqual([]);
  expect([403, 404]).toContain((await fetch(before.body.url)).status);
  // The pool does not tell a missing user from a wrong password; the directory has no such user.
  await expect(signIn({ username: alice.email, password: alice.password })).rejects.toMatchObject({
    name: 'NotAuthorizedException',
  });
  const cognito = createCognitoClient({ credentials: LOCAL_CREDENTIALS, endpoints: { cognito: `http://${HOST}:${stack.ports.cognito}` } });
  await expect(cognito.send(new AdminGetUserCommand({ UserPoolId: LOCAL_IDS.userPoolId, Username: alice.sub }))).rejects.toMatchObject({
    name: 'UserNotFoundException',
  });
  expect((await cognito.send(new AdminGetUserCommand({ UserPoolId: LOCAL_IDS.userPoolId, Username: bob.sub }))).Username).toBeDefined();
  // Asking again (another tab) answers with the finished job; nothing is signed for the account any more.
  expect((await closeAccount(alice, alice.email)).body).toEqual(done);
  for (const call of [
    callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.downloadUrl, { token: alice.idToken, params: { statementId } }),
    callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.createUpload, {
      token: alice.idToken,
      body: {
        fileName: 'a.pdf',
        contentType: 'application/pdf',
        size: 10,
        accountLabel: 'Main',
        period: '2024-01',
        checksum: sha256Base64(Buffer.alloc(10)),
      },
    }),
    callApi(stack.config, 'profileImageApiUrl', PROFILE_IMAGE_ROUTES.downloadUrl, { token: alice.idToken }),
  ]) {
    expect(await call).toMatchObject({ status: 409, body: { error: { code: 'CONFLICT', message: ACCOUNT_CLOSING_MESSAGE } } });
  }

  expect(await versionsOf(bob)).toHaveLength(1);
  expect((await overview(bob)).contents.statements).toBe(1);
});
