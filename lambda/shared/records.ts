import { TransactionCanceledException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS, accountKeyOf, statementListPartitions, type Statement } from '../../contract';

/** The DynamoDB calls the handlers make, as a port so the core can be tested without a network. */
export interface RecordStore {
  getStatement(owner: string, statementId: string): Promise<Statement | undefined>;
  /**
   * Records a statement, with its list copies and its share of the owner's account,
   * period and quota summaries, in one transaction; `false` if it was recorded already
   * (a repeated event), in which case nothing changes.
   */
  putStatement(statement: Statement): Promise<boolean>;
  /** Removes a statement, its list copies and its share of the summaries, at most once; `false` if there was none. */
  deleteStatement(owner: string, statementId: string): Promise<boolean>;
  /** Points the owner's profile at a new avatar (or at none), creating the profile if needed. */
  setAvatar(owner: string, avatarKey: string | undefined, at: string): Promise<void>;
  /** The avatar key the owner's profile names, if any. */
  getAvatarKey(owner: string): Promise<string | undefined>;
  /** What the table holds for one owner: their statements (ascending), summaries and avatar key (the sweep). */
  ownerRecords(owner: string): Promise<OwnerRecords>;
  /** Gives a record of an earlier release its list copies and its share of the summaries (once). */
  listStatement(statement: Statement): Promise<boolean>;
  /** Sets summaries to what the records say, each only if it still holds what was read (else the next sweep retries). */
  correctSummaries(owner: string, corrections: SummaryCorrection[]): Promise<number>;
}

export interface Totals {
  count: number;
  bytes: number;
}

/** One owner's summaries as stored: by account key, by period, and the quota's usage. */
export interface Summaries {
  accounts: Map<string, Totals & { label: string }>;
  periods: Map<string, Totals>;
  /** Absent until the owner's first statement. */
  quota?: Totals;
}

export interface OwnerRecords {
  statementIds: string[];
  /** Every statement record, and whether it is listed (copied and counted). */
  statements: (Statement & { listed: boolean })[];
  summaries: Summaries;
  avatarKey?: string;
}

/** A summary item that differs from its records: what it holds (undefined: absent) and what it should. */
export interface SummaryCorrection {
  sortKey: string;
  seen?: Totals;
  expected?: Totals & { label?: string; period?: string; accountKey?: string };
}

const { partitionKey: pk, sortKey: sk } = TABLE_KEYS;

const profileKey = (owner: string) => ({ [pk]: TABLE_KEYS.userPartition(owner), [sk]: TABLE_KEYS.profileSort });

const statementItemKey = (owner: string, statementId: string) => ({
  [pk]: TABLE_KEYS.userPartition(owner),
  [sk]: TABLE_KEYS.statementSort(statementId),
});

const LISTED = TABLE_KEYS.listedAttribute;

/** The updates that add (+1) or take away (-1) one statement from its owner's summaries. */
type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

const summaryUpdates = (tableName: string, statement: Statement, sign: 1 | -1): TransactItem[] => {
  const user = TABLE_KEYS.userPartition(statement.owner);
  const totals = { ':n': sign, ':b': sign * statement.size };
  const accountKey = accountKeyOf(statement.accountLabel);
  return [
    {
      Update: {
        TableName: tableName,
        Key: { [pk]: user, [sk]: TABLE_KEYS.accountSort(accountKey) },
        UpdateExpression:
          'ADD #count :n, #bytes :b SET #label = if_not_exists(#label, :label), labelFrom = if_not_exists(labelFrom, :id), accountKey = :key',
        ExpressionAttributeNames: { '#count': 'count', '#bytes': 'bytes', '#label': 'label' },
        ExpressionAttributeValues: { ...totals, ':label': displayLabel(statement), ':id': statement.id, ':key': accountKey },
      },
    },
    {
      Update: {
        TableName: tableName,
        Key: { [pk]: user, [sk]: TABLE_KEYS.periodSort(statement.period) },
        UpdateExpression: 'ADD #count :n, #bytes :b SET period = :period',
        ExpressionAttributeNames: { '#count': 'count', '#bytes': 'bytes' },
        ExpressionAttributeValues: { ...totals, ':period': statement.period },
      },
    },
    {
      Update: {
        TableName: tableName,
        Key: { [pk]: user, [sk]: TABLE_KEYS.quotaSort },
        UpdateExpression: 'ADD statements :n, #bytes :b',
        ExpressionAttributeNames: { '#bytes': 'bytes' },
        ExpressionAttributeValues: totals,
      },
    },
  ];
};

const displayLabel = (statement: Statement): string => statement.accountLabel.normalize('NFC').trim();

const listCopies = (tableName: string, statement: Statement): TransactItem[] =>
  statementListPartitions(statement.owner, statement.accountLabel, statement.period).map((partition) => ({
    Put: { TableName: tableName, Item: { ...statement, [pk]: partition, [sk]: TABLE_KEYS.statementSort(statement.id) } },
  }));

/** Concurrent transactions on one summary conflict; DynamoDB asks to try again. */
const CONFLICT_RETRIES = 6;

const conflicted = (error: unknown): boolean =>
  error instanceof TransactionCanceledException && (error.CancellationReasons ?? []).some((reason) => reason.Code === 'TransactionConflict');

/** Whether a transaction was refused because its first item's condition failed (the record's state). */
const firstConditionFailed = (error: unknown): boolean =>
  error instanceof TransactionCanceledException && error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed';

const stripKeys = (item: Record<string, unknown>): Statement => {
  const { [pk]: _pk, [sk]: _sk, [LISTED]: _listed, ...statement } = item;
  return statement as unknown as Statement;
};

export const dynamoRecordStore = (tableName: string, client: DynamoDBClient): RecordStore => {
  const documents = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });

  /** One transaction, tried again (with jitter) while it conflicts with another on the same summary. */
  const transact = async (items: TransactItem[]): Promise<void> => {
    for (let attempt = 1; ; attempt++) {
      try {
        await documents.send(new TransactWriteCommand({ TransactItems: items }));
        return;
      } catch (error) {
        if (!conflicted(error) || attempt >= CONFLICT_RETRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));
      }
    }
  };

  /**
   * An account is shown with the spelling of its oldest statement, whatever order the
   * events arrive in: a statement older than the one that named it renames it.
   */
  const nameAccountByOldest = async (statement: Statement): Promise<void> => {
    await documents
      .send(
        new UpdateCommand({
          TableName: tableName,
          Key: { [pk]: TABLE_KEYS.userPartition(statement.owner), [sk]: TABLE_KEYS.accountSort(accountKeyOf(statement.accountLabel)) },
          UpdateExpression: 'SET #label = :label, labelFrom = :id',
          ConditionExpression: 'labelFrom > :id',
          ExpressionAttributeNames: { '#label': 'label' },
          ExpressionAttributeValues: { ':label': displayLabel(statement), ':id': statement.id },
        }),
      )
      .catch((error: Error) => {
        if (error.name !== 'ConditionalCheckFailedException') throw error;
      });
  };

  return {
    async getStatement(owner, statementId) {
      const { Item } = await documents.send(
        new GetCommand({ TableName: tableName, Key: statementItemKey(owner, statementId), ConsistentRead: true }),
      );
      return Item ? stripKeys(Item) : undefined;
    },
    async putStatement(statement) {
      try {
        await transact([
          {
            Put: {
              TableName: tableName,
              Item: { ...statement, ...statementItemKey(statement.owner, statement.id), [LISTED]: true },
              ConditionExpression: 'attribute_not_exists(#pk)',
              ExpressionAttributeNames: { '#pk': pk },
            },
          },
          ...listCopies(tableName, statement),
          ...summaryUpdates(tableName, statement, 1),
        ]);
      } catch (error) {
        if (firstConditionFailed(error)) return false;
        throw error;
      }
      await nameAccountByOldest(statement);
      return true;
    },
    async deleteStatement(owner, statementId) {
      const { Item } = await documents.send(
        new GetCommand({ TableName: tableName, Key: statementItemKey(owner, statementId), ConsistentRead: true }),
      );
      if (!Item) return false;
      const statement = stripKeys(Item);
      const listed = Item[LISTED] === true;
      try {
        await transact([
          {
            // Exactly the record read: a concurrent delete or migration makes this one step aside.
            Delete: {
              TableName: tableName,
              Key: statementItemKey(owner, statementId),
              ...(listed
                ? { ConditionExpression: '#listed = :true', ExpressionAttributeNames: { '#listed': LISTED }, ExpressionAttributeValues: { ':true': true } }
                : {
                    ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(#listed)',
                    ExpressionAttributeNames: { '#pk': pk, '#listed': LISTED },
                  }),
            },
          },
          ...(listed
            ? [
                ...statementListPartitions(owner, statement.accountLabel, statement.period).map((partition) => ({
                  Delete: { TableName: tableName, Key: { [pk]: partition, [sk]: TABLE_KEYS.statementSort(statementId) } },
                })),
                ...summaryUpdates(tableName, statement, -1),
              ]
            : []),
        ]);
      } catch (error) {
        if (firstConditionFailed(error)) return false;
        throw error;
      }
      // Summaries that reached zero go, so the account and period lists hold only what is in use.
      const user = TABLE_KEYS.userPartition(owner);
      for (const sortKey of [TABLE_KEYS.accountSort(accountKeyOf(statement.accountLabel)), TABLE_KEYS.periodSort(statement.period)]) {
        await documents
          .send(
            new DeleteCommand({
              TableName: tableName,
              Key: { [pk]: user, [sk]: sortKey },
              ConditionExpression: '#count = :zero',
              ExpressionAttributeNames: { '#count': 'count' },
              ExpressionAttributeValues: { ':zero': 0 },
            }),
          )
          .catch((error: Error) => {
            if (error.name !== 'ConditionalCheckFailedException') throw error;
          });
      }
      return true;
    },
    async listStatement(statement) {
      try {
        await transact([
          {
            Update: {
              TableName: tableName,
              Key: statementItemKey(statement.owner, statement.id),
              UpdateExpression: 'SET #listed = :true',
              ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(#listed)',
              ExpressionAttributeNames: { '#pk': pk, '#listed': LISTED },
              ExpressionAttributeValues: { ':true': true },
            },
          },
          ...listCopies(tableName, statement),
          ...summaryUpdates(tableName, statement, 1),
        ]);
      } catch (error) {
        if (firstConditionFailed(error)) return false;
        throw error;
      }
      await nameAccountByOldest(statement);
      return true;
    },
    async correctSummaries(owner, corrections) {
      let applied = 0;
      for (const { sortKey, seen, expected } of corrections) {
        const Key = { [pk]: TABLE_KEYS.userPartition(owner), [sk]: sortKey };
        const isQuota = sortKey === TABLE_KEYS.quotaSort;
        const countName = isQuota ? 'statements' : 'count';
        // Only if the item still holds what the sweep read: a concurrent upload or delete wins.
        const unchanged: { ConditionExpression: string; ExpressionAttributeNames: Record<string, string>; ExpressionAttributeValues?: Record<string, number> } = seen
          ? {
              ConditionExpression: '#count = :seenCount AND #bytes = :seenBytes',
              ExpressionAttributeNames: { '#count': countName, '#bytes': 'bytes' },
              ExpressionAttributeValues: { ':seenCount': seen.count, ':seenBytes': seen.bytes },
            }
          : { ConditionExpression: 'attribute_not_exists(#count)', ExpressionAttributeNames: { '#count': countName } };
        try {
          if (expected && (expected.count > 0 || isQuota)) {
            const { count, bytes, ...rest } = expected;
            await documents.send(
              new PutCommand({
                TableName: tableName,
                Item: { ...Key, ...rest, [countName]: count, bytes },
                ...unchanged,
              }),
            );
          } else {
            await documents.send(
              new DeleteCommand({ TableName: tableName, Key, ...unchanged }),
            );
          }
          applied++;
        } catch (error) {
          if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
        }
      }
      return applied;
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
      const records: OwnerRecords = {
        statementIds: [],
        statements: [],
        summaries: { accounts: new Map(), periods: new Map() },
      };
      let start: Record<string, unknown> | undefined;
      do {
        // One partition, in sort-key order: the summaries, PROFILE and QUOTA, then STATEMENT#{ulid} ascending.
        const page = await documents.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: '#pk = :pk',
            ExpressionAttributeNames: { '#pk': pk },
            ExpressionAttributeValues: { ':pk': TABLE_KEYS.userPartition(owner) },
            ConsistentRead: true,
            ...(start ? { ExclusiveStartKey: start } : {}),
          }),
        );
        for (const item of page.Items ?? []) {
          const sortKey = String(item[sk]);
          const totals = { count: Number(item.count ?? 0), bytes: Number(item.bytes ?? 0) };
          if (sortKey === TABLE_KEYS.profileSort && typeof item.avatarKey === 'string') records.avatarKey = item.avatarKey;
          else if (sortKey === TABLE_KEYS.quotaSort) records.summaries.quota = { count: Number(item.statements ?? 0), bytes: totals.bytes };
          else if (sortKey.startsWith(TABLE_KEYS.accountSortPrefix)) {
            records.summaries.accounts.set(sortKey.slice(TABLE_KEYS.accountSortPrefix.length), { ...totals, label: String(item.label ?? '') });
          } else if (sortKey.startsWith(TABLE_KEYS.periodSortPrefix)) {
            records.summaries.periods.set(sortKey.slice(TABLE_KEYS.periodSortPrefix.length), totals);
          } else if (sortKey.startsWith(TABLE_KEYS.statementSortPrefix)) {
            records.statementIds.push(sortKey.slice(TABLE_KEYS.statementSortPrefix.length));
            records.statements.push({ ...stripKeys(item), listed: item[LISTED] === true });
          }
        }
        start = page.LastEvaluatedKey;
      } while (start);
      return records;
    },
  };
};
