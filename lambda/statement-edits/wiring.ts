import type { Tracer } from '@aws-lambda-powertools/tracer';
import type { HandlerEnvironment } from '../shared/environment';
import type { Log } from '../shared/log';
import { dynamoRecordStore } from '../shared/records';
import { createDynamoDbClient, type AwsAccess } from '../shared/runtime';
import { dynamoSearchIndex } from '../shared/search/index-store';
import { createStatementEdits } from './core';

/** The resolver with its DynamoDB client, made at the first invocation (handler.ts). */
export const statementEditsOf = (settings: HandlerEnvironment, access: AwsAccess, log: Log, tracer: Tracer) => {
  const client = tracer.captureAWSv3Client(createDynamoDbClient(access));
  return createStatementEdits({
    records: dynamoRecordStore(settings.tableName, client),
    log,
    search: dynamoSearchIndex(settings.tableName, client),
  });
};
