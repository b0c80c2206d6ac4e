import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ACCOUNT_DETAIL_FIELDS, uploadableFacts } from '../../../contract/accounts/details';
import { TABLE_KEYS } from '../../../contract/keys';
import type { Statement } from '../../../contract/entities';
import type { AccountStatements } from '../../statements/share-routes';
import { accountNamed } from '../records/account-names';
import { stripKeys, tableAccess } from '../records/table';

/**
 * An owner's statements under one account, from that account's list partition (every
 * copy carries its whole record; an owner of an earlier release has two copies of each,
 * kept once). Bounded by the quota: a partition is read a page at a time.
 */
export const dynamoAccountStatements = (tableName: string, client: DynamoDBClient): AccountStatements => {
  const table = tableAccess(tableName, client);
  const { documents } = table;
  return {
    // As filing reads it (the record store's own reading of names).
    async accountNamed(owner, label) {
      return (await accountNamed(table, owner, label)).accountKey;
    },
    async accountStatements(owner, accountKey) {
      const byId = new Map<string, Statement>();
      for await (const item of table.queryAll({
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE_KEYS.partitionKey },
        ExpressionAttributeValues: { ':pk': TABLE_KEYS.accountList(owner, accountKey) },
      })) {
        byId.set(String(item.id), stripKeys(item));
      }
      return [...byId.values()];
    },
    async accountDetails(owner, accountKey) {
      const { Item } = await documents.send(
        new GetCommand({
          TableName: tableName,
          Key: { [TABLE_KEYS.partitionKey]: TABLE_KEYS.userPartition(owner), [TABLE_KEYS.sortKey]: TABLE_KEYS.accountSort(accountKey) },
          ProjectionExpression: ACCOUNT_DETAIL_FIELDS.map((field) => `#${field}`).join(', '),
          ExpressionAttributeNames: Object.fromEntries(ACCOUNT_DETAIL_FIELDS.map((field) => [`#${field}`, field])),
        }),
      );
      // Held to the same rules as what a file gives: a summary never hands on more than those.
      return uploadableFacts(Item as Parameters<typeof uploadableFacts>[0]);
    },
  };
};
