import type { APIGatewayProxyEvent } from 'aws-lambda';
import { CORRELATION_ID_PATHS, createLogger, powertoolsLog, withLambdaContext } from '../shared/log';
import { dynamoRecordStore } from '../shared/records';
import { createDynamoDbClient, createS3Client, parseEnvironment, type AwsAccess } from '../shared/runtime';
import { Presigner, s3ObjectStore } from '../shared/s3';
import { createStatementsApi } from './core';

/** The statements API's Lambda handler, for an environment and a way to reach AWS. */
export const createStatementsHandler = (env: Record<string, string | undefined>, access: AwsAccess = {}) => {
  const settings = parseEnvironment(env);
  const s3 = createS3Client(access);
  const logger = createLogger('statements-api', settings.logLevel);
  const api = createStatementsApi({
    presigner: new Presigner(s3, settings.bucketName),
    objects: s3ObjectStore(s3, settings.bucketName),
    records: dynamoRecordStore(settings.tableName, createDynamoDbClient(access)),
    log: powertoolsLog(logger),
    cors: { allowedOrigins: settings.allowedOrigins },
  });
  return withLambdaContext(logger, CORRELATION_ID_PATHS.apiGatewayRest, (event: APIGatewayProxyEvent) => api(event));
};
