import { TABLE_KEYS, statementListPartitions, type Statement } from '../../../contract';
import { releaseHeld } from './holds';
import type { RecordStore } from './port';
import { nameAccountByOldest, quotaUpdate, removeEmptySummaries, summaryUpdates } from './summaries';
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

/** The statements' part of the record store. */
export const statementRecords = (
  access: TableAccess,
): Pick<RecordStore, 'getStatement' | 'putStatement' | 'listStatement' | 'deleteStatement' | 'setStatementStatus'> => {
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
              // Exactly the record read: a concurrent delete or listing makes this one step aside.
              Delete: {
                TableName: tableName,
                Key: statementItemKey(owner, statementId),
                ...(listed
                  ? {
                      ConditionExpression: '#listed = :true',
                      ExpressionAttributeNames: { '#listed': LISTED },
                      ExpressionAttributeValues: { ':true': true },
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
          keys.map((Key) => ({
            Update: {
              TableName: tableName,
              Key,
              UpdateExpression: detail ? 'SET #status = :status, scanDetail = :detail' : 'SET #status = :status REMOVE scanDetail',
              // Only what exists: a delete racing the verdict wins.
              ConditionExpression: 'attribute_exists(#pk)',
              ExpressionAttributeNames: { '#pk': pk, '#status': 'status' },
              ExpressionAttributeValues: { ':status': status, ...(detail ? { ':detail': detail } : {}) },
            },
          })),
        );
        return true;
      } catch (error) {
        if (cancellationCodes(error).includes('ConditionalCheckFailed')) return false;
        throw error;
      }
    },
  };
};
