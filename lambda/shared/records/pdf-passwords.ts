import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PDF_PASSWORD_ATTRIBUTES } from '../../../contract/accounts/pdf-password';
import { TABLE_KEYS } from '../../../contract/keys';
import { ignoreConditionFailure, pk, sk, tableAccess } from './table';

/**
 * The passwords people keep for their accounts' protected PDFs (contract/accounts/pdf-password),
 * in each person's passwords partition (TABLE_KEYS.pdfPasswordPartition), which only the
 * functions that open a person's PDFs for them may read (the catalogue, its scan results
 * and sweep for search and balances, the mail function); answered to no one but their
 * owner (GraphQL's pdfPassword). A password counts while its account's summary says it is
 * kept and the account holds statements.
 */
export interface PdfPasswords {
  /** The password kept for one account, if any, while the account holds statements. */
  kept(owner: string, accountKey: string): Promise<string | undefined>;
  /** Every password the owner keeps, each once. */
  all(owner: string): Promise<string[]>;
  /**
   * Moves the passwords an earlier release kept on the owner's account summaries into the
   * passwords partition, and deletes those whose account no longer keeps one (forgotten
   * while the forgetting's second write failed, or the account's last statement left).
   */
  tidy(owner: string): Promise<{ moved: number; forgotten: number }>;
}

const { password: PASSWORD, keptAt: KEPT_AT, kept: KEPT } = PDF_PASSWORD_ATTRIBUTES;

/** What an account's summary says of its password: whether one counts, and one an earlier release kept on it. */
interface SummaryWord {
  keeps: boolean;
  legacy?: string;
}

const summaryWord = (item: Record<string, unknown> | undefined): SummaryWord => {
  const legacy = typeof item?.[PASSWORD] === 'string' ? (item[PASSWORD] as string) : undefined;
  // An earlier release set the flag with the password; either says one is kept.
  return { keeps: Number(item?.count ?? 0) > 0 && (item?.[KEPT] === true || legacy !== undefined), ...(legacy ? { legacy } : {}) };
};

const SUMMARY_FIELDS = {
  ProjectionExpression: '#sk, #count, #kept, #password',
  ExpressionAttributeNames: { '#sk': sk, '#count': 'count', '#kept': KEPT, '#password': PASSWORD },
};

const passwordKey = (owner: string, accountKey: string) => ({
  [pk]: TABLE_KEYS.pdfPasswordPartition(owner),
  [sk]: TABLE_KEYS.accountSort(accountKey),
});

export const dynamoPdfPasswords = (tableName: string, client: DynamoDBClient): PdfPasswords => {
  const access = tableAccess(tableName, client);
  const { documents } = access;

  /** The owner's account summaries, by account key, as they speak of passwords. */
  const summaries = async (owner: string): Promise<Map<string, SummaryWord>> => {
    const words = new Map<string, SummaryWord>();
    for await (const item of access.queryAll({
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
      ...SUMMARY_FIELDS,
      ExpressionAttributeNames: { ...SUMMARY_FIELDS.ExpressionAttributeNames, '#pk': pk },
      ExpressionAttributeValues: { ':pk': TABLE_KEYS.userPartition(owner), ':prefix': TABLE_KEYS.accountSortPrefix },
    }))
      words.set(String(item[sk]).slice(TABLE_KEYS.accountSortPrefix.length), summaryWord(item));
    return words;
  };

  /** The owner's passwords partition, by account key. */
  const stored = async (owner: string): Promise<Map<string, { password?: string; keptAt?: string }>> => {
    const items = new Map<string, { password?: string; keptAt?: string }>();
    for await (const item of access.queryAll({
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': pk },
      ExpressionAttributeValues: { ':pk': TABLE_KEYS.pdfPasswordPartition(owner) },
    })) {
      items.set(String(item[sk]).slice(TABLE_KEYS.accountSortPrefix.length), {
        ...(typeof item[PASSWORD] === 'string' ? { password: item[PASSWORD] as string } : {}),
        ...(typeof item[KEPT_AT] === 'string' ? { keptAt: item[KEPT_AT] as string } : {}),
      });
    }
    return items;
  };

  return {
    async kept(owner, accountKey) {
      const { Item: summary } = await documents.send(
        new GetCommand({
          TableName: tableName,
          Key: { [pk]: TABLE_KEYS.userPartition(owner), [sk]: TABLE_KEYS.accountSort(accountKey) },
          ...SUMMARY_FIELDS,
          ConsistentRead: true,
        }),
      );
      const word = summaryWord(summary);
      if (!word.keeps) return undefined;
      const { Item: item } = await documents.send(
        new GetCommand({ TableName: tableName, Key: passwordKey(owner, accountKey), ConsistentRead: true }),
      );
      return typeof item?.[PASSWORD] === 'string' ? (item[PASSWORD] as string) : word.legacy;
    },
    async all(owner) {
      const [words, items] = await Promise.all([summaries(owner), stored(owner)]);
      const passwords = new Set<string>();
      for (const [accountKey, word] of words) {
        const password = items.get(accountKey)?.password ?? word.legacy;
        if (word.keeps && password) passwords.add(password);
      }
      return [...passwords];
    },
    async tidy(owner) {
      // The partition is read before the summaries: a password kept meanwhile has its flag set first.
      const items = await stored(owner);
      const words = await summaries(owner);
      let moved = 0;
      let forgotten = 0;
      for (const [accountKey, word] of words) {
        if (!word.legacy) continue;
        if (word.keeps && !items.has(accountKey)) {
          // A password kept since the read is newer than the one moved, and stays.
          await documents
            .send(
              new PutCommand({
                TableName: tableName,
                Item: { ...passwordKey(owner, accountKey), [PASSWORD]: word.legacy, [KEPT_AT]: new Date().toISOString() },
                ConditionExpression: 'attribute_not_exists(#pk)',
                ExpressionAttributeNames: { '#pk': pk },
              }),
            )
            .catch(ignoreConditionFailure);
        }
        await documents
          .send(
            new UpdateCommand({
              TableName: tableName,
              Key: { [pk]: TABLE_KEYS.userPartition(owner), [sk]: TABLE_KEYS.accountSort(accountKey) },
              UpdateExpression: 'REMOVE #password',
              ConditionExpression: '#password = :read',
              ExpressionAttributeNames: { '#password': PASSWORD },
              ExpressionAttributeValues: { ':read': word.legacy },
            }),
          )
          .catch(ignoreConditionFailure);
        moved++;
      }
      for (const [accountKey, item] of items) {
        if (words.get(accountKey)?.keeps) continue;
        // Only the password read: one kept again since has another time.
        await documents
          .send(
            new DeleteCommand({
              TableName: tableName,
              Key: passwordKey(owner, accountKey),
              ...(item.keptAt
                ? {
                    ConditionExpression: '#at = :at',
                    ExpressionAttributeNames: { '#at': KEPT_AT },
                    ExpressionAttributeValues: { ':at': item.keptAt },
                  }
                : { ConditionExpression: 'attribute_not_exists(#at)', ExpressionAttributeNames: { '#at': KEPT_AT } }),
            }),
          )
          .catch(ignoreConditionFailure);
        forgotten++;
      }
      return { moved, forgotten };
    },
  };
};
