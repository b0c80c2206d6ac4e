import { Tracer } from '@aws-lambda-powertools/tracer';
import { CORRELATION_ID_PATHS, createLogger, powertoolsLog, withLambdaContext } from '../shared/log';
import { SERVICE_NAMES } from '../shared/metrics';
import { createDynamoDbClient, parseEnvironment, type AwsAccess } from '../shared/runtime';
import { dynamoSearchIndex } from '../shared/search/index-store';
import { createStatementSearch, type StatementSearchEvent } from './core';
import { dynamoStatementOrder } from './order';

/** The statement-search resolver's Lambda handler (AppSync invokes it for `search` and `statementNeighbours`). */
export const createStatementSearchHandler = (env: Record<string, string | undefined>, access: AwsAccess = {}) => {
  const settings = parseEnvironment(env);
  const logger = createLogger(SERVICE_NAMES.statementSearch, settings.logLevel);
  const tracer = new Tracer({ serviceName: SERVICE_NAMES.statementSearch });
  const client = tracer.captureAWSv3Client(createDynamoDbClient(access));
  const search = createStatementSearch({
    index: dynamoSearchIndex(settings.tableName, client),
    order: dynamoStatementOrder(settings.tableName, client),
    log: powertoolsLog(logger),
  });
  return withLambdaContext(logger, CORRELATION_ID_PATHS.appsyncResolver, (event: StatementSearchEvent) => search(event), { tracer });
};
