import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS, type Statement } from '../../contract';

/** The DynamoDB calls the handlers make, as a port so the core can be tested without a network. */
export interface RecordStore {
  getStatement(owner: string, statementId: string): Promise<Statement | undefined>;
  putStatement(statement: Statement): Promise<void>;
  deleteStatement(owner: string, statementId: string): Promise<void>;
  /** Points the owner's profile at a new avatar (or at none), creating the profile if needed. */
  setAvatar(owner: string, avatarKey: string | undefined, at: string): Promise<void>;
  /** The avatar key the owner's profile names, if any. */
  getAvatarKey(owner: string): Promise<string | undefined>;
  /** What the table holds for one owner: their statement ids (ascending) and avatar key (the sweep). */
  ownerRecords(owner: string): Promise<OwnerRecords>;
}

export interface OwnerRecords {
  statementIds: string[];
  avatarKey?: string;
}

const { partitionKey: pk, sortKey: sk } = TABLE_KEYS;

const profileKey = (owner: string) => ({ [pk]: TABLE_KEYS.userPartition(owner), [sk]: TABLE_KEYS.profileSort });

const statementItemKey = (owner: string, statementId: string) => ({
  [pk]: TABLE_KEYS.userPartition(owner),
  [sk]: TABLE_KEYS.statementSort(statementId),
});

export const dynamoRecordStore = (tableName: string, client: DynamoDBClient): RecordStore => {
  const documents = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  return {
    async getStatement(owner, statementId) {
      const { Item } = await documents.send(
        new GetCommand({ TableName: tableName, Key: statementItemKey(owner, statementId), ConsistentRead: true }),
      );
      if (!Item) return undefined;
      const { [pk]: _pk, [sk]: _sk, ...statement } = Item;
      return statement as Statement;
    },
    async putStatement(statement) {
      await documents.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...statementItemKey(statement.owner, statement.id), ...statement },
        }),
      );
    },
    async deleteStatement(owner, statementId) {
      await documents.send(new DeleteCommand({ TableName: tableName, Key: statementItemKey(owner, statementId) }));
    },
    async setAvatar(owner, avatarKey, at) {
      await documents.send(
        new UpdateCommand({
          TableName: tableName,
          Key: profileKey(owner),
          UpdateExpression:
            avatarKey === undefined
              ? 'SET userId = :owner, updatedAt = :at REMOVE avatarKey'
              : 'SET userId = :owner, updatedAt = :at, avatarKey = :key',
          ExpressionAttributeValues: { ':owner': owner, ':at': at, ...(avatarKey === undefined ? {} : { ':key': avatarKey }) },
        }),
      );
    },
    async getAvatarKey(owner) {
      const { Item } = await documents.send(
        new GetCommand({ TableName: tableName, Key: profileKey(owner), ProjectionExpression: 'avatarKey', ConsistentRead: true }),
      );
      return typeof Item?.avatarKey === 'string' ? Item.avatarKey : undefined;
    },
    async ownerRecords(owner) {
      const records: OwnerRecords = { statementIds: [] };
      let start: Record<string, unknown> | undefined;
      do {
        // One partition, in sort-key order: PROFILE, then STATEMENT#{ulid} ascending.
        const page = await documents.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: '#pk = :pk',
            ExpressionAttributeNames: { '#pk': pk, '#sk': sk, '#avatarKey': 'avatarKey' },
            ExpressionAttributeValues: { ':pk': TABLE_KEYS.userPartition(owner) },
            ProjectionExpression: '#sk, #avatarKey',
            ConsistentRead: true,
            ...(start ? { ExclusiveStartKey: start } : {}),
          }),
        );
        for (const item of page.Items ?? []) {
          const sortKey = String(item[sk]);
          if (sortKey === TABLE_KEYS.profileSort && typeof item.avatarKey === 'string') records.avatarKey = item.avatarKey;
          if (sortKey.startsWith(TABLE_KEYS.statementSortPrefix)) {
            records.statementIds.push(sortKey.slice(TABLE_KEYS.statementSortPrefix.length));
          }
        }
        start = page.LastEvaluatedKey;
      } while (start);
      return records;
    },
  };
};
