import { CopyObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { STATEMENT_LIMITS } from '../../contract/uploads';
import { SHARED_COPIES, SHARE_READ_FIELDS } from '../../contract/shares';
import { sharedCopyKey, statementKey } from '../../contract/keys';
import type { PresignedDownload } from '../../contract/api';
import type { Statement } from '../../contract/entities';
import { attachmentDisposition } from '../shared/metadata';
import { statementItemKey, stripKeys } from '../shared/records/table';
import { createDynamoDbClient, createS3Client, type AwsAccess, type AssumeRoleRequest } from '../shared/runtime';
import { Presigner } from '../shared/s3';
import { shareReadPolicy, type SharedFile, type ShareResources } from './session-policy';

/** What serves a recipient reads of the owner: through a session narrowed to that owner, and to one file. */
export interface ShareReader {
  /** The owner's current records of these statements (missing ones left out). */
  statements(owner: string, ids: readonly string[]): Promise<Statement[]>;
  /**
   * A short-lived GET of one of the owner's statements as the share hands it out: of its
   * copy under the share (made or made again here when missing or due to go), signed by a
   * session that may read that object and write that copy only.
   */
  signedRead(statement: Statement, disposition: 'attachment' | 'inline', shareId: string): Promise<PresignedDownload>;
}

/**
 * The statement's copy under the share, there for at least a day from now: copied again
 * unless one made within SHARED_COPIES.refreshAfterSeconds is there. The copy keeps the
 * statement's verdict (its tag, which the bucket policy reads) and type, and none of its
 * metadata (the owner's labels stay with the owner's object).
 */
const ensureCopy = async (s3: S3Client, bucket: string, statement: Statement, copyKey: string, now: Date): Promise<void> => {
  const made = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: copyKey })).then(
    (head) => head.LastModified,
    (error: Error) => {
      // Missing: S3 says 403 to a caller who may not list the bucket, as this session may not.
      if (
        error.name === 'NotFound' ||
        error.name === 'Forbidden' ||
        (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 403
      )
        return undefined;
      throw error;
    },
  );
  if (made && now.getTime() - made.getTime() < SHARED_COPIES.refreshAfterSeconds * 1000) return;
  await s3.send(
    new CopyObjectCommand({
      Bucket: bucket,
      Key: copyKey,
      CopySource: `${bucket}/${statement.key.split('/').map(encodeURIComponent).join('/')}`,
      MetadataDirective: 'REPLACE',
      ContentType: statement.contentType,
      TaggingDirective: 'COPY',
    }),
  );
};

/** The projection of SHARE_READ_FIELDS, each by a name placeholder (several are reserved words). */
const READ_FIELDS = {
  ProjectionExpression: SHARE_READ_FIELDS.map((_, index) => `#f${index}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries(SHARE_READ_FIELDS.map((field, index) => [`#f${index}`, field])),
};

/** BatchGetItem takes at most 100 keys; a share names at most 100 statements. */
const GET_BATCH = 100;

export const stsShareReader = (
  access: AwsAccess,
  settings: ShareResources & { readerRoleArn: string },
  assumeRole: (request: AssumeRoleRequest) => Promise<NonNullable<AwsAccess['credentials']>>,
  now: () => Date = () => new Date(),
): ShareReader => {
  const session = async (owner: string, file?: SharedFile): Promise<AwsAccess> => ({
    ...access,
    credentials: await assumeRole({
      roleArn: settings.readerRoleArn,
      // Nothing of the owner: a session's name travels with its credentials.
      sessionName: 'share-read',
      policy: JSON.stringify(shareReadPolicy(owner, settings, file)),
    }),
  });
  const readRecords = async (scoped: AwsAccess, owner: string, ids: readonly string[]) => {
    const documents = DynamoDBDocumentClient.from(createDynamoDbClient(scoped));
    const found: Statement[] = [];
    let keys = [...new Set(ids)].map((id) => statementItemKey(owner, id));
    while (keys.length > 0) {
      const answer = await documents.send(
        new BatchGetCommand({
          // What a recipient is served, asked for by name: the sessions may read nothing else of an item.
          RequestItems: { [settings.tableName]: { Keys: keys.slice(0, GET_BATCH), ConsistentRead: true, ...READ_FIELDS } },
        }),
      );
      found.push(...(answer.Responses?.[settings.tableName] ?? []).map(stripKeys));
      keys = [...((answer.UnprocessedKeys?.[settings.tableName]?.Keys ?? []) as typeof keys), ...keys.slice(GET_BATCH)];
    }
    return found;
  };
  return {
    async statements(owner, ids) {
      if (ids.length === 0) return [];
      return readRecords(await session(owner), owner, ids);
    },
    async signedRead(statement, disposition, shareId) {
      const file = { objectKey: statementKey(statement.owner, statement.id), copyKey: sharedCopyKey(shareId, statement.id) };
      const s3 = createS3Client(await session(statement.owner, file));
      await ensureCopy(s3, settings.bucketName, { ...statement, key: file.objectKey }, file.copyKey, now());
      return new Presigner(s3, settings.bucketName).get({
        key: file.copyKey,
        expiresIn: STATEMENT_LIMITS.downloadUrlSeconds,
        contentDisposition: attachmentDisposition(statement.fileName, disposition),
        contentType: statement.contentType,
      });
    },
  };
};
