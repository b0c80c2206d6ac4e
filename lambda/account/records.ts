import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ACCOUNT_DELETION, NO_DELETIONS, type AccountDeletion } from '../../contract/account';
import { TABLE_KEYS } from '../../contract/keys';
import { tableAccess } from '../shared/records/table';
import { newDeletionJob, type DeletionJobs, type OwnerPartition, type Partitions } from './deletion';

const { partitionKey: pk, sortKey: sk } = TABLE_KEYS;

/** BatchWriteItem takes at most 25 requests. */
const BATCH = 25;

const jobKey = (owner: string) => ({ [pk]: TABLE_KEYS.deletionsPartition, [sk]: TABLE_KEYS.deletionSort(owner) });

const jobOf = (item: Record<string, unknown>): AccountDeletion => ({
  state: item.state === 'DONE' ? 'DONE' : 'RUNNING',
  ...(typeof item.step === 'string' ? { step: item.step as AccountDeletion['step'] } : {}),
  startedAt: String(item.startedAt),
  updatedAt: String(item.updatedAt),
  ...(typeof item.finishedAt === 'string' ? { finishedAt: item.finishedAt } : {}),
  ...(typeof item.finalPassAt === 'string' ? { finalPassAt: item.finalPassAt } : {}),
  counts: { ...NO_DELETIONS, ...(item.counts as Partial<AccountDeletion['counts']> | undefined) },
});

/** Deletion jobs and the owner's partition, in the product's one table. */
export const dynamoAccountRecords = (tableName: string, client: DynamoDBClient): DeletionJobs & OwnerPartition & Partitions => {
  const { documents, queryAll } = tableAccess(tableName, client);
  const get = async (owner: string) =>
    (await documents.send(new GetCommand({ TableName: tableName, Key: jobKey(owner), ConsistentRead: true }))).Item;

  /** The first keys of a partition, read by key only (the job role may not read a kept password). */
  const firstKeys = async (partition: string, limit: number) =>
    (
      await documents.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: '#pk = :pk',
          ProjectionExpression: '#pk, #sk',
          ExpressionAttributeNames: { '#pk': pk, '#sk': sk },
          ExpressionAttributeValues: { ':pk': partition },
          ConsistentRead: true,
          Limit: limit,
        }),
      )
    ).Items ?? [];

  /** Deletes every item of one partition; how many there were. */
  const deletePartition = async (partition: string): Promise<number> => {
    let deleted = 0;
    // Read a page, delete it, read again from the start: what is deleted no longer pages.
    for (;;) {
      const keys = await firstKeys(partition, 100);
      if (keys.length === 0) return deleted;
      for (let index = 0; index < keys.length; index += BATCH) {
        let requests = keys.slice(index, index + BATCH).map((Key) => ({ DeleteRequest: { Key } }));
        for (let attempt = 0; requests.length > 0; attempt++) {
          if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
          const result = await documents.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
          requests = (result.UnprocessedItems?.[tableName] ?? []) as typeof requests;
        }
      }
      deleted += keys.length;
    }
  };

  return {
    async get(owner) {
      const item = await get(owner);
      return item ? jobOf(item) : undefined;
    },
    async begin(owner, at) {
      const job = newDeletionJob(at);
      try {
        await documents.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...jobKey(owner), owner, ...job },
            ConditionExpression: 'attribute_not_exists(#pk)',
            ExpressionAttributeNames: { '#pk': pk },
          }),
        );
        return job;
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
        // Already begun (a second tab, a repeated request): the job there is is the answer.
        return jobOf((await get(owner))!);
      }
    },
    async save(owner, job) {
      const expiry =
        job.state === 'DONE'
          ? { [TABLE_KEYS.expiryAttribute]: Math.floor(Date.parse(job.updatedAt) / 1000) + ACCOUNT_DELETION.keepRecordSeconds }
          : {};
      await documents.send(new PutCommand({ TableName: tableName, Item: { ...jobKey(owner), owner, ...job, ...expiry } }));
    },
    async stalled(before, doneBefore) {
      const owners: string[] = [];
      for await (const item of queryAll({
        KeyConditionExpression: '#pk = :pk',
        FilterExpression:
          '(#state = :running AND updatedAt < :before) OR (#state = :done AND attribute_not_exists(finalPassAt) AND finishedAt <= :doneBefore)',
        ExpressionAttributeNames: { '#pk': pk, '#state': 'state' },
        ExpressionAttributeValues: {
          ':pk': TABLE_KEYS.deletionsPartition,
          ':running': 'RUNNING',
          ':done': 'DONE',
          ':before': before,
          ':doneBefore': doneBefore,
        },
      })) {
        owners.push(String(item.owner));
      }
      return owners;
    },
    async deletePartitions(partitions) {
      let deleted = 0;
      for (const partition of partitions) deleted += await deletePartition(partition);
      return deleted;
    },
    async partitionsHolding(owner) {
      const partitions = [
        TABLE_KEYS.userPartition(owner),
        TABLE_KEYS.allList(owner),
        TABLE_KEYS.searchPartition(owner),
        TABLE_KEYS.pdfPasswordPartition(owner),
      ];
      const holding = await Promise.all(partitions.map(async (partition) => (await firstKeys(partition, 1)).length > 0));
      return partitions.filter((_, index) => holding[index]);
    },
    async deleteOwnerPartition(owner) {
      // The owner's records and kept PDF passwords (read by their keys only: the job role
      // may not read a password), then their search index and list of all (whatever a
      // statement's own removal left). Only the records count: the index is derived from them, and how much
      // of it there is depends on how far indexing had come, which tells the person nothing.
      const deleted = await deletePartition(TABLE_KEYS.userPartition(owner));
      const passwords = await deletePartition(TABLE_KEYS.pdfPasswordPartition(owner));
      await deletePartition(TABLE_KEYS.searchPartition(owner));
      // Copies in the list of all whose record went another way (each statement's own removal takes its copies).
      await deletePartition(TABLE_KEYS.allList(owner));
      return deleted + passwords;
    },
  };
};
