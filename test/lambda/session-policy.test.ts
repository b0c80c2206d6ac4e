import { runSimulation } from '@cloud-copilot/iam-simulate';
import { TABLE_KEYS, profileImageKey, sharedCopyPrefix, statementKey } from '../../contract';
import { deletionSessionPolicy, mailAddressDeletionSessionPolicy, shareDeletionSessionPolicy } from '../../lambda/account/session-policy';
import { SHARES_PER_SESSION } from '../../lambda/account/shares';
import { ALICE, BOB } from '../support/lambda-fakes';

/**
 * A deletion job's session policy, evaluated by an IAM policy engine against a role that
 * may act on every owner (as the job role may): the session reaches Alice only.
 */
const RESOURCES = { bucketName: 'vault-files', tableName: 'vault-table', userPoolId: 'us-east-1_Pool' };
const ACCOUNT = '123456789012';
const TABLE_ARN = `arn:aws:dynamodb:us-east-1:${ACCOUNT}:table/vault-table`;
const everyOwner = {
  Version: '2012-10-17',
  Statement: [{ Effect: 'Allow', Action: ['s3:*', 'dynamodb:*', 'cognito-idp:AdminDeleteUser'], Resource: '*' }],
};
const policy = deletionSessionPolicy(ALICE, RESOURCES);

const allowed = async (
  action: string,
  resource: string,
  context: Record<string, string | string[]> = {},
  sessionPolicy: object = policy,
) => {
  const result = await runSimulation(
    {
      identityPolicies: [{ name: 'job-role', policy: everyOwner }],
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      sessionPolicy,
      request: {
        action,
        principal: `arn:aws:iam::${ACCOUNT}:role/job`,
        resource: { accountId: ACCOUNT, resource },
        contextVariables: context,
      },
    },
    {},
  );
  if (result.resultType === 'error') throw new Error(JSON.stringify(result.errors));
  return result.overallResult === 'Allowed';
};

test('fits the size STS takes for a session policy', () => {
  expect(JSON.stringify(policy).length).toBeLessThan(2048);
});

test("files: Alice's, every version, and listings of her prefixes only", async () => {
  const object = (key: string) => `arn:aws:s3:::vault-files/${key}`;
  for (const key of [statementKey(ALICE, '01HAAAAAAAAAAAAAAAAAAAAAAA'), profileImageKey(ALICE)]) {
    expect(await allowed('s3:DeleteObjectVersion', object(key))).toBe(true);
    expect(await allowed('s3:AbortMultipartUpload', object(key))).toBe(true);
  }
  expect(await allowed('s3:DeleteObjectVersion', object(statementKey(BOB, '01HAAAAAAAAAAAAAAAAAAAAAAA')))).toBe(false);
  expect(await allowed('s3:DeleteObject', object(profileImageKey(BOB)))).toBe(false);
  expect(await allowed('s3:GetObject', object(profileImageKey(ALICE)))).toBe(false);
  expect(await allowed('s3:ListBucketVersions', 'arn:aws:s3:::vault-files', { 's3:prefix': `statements/${ALICE}/` })).toBe(true);
  expect(await allowed('s3:ListBucketVersions', 'arn:aws:s3:::vault-files', { 's3:prefix': `statements/${BOB}/` })).toBe(false);
  expect(await allowed('s3:ListBucketVersions', 'arn:aws:s3:::vault-files', { 's3:prefix': 'statements/' })).toBe(false);
});

test("records: keys that lead with Alice's partitions, the held places and the jobs; nobody else's", async () => {
  const keys = (...leading: string[]) => ({ 'dynamodb:LeadingKeys': leading });
  expect(await allowed('dynamodb:Query', TABLE_ARN, keys(TABLE_KEYS.userPartition(ALICE)))).toBe(true);
  expect(await allowed('dynamodb:DeleteItem', TABLE_ARN, keys(TABLE_KEYS.periodList(ALICE, '2024-01')))).toBe(true);
  expect(await allowed('dynamodb:BatchWriteItem', TABLE_ARN, keys(TABLE_KEYS.userPartition(ALICE), TABLE_KEYS.holdsPartition))).toBe(true);
  expect(await allowed('dynamodb:PutItem', TABLE_ARN, keys(TABLE_KEYS.deletionsPartition))).toBe(true);
  expect(await allowed('dynamodb:Query', TABLE_ARN, keys(TABLE_KEYS.userPartition(BOB)))).toBe(false);
  expect(await allowed('dynamodb:DeleteItem', TABLE_ARN, keys(TABLE_KEYS.periodList(BOB, '2024-01')))).toBe(false);
  // One foreign key in a batch refuses the whole batch.
  expect(await allowed('dynamodb:BatchWriteItem', TABLE_ARN, keys(TABLE_KEYS.userPartition(ALICE), TABLE_KEYS.userPartition(BOB)))).toBe(
    false,
  );
  expect(await allowed('dynamodb:Scan', TABLE_ARN)).toBe(false);
});

test('the sign-in: AdminDeleteUser on the pool (Cognito names no single user)', async () => {
  expect(await allowed('cognito-idp:AdminDeleteUser', `arn:aws:cognito-idp:us-east-1:${ACCOUNT}:userpool/us-east-1_Pool`)).toBe(true);
  expect(await allowed('cognito-idp:AdminDeleteUser', `arn:aws:cognito-idp:us-east-1:${ACCOUNT}:userpool/us-east-1_Other`)).toBe(false);
});

describe("the session that deletes a batch of Alice's shares", () => {
  const hash = (n: number) => n.toString(16).padStart(64, 'a');
  const shareOf = (n: number) => ({ shareId: `01JS${String(n).padStart(22, '0')}`, secretHash: hash(n) });
  const batch = Array.from({ length: SHARES_PER_SESSION }, (_, n) => shareOf(n));
  const shares = shareDeletionSessionPolicy(batch, RESOURCES);
  const keys = (...leading: string[]) => ({ 'dynamodb:LeadingKeys': leading });
  const copy = (shareId: string) => `arn:aws:s3:::vault-files/${sharedCopyPrefix(shareId)}01HAAAAAAAAAAAAAAAAAAAAAAA/file`;

  test('a full batch fits the size STS takes, whatever the table and bucket are called (at most 255 and 63 characters)', () => {
    expect(
      JSON.stringify(shareDeletionSessionPolicy(batch, { tableName: 'T'.repeat(255), bucketName: 'b'.repeat(63) })).length,
    ).toBeLessThanOrEqual(2048);
  });

  test("empties exactly those shares' partitions (the share, its openings, its link's counts) and their copies, and nothing else", async () => {
    for (const partition of TABLE_KEYS.sharePartitions(batch[3].secretHash)) {
      expect(await allowed('dynamodb:Query', TABLE_ARN, keys(partition), shares)).toBe(true);
      expect(await allowed('dynamodb:BatchWriteItem', TABLE_ARN, keys(partition), shares)).toBe(true);
    }
    const outside = shareOf(SHARES_PER_SESSION);
    expect(await allowed('dynamodb:BatchWriteItem', TABLE_ARN, keys(...TABLE_KEYS.sharePartitions(outside.secretHash)), shares)).toBe(
      false,
    );
    expect(await allowed('dynamodb:Query', TABLE_ARN, keys(TABLE_KEYS.userPartition(ALICE)), shares)).toBe(false);
    expect(await allowed('dynamodb:GetItem', TABLE_ARN, keys(TABLE_KEYS.sharePartitions(batch[0].secretHash)[0]), shares)).toBe(false);
    expect(await allowed('s3:DeleteObjectVersion', copy(batch[2].shareId), {}, shares)).toBe(true);
    expect(await allowed('s3:DeleteObjectVersion', copy(outside.shareId), {}, shares)).toBe(false);
    expect(await allowed('s3:GetObject', copy(batch[2].shareId), {}, shares)).toBe(false);
    expect(
      await allowed('s3:ListBucketVersions', 'arn:aws:s3:::vault-files', { 's3:prefix': sharedCopyPrefix(batch[1].shareId) }, shares),
    ).toBe(true);
    expect(await allowed('s3:ListBucketVersions', 'arn:aws:s3:::vault-files', { 's3:prefix': 'shared/' }, shares)).toBe(false);
    expect(
      await allowed('s3:DeleteObjectVersion', `arn:aws:s3:::vault-files/${statementKey(ALICE, '01HAAAAAAAAAAAAAAAAAAAAAAA')}`, {}, shares),
    ).toBe(false);
  });
});

test("a mail address's session deletes that address's item alone: no other token's, no owner's partition, nothing read", async () => {
  const token = 'abcdefghijklmnopqrst';
  const other = 'zyxwvutsrqponmlkjihg';
  const mail = mailAddressDeletionSessionPolicy(token, RESOURCES);
  const keys = (leading: string) => ({ 'dynamodb:LeadingKeys': [leading] });
  expect(await allowed('dynamodb:DeleteItem', TABLE_ARN, keys(TABLE_KEYS.mailPartition(token)), mail)).toBe(true);
  expect(await allowed('dynamodb:DeleteItem', TABLE_ARN, keys(TABLE_KEYS.mailPartition(other)), mail)).toBe(false);
  expect(await allowed('dynamodb:DeleteItem', TABLE_ARN, keys(TABLE_KEYS.userPartition(ALICE)), mail)).toBe(false);
  expect(await allowed('dynamodb:GetItem', TABLE_ARN, keys(TABLE_KEYS.mailPartition(token)), mail)).toBe(false);
  expect(JSON.stringify(mailAddressDeletionSessionPolicy(token, { tableName: 'T'.repeat(255) })).length).toBeLessThan(2048);
});
