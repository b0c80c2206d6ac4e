import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { LIST_LAYOUT } from '../../../contract';

/**
 * The copies one list partition holds in one layout, in the order the list resolver reads
 * them (one Query), with the fields a copy repeats from its record.
 */
export const listCopies = async (
  table: { name: string; documents: DynamoDBDocumentClient },
  partition: string,
  layout: keyof typeof LIST_LAYOUT,
) => {
  const { Items } = await table.documents.send(
    new QueryCommand({
      TableName: table.name,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': partition, ':prefix': LIST_LAYOUT[layout].prefix },
      ScanIndexForward: LIST_LAYOUT[layout].forwards,
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map((item) => ({
    id: String(item.id),
    fileName: String(item.fileName),
    accountLabel: String(item.accountLabel),
    period: String(item.period),
    status: String(item.status),
  }));
};
