import { TransactionCanceledException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS } from '../../../contract/keys';
import type { Statement } from '../../../contract/entities';
import type { QuotaUsage, Versioned } from './port';

/**
 * The table as every part of the record store reaches it: the keys of the owner's items,
 * one transaction (tried again while it conflicts), consistent reads, and what a refused
 * transaction says.
 */
export const { partitionKey: pk, sortKey: sk } = TABLE_KEYS;
export const LISTED = TABLE_KEYS.listedAttribute;
export const ORDERED = TABLE_KEYS.orderedAttribute;
export const INDEXED = TABLE_KEYS.indexedAttribute;
export const INDEX_ATTEMPTS = TABLE_KEYS.indexAttemptsAttribute;
export const IDENTIFIERS_HIDDEN = TABLE_KEYS.identifiersHiddenAttribute;
export const PURGING = TABLE_KEYS.purgingAttribute;

export const profileKey = (owner: string) => ({ [pk]: TABLE_KEYS.userPartition(owner), [sk]: TABLE_KEYS.profileSort });
export const quotaKey = (owner: string) => ({ [pk]: TABLE_KEYS.userPartition(owner), [sk]: TABLE_KEYS.quotaSort });
export const uploadKey = (owner: string, statementId: string) => ({
  [pk]: TABLE_KEYS.userPartition(owner),
  [sk]: TABLE_KEYS.uploadSort(statementId),
});
export const holdKey = (held: Record<string, unknown>, owner: string, statementId: string) => ({
  [pk]: TABLE_KEYS.holdsPartition,
  [sk]: TABLE_KEYS.holdSort(String(held.expiresAt), owner, statementId),
});

export const statementItemKey = (owner: string, statementId: string) => ({
  [pk]: TABLE_KEYS.userPartition(owner),
  [sk]: TABLE_KEYS.statementSort(statementId),
});

export const deletedItemKey = (owner: string, statementId: string) => ({
  [pk]: TABLE_KEYS.userPartition(owner),
  [sk]: TABLE_KEYS.trashSort(statementId),
});

export const purgeEntryKey = (purgeAt: string, owner: string, statementId: string) => ({
  [pk]: TABLE_KEYS.purgesPartition,
  [sk]: TABLE_KEYS.purgeSort(purgeAt, owner, statementId),
});

export type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/**
 * "The owner's account is not being closed", as an item of a transaction that writes
 * something new under the owner: the write lands before the deletion's job is recorded
 * (and the deletion, which begins after, removes it) or not at all. Checking the job first
 * and writing after would leave a gap in which a deletion could begin and finish.
 */
export const ownerStillOpen = (tableName: string, owner: string): TransactItem => ({
  ConditionCheck: {
    TableName: tableName,
    Key: { [pk]: TABLE_KEYS.deletionsPartition, [sk]: TABLE_KEYS.deletionSort(owner) },
    ConditionExpression: 'attribute_not_exists(#pk)',
    ExpressionAttributeNames: { '#pk': pk },
  },
});

/** A write refused because the owner's account is being closed (its deletion has begun). */
export class OwnerClosing extends Error {
  override name = 'OwnerClosing';
  constructor() {
    super("the owner's account is being closed");
  }
}

export const displayLabel = (statement: Statement): string => statement.accountLabel.normalize('NFC').trim();

/**
 * Every write to a summary counts itself in `version`, so the sweep corrects a summary
 * only if nothing at all wrote it since the read (equal numbers are not proof: a
 * reservation and its abort leave them as they were).
 */
export const VERSION = 'version';

/** Concurrent transactions on one summary conflict; DynamoDB asks to try again. */
export const CONFLICT_RETRIES = 6;

export const cancellationCodes = (error: unknown): (string | undefined)[] =>
  error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []).map((reason) => reason.Code) : [];

/** Whether a transaction was refused because the condition of item `index` failed. */
export const conditionFailed = (error: unknown, index = 0): boolean => cancellationCodes(error)[index] === 'ConditionalCheckFailed';

export const ignoreConditionFailure = (error: Error) => {
  if (error.name !== 'ConditionalCheckFailedException') throw error;
};

export const stripKeys = (item: Record<string, unknown>): Statement => {
  const {
    [pk]: _pk,
    [sk]: _sk,
    [LISTED]: _listed,
    [ORDERED]: _ordered,
    [INDEXED]: _indexed,
    [INDEX_ATTEMPTS]: _attempts,
    [IDENTIFIERS_HIDDEN]: _hidden,
    ...statement
  } = item;
  return statement as unknown as Statement;
};

export const quotaOf = (item: Record<string, unknown> | undefined): QuotaUsage => ({
  statements: Number(item?.statements ?? 0),
  bytes: Number(item?.bytes ?? 0),
  slots: Number(item?.slots ?? 0),
  slotBytes: Number(item?.slotBytes ?? 0),
  deletedStatements: Number(item?.deletedStatements ?? 0),
  deletedBytes: Number(item?.deletedBytes ?? 0),
});

export const versionOf = (item: Record<string, unknown>): Versioned =>
  typeof item[VERSION] === 'number' ? { version: Number(item[VERSION]) } : {};

/** The table's client, one transaction tried again while it conflicts, reads and paged queries. */
export const tableAccess = (tableName: string, client: DynamoDBClient) => {
  const documents = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  /** One transaction, tried again (with jitter) while it conflicts with another on the same summary. */
  const transact = async (items: TransactItem[]): Promise<void> => {
    for (let attempt = 1; ; attempt++) {
      try {
        await documents.send(new TransactWriteCommand({ TransactItems: items }));
        return;
      } catch (error) {
        if (!cancellationCodes(error).includes('TransactionConflict') || attempt >= CONFLICT_RETRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));
      }
    }
  };

  /** Every item a Query matches, page after page, in sort-key order, read consistently. */
  async function* queryAll(input: Omit<QueryCommandInput, 'TableName' | 'ConsistentRead' | 'ExclusiveStartKey'>) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await documents.send(
        new QueryCommand({ ...input, TableName: tableName, ConsistentRead: true, ...(start ? { ExclusiveStartKey: start } : {}) }),
      );
      yield* page.Items ?? [];
      start = page.LastEvaluatedKey;
    } while (start);
  }

  const get = async (Key: Record<string, string>) =>
    (await documents.send(new GetCommand({ TableName: tableName, Key, ConsistentRead: true }))).Item;

  return { tableName, documents, transact, queryAll, get };
};

export type TableAccess = ReturnType<typeof tableAccess>;
