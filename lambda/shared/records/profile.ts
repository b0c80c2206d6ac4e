import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { RecordStore } from './port';
import { conditionFailed, ownerStillOpen, profileKey, type TableAccess } from './table';

/** The owner's profile item: which avatar it names. */
export const profileRecords = ({ documents, tableName, transact }: TableAccess): Pick<RecordStore, 'setAvatar' | 'getAvatarKey'> => ({
  async setAvatar(owner, avatarKey, at) {
    // Once the account is being closed its picture is not set again: the deletion removes it.
    await updateOpenProfile({ tableName, transact }, owner, at, {
      set: avatarKey === undefined ? '' : ', avatarKey = :key',
      remove: avatarKey === undefined ? ' REMOVE avatarKey' : '',
      values: avatarKey === undefined ? {} : { ':key': avatarKey },
    });
  },
  async getAvatarKey(owner) {
    const { Item } = await documents.send(
      new GetCommand({ TableName: tableName, Key: profileKey(owner), ProjectionExpression: 'avatarKey', ConsistentRead: true }),
    );
    return typeof Item?.avatarKey === 'string' ? Item.avatarKey : undefined;
  },
});

/**
 * Sets attributes of the owner's profile item (making it if missing) while their account is
 * open: a profile item made after the deletion emptied the partition would stay behind.
 * `closing` when the deletion has begun, and nothing is written.
 */
export const updateOpenProfile = async (
  { tableName, transact }: Pick<TableAccess, 'tableName' | 'transact'>,
  owner: string,
  at: string,
  update: { set: string; remove?: string; names?: Record<string, string>; values: Record<string, unknown> },
): Promise<'done' | 'closing'> => {
  try {
    await transact([
      {
        Update: {
          TableName: tableName,
          Key: profileKey(owner),
          UpdateExpression: `SET userId = :owner, updatedAt = :at${update.set}${update.remove ?? ''}`,
          ...(update.names ? { ExpressionAttributeNames: update.names } : {}),
          ExpressionAttributeValues: { ':owner': owner, ':at': at, ...update.values },
        },
      },
      ownerStillOpen(tableName, owner),
    ]);
    return 'done';
  } catch (error) {
    if (conditionFailed(error, 1)) return 'closing';
    throw error;
  }
};
