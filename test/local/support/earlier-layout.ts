import { DeleteCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS, statementListCopies, type Statement } from '../../../contract';

const { partitionKey: pk, sortKey: sk } = TABLE_KEYS;

/**
 * Turns an owner's items into what the release before statement order wrote: the records
 * and their copies by id, no ordered copies, no `ordered` mark on the records or on the
 * QUOTA item. What the migration starts from.
 */
export const asEarlierRelease = async (documents: DynamoDBDocumentClient, tableName: string, owner: string): Promise<void> => {
  const { Items = [] } = await documents.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
      ExpressionAttributeNames: { '#pk': pk, '#sk': sk },
      ExpressionAttributeValues: { ':pk': TABLE_KEYS.userPartition(owner), ':prefix': TABLE_KEYS.statementSortPrefix },
      ConsistentRead: true,
    }),
  );
  for (const item of Items) {
    for (const copy of statementListCopies(item as unknown as Statement).ordered) {
      await documents.send(new DeleteCommand({ TableName: tableName, Key: { [pk]: copy.partition, [sk]: copy.sort } }));
    }
    await documents.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { [pk]: item[pk], [sk]: item[sk] },
        UpdateExpression: 'REMOVE #ordered',
        ExpressionAttributeNames: { '#ordered': TABLE_KEYS.orderedAttribute },
      }),
    );
  }
  await documents.send(
    new UpdateCommand({
      TableName: tableName,
      Key: { [pk]: TABLE_KEYS.userPartition(owner), [sk]: TABLE_KEYS.quotaSort },
      UpdateExpression: 'REMOVE #ordered',
      ExpressionAttributeNames: { '#ordered': TABLE_KEYS.orderedAttribute },
    }),
  );
};
