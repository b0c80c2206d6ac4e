import { Tracer } from '@aws-lambda-powertools/tracer';
import { CORRELATION_ID_PATHS, createLogger, powertoolsLog, withLambdaContext } from '../shared/log';
import { SERVICE_NAMES } from '../shared/metrics';
import { dynamoRecordStore } from '../shared/records';
import { createDynamoDbClient, parseEnvironment, type AwsAccess } from '../shared/runtime';
import { dynamoSearchIndex } from '../shared/search/index-store';
import { createStatementEdits, type StatementEditEvent } from './core';

/** The statement-edit resolver's Lambda handler (AppSync invokes it for `editStatements`). */
export const createStatementEditHandler = (env: Record<string, string | undefined>, access: AwsAccess = {}) => {
  const settings = parseEnvironment(env);
  const logger = createLogger(SERVICE_NAMES.statementEdits, settings.logLevel);
  const tracer = new Tracer({ serviceName: SERVICE_NAMES.statementEdits });
  const client = tracer.captureAWSv3Client(createDynamoDbClient(access));
  const edit = createStatementEdits({
    records: dynamoRecordStore(settings.tableName, client),
    log: powertoolsLog(logger),
    search: dynamoSearchIndex(settings.tableName, client),
  });
  return withLambdaContext(logger, CORRELATION_ID_PATHS.appsyncResolver, (event: StatementEditEvent) => edit(event), { tracer });
};
