import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { PDF_PASSWORD_ATTRIBUTES } from '../../../contract/accounts/pdf-password';
import { TABLE_KEYS } from '../../../contract/keys';
import { pk, sk, tableAccess } from './table';

/**
 * The passwords people keep for their accounts' protected PDFs (contract/accounts/pdf-password),
 * on the accounts' summaries in their own partitions: read by the functions that open a
 * person's PDFs for them (the catalogue for search and balances, the mail function), never
 * answered to anyone but their owner (GraphQL's pdfPassword).
 */
export interface PdfPasswords {
  /** The password kept for one account, if any, while the account holds statements. */
  kept(owner: string, accountKey: string): Promise<string | undefined>;
  /** Every password the owner keeps, each once. */
  all(owner: string): Promise<string[]>;
}

const passwordOf = (item: Record<string, unknown> | undefined): string | undefined => {
  const password = item?.[PDF_PASSWORD_ATTRIBUTES.password];
  return Number(item?.count ?? 0) > 0 && typeof password === 'string' ? password : undefined;
};

export const dynamoPdfPasswords = (tableName: string, client: DynamoDBClient): PdfPasswords => {
  const access = tableAccess(tableName, client);
  return {
    async kept(owner, accountKey) {
      const { Item: item } = await access.documents.send(
        new GetCommand({
          TableName: tableName,
          Key: { [pk]: TABLE_KEYS.userPartition(owner), [sk]: TABLE_KEYS.accountSort(accountKey) },
          ProjectionExpression: '#password, #count',
          ExpressionAttributeNames: { '#password': PDF_PASSWORD_ATTRIBUTES.password, '#count': 'count' },
          ConsistentRead: true,
        }),
      );
      return passwordOf(item);
    },
    async all(owner) {
      const passwords = new Set<string>();
      for await (const item of access.queryAll({
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': pk, '#sk': sk },
        ExpressionAttributeValues: { ':pk': TABLE_KEYS.userPartition(owner), ':prefix': TABLE_KEYS.accountSortPrefix },
      })) {
        const password = passwordOf(item);
        if (password) passwords.add(password);
      }
      return [...passwords];
    },
  };
};
