import type { Tracer } from '@aws-lambda-powertools/tracer';
import type { HandlerEnvironment } from '../shared/environment';
import type { Log } from '../shared/log';
import { createDynamoDbClient, type AwsAccess } from '../shared/runtime';
import { ownerKeysWith } from '../shared/secrets';
import { dynamoSearchIndex } from '../shared/search/index-store';
import { createStatementSearch } from './core';
import { dynamoStatementOrder } from './order';

/** The resolver with its DynamoDB client, made at the first invocation (handler.ts). */
export const statementSearchOf = (settings: HandlerEnvironment, access: AwsAccess, log: Log, tracer: Tracer) => {
  const client = tracer.captureAWSv3Client(createDynamoDbClient(access));
  return createStatementSearch({
    index: dynamoSearchIndex(settings.tableName, client),
    order: dynamoStatementOrder(settings.tableName, client),
    log,
    ownerKey: ownerKeysWith(settings, access),
  });
};
