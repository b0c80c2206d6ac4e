import { DELETION_JOB_TABLE_ACTIONS, ownerPrefixes } from '../../contract/account';
import { TABLE_KEYS, sharedCopyPrefix } from '../../contract/keys';

/** What one deletion job acts on: the product's bucket, table and user pool. */
export interface DeletionResources {
  bucketName: string;
  tableName: string;
  userPoolId: string;
}

/**
 * The session policy of one owner's deletion job. The job role allows the product's
 * prefixes of every owner; a session holds the intersection of the two, so a job's
 * credentials reach only this owner's files (and listings of them), the partition keys
 * that lead with this owner and their kept PDF passwords' partition (by key only, as the
 * role allows it), the shared partitions where the owner's held places, the schedule of
 * their Recently deleted and the job itself are kept, and the pool's AdminDeleteUser
 * (Cognito's IAM names no single user).
 */
export const deletionSessionPolicy = (owner: string, resources: DeletionResources) => {
  const prefixes = ownerPrefixes(owner);
  const bucket = `arn:aws:s3:::${resources.bucketName}`;
  return {
    Version: '2012-10-17',
    Statement: [
      {
        Sid: 'OwnFiles',
        Effect: 'Allow',
        Action: ['s3:DeleteObject', 's3:DeleteObjectVersion', 's3:AbortMultipartUpload'],
        Resource: prefixes.map((prefix) => `${bucket}/${prefix}*`),
      },
      {
        Sid: 'ListOwnFiles',
        Effect: 'Allow',
        Action: ['s3:ListBucketVersions'],
        Resource: bucket,
        Condition: { StringLike: { 's3:prefix': prefixes.map((prefix) => `${prefix}*`) } },
      },
      // IAM has no prefix key for this listing; it names uploads (keys and ids), never bytes.
      { Sid: 'ListUploads', Effect: 'Allow', Action: ['s3:ListBucketMultipartUploads'], Resource: bucket },
      {
        Sid: 'OwnRecords',
        Effect: 'Allow',
        Action: [...DELETION_JOB_TABLE_ACTIONS],
        Resource: `arn:aws:dynamodb:*:*:table/${resources.tableName}`,
        Condition: {
          'ForAllValues:StringLike': {
            'dynamodb:LeadingKeys': [
              TABLE_KEYS.userPartition(owner),
              // The owner's list partitions (`USER#<sub>|period|…` and the like).
              `${TABLE_KEYS.userPartition(owner)}|*`,
              // Their kept PDF passwords, which the job role reaches by key only.
              TABLE_KEYS.pdfPasswordPartition(owner),
              TABLE_KEYS.holdsPartition,
              TABLE_KEYS.purgesPartition,
              TABLE_KEYS.deletionsPartition,
            ],
          },
        },
      },
      {
        Sid: 'OwnSignIn',
        Effect: 'Allow',
        Action: ['cognito-idp:AdminDeleteUser'],
        Resource: `arn:aws:cognito-idp:*:*:userpool/${resources.userPoolId}`,
      },
    ],
  };
};

/**
 * The session policy that deletes an owner's shares: exactly the partitions kept under
 * these links (TABLE_KEYS.sharePartitions) and the copies of their files (every version
 * under each share's folder), found from the owner's own items. A share's partition is
 * keyed by its link's hash and its copies by its id, not by its owner, so no pattern could
 * name one owner's shares: each session lists them.
 */
export const shareDeletionSessionPolicy = (
  shares: readonly { shareId: string; secretHash: string }[],
  resources: Pick<DeletionResources, 'tableName' | 'bucketName'>,
) => {
  const bucket = `arn:aws:s3:::${resources.bucketName}`;
  return {
    Version: '2012-10-17',
    Statement: [
      {
        Sid: 'OwnShares',
        Effect: 'Allow',
        Action: ['dynamodb:Query', 'dynamodb:BatchWriteItem'],
        Resource: `arn:aws:dynamodb:*:*:table/${resources.tableName}`,
        Condition: {
          'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': shares.flatMap((share) => TABLE_KEYS.sharePartitions(share.secretHash)) },
        },
      },
      {
        Sid: 'TheirCopies',
        Effect: 'Allow',
        Action: ['s3:DeleteObjectVersion'],
        Resource: shares.map((share) => `${bucket}/${sharedCopyPrefix(share.shareId)}*`),
      },
      {
        Sid: 'ListTheirCopies',
        Effect: 'Allow',
        Action: ['s3:ListBucketVersions'],
        Resource: bucket,
        Condition: { StringLike: { 's3:prefix': shares.map((share) => `${sharedCopyPrefix(share.shareId)}*`) } },
      },
    ],
  };
};

/**
 * The session policy that retires an owner's private mail address: the one item keyed by
 * its token (TABLE_KEYS.mailPartition), which the owner's profile names.
 */
export const mailAddressDeletionSessionPolicy = (token: string, resources: Pick<DeletionResources, 'tableName'>) => ({
  Version: '2012-10-17',
  Statement: [
    {
      Sid: 'OwnAddress',
      Effect: 'Allow',
      Action: ['dynamodb:DeleteItem'],
      Resource: `arn:aws:dynamodb:*:*:table/${resources.tableName}`,
      Condition: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [TABLE_KEYS.mailPartition(token)] } },
    },
  ],
});
