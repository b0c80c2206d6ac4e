import { PROFILE_IMAGE_ROUTES, STATEMENT_ROUTES } from '../../contract';
import { ACCOUNT_CLOSING_MESSAGE } from '../../lambda/account/closing';
import { dynamoAccountRecords } from '../../lambda/account/records';
import { dynamoClient } from '../../local/dynamodb';
import { LOCAL_IDS } from '../../local/settings';
import { png } from '../support/samples';
import { callApi } from './support/rest';
import type { StackProcess } from './support/stack-process';
import { stackWithTwoUsers } from './support/two-users';
import { sha256Base64, uploadAvatar, uploadStatement } from './support/uploads';
import type { TestUser } from './support/users';

/**
 * Once an account's deletion has begun, neither API signs anything for it: no URL to read a
 * file the deletion is removing, none to put one back. The other user is not affected.
 */
const context = stackWithTwoUsers();
let stack: StackProcess;
let alice: TestUser;
let bob: TestUser;
beforeAll(() => ({ stack, alice, bob } = context));

const upload = {
  fileName: 'a.pdf',
  contentType: 'application/pdf',
  size: 10,
  accountLabel: 'Main',
  period: '2024-01',
  checksum: sha256Base64(Buffer.alloc(10)),
};

test('every route of both APIs refuses an account being deleted with 409, saying why; another account goes on', async () => {
  const { statementId } = await uploadStatement(stack.config, alice.idToken, {
    fileName: 'kept.pdf',
    contentType: 'application/pdf',
    accountLabel: 'Main',
    period: '2024-01',
  });
  expect((await uploadAvatar(stack.config, alice.idToken, png())).status).toBe(200);

  await dynamoAccountRecords(LOCAL_IDS.tableName, dynamoClient(stack.ports.dynamodb)).begin(alice.sub, new Date().toISOString());

  const calls = {
    'statement upload': callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.createUpload, { token: alice.idToken, body: upload }),
    'statement download': callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.downloadUrl, {
      token: alice.idToken,
      params: { statementId },
    }),
    'statement delete': callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.deleteStatement, {
      token: alice.idToken,
      params: { statementId },
    }),
    'avatar upload': callApi(stack.config, 'profileImageApiUrl', PROFILE_IMAGE_ROUTES.uploadUrl, {
      token: alice.idToken,
      body: { contentType: 'image/png', size: 10, checksum: upload.checksum },
    }),
    'avatar download': callApi(stack.config, 'profileImageApiUrl', PROFILE_IMAGE_ROUTES.downloadUrl, { token: alice.idToken }),
  };
  for (const [name, call] of Object.entries(calls)) {
    const answer = await call;
    expect({ name, status: answer.status, body: answer.body }).toEqual({
      name,
      status: 409,
      body: { error: { code: 'CONFLICT', message: ACCOUNT_CLOSING_MESSAGE } },
    });
  }

  const bobs = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.createUpload, { token: bob.idToken, body: upload });
  expect(bobs.status).toBe(201);
});
