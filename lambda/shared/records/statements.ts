import { TABLE_KEYS, accountKeyOf, statementListPartitions, type Statement } from '../../../contract';
import { releaseHeld } from './holds';
import type { RecordStore, StatementChange } from './port';
import {
  accountSummaryUpdate,
  nameAccountByOldest,
  periodSummaryUpdate,
  quotaUpdate,
  removeEmptySummaries,
  summaryUpdates,
} from './summaries';
import {
  LISTED,
  cancellationCodes,
  conditionFailed,
  pk,
  sk,
  statementItemKey,
  stripKeys,
  uploadKey,
  type TableAccess,
  type TransactItem,
} from './table';

/**
 * Statements: the record in the owner's partition, its copies in the list partitions
 * (by account, by period, all), and its share of the summaries, written in one transaction.
 */
export const listCopies = (tableName: string, statement: Statement): TransactItem[] =>
  statementListPartitions(statement).map((partition) => ({
    Put: { TableName: tableName, Item: { ...statement, [pk]: partition, [sk]: TABLE_KEYS.statementSort(statement.id) } },
  }));

/** How often an edit reads and writes again when the statement changed in between. */
const EDIT_ATTEMPTS = 4;

/**
 * The items of one edit: the record, changed only if it still is what was read (its
 * fields, its verdict, whether it is listed); for a listed statement also its list copies
 * (removed from the partitions it leaves, written again in the ones it is in) and its
 * account and period summaries (one out, one in, for what changed).
 */
const editItems = (tableName: string, listed: boolean, before: Statement, after: Statement, change: StatementChange): TransactItem[] => {
  const fields = Object.keys(change) as (keyof StatementChange)[];
  const record: TransactItem = {
    Update: {
      TableName: tableName,
      Key: statementItemKey(before.owner, before.id),
      UpdateExpression: `SET ${fields.map((field) => `#${field} = :${field}`).join(', ')}`,
      ConditionExpression: [
        ...(['fileName', 'accountLabel', 'period', 'status'] as const).map((field) => `#${field} = :was_${field}`),
        listed ? '#listed = :true' : 'attribute_not_exists(#listed)',
      ].join(' AND '),
      ExpressionAttributeNames: {
        ...Object.fromEntries(['fileName', 'accountLabel', 'period', 'status'].map((field) => [`#${field}`, field])),
        '#listed': LISTED,
      },
      ExpressionAttributeValues: {
        ...Object.fromEntries(fields.map((field) => [`:${field}`, after[field]])),
        ...Object.fromEntries((['fileName', 'accountLabel', 'period', 'status'] as const).map((field) => [`:was_${field}`, before[field]])),
        ...(listed ? { ':true': true } : {}),
      },
    },
  };
  if (!listed) return [record];
  const leaving = statementListPartitions(before).filter((partition) => !statementListPartitions(after).includes(partition));
  const movedAccount = accountKeyOf(before.accountLabel) !== accountKeyOf(after.accountLabel);
  const movedPeriod = before.period !== after.period;
  return [
    record,
    ...leaving.map((partition) => ({
      Delete: { TableName: tableName, Key: { [pk]: partition, [sk]: TABLE_KEYS.statementSort(before.id) } },
    })),
    ...listCopies(tableName, after),
    ...(movedAccount ? [accountSummaryUpdate(tableName, before, -1), accountSummaryUpdate(tableName, after, 1)] : []),
    ...(movedPeriod ? [periodSummaryUpdate(tableName, before, -1), periodSummaryUpdate(tableName, after, 1)] : []),
  ];
};

/** The statements' part of the record store. */
export const statementRecords = (
  access: TableAccess,
): Pick<RecordStore, 'getStatement' | 'putStatement' | 'listStatement' | 'editStatement' | 'deleteStatement' | 'setStatementStatus'> => {
  const { tableName, transact, get } = access;

  /** Adds a statement (new, or listed from an earlier release): `first` is the item that makes it happen once. */
  const addStatement = async (statement: Statement, first: TransactItem): Promise<boolean> => {
    const { owner, id, size } = statement;
    // Two tries: an upload's held place may be released by the sweep between the read and the write.
    for (let attempt = 1; attempt <= 2; attempt++) {
      const held = await get(uploadKey(owner, id));
      const quota: TransactItem[] = held
        ? [
            // The upload's place becomes the statement's.
            ...releaseHeld(tableName, held, owner, id),
            quotaUpdate(tableName, owner, { statements: 1, bytes: size, slotBytes: size - Number(held.size ?? 0) }),
          ]
        : [quotaUpdate(tableName, owner, { statements: 1, bytes: size, slots: 1, slotBytes: size })];
      try {
        await transact([first, ...listCopies(tableName, statement), ...summaryUpdates(tableName, statement, 1), ...quota]);
      } catch (error) {
        if (conditionFailed(error, 0)) return false;
        // The item that checks the held place: after the record, its list copies and two summaries.
        const heldAt = 1 + statementListPartitions(statement).length + 2;
        if (held && conditionFailed(error, heldAt) && attempt === 1) continue;
        throw error;
      }
      await nameAccountByOldest(access, statement);
      return true;
    }
    return false;
  };

  return {
    async getStatement(owner, statementId) {
      const item = await get(statementItemKey(owner, statementId));
      return item ? stripKeys(item) : undefined;
    },
    async putStatement(statement) {
      return addStatement(statement, {
        Put: {
          TableName: tableName,
          Item: { ...statement, ...statementItemKey(statement.owner, statement.id), [LISTED]: true },
          ConditionExpression: 'attribute_not_exists(#pk)',
          ExpressionAttributeNames: { '#pk': pk },
        },
      });
    },
    async listStatement(statement) {
      return addStatement(statement, {
        Update: {
          TableName: tableName,
          Key: statementItemKey(statement.owner, statement.id),
          UpdateExpression: 'SET #listed = :true',
          ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(#listed)',
          ExpressionAttributeNames: { '#pk': pk, '#listed': LISTED },
          ExpressionAttributeValues: { ':true': true },
        },
      });
    },
    async editStatement(owner, statementId, change) {
      // Tried again while something else changes the statement between the read and the write.
      for (let attempt = 1; attempt <= EDIT_ATTEMPTS; attempt++) {
        const item = await get(statementItemKey(owner, statementId));
        if (!item) return undefined;
        const before = stripKeys(item);
        const after: Statement = { ...before, ...change };
        if (after.fileName === before.fileName && after.accountLabel === before.accountLabel && after.period === before.period)
          return before;
        try {
          await transact(editItems(tableName, item[LISTED] === true, before, after, change));
        } catch (error) {
          if (conditionFailed(error, 0)) continue;
          throw error;
        }
        if (item[LISTED] === true) {
          await removeEmptySummaries(access, before);
          await nameAccountByOldest(access, after);
        }
        return after;
      }
      throw Object.assign(new Error('The statement kept changing while it was edited; try again.'), { name: 'EditConflict' });
    },
    async deleteStatement(owner, statementId) {
      // Two tries: the sweep may list an earlier release's record between the read and the write.
      let statement: Statement | undefined;
      for (let attempt = 1; attempt <= 2 && !statement; attempt++) {
        const item = await get(statementItemKey(owner, statementId));
        if (!item) return false;
        const listed = item[LISTED] === true;
        const read = stripKeys(item);
        try {
          await transact([
            {
              // Exactly the record read: a concurrent delete, listing or edit (which moves its
              // copies and summaries) makes this one read again.
              Delete: {
                TableName: tableName,
                Key: statementItemKey(owner, statementId),
                ...(listed
                  ? {
                      ConditionExpression: '#listed = :true AND accountLabel = :account AND period = :period',
                      ExpressionAttributeNames: { '#listed': LISTED },
                      ExpressionAttributeValues: { ':true': true, ':account': read.accountLabel, ':period': read.period },
                    }
                  : {
                      ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(#listed)',
                      ExpressionAttributeNames: { '#pk': pk, '#listed': LISTED },
                    }),
              },
            },
            ...(listed
              ? [
                  ...statementListPartitions(read).map((partition) => ({
                    Delete: { TableName: tableName, Key: { [pk]: partition, [sk]: TABLE_KEYS.statementSort(statementId) } },
                  })),
                  ...summaryUpdates(tableName, read, -1),
                  quotaUpdate(tableName, owner, { statements: -1, bytes: -read.size, slots: -1, slotBytes: -read.size }),
                ]
              : []),
          ]);
          statement = read;
        } catch (error) {
          if (!conditionFailed(error)) throw error;
        }
      }
      if (!statement) return false;
      await removeEmptySummaries(access, statement);
      return true;
    },
    async setStatementStatus(owner, statementId, status, detail) {
      // Read again when an edit moved the statement's copies between the read and the write.
      for (let attempt = 1; attempt <= EDIT_ATTEMPTS; attempt++) {
        const item = await get(statementItemKey(owner, statementId));
        if (!item) return false;
        const statement = stripKeys(item);
        const partitions = item[LISTED] === true ? statementListPartitions(statement) : [];
        const keys = [
          statementItemKey(owner, statementId),
          ...partitions.map((partition) => ({ [pk]: partition, [sk]: TABLE_KEYS.statementSort(statementId) })),
        ];
        try {
          await transact(
            keys.map((Key, index) => ({
              Update: {
                TableName: tableName,
                Key,
                UpdateExpression: detail ? 'SET #status = :status, scanDetail = :detail' : 'SET #status = :status REMOVE scanDetail',
                // Only what exists (a delete racing the verdict wins), and the record as read.
                ConditionExpression:
                  index === 0 ? 'attribute_exists(#pk) AND accountLabel = :account AND period = :period' : 'attribute_exists(#pk)',
                ExpressionAttributeNames: { '#pk': pk, '#status': 'status' },
                ExpressionAttributeValues: {
                  ':status': status,
                  ...(detail ? { ':detail': detail } : {}),
                  ...(index === 0 ? { ':account': statement.accountLabel, ':period': statement.period } : {}),
                },
              },
            })),
          );
          return true;
        } catch (error) {
          if (!cancellationCodes(error).includes('ConditionalCheckFailed')) throw error;
        }
      }
      return false;
    },
  };
};
