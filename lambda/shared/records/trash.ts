import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS, statementAccountKey } from '../../../contract/keys';
import { purgeAtOf } from '../../../contract/recently-deleted';
import type { DeletedStatement, Statement } from '../../../contract/entities';
import type { PurgeEntry, RecordStore } from './port';
import { allCopies, asRead, copyKey, listCopies } from './statements';
import { nameAccountByOldest, quotaUpdate, removeEmptySummaries, summaryUpdates } from './summaries';
import {
  IDENTIFIERS_HIDDEN,
  INDEXED,
  LISTED,
  ORDERED,
  PURGING,
  conditionFailed,
  deletedItemKey,
  ignoreConditionFailure,
  OwnerClosing,
  ownerStillOpen,
  pk,
  purgeEntryKey,
  sk,
  statementItemKey,
  stripKeys,
  type TableAccess,
  type TransactItem,
} from './table';

/**
 * Recently deleted. A deleted statement's record moves whole from `STATEMENT#{id}` to
 * `TRASH#{id}` in the transaction that takes its list copies and its share of the account,
 * coverage and period summaries away, so nothing that reads statements (the lists, search,
 * coverage, a statement's page, downloads, edits) sees it; its file stays where it is. It
 * keeps its place under the quota, counted as deleted. Restoring reverses the same
 * transaction; deleting for good marks it `purging` first (no restore from then on), then
 * the file's versions go, then the record and its place.
 */
const deletedOf = (item: Record<string, unknown>): DeletedStatement & { purging: boolean } => {
  const { [PURGING]: purging, ...rest } = item;
  return { ...(stripKeys(rest) as DeletedStatement), purging: purging === true };
};

/** The record as it was before it was deleted: without when it was deleted and goes. */
const statementOf = (deleted: DeletedStatement): Statement => {
  const { deletedAt: _deletedAt, purgeAt: _purgeAt, purging: _purging, ...statement } = deleted as DeletedStatement & { purging?: boolean };
  return statement;
};

/** How often a move reads and writes again while something else changes the statement in between. */
const ATTEMPTS = 4;

export const trashRecords = (
  access: TableAccess,
): Pick<
  RecordStore,
  'trashStatement' | 'getDeleted' | 'restoreStatement' | 'beginPurge' | 'finishPurge' | 'duePurges' | 'dropPurgeEntry'
> => {
  const { tableName, transact, get, documents, queryAll } = access;

  return {
    async trashStatement(owner, statementId, deletedAt) {
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        const item = await get(statementItemKey(owner, statementId));
        if (!item) return undefined;
        const listed = item[LISTED] === true;
        const statement = stripKeys(item);
        const deleted: DeletedStatement = { ...statement, deletedAt, purgeAt: purgeAtOf(deletedAt) };
        const read = asRead(statement);
        const items: TransactItem[] = [
          {
            // Exactly the record read: an edit, a verdict or another delete in between reads again.
            Delete: {
              TableName: tableName,
              Key: statementItemKey(owner, statementId),
              ConditionExpression: [...read.conditions, listed ? '#listed = :true' : 'attribute_not_exists(#listed)'].join(' AND '),
              ExpressionAttributeNames: { ...read.names, '#listed': LISTED },
              ExpressionAttributeValues: { ...read.values, ...(listed ? { ':true': true } : {}) },
            },
          },
          {
            Put: {
              TableName: tableName,
              // Its search postings stay: they still describe it, and nothing reads them without its record.
              Item: {
                ...deleted,
                ...deletedItemKey(owner, statementId),
                ...(item[INDEXED] !== undefined ? { [INDEXED]: item[INDEXED] } : {}),
                ...(item[IDENTIFIERS_HIDDEN] === true ? { [IDENTIFIERS_HIDDEN]: true } : {}),
              },
              ConditionExpression: 'attribute_not_exists(#pk)',
              ExpressionAttributeNames: { '#pk': pk },
            },
          },
          { Put: { TableName: tableName, Item: { ...purgeEntryKey(deleted.purgeAt, owner, statementId), owner, statementId } } },
          ...(listed
            ? [
                ...allCopies(statement).map((copy) => ({ Delete: { TableName: tableName, Key: copyKey(copy) } })),
                ...summaryUpdates(tableName, statement, -1),
                quotaUpdate(tableName, owner, { deletedStatements: 1, deletedBytes: statement.size }),
              ]
            : // A record of an earlier release was never counted: it is counted now, as deleted.
              [
                quotaUpdate(tableName, owner, {
                  statements: 1,
                  bytes: statement.size,
                  slots: 1,
                  slotBytes: statement.size,
                  deletedStatements: 1,
                  deletedBytes: statement.size,
                }),
              ]),
        ];
        try {
          await transact(items);
        } catch (error) {
          if (conditionFailed(error, 0)) continue;
          throw error;
        }
        if (listed) await removeEmptySummaries(access, statement);
        return deleted;
      }
      throw Object.assign(new Error('The statement kept changing while it was deleted; try again.'), { name: 'EditConflict' });
    },

    async getDeleted(owner, statementId) {
      const item = await get(deletedItemKey(owner, statementId));
      return item ? deletedOf(item) : undefined;
    },

    async restoreStatement(owner, statementId) {
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        const item = await get(deletedItemKey(owner, statementId));
        if (!item) return 'gone';
        const deleted = deletedOf(item);
        if (deleted.purging) return 'purging';
        // Back where it was, but filed anew: the shares it left when it was deleted stay without it.
        const restored = statementOf(deleted);
        const statement: Statement = { ...restored, accountKey: statementAccountKey(restored), filedAt: new Date().toISOString() };
        try {
          await transact([
            {
              // Only as read, and never once its deletion for good has begun.
              Delete: {
                TableName: tableName,
                Key: deletedItemKey(owner, statementId),
                ConditionExpression:
                  'attribute_exists(#pk) AND attribute_not_exists(#purging) AND deletedAt = :deletedAt AND #status = :status',
                ExpressionAttributeNames: { '#pk': pk, '#purging': PURGING, '#status': 'status' },
                ExpressionAttributeValues: { ':deletedAt': deleted.deletedAt, ':status': deleted.status },
              },
            },
            { Delete: { TableName: tableName, Key: purgeEntryKey(deleted.purgeAt, owner, statementId) } },
            {
              Put: {
                TableName: tableName,
                Item: {
                  ...statement,
                  ...statementItemKey(owner, statementId),
                  [LISTED]: true,
                  [ORDERED]: true,
                  ...(item[INDEXED] !== undefined ? { [INDEXED]: item[INDEXED] } : {}),
                  ...(item[IDENTIFIERS_HIDDEN] === true ? { [IDENTIFIERS_HIDDEN]: true } : {}),
                },
                ConditionExpression: 'attribute_not_exists(#pk)',
                ExpressionAttributeNames: { '#pk': pk },
              },
            },
            ...listCopies(tableName, statement),
            ...summaryUpdates(tableName, statement, 1),
            quotaUpdate(tableName, owner, { deletedStatements: -1, deletedBytes: -statement.size }),
            ownerStillOpen(tableName, owner),
          ]);
        } catch (error) {
          if (conditionFailed(error, 0)) continue;
          if (conditionFailed(error, 4 + allCopies(statement).length + summaryUpdates(tableName, statement, 1).length))
            throw new OwnerClosing();
          throw error;
        }
        await nameAccountByOldest(access, statement);
        return statement;
      }
      throw Object.assign(new Error('The statement kept changing while it was restored; try again.'), { name: 'EditConflict' });
    },

    async beginPurge(owner, statementId) {
      try {
        const { Attributes } = await documents.send(
          new UpdateCommand({
            TableName: tableName,
            Key: deletedItemKey(owner, statementId),
            UpdateExpression: 'SET #purging = :true',
            ConditionExpression: 'attribute_exists(#pk)',
            ExpressionAttributeNames: { '#pk': pk, '#purging': PURGING },
            ExpressionAttributeValues: { ':true': true },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes ? deletedOf(Attributes) : undefined;
      } catch (error) {
        ignoreConditionFailure(error as Error);
        return undefined;
      }
    },

    async finishPurge(owner, statementId) {
      const item = await get(deletedItemKey(owner, statementId));
      if (!item || item[PURGING] !== true) return false;
      const deleted = deletedOf(item);
      try {
        await transact([
          {
            Delete: {
              TableName: tableName,
              Key: deletedItemKey(owner, statementId),
              ConditionExpression: '#purging = :true',
              ExpressionAttributeNames: { '#purging': PURGING },
              ExpressionAttributeValues: { ':true': true },
            },
          },
          { Delete: { TableName: tableName, Key: purgeEntryKey(deleted.purgeAt, owner, statementId) } },
          quotaUpdate(tableName, owner, {
            statements: -1,
            bytes: -deleted.size,
            slots: -1,
            slotBytes: -deleted.size,
            deletedStatements: -1,
            deletedBytes: -deleted.size,
          }),
        ]);
        return true;
      } catch (error) {
        // Finished by another run (the sweep and a person's "delete for good" at once).
        if (conditionFailed(error, 0)) return false;
        throw error;
      }
    },

    async duePurges(now) {
      const due: PurgeEntry[] = [];
      const items = queryAll({
        KeyConditionExpression: '#pk = :pk AND #sk < :now',
        ExpressionAttributeNames: { '#pk': pk, '#sk': sk },
        ExpressionAttributeValues: { ':pk': TABLE_KEYS.purgesPartition, ':now': now },
      });
      for await (const item of items) {
        const [purgeAt] = String(item[sk]).split('|');
        due.push({ owner: String(item.owner), statementId: String(item.statementId), purgeAt });
      }
      return due;
    },

    async dropPurgeEntry({ purgeAt, owner, statementId }) {
      await documents.send(new DeleteCommand({ TableName: tableName, Key: purgeEntryKey(purgeAt, owner, statementId) }));
    },
  };
};
