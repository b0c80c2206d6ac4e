import type { Tracer } from '@aws-lambda-powertools/tracer';
import type { HandlerEnvironment } from '../shared/environment';
import type { Log } from '../shared/log';
import { dynamoRecordStore } from '../shared/records';
import { createDynamoDbClient, type AwsAccess } from '../shared/runtime';
import { dynamoSearchIndex } from '../shared/search/index-store';
import { createAccountRename, createBalancesEntry, createStatementEdits, type StatementEditEvent } from './core';

/** The resolver with its DynamoDB client, made at the first invocation (handler.ts). */
export const statementEditsOf = (settings: HandlerEnvironment, access: AwsAccess, log: Log, tracer: Tracer) => {
  const client = tracer.captureAWSv3Client(createDynamoDbClient(access));
  const records = dynamoRecordStore(settings.tableName, client);
  const edit = createStatementEdits({ records, log, search: dynamoSearchIndex(settings.tableName, client) });
  const rename = createAccountRename({ records, log });
  const enter = createBalancesEntry({ records, log });
  return (event: StatementEditEvent) =>
    event.field === 'renameAccount' ? rename(event) : event.field === 'enterBalances' ? enter(event) : edit(event);
};
