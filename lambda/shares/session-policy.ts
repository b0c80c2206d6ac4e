import { TABLE_KEYS } from '../../contract/keys';
import { SHARE_READ_FIELDS } from '../../contract/shares';

/**
 * The condition on every read of records for a share: items leading with these partitions,
 * and of them only what a recipient is served (SHARE_READ_FIELDS, asked for by name: a read
 * of all attributes is refused). The reader role holds it for every owner; each session for one.
 */
export const shareRecordReads = (partitions: string[]) => ({
  'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': partitions, 'dynamodb:Attributes': [...SHARE_READ_FIELDS] },
  StringEqualsIfExists: { 'dynamodb:Select': 'SPECIFIC_ATTRIBUTES' },
});

/** What the share reader's role acts on: the product's bucket and table. */
export interface ShareResources {
  bucketName: string;
  tableName: string;
}

/** A file to hand out: the statement's object, and its copy under the share, which the recipient's URL opens. */
export interface SharedFile {
  objectKey: string;
  copyKey: string;
}

/**
 * The session policy of one read for a share's recipient. The reader role may read every
 * owner's statement records and files and write the shares' copies; a session holds the
 * intersection of the two, so it reads only the records of the share's owner
 * (`dynamodb:LeadingKeys`) and, when a file is to be handed out, that one object (with its
 * tags) and its one copy: it can list nothing, write nothing else, and a URL it signs
 * opens nothing else.
 */
export const shareReadPolicy = (owner: string, resources: ShareResources, file?: SharedFile) => ({
  Version: '2012-10-17',
  Statement: [
    {
      Sid: 'OwnerRecords',
      Effect: 'Allow',
      Action: ['dynamodb:GetItem', 'dynamodb:BatchGetItem'],
      Resource: `arn:aws:dynamodb:*:*:table/${resources.tableName}`,
      Condition: shareRecordReads([TABLE_KEYS.userPartition(owner)]),
    },
    ...(file
      ? [
          {
            Sid: 'SharedFile',
            Effect: 'Allow',
            Action: ['s3:GetObject', 's3:GetObjectTagging'],
            Resource: `arn:aws:s3:::${resources.bucketName}/${file.objectKey}`,
          },
          {
            Sid: 'ItsCopy',
            Effect: 'Allow',
            Action: ['s3:PutObject', 's3:PutObjectTagging', 's3:GetObject'],
            Resource: `arn:aws:s3:::${resources.bucketName}/${file.copyKey}`,
          },
        ]
      : []),
  ],
});
