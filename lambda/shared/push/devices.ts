import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS } from '../../../contract/keys';
import type { PushDevice, PushSubscriptionJson } from '../../../contract/push';
import { tableAccess } from '../records/table';

const { partitionKey: pk, sortKey: sk } = TABLE_KEYS;

/** A device as the table keeps it: what its owner sees, and the subscription the sender needs. */
export interface StoredDevice extends PushDevice {
  subscription: PushSubscriptionJson;
}

export interface DeviceStore {
  list(owner: string): Promise<StoredDevice[]>;
  /** Keeps a device; `created` when it is new. */
  put(owner: string, device: StoredDevice): Promise<{ created: boolean }>;
  /** `false` when there was no such device. */
  remove(owner: string, deviceId: string): Promise<boolean>;
  removeAll(owner: string): Promise<number>;
  /** Notes when a notice last reached the push service for it (ignored when the device is gone). */
  touch(owner: string, deviceId: string, at: string): Promise<void>;
}

const keyOf = (owner: string, deviceId: string) => ({ [pk]: TABLE_KEYS.userPartition(owner), [sk]: TABLE_KEYS.pushDeviceSort(deviceId) });

const deviceOf = (item: Record<string, unknown>): StoredDevice => {
  const { [pk]: _pk, [sk]: _sk, ...device } = item;
  return device as unknown as StoredDevice;
};

/** The owner's devices, beside their statements in their partition (so closing the account removes them with the rest). */
export const dynamoDeviceStore = (tableName: string, client: DynamoDBClient): DeviceStore => {
  const { documents, queryAll } = tableAccess(tableName, client);
  const list = async (owner: string) => {
    const devices: StoredDevice[] = [];
    for await (const item of queryAll({
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
      ExpressionAttributeNames: { '#pk': pk, '#sk': sk },
      ExpressionAttributeValues: { ':pk': TABLE_KEYS.userPartition(owner), ':prefix': TABLE_KEYS.pushDeviceSortPrefix },
    }))
      devices.push(deviceOf(item));
    return devices;
  };
  return {
    list,
    put: async (owner, device) => {
      const { Attributes } = await documents.send(
        new PutCommand({ TableName: tableName, Item: { ...keyOf(owner, device.deviceId), ...device }, ReturnValues: 'ALL_OLD' }),
      );
      return { created: !Attributes };
    },
    remove: async (owner, deviceId) => {
      const { Attributes } = await documents.send(
        new DeleteCommand({ TableName: tableName, Key: keyOf(owner, deviceId), ReturnValues: 'ALL_OLD' }),
      );
      return Boolean(Attributes);
    },
    removeAll: async (owner) => {
      const devices = await list(owner);
      await Promise.all(
        devices.map((device) => documents.send(new DeleteCommand({ TableName: tableName, Key: keyOf(owner, device.deviceId) }))),
      );
      return devices.length;
    },
    touch: async (owner, deviceId, at) => {
      await documents
        .send(
          new UpdateCommand({
            TableName: tableName,
            Key: keyOf(owner, deviceId),
            UpdateExpression: 'SET lastSentAt = :at',
            ConditionExpression: 'attribute_exists(#pk)',
            ExpressionAttributeNames: { '#pk': pk },
            ExpressionAttributeValues: { ':at': at },
          }),
        )
        .catch((error: Error) => {
          if (error.name !== 'ConditionalCheckFailedException') throw error;
        });
    },
  };
};
