import { STATEMENT_QUOTA } from '../../../contract/uploads';
import { TABLE_KEYS } from '../../../contract/keys';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { HeldFiling, RecordStore } from './port';
import { quotaUpdate } from './summaries';
import {
  ORDERED,
  VERSION,
  conditionFailed,
  holdKey,
  OwnerClosing,
  ownerStillOpen,
  pk,
  quotaKey,
  quotaOf,
  sk,
  uploadKey,
  type TableAccess,
  type TransactItem,
} from './table';

/** On a place a mailed file holds: what was decided for it (HeldFiling). */
const MAIL_FILING = 'mailFiling';

const heldFilingItem = (filing: HeldFiling): HeldFiling =>
  'waits' in filing
    ? { waits: filing.waits }
    : 'filedByOwner' in filing
      ? { filedByOwner: true }
      : { accountLabel: filing.accountLabel, period: filing.period };

/**
 * Places held under the owner's quota by uploads under way: taken when an upload is signed,
 * given back when it is aborted, refused or expires, and handed to the statement it becomes.
 */
/** Removes an upload's held place and its expiry entry; fails if the place is already gone. */
export const releaseHeld = (tableName: string, held: Record<string, unknown>, owner: string, statementId: string): TransactItem[] => [
  {
    Delete: {
      TableName: tableName,
      Key: uploadKey(owner, statementId),
      ConditionExpression: 'attribute_exists(#pk)',
      ExpressionAttributeNames: { '#pk': pk },
    },
  },
  { Delete: { TableName: tableName, Key: holdKey(held, owner, statementId) } },
];

/** The holds' part of the record store. */
export const holdRecords = (
  access: TableAccess,
): Pick<
  RecordStore,
  'reserveUpload' | 'releaseUpload' | 'refuseUpload' | 'usage' | 'holdsPlace' | 'heldFiling' | 'holdFor' | 'expiredUploads'
> => {
  const { tableName, transact, queryAll, get } = access;
  const holds: ReturnType<typeof holdRecords> = {
    async reserveUpload(owner, statementId, size, expiresAt, filing) {
      const fits = { maxSlots: STATEMENT_QUOTA.maxStatements - 1, maxSlotBytes: STATEMENT_QUOTA.maxBytes - size };
      // First as an owner whose lists read in statement order (a new owner becomes one
      // here, with the QUOTA item); an owner of an earlier release the sweep has not
      // turned yet fails that part and is asked again without it.
      for (const ordered of fits.maxSlotBytes >= 0 ? [true, false] : []) {
        try {
          await transact([
            {
              Update: {
                TableName: tableName,
                Key: quotaKey(owner),
                UpdateExpression: `ADD #slots :one, #slotBytes :size, #v :one${ordered ? ' SET #ordered = :true' : ''}`,
                // No arithmetic in conditions: "one more fits" is "at most max - 1 taken now".
                ConditionExpression: `${ordered ? '(attribute_not_exists(#pk) OR #ordered = :true) AND ' : ''}(attribute_not_exists(#slots) OR (#slots <= :maxSlots AND #slotBytes <= :maxSlotBytes))`,
                ExpressionAttributeNames: {
                  '#slots': 'slots',
                  '#slotBytes': 'slotBytes',
                  '#v': VERSION,
                  ...(ordered ? { '#pk': pk, '#ordered': ORDERED } : {}),
                },
                ExpressionAttributeValues: {
                  ':one': 1,
                  ':size': size,
                  ':maxSlots': fits.maxSlots,
                  ':maxSlotBytes': fits.maxSlotBytes,
                  ...(ordered ? { ':true': true } : {}),
                },
              },
            },
            {
              Put: {
                TableName: tableName,
                Item: {
                  ...uploadKey(owner, statementId),
                  statementId,
                  size,
                  expiresAt,
                  ...(filing ? { [MAIL_FILING]: heldFilingItem(filing) } : {}),
                },
                ConditionExpression: 'attribute_not_exists(#pk)',
                ExpressionAttributeNames: { '#pk': pk },
              },
            },
            { Put: { TableName: tableName, Item: { ...holdKey({ expiresAt }, owner, statementId), owner, statementId } } },
            ownerStillOpen(tableName, owner),
          ]);
          return { ok: true };
        } catch (error) {
          if (conditionFailed(error, 3)) throw new OwnerClosing();
          if (!conditionFailed(error, 0)) throw error;
        }
      }
      return { ok: false, usage: quotaOf(await get(quotaKey(owner))) };
    },
    async releaseUpload(owner, statementId) {
      const held = await get(uploadKey(owner, statementId));
      if (!held) return false;
      const size = Number(held.size ?? 0);
      try {
        await transact([
          ...releaseHeld(tableName, held, owner, statementId),
          quotaUpdate(tableName, owner, { slots: -1, slotBytes: -size }),
        ]);
        return true;
      } catch (error) {
        if ((error as Error).name === 'ConditionalCheckFailedException') return false;
        throw error;
      }
    },
    async refuseUpload(refusal) {
      try {
        await transact([
          {
            Put: {
              TableName: tableName,
              Item: { ...refusal, [pk]: TABLE_KEYS.userPartition(refusal.owner), [sk]: TABLE_KEYS.refusalSort(refusal.id) },
            },
          },
          ownerStillOpen(tableName, refusal.owner),
        ]);
      } catch (error) {
        // Nobody is left to read why: the deletion removes the file and its held place.
        if (conditionFailed(error, 1)) return;
        throw error;
      }
      if (refusal.id !== TABLE_KEYS.avatarRefusalId) await holds.releaseUpload(refusal.owner, refusal.id);
    },
    async usage(owner) {
      return quotaOf(await get(quotaKey(owner)));
    },
    async holdsPlace(owner, statementId) {
      return (await get(uploadKey(owner, statementId))) !== undefined;
    },
    async heldFiling(owner, statementId) {
      const filing = (await get(uploadKey(owner, statementId)))?.[MAIL_FILING] as Record<string, unknown> | undefined;
      if (typeof filing?.waits === 'string') return { waits: filing.waits };
      if (filing?.filedByOwner === true) return { filedByOwner: true };
      return typeof filing?.accountLabel === 'string' && typeof filing.period === 'string'
        ? { accountLabel: filing.accountLabel, period: filing.period }
        : undefined;
    },
    async holdFor(owner, statementId, filing) {
      try {
        await access.documents.send(
          new UpdateCommand({
            TableName: tableName,
            Key: uploadKey(owner, statementId),
            UpdateExpression: 'SET #filing = :filing',
            ConditionExpression: 'attribute_exists(#pk)',
            ExpressionAttributeNames: { '#filing': MAIL_FILING, '#pk': pk },
            ExpressionAttributeValues: { ':filing': heldFilingItem(filing) },
          }),
        );
        return true;
      } catch (error) {
        if ((error as Error).name === 'ConditionalCheckFailedException') return false;
        throw error;
      }
    },
    async expiredUploads(now) {
      const expired: { owner: string; statementId: string }[] = [];
      const items = queryAll({
        KeyConditionExpression: '#pk = :pk AND #sk < :now',
        ExpressionAttributeNames: { '#pk': pk, '#sk': sk },
        ExpressionAttributeValues: { ':pk': TABLE_KEYS.holdsPartition, ':now': now },
      });
      for await (const item of items) expired.push({ owner: String(item.owner), statementId: String(item.statementId) });
      return expired;
    },
  };
  return holds;
};
