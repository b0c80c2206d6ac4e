import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS } from '../../contract/keys';
import type { Statement } from '../../contract/entities';
import { pk, sk, statementItemKey, stripKeys } from '../shared/records/table';

/** Statements in the list's order (period newest first, then account, then name). */
export interface StatementOrder {
  /** The statements before and after one in the owner's unfiltered list; both null for an id the owner has none of. */
  neighbours(owner: string, statementId: string): Promise<{ previous: Statement | null; next: Statement | null }>;
}

/**
 * Reads the neighbours from the owner's ordered list copies: one item each side of the
 * statement's own order key, whatever the vault holds. Each copy carries the whole record.
 */
export const dynamoStatementOrder = (tableName: string, client: DynamoDBClient): StatementOrder => {
  const documents = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  const beside = async (owner: string, orderKey: string, forwards: boolean): Promise<Statement | null> => {
    const page = await documents.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: `#pk = :pk AND #sk ${forwards ? '>' : '<'} :key`,
        ExpressionAttributeNames: { '#pk': pk, '#sk': sk },
        ExpressionAttributeValues: { ':pk': TABLE_KEYS.allList(owner), ':key': orderKey },
        ScanIndexForward: forwards,
        Limit: 1,
        ConsistentRead: true,
      }),
    );
    const item = page.Items?.[0];
    // The partition also holds the copies by upload (`STATEMENT#…`), which sort after every ordered one.
    return item && String(item[sk]).startsWith(TABLE_KEYS.listOrderSortPrefix) ? stripKeys(item) : null;
  };
  return {
    async neighbours(owner, statementId) {
      const item = (
        await documents.send(new GetCommand({ TableName: tableName, Key: statementItemKey(owner, statementId), ConsistentRead: true }))
      ).Item;
      if (!item) return { previous: null, next: null };
      const orderKey = TABLE_KEYS.listOrderSort(stripKeys(item));
      const [previous, next] = await Promise.all([beside(owner, orderKey, false), beside(owner, orderKey, true)]);
      return { previous, next };
    },
  };
};
