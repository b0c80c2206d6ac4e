import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { REGION, TABLE_KEYS, type Statement } from '../../contract';

/** The DynamoDB calls the handlers make, as a port so the core can be tested without a network. */
export interface RecordStore {
  getStatement(owner: string, statementId: string): Promise<Statement | undefined>;
  putStatement(statement: Statement): Promise<void>;
  deleteStatement(owner: string, statementId: string): Promise<void>;
  /** Points the owner's profile at a new avatar (or at none), creating the profile if needed. */
  setAvatar(owner: string, avatarKey: string | undefined, at: string): Promise<void>;
  /** Every statement record's owner and id (the reconciliation sweep; a Scan, so never on a request path). */
  listStatements(): AsyncIterable<{ owner: string; id: string }>;
}

const { partitionKey: pk, sortKey: sk } = TABLE_KEYS;

const statementItemKey = (owner: string, statementId: string) => ({
  [pk]: TABLE_KEYS.userPartition(owner),
  [sk]: TABLE_KEYS.statementSort(statementId),
});

export const dynamoRecordStore = (tableName: string, client = new DynamoDBClient({ region: REGION })): RecordStore => {
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
          Key: { [pk]: TABLE_KEYS.userPartition(owner), [sk]: TABLE_KEYS.profileSort },
          UpdateExpression:
            avatarKey === undefined
              ? 'SET userId = :owner, updatedAt = :at REMOVE avatarKey'
              : 'SET userId = :owner, updatedAt = :at, avatarKey = :key',
          ExpressionAttributeValues: { ':owner': owner, ':at': at, ...(avatarKey === undefined ? {} : { ':key': avatarKey }) },
        }),
      );
    },
    async *listStatements() {
      let start: Record<string, unknown> | undefined;
      do {
        const page = await documents.send(
          new ScanCommand({
            TableName: tableName,
            FilterExpression: 'begins_with(#sk, :prefix)',
            ExpressionAttributeNames: { '#sk': sk, '#owner': 'owner', '#id': 'id' },
            ExpressionAttributeValues: { ':prefix': TABLE_KEYS.statementSortPrefix },
            ProjectionExpression: '#owner, #id',
            ...(start ? { ExclusiveStartKey: start } : {}),
          }),
        );
        for (const item of page.Items ?? []) yield { owner: String(item.owner), id: String(item.id) };
        start = page.LastEvaluatedKey;
      } while (start);
    },
  };
};
