import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { RecordStore } from './port';
import { conditionFailed, ownerStillOpen, profileKey, type TableAccess } from './table';

/** The owner's profile item: which avatar it names. */
export const profileRecords = ({ documents, tableName, transact }: TableAccess): Pick<RecordStore, 'setAvatar' | 'getAvatarKey'> => ({
  async setAvatar(owner, avatarKey, at) {
    try {
      await transact([
        {
          Update: {
            TableName: tableName,
            Key: profileKey(owner),
            UpdateExpression:
              avatarKey === undefined
                ? 'SET userId = :owner, updatedAt = :at REMOVE avatarKey'
                : 'SET userId = :owner, updatedAt = :at, avatarKey = :key',
            ExpressionAttributeValues: { ':owner': owner, ':at': at, ...(avatarKey === undefined ? {} : { ':key': avatarKey }) },
          },
        },
        // A profile item made after the deletion emptied the partition would stay behind.
        ownerStillOpen(tableName, owner),
      ]);
    } catch (error) {
      if (!conditionFailed(error, 1)) throw error;
    }
  },
  async getAvatarKey(owner) {
    const { Item } = await documents.send(
      new GetCommand({ TableName: tableName, Key: profileKey(owner), ProjectionExpression: 'avatarKey', ConsistentRead: true }),
    );
    return typeof Item?.avatarKey === 'string' ? Item.avatarKey : undefined;
  },
});
