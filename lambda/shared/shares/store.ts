import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { SHARE_LIMITS, type ShareOpening, type SharedStatement } from '../../../contract/shares';
import { TABLE_KEYS, type RateKind } from '../../../contract/keys';
import { OwnerClosing, conditionFailed, ownerStillOpen, tableAccess } from '../records/table';

const { partitionKey: pk, sortKey: sk, expiryAttribute } = TABLE_KEYS;

/** A share as the table keeps it under the hash of its secret. */
export interface StoredShare {
  shareId: string;
  owner: string;
  secretHash: string;
  createdAt: string;
  expiresAt: string;
  revokedAt?: string;
  note?: string;
  statements: SharedStatement[];
  /** Statements the owner took out of the share (they stay named, for the owner's page). */
  removedIds?: string[];
  /** Downloads per statement id. */
  downloads: Record<string, number>;
  opens: number;
  firstOpenedAt?: string;
  lastOpenedAt?: string;
}

/** The owner's own item of a share: what it is, and which partition holds it. */
export type OwnerShare = Pick<StoredShare, 'shareId' | 'secretHash' | 'createdAt' | 'expiresAt' | 'revokedAt' | 'note'> & {
  statementCount: number;
};

/** The share's reads and writes: the owner's (make, list, revoke, extend) and the recipient's (open, count). */
export interface ShareStore {
  create(share: StoredShare): Promise<void>;
  ownerShares(owner: string): Promise<OwnerShare[]>;
  ownerShare(owner: string, shareId: string): Promise<OwnerShare | undefined>;
  /** How many shares the owner keeps now (ended ones until their record goes), and how many of them are live. */
  counts(owner: string, now: Date): Promise<{ kept: number; live: number }>;
  byHash(secretHash: string): Promise<StoredShare | undefined>;
  byHashes(secretHashes: readonly string[]): Promise<StoredShare[]>;
  /** Ends a share now; `false` when it was ended already (or is not the owner's). */
  revoke(owner: string, shareId: string, at: string): Promise<boolean>;
  /** Moves a share's end; `false` when it was revoked (or is not the owner's). */
  extend(owner: string, shareId: string, expiresAt: string): Promise<boolean>;
  /** Takes a statement out of a share for good (repeatable). */
  removeStatement(secretHash: string, statementId: string): Promise<void>;
  /** Counts an opening and keeps it for the owner; `first` when it was the share's first. */
  recordOpening(secretHash: string, opening: ShareOpening, expiresAt: string): Promise<{ first: boolean }>;
  countDownload(secretHash: string, statementId: string): Promise<void>;
  /** The openings kept (at most SHARE_LIMITS.openingsKept), newest first. */
  openings(secretHash: string): Promise<ShareOpening[]>;
}

/** A share's items go by themselves this long after it ends (the table's time to live). */
const expiryOf = (expiresAt: string) => ({
  [expiryAttribute]: Math.floor(Date.parse(expiresAt) / 1000) + SHARE_LIMITS.keepAfterEndSeconds,
});

const shareKey = (secretHash: string) => ({ [pk]: TABLE_KEYS.sharePartition(secretHash), [sk]: TABLE_KEYS.shareSort });
const ownerKey = (owner: string, shareId: string) => ({ [pk]: TABLE_KEYS.userPartition(owner), [sk]: TABLE_KEYS.ownerShareSort(shareId) });

const storedOf = (item: Record<string, unknown>): StoredShare => {
  const {
    [pk]: _pk,
    [sk]: _sk,
    [expiryAttribute]: _expiry,
    removedIds,
    ...share
  } = item as Record<string, unknown> & Partial<Omit<StoredShare, 'removedIds'>> & { removedIds?: Set<string> };
  return {
    ...(share as unknown as StoredShare),
    ...(removedIds ? { removedIds: [...removedIds].sort() } : {}),
    downloads: share.downloads ?? {},
    opens: Number(share.opens ?? 0),
  };
};

const ownerShareOf = (item: Record<string, unknown>): OwnerShare => {
  const { [pk]: _pk, [sk]: _sk, [expiryAttribute]: _expiry, ...share } = item;
  return share as unknown as OwnerShare;
};

/** BatchGetItem takes at most 100 keys. */
const GET_BATCH = 100;

export const dynamoShareStore = (tableName: string, client: DynamoDBClient): ShareStore => {
  const { documents, queryAll } = tableAccess(tableName, client);

  /** Both items of a share change together, and only while the owner's item says the share is not revoked. */
  const updateBoth = async (owner: string, shareId: string, update: { expression: string; values: Record<string, unknown> }) => {
    const mine = await documents.send(new GetCommand({ TableName: tableName, Key: ownerKey(owner, shareId), ConsistentRead: true }));
    if (!mine.Item) return false;
    const share = ownerShareOf(mine.Item);
    try {
      await documents.send(
        new TransactWriteCommand({
          TransactItems: [ownerKey(owner, shareId), shareKey(share.secretHash)].map((Key) => ({
            Update: {
              TableName: tableName,
              Key,
              UpdateExpression: update.expression,
              ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(revokedAt)',
              ExpressionAttributeNames: { '#pk': pk },
              ExpressionAttributeValues: update.values,
            },
          })),
        }),
      );
      return true;
    } catch (error) {
      if ((error as Error).name === 'TransactionCanceledException') return false;
      throw error;
    }
  };

  return {
    async create(share) {
      const summary: OwnerShare = {
        shareId: share.shareId,
        secretHash: share.secretHash,
        createdAt: share.createdAt,
        expiresAt: share.expiresAt,
        note: share.note,
        statementCount: share.statements.length,
      };
      await documents
        .send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: { ...shareKey(share.secretHash), ...share, ...expiryOf(share.expiresAt) },
                  ConditionExpression: 'attribute_not_exists(#pk)',
                  ExpressionAttributeNames: { '#pk': pk },
                },
              },
              {
                Put: {
                  TableName: tableName,
                  Item: { ...ownerKey(share.owner, share.shareId), ...summary, ...expiryOf(share.expiresAt) },
                  ConditionExpression: 'attribute_not_exists(#pk)',
                  ExpressionAttributeNames: { '#pk': pk },
                },
              },
              // A share made as its owner's deletion begins would outlive the account.
              ownerStillOpen(tableName, share.owner),
            ],
          }),
        )
        .catch((error: unknown) => {
          throw conditionFailed(error, 2) ? new OwnerClosing() : error;
        });
    },

    async ownerShares(owner) {
      const shares: OwnerShare[] = [];
      for await (const item of queryAll({
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': pk, '#sk': sk },
        ExpressionAttributeValues: { ':pk': TABLE_KEYS.userPartition(owner), ':prefix': TABLE_KEYS.ownerShareSortPrefix },
      })) {
        shares.push(ownerShareOf(item));
      }
      return shares;
    },

    async counts(owner, now) {
      const counts = { kept: 0, live: 0 };
      for await (const item of queryAll({
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        // The table's time to live removes an item some time after it is due: one past it is gone already.
        FilterExpression: '#expiry > :epoch',
        ProjectionExpression: 'expiresAt, revokedAt',
        ExpressionAttributeNames: { '#pk': pk, '#sk': sk, '#expiry': expiryAttribute },
        ExpressionAttributeValues: {
          ':pk': TABLE_KEYS.userPartition(owner),
          ':prefix': TABLE_KEYS.ownerShareSortPrefix,
          ':epoch': Math.floor(now.getTime() / 1000),
        },
      })) {
        counts.kept++;
        if (!item.revokedAt && Date.parse(String(item.expiresAt)) > now.getTime()) counts.live++;
      }
      return counts;
    },

    async ownerShare(owner, shareId) {
      const { Item } = await documents.send(new GetCommand({ TableName: tableName, Key: ownerKey(owner, shareId), ConsistentRead: true }));
      return Item ? ownerShareOf(Item) : undefined;
    },

    async byHash(secretHash) {
      const { Item } = await documents.send(new GetCommand({ TableName: tableName, Key: shareKey(secretHash), ConsistentRead: true }));
      return Item ? storedOf(Item) : undefined;
    },

    async byHashes(secretHashes) {
      const found: StoredShare[] = [];
      let keys = [...new Set(secretHashes)].map(shareKey);
      while (keys.length > 0) {
        const batch = keys.slice(0, GET_BATCH);
        const answer = await documents.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: batch, ConsistentRead: true } } }));
        found.push(...(answer.Responses?.[tableName] ?? []).map(storedOf));
        keys = [...((answer.UnprocessedKeys?.[tableName]?.Keys ?? []) as typeof keys), ...keys.slice(GET_BATCH)];
      }
      return found;
    },

    revoke: (owner, shareId, at) => updateBoth(owner, shareId, { expression: 'SET revokedAt = :at', values: { ':at': at } }),

    extend: (owner, shareId, expiresAt) =>
      updateBoth(owner, shareId, {
        expression: `SET expiresAt = :at, ${expiryAttribute} = :expiry`,
        values: { ':at': expiresAt, ':expiry': expiryOf(expiresAt)[expiryAttribute] },
      }),

    async removeStatement(secretHash, statementId) {
      await documents.send(
        new UpdateCommand({
          TableName: tableName,
          Key: shareKey(secretHash),
          // A string set: added to whether or not the share had one.
          UpdateExpression: 'ADD removedIds :ids',
          ConditionExpression: 'attribute_exists(#pk)',
          ExpressionAttributeNames: { '#pk': pk },
          ExpressionAttributeValues: { ':ids': new Set([statementId]) },
        }),
      );
    },

    async recordOpening(secretHash, opening, expiresAt) {
      const { Attributes } = await documents.send(
        new UpdateCommand({
          TableName: tableName,
          Key: shareKey(secretHash),
          UpdateExpression: 'ADD opens :one SET lastOpenedAt = :at, firstOpenedAt = if_not_exists(firstOpenedAt, :at)',
          ConditionExpression: 'attribute_exists(#pk)',
          ExpressionAttributeNames: { '#pk': pk },
          ExpressionAttributeValues: { ':one': 1, ':at': opening.at },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      const opens = Number(Attributes?.opens);
      await documents.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            [pk]: TABLE_KEYS.sharePartition(secretHash),
            // A ring of places: the newest openings stay, however often the link is opened.
            [sk]: TABLE_KEYS.shareOpeningSort((opens - 1) % SHARE_LIMITS.openingsKept),
            ...opening,
            ...expiryOf(expiresAt),
          },
        }),
      );
      return { first: opens === 1 };
    },

    async countDownload(secretHash, statementId) {
      await documents.send(
        new UpdateCommand({
          TableName: tableName,
          Key: shareKey(secretHash),
          UpdateExpression: 'SET downloads.#id = if_not_exists(downloads.#id, :zero) + :one',
          ConditionExpression: 'attribute_exists(#pk)',
          ExpressionAttributeNames: { '#pk': pk, '#id': statementId },
          ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
        }),
      );
    },

    async openings(secretHash) {
      const kept: ShareOpening[] = [];
      for await (const item of queryAll({
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': pk, '#sk': sk },
        ExpressionAttributeValues: { ':pk': TABLE_KEYS.sharePartition(secretHash), ':prefix': TABLE_KEYS.shareOpeningPrefix },
      })) {
        kept.push({ at: String(item.at), browser: String(item.browser), network: String(item.network) });
      }
      // Newest first; the places are a ring, so their keys are not in time order.
      return kept.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, SHARE_LIMITS.openingsKept);
    },
  };
};

/** Counts of one key in one minute, refused past a limit: a link's opens, an address's requests. */
export interface RateLimiter {
  /**
   * Counts one request of `key` (of `kind`) now, under `counter` when one key counts
   * several things apart; `false` when the minute's limit is reached.
   */
  take(kind: RateKind, key: string, limit: number, now: Date, counter?: string): Promise<boolean>;
}

export const dynamoRateLimiter = (tableName: string, client: DynamoDBClient): RateLimiter => {
  const documents = DynamoDBDocumentClient.from(client);
  return {
    async take(kind, key, limit, now, counter) {
      const minute = now.toISOString().slice(0, 16);
      try {
        await documents.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { [pk]: TABLE_KEYS.ratePartition(kind, key), [sk]: TABLE_KEYS.rateSort(minute, counter) },
            UpdateExpression: `ADD #n :one SET ${expiryAttribute} = :expiry`,
            ConditionExpression: 'attribute_not_exists(#n) OR #n < :limit',
            ExpressionAttributeNames: { '#n': 'n' },
            ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expiry': Math.floor(now.getTime() / 1000) + 120 },
          }),
        );
        return true;
      } catch (error) {
        if ((error as Error).name === 'ConditionalCheckFailedException') return false;
        throw error;
      }
    },
  };
};
