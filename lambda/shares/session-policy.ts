import { TABLE_KEYS } from '../../contract/keys';

/** What the share reader's role acts on: the product's bucket and table. */
export interface ShareResources {
  bucketName: string;
  tableName: string;
}

/**
 * The session policy of one read for a share's recipient. The reader role may read every
 * owner's statement records and files; a session holds the intersection of the two, so it
 * reads only the records of the share's owner (`dynamodb:LeadingKeys`) and, when a file is
 * to be handed out, that one object: it can list nothing, write nothing, and a URL it signs
 * opens nothing else.
 */
export const shareReadPolicy = (owner: string, resources: ShareResources, objectKey?: string) => ({
  Version: '2012-10-17',
  Statement: [
    {
      Sid: 'OwnerRecords',
      Effect: 'Allow',
      Action: ['dynamodb:GetItem', 'dynamodb:BatchGetItem'],
      Resource: `arn:aws:dynamodb:*:*:table/${resources.tableName}`,
      Condition: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [TABLE_KEYS.userPartition(owner)] } },
    },
    ...(objectKey
      ? [{ Sid: 'SharedFile', Effect: 'Allow', Action: ['s3:GetObject'], Resource: `arn:aws:s3:::${resources.bucketName}/${objectKey}` }]
      : []),
  ],
});
