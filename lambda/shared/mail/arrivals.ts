import { DeleteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { TABLE_KEYS } from '../../../contract/keys';
import {
  MAIL_LISTS,
  arrivedExpiresAt,
  type MailArrival,
  type MailArrivalsResponse,
  type MailFrom,
  type MailKeptOut,
  type ReadValue,
} from '../../../contract/mail';
import { OwnerClosing, conditionFailed, ownerStillOpen, pk, sk, tableAccess } from '../records/table';

/** A file that arrived by mail and waits, as its record says. */
export interface WaitingFile {
  readonly fileName: string;
  readonly contentType: string;
  readonly size: number;
}

/** What arrived by mail for an owner and waits, and what was kept out: read from their partition. */
export interface MailArrivals {
  /**
   * A page of the files that wait (newest first, from the one after `after`), and the newest
   * notes of what was kept out. A file past its time (`expiresAt`, at `now`) no longer waits.
   */
  list(owner: string, page?: { after?: string; now?: Date }): Promise<MailArrivalsResponse>;
  /**
   * Records a file that waits (its bytes are stored through the object store first), until
   * its `expiresAt`, when the table's TTL removes it; `messageId`: SES's, for the operator.
   * Throws OwnerClosing, recording nothing, when the owner's account is being closed.
   */
  record(owner: string, arrival: MailArrival & { expiresAt: string }, messageId: string): Promise<void>;
  /** How many files wait for the owner (at `now`), and their bytes. */
  waitingTotals(owner: string, now?: Date): Promise<{ files: number; bytes: number }>;
  /** One waiting file, if it waits (at `now`: one past its time does not). */
  waiting(owner: string, statementId: string, now?: Date): Promise<WaitingFile | undefined>;
  /** Lets a waiting file's record go (its bytes go through the object store). */
  discard(owner: string, statementId: string): Promise<void>;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const mailFrom = (item: Record<string, unknown> | undefined): MailFrom => ({
  from: text(item?.from),
  subject: text(item?.subject),
  receivedAt: text(item?.receivedAt),
});

const readValue = (item: unknown): ReadValue | undefined => {
  const value = item as { value?: unknown; detail?: unknown } | undefined;
  return typeof value?.value === 'string' ? { value: value.value, detail: text(value.detail) } : undefined;
};

/**
 * When a waiting file's time ends: its record's `expiresAt`, or for a record written before
 * waiting ended (none), the time its mail's file has in the bucket (the `arrived/` lifecycle
 * counts from when it was stored, as the mail came).
 */
const expiresAtOf = (item: Record<string, unknown>): string | undefined => {
  if (typeof item.expiresAt === 'string') return item.expiresAt;
  const receivedAt = (item.mail as Record<string, unknown> | undefined)?.receivedAt;
  return typeof receivedAt === 'string' && Number.isFinite(Date.parse(receivedAt)) ? arrivedExpiresAt(receivedAt) : undefined;
};

/** Whether a record of a waiting file is past its time. */
const expired = (item: Record<string, unknown>, now: Date): boolean => {
  const at = expiresAtOf(item);
  return at !== undefined && at <= now.toISOString();
};

export const dynamoMailArrivals = (tableName: string, client: DynamoDBClient): MailArrivals => {
  const { documents, transact, queryAll } = tableAccess(tableName, client);
  const key = (owner: string, statementId: string) => ({
    [pk]: TABLE_KEYS.userPartition(owner),
    [sk]: TABLE_KEYS.arrivedSort(statementId),
  });
  const newest = async (owner: string, prefix: string, limit: number, after?: Record<string, string>) =>
    documents.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': pk, '#sk': sk },
        ExpressionAttributeValues: { ':pk': TABLE_KEYS.userPartition(owner), ':prefix': prefix },
        ScanIndexForward: false,
        Limit: limit,
        ConsistentRead: true,
        // The page goes on from a key of the caller's own partition: the owner is never the caller's to name.
        ...(after ? { ExclusiveStartKey: after } : {}),
      }),
    );
  return {
    async record(owner, arrival, messageId) {
      const { period, account } = arrival;
      try {
        // With no deletion begun, as every write that makes something under an owner.
        await transact([
          ownerStillOpen(tableName, owner),
          {
            Put: {
              TableName: tableName,
              Item: {
                ...key(owner, arrival.id),
                id: arrival.id,
                fileName: arrival.fileName,
                contentType: arrival.contentType,
                size: arrival.size,
                reason: arrival.reason,
                ...(period ? { period: { value: period.value, detail: period.detail } } : {}),
                ...(account ? { account: { value: account.value, detail: account.detail } } : {}),
                mail: { messageId, ...arrival.mail },
                expiresAt: arrival.expiresAt,
                [TABLE_KEYS.expiryAttribute]: Math.floor(Date.parse(arrival.expiresAt) / 1000),
              },
            },
          },
        ]);
      } catch (error) {
        if (conditionFailed(error, 0)) throw new OwnerClosing();
        throw error;
      }
    },
    async waitingTotals(owner, now = new Date()) {
      const totals = { files: 0, bytes: 0 };
      // Bounded by MAIL_LIMITS.arrivedMaxFiles, which is what this is asked to keep.
      for await (const item of queryAll({
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ProjectionExpression: '#size, expiresAt, mail.receivedAt',
        ExpressionAttributeNames: { '#pk': pk, '#sk': sk, '#size': 'size' },
        ExpressionAttributeValues: { ':pk': TABLE_KEYS.userPartition(owner), ':prefix': TABLE_KEYS.arrivedSortPrefix },
      })) {
        if (expired(item, now)) continue;
        totals.files++;
        totals.bytes += Number(item.size ?? 0);
      }
      return totals;
    },
    async waiting(owner, statementId, now = new Date()) {
      const { Item: item } = await documents.send(
        new GetCommand({ TableName: tableName, Key: key(owner, statementId), ConsistentRead: true }),
      );
      return item && !expired(item, now)
        ? { fileName: text(item.fileName), contentType: text(item.contentType), size: Number(item.size ?? 0) }
        : undefined;
    },
    async discard(owner, statementId) {
      await documents.send(new DeleteCommand({ TableName: tableName, Key: key(owner, statementId) }));
    },
    async list(owner, { after, now = new Date() } = {}) {
      const [arrivedPage, notePage] = await Promise.all([
        newest(owner, TABLE_KEYS.arrivedSortPrefix, MAIL_LISTS.arrived, after ? key(owner, after) : undefined),
        newest(owner, TABLE_KEYS.mailNoteSortPrefix, MAIL_LISTS.keptOut),
      ]);
      const last = arrivedPage.LastEvaluatedKey?.[sk];
      const nextArrived = typeof last === 'string' ? last.slice(TABLE_KEYS.arrivedSortPrefix.length) : undefined;
      const noteItems = notePage.Items ?? [];
      const arrived = (arrivedPage.Items ?? [])
        .filter((item) => !expired(item, now))
        .map((item): MailArrival => {
          const period = readValue(item.period);
          const account = readValue(item.account);
          return {
            id: text(item.id),
            fileName: text(item.fileName),
            contentType: text(item.contentType),
            size: Number(item.size ?? 0),
            reason: text(item.reason),
            ...(period ? { period } : {}),
            ...(account ? { account } : {}),
            mail: mailFrom(item.mail as Record<string, unknown>),
            ...(expiresAtOf(item) ? { expiresAt: expiresAtOf(item) } : {}),
          };
        });
      const keptOut = noteItems.map((item): MailKeptOut => {
        const more = Number(item.more ?? 0);
        return {
          mail: mailFrom(item),
          reason: text(item.reason),
          files: (Array.isArray(item.skipped) ? item.skipped : []).map((skip: Record<string, unknown>) => ({
            fileName: text(skip.fileName),
            reason: text(skip.reason),
          })),
          ...(more > 0 ? { more } : {}),
        };
      });
      return { arrived, keptOut, ...(nextArrived ? { nextArrived } : {}) };
    },
  };
};
