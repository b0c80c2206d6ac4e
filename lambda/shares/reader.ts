import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { STATEMENT_LIMITS } from '../../contract/uploads';
import { statementKey } from '../../contract/keys';
import type { PresignedDownload } from '../../contract/api';
import type { Statement } from '../../contract/entities';
import { attachmentDisposition } from '../shared/metadata';
import { statementItemKey, stripKeys } from '../shared/records/table';
import { createDynamoDbClient, createS3Client, type AwsAccess, type AssumeRoleRequest } from '../shared/runtime';
import { Presigner } from '../shared/s3';
import { shareReadPolicy, type ShareResources } from './session-policy';

/** What serves a recipient reads of the owner: through a session narrowed to that owner, and to one file. */
export interface ShareReader {
  /** The owner's current records of these statements (missing ones left out). */
  statements(owner: string, ids: readonly string[]): Promise<Statement[]>;
  /** A short-lived GET of one of the owner's statements, signed by a session that may read that object only. */
  signedRead(statement: Statement, disposition: 'attachment' | 'inline'): Promise<PresignedDownload>;
}

/** BatchGetItem takes at most 100 keys; a share names at most 100 statements. */
const GET_BATCH = 100;

export const stsShareReader = (
  access: AwsAccess,
  settings: ShareResources & { readerRoleArn: string },
  assumeRole: (request: AssumeRoleRequest) => Promise<NonNullable<AwsAccess['credentials']>>,
): ShareReader => {
  const session = async (owner: string, objectKey?: string): Promise<AwsAccess> => ({
    ...access,
    credentials: await assumeRole({
      roleArn: settings.readerRoleArn,
      sessionName: `share-${owner.slice(0, 8)}`,
      policy: JSON.stringify(shareReadPolicy(owner, settings, objectKey)),
    }),
  });
  const readRecords = async (scoped: AwsAccess, owner: string, ids: readonly string[]) => {
    const documents = DynamoDBDocumentClient.from(createDynamoDbClient(scoped));
    const found: Statement[] = [];
    let keys = [...new Set(ids)].map((id) => statementItemKey(owner, id));
    while (keys.length > 0) {
      const answer = await documents.send(
        new BatchGetCommand({ RequestItems: { [settings.tableName]: { Keys: keys.slice(0, GET_BATCH), ConsistentRead: true } } }),
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
    async signedRead(statement, disposition) {
      const scoped = await session(statement.owner, statementKey(statement.owner, statement.id));
      return new Presigner(createS3Client(scoped), settings.bucketName).get({
        key: statementKey(statement.owner, statement.id),
        expiresIn: STATEMENT_LIMITS.downloadUrlSeconds,
        contentDisposition: attachmentDisposition(statement.fileName, disposition),
        contentType: statement.contentType,
      });
    },
  };
};
