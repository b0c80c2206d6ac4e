import { runSimulation } from '@cloud-copilot/iam-simulate';
import { SHARE_READ_FIELDS, TABLE_KEYS, sharedCopyKey, statementKey } from '../../contract';
import { shareReadPolicy } from '../../lambda/shares/session-policy';
import { ALICE, BOB } from '../support/lambda-fakes';

/**
 * A share read's session policy, evaluated by an IAM policy engine against a role that may
 * read every owner's records and files (as the share reader role may): a session reaches
 * Alice's records only, and with a file named, that one object; never a listing, a write,
 * or anything of Bob's.
 */
const RESOURCES = { bucketName: 'vault-files', tableName: 'vault-table' };
const ACCOUNT = '123456789012';
const TABLE_ARN = `arn:aws:dynamodb:us-east-1:${ACCOUNT}:table/vault-table`;
const SHARED = statementKey(ALICE, '01HAAAAAAAAAAAAAAAAAAAAAAA');
const COPY = sharedCopyKey('01JS0000000000000000000001', '01HAAAAAAAAAAAAAAAAAAAAAAA');
const FILE = { objectKey: SHARED, copyKey: COPY };
const readsEverything = {
  Version: '2012-10-17',
  Statement: [{ Effect: 'Allow', Action: ['s3:*', 'dynamodb:*'], Resource: '*' }],
};

const allowed = async (policy: object, action: string, resource: string, context: Record<string, string | string[]> = {}) => {
  const result = await runSimulation(
    {
      identityPolicies: [{ name: 'reader-role', policy: readsEverything }],
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      sessionPolicy: policy as never,
      request: {
        action,
        principal: `arn:aws:iam::${ACCOUNT}:role/reader`,
        resource: { accountId: ACCOUNT, resource },
        contextVariables: context,
      },
    },
    {},
  );
  if (result.resultType === 'error') throw new Error(JSON.stringify(result.errors));
  return result.overallResult === 'Allowed';
};

const keys = (...leading: string[]) => ({ 'dynamodb:LeadingKeys': leading });

test('fits the size STS takes for a session policy', () => {
  expect(JSON.stringify(shareReadPolicy(ALICE, { bucketName: 'b'.repeat(63), tableName: 'T'.repeat(255) }, FILE)).length).toBeLessThan(
    2048,
  );
});

test("records: of Alice's items only what a recipient is served, asked for by name; nothing of anyone else's, and nothing written", async () => {
  const policy = shareReadPolicy(ALICE, RESOURCES);
  const served = { 'dynamodb:Attributes': [...SHARE_READ_FIELDS], 'dynamodb:Select': 'SPECIFIC_ATTRIBUTES' };
  expect(await allowed(policy, 'dynamodb:GetItem', TABLE_ARN, { ...keys(TABLE_KEYS.userPartition(ALICE)), ...served })).toBe(true);
  expect(
    await allowed(policy, 'dynamodb:GetItem', TABLE_ARN, { ...keys(TABLE_KEYS.userPartition(ALICE)), 'dynamodb:Select': 'ALL_ATTRIBUTES' }),
  ).toBe(false);
  expect(
    await allowed(policy, 'dynamodb:BatchGetItem', TABLE_ARN, {
      ...keys(TABLE_KEYS.userPartition(ALICE)),
      'dynamodb:Attributes': ['fileName', 'email'],
      'dynamodb:Select': 'SPECIFIC_ATTRIBUTES',
    }),
  ).toBe(false);
  expect(await allowed(policy, 'dynamodb:BatchGetItem', TABLE_ARN, keys(TABLE_KEYS.userPartition(ALICE)))).toBe(true);
  expect(await allowed(policy, 'dynamodb:GetItem', TABLE_ARN, keys(TABLE_KEYS.userPartition(ALICE)))).toBe(true);
  expect(
    await allowed(policy, 'dynamodb:BatchGetItem', TABLE_ARN, keys(TABLE_KEYS.userPartition(ALICE), TABLE_KEYS.userPartition(BOB))),
  ).toBe(false);
  expect(await allowed(policy, 'dynamodb:GetItem', TABLE_ARN, keys(TABLE_KEYS.searchPartition(ALICE)))).toBe(false);
  expect(await allowed(policy, 'dynamodb:Query', TABLE_ARN, keys(TABLE_KEYS.userPartition(ALICE)))).toBe(false);
  expect(await allowed(policy, 'dynamodb:PutItem', TABLE_ARN, keys(TABLE_KEYS.userPartition(ALICE)))).toBe(false);
});

test('files: none without one named; with one named, that one object read (with its tags) and its one copy written and read', async () => {
  const object = (key: string) => `arn:aws:s3:::vault-files/${key}`;
  expect(await allowed(shareReadPolicy(ALICE, RESOURCES), 's3:GetObject', object(SHARED))).toBe(false);
  expect(await allowed(shareReadPolicy(ALICE, RESOURCES), 's3:PutObject', object(COPY))).toBe(false);
  const policy = shareReadPolicy(ALICE, RESOURCES, FILE);
  expect(await allowed(policy, 's3:GetObject', object(SHARED))).toBe(true);
  expect(await allowed(policy, 's3:GetObjectTagging', object(SHARED))).toBe(true);
  for (const action of ['s3:PutObject', 's3:PutObjectTagging', 's3:GetObject'])
    expect(await allowed(policy, action, object(COPY))).toBe(true);
  expect(await allowed(policy, 's3:PutObject', object(sharedCopyKey('01JS0000000000000000000002', '01HAAAAAAAAAAAAAAAAAAAAAAA')))).toBe(
    false,
  );
  expect(await allowed(policy, 's3:DeleteObject', object(COPY))).toBe(false);
  expect(await allowed(policy, 's3:PutObjectTagging', object(SHARED))).toBe(false);
  expect(await allowed(policy, 's3:GetObject', object(statementKey(ALICE, '01HBBBBBBBBBBBBBBBBBBBBBBB')))).toBe(false);
  expect(await allowed(policy, 's3:GetObject', object(statementKey(BOB, '01HAAAAAAAAAAAAAAAAAAAAAAA')))).toBe(false);
  expect(await allowed(policy, 's3:PutObject', object(SHARED))).toBe(false);
  expect(await allowed(policy, 's3:DeleteObject', object(SHARED))).toBe(false);
  expect(await allowed(policy, 's3:ListBucket', 'arn:aws:s3:::vault-files', { 's3:prefix': `statements/${ALICE}/` })).toBe(false);
});
