import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { addDays, type ExpectationStatement } from '../../../contract/accounts/expected';
import type { AccountSchedule } from '../../../contract/accounts/schedule';
import { STATEMENT_STATUS } from '../../../contract/entities';
import { TABLE_KEYS } from '../../../contract/keys';
import { ignoreConditionFailure, pk, sk, tableAccess } from '../records/table';

/** An account due for a look: its entry in the due partition. */
export interface DueEntry {
  day: string;
  owner: string;
  accountKey: string;
}

/** What the reminders read of one account: its name, its schedule and its available statements' days. */
export interface AccountExpectationFacts {
  label: string;
  schedule: AccountSchedule;
  /** Days after its usual day a statement is late, as the person set it; undefined: the default. */
  graceDays?: number;
  /** The day its due entry holds, if any. */
  dueOn?: string;
  statements: ExpectationStatement[];
}

/** The reminders' reads and writes of the table. */
export interface ReminderStore {
  /** Entries due on or before `day`, oldest first, at most `limit`. */
  dueUpTo(day: string, limit: number): Promise<DueEntry[]>;
  /** The account's facts; undefined once it holds no statement (or its owner's vault was closed). */
  account(owner: string, accountKey: string): Promise<AccountExpectationFacts | undefined>;
  /**
   * Puts the account's due entry on `day` (none when undefined), removing the one it held
   * (`previous`), only while the account still exists; its entry goes otherwise.
   */
  setDue(owner: string, accountKey: string, day: string | undefined, previous: string | undefined): Promise<void>;
  /** Removes one due entry (its account is gone). */
  dropDue(entry: DueEntry): Promise<void>;
  /** Records a late statement as told; false when it already was (told once, across retries and runs). */
  recordNotice(owner: string, accountKey: string, period: string, at: string): Promise<boolean>;
}

/** Days a due entry is kept past its day if no run reaches it: the table's time to live removes it then. */
const DUE_KEPT_DAYS = 60;

const epochSeconds = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000);

const dueKey = (day: string, owner: string, accountKey: string) => ({
  [pk]: TABLE_KEYS.duePartition,
  [sk]: TABLE_KEYS.dueSort(day, owner, accountKey),
});

/** The entry a due sort key names: its day (fixed length), the owner (a sub: no `|`), then the account's key (which may hold one). */
export const dueEntryOf = (sortKey: string): DueEntry | undefined => {
  const match = /^(\d{4}-\d{2}-\d{2})\|([^|]+)\|(.+)$/.exec(sortKey);
  return match ? { day: match[1], owner: match[2], accountKey: match[3] } : undefined;
};

export const dynamoReminderStore = (tableName: string, client: DynamoDBClient): ReminderStore => {
  const table = tableAccess(tableName, client);
  const { documents } = table;
  const accountKey = (owner: string, key: string) => ({ [pk]: TABLE_KEYS.userPartition(owner), [sk]: TABLE_KEYS.accountSort(key) });
  return {
    async dueUpTo(day, limit) {
      const { Items } = await documents.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: '#pk = :pk AND #sk < :after',
          ExpressionAttributeNames: { '#pk': pk, '#sk': sk },
          // Every entry of `day` sorts before the next day's first.
          ExpressionAttributeValues: { ':pk': TABLE_KEYS.duePartition, ':after': addDays(day, 1) },
          Limit: limit,
          ConsistentRead: true,
        }),
      );
      return (Items ?? []).flatMap((item) => dueEntryOf(String(item[sk])) ?? []);
    },

    async account(owner, key) {
      const summary = await table.get(accountKey(owner, key));
      if (!summary) return undefined;
      // An owner of an earlier release has two copies of each: kept once, by id.
      const statements = new Map<string, ExpectationStatement>();
      for await (const item of table.queryAll({
        KeyConditionExpression: '#pk = :pk',
        ProjectionExpression: '#id, #period, #status, #uploadedAt, #balances.#to',
        ExpressionAttributeNames: {
          '#pk': pk,
          '#id': 'id',
          '#period': 'period',
          '#status': 'status',
          '#uploadedAt': 'uploadedAt',
          '#balances': 'balances',
          '#to': 'to',
        },
        ExpressionAttributeValues: { ':pk': TABLE_KEYS.accountList(owner, key) },
      })) {
        // A quarantined file (or one still scanned) is no statement yet.
        if (item.status !== STATEMENT_STATUS.available) continue;
        statements.set(String(item.id), {
          period: String(item.period),
          to: typeof item.balances?.to === 'string' ? item.balances.to : undefined,
          filedAt: typeof item.uploadedAt === 'string' ? item.uploadedAt : undefined,
        });
      }
      return {
        label: String(summary.label ?? key),
        schedule: {
          cadence: (summary.cadence as AccountSchedule['cadence']) ?? undefined,
          statementsFrom: (summary.statementsFrom as string | undefined) ?? undefined,
          closedAfter: (summary.closedAfter as string | undefined) ?? undefined,
        },
        graceDays: typeof summary.graceDays === 'number' ? summary.graceDays : undefined,
        dueOn: typeof summary[TABLE_KEYS.dueOnAttribute] === 'string' ? String(summary[TABLE_KEYS.dueOnAttribute]) : undefined,
        statements: [...statements.values()],
      };
    },

    async setDue(owner, key, day, previous) {
      if (day === previous) return;
      const items = [
        day
          ? {
              Update: {
                TableName: tableName,
                Key: accountKey(owner, key),
                UpdateExpression: 'SET #dueOn = :day',
                ConditionExpression: 'attribute_exists(#pk)',
                ExpressionAttributeNames: { '#dueOn': TABLE_KEYS.dueOnAttribute, '#pk': pk },
                ExpressionAttributeValues: { ':day': day },
              },
            }
          : {
              Update: {
                TableName: tableName,
                Key: accountKey(owner, key),
                UpdateExpression: 'REMOVE #dueOn',
                ConditionExpression: 'attribute_exists(#pk)',
                ExpressionAttributeNames: { '#dueOn': TABLE_KEYS.dueOnAttribute, '#pk': pk },
              },
            },
        ...(day
          ? [
              {
                Put: {
                  TableName: tableName,
                  Item: { ...dueKey(day, owner, key), [TABLE_KEYS.expiryAttribute]: epochSeconds(addDays(day, DUE_KEPT_DAYS)) },
                },
              },
            ]
          : []),
        ...(previous ? [{ Delete: { TableName: tableName, Key: dueKey(previous, owner, key) } }] : []),
      ];
      try {
        await table.transact(items);
      } catch (error) {
        // The account went meanwhile (its last statement deleted, its vault closed): only its old entry goes.
        if ((error as Error).name !== 'TransactionCanceledException') throw error;
        if (previous) await this.dropDue({ day: previous, owner, accountKey: key });
      }
    },

    async dropDue({ day, owner, accountKey: key }) {
      await documents.send(new DeleteCommand({ TableName: tableName, Key: dueKey(day, owner, key) }));
    },

    async recordNotice(owner, key, period, at) {
      try {
        await documents.send(
          new PutCommand({
            TableName: tableName,
            Item: { [pk]: TABLE_KEYS.userPartition(owner), [sk]: TABLE_KEYS.noticeSort(key, period), toldAt: at },
            ConditionExpression: 'attribute_not_exists(#pk)',
            ExpressionAttributeNames: { '#pk': pk },
          }),
        );
        return true;
      } catch (error) {
        ignoreConditionFailure(error as Error);
        return false;
      }
    },
  };
};
