import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { STATEMENT_ROUTES, TABLE_KEYS, mailTokenOf } from '../../contract';
import { dynamoClient } from '../../local/dynamodb';
import { LOCAL_IDS } from '../../local/settings';
import { configureAmplify } from './support/amplify';
import { callApi } from './support/rest';
import { sharedStack } from './support/shared-stack';
import type { StackProcess } from './support/stack-process';
import { newUser, type TestUser } from './support/users';

/**
 * Statements by mail on the local stack: each person's private address from the statements
 * API (over HTTP, with their token), kept in DynamoDB Local as the deployed table keeps it.
 */
let stack: StackProcess;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  stack = await sharedStack();
  configureAmplify(stack.config);
  alice = await newUser(stack, 'mail-owner');
  bob = await newUser(stack, 'mail-other');
}, 120_000);

const addressOf = async (user: TestUser) =>
  callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.mailAddress, { token: user.idToken });
const newAddress = async (user: TestUser) =>
  callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.newMailAddress, { token: user.idToken });

/** Who the table says holds a token (its `MAIL#` item), if anyone. */
const holderOf = async (token: string) =>
  (
    await DynamoDBDocumentClient.from(dynamoClient(stack.ports.dynamodb)).send(
      new GetCommand({
        TableName: LOCAL_IDS.tableName,
        Key: { [TABLE_KEYS.partitionKey]: TABLE_KEYS.mailPartition(token), [TABLE_KEYS.sortKey]: TABLE_KEYS.mailSort },
        ConsistentRead: true,
      }),
    )
  ).Item?.owner;

describe('a private address', () => {
  test('none until asked for; each new one retires the one before in the table; each person has their own', async () => {
    expect(await addressOf(alice)).toMatchObject({ status: 200, body: { address: null } });
    const first = await newAddress(alice);
    expect(first.status).toBe(201);
    const firstToken = mailTokenOf(first.body.address, LOCAL_IDS.mailDomain);
    expect(firstToken).toBeDefined();
    expect(await holderOf(firstToken!)).toBe(alice.sub);

    const second = await newAddress(alice);
    const secondToken = mailTokenOf(second.body.address, LOCAL_IDS.mailDomain);
    expect(secondToken).not.toBe(firstToken);
    expect(await holderOf(firstToken!)).toBeUndefined();
    expect(await holderOf(secondToken!)).toBe(alice.sub);
    expect((await addressOf(alice)).body).toEqual({ address: second.body.address });

    expect((await addressOf(bob)).body).toEqual({ address: null });
    const bobs = await newAddress(bob);
    expect(bobs.body.address).not.toBe(second.body.address);
    expect((await addressOf(alice)).body).toEqual({ address: second.body.address });
  });

  test('without a token, neither route answers', async () => {
    for (const route of [STATEMENT_ROUTES.mailAddress, STATEMENT_ROUTES.newMailAddress]) {
      expect((await callApi(stack.config, 'statementsApiUrl', route)).status).toBe(401);
    }
  });
});
