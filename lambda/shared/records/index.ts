import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { accountNameRecords } from './account-names';
import { holdRecords } from './holds';
import { ownerRecords } from './owner-records';
import type { RecordStore } from './port';
import { profileRecords } from './profile';
import { statementRecords } from './statements';
import { summaryRecords } from './summaries';
import { tableAccess } from './table';
import { trashRecords } from './trash';

export type * from './port';
export { COVERAGE_IDS, IDENTIFIER_KEYS_ATTRIBUTE } from './summaries';

/**
 * The record store on DynamoDB: one table, each concern in its own file (statements and
 * their list copies, Recently deleted, summaries, quota holds, the profile, the sweep's reading of an owner).
 */
export const dynamoRecordStore = (tableName: string, client: DynamoDBClient): RecordStore => {
  const access = tableAccess(tableName, client);
  return {
    ...statementRecords(access),
    ...trashRecords(access),
    ...holdRecords(access),
    ...summaryRecords(access),
    ...profileRecords(access),
    ...ownerRecords(access),
    ...accountNameRecords(access),
  };
};
