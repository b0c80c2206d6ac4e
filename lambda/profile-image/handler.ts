import type { APIGatewayProxyEvent } from 'aws-lambda';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { CORRELATION_ID_PATHS, createLogger, powertoolsLog, withLambdaContext } from '../shared/log';
import { refuseClosingAccounts } from '../account/closing';
import { dynamoAccountRecords } from '../account/records';
import { dynamoRecordStore } from '../shared/records';
import { createDynamoDbClient, createS3Client, parseEnvironment, type AwsAccess } from '../shared/runtime';
import { Presigner } from '../shared/s3';
import { createProfileImageApi } from './core';

/** The profile image API's Lambda handler, for an environment and a way to reach AWS. */
export const createProfileImageHandler = (env: Record<string, string | undefined>, access: AwsAccess = {}) => {
  const settings = parseEnvironment(env);
  const logger = createLogger('profile-image-api', settings.logLevel);
  const tracer = new Tracer({ serviceName: 'profile-image-api' });
  const dynamo = tracer.captureAWSv3Client(createDynamoDbClient(access));
  const api = createProfileImageApi({
    presigner: new Presigner(tracer.captureAWSv3Client(createS3Client(access)), settings.bucketName),
    records: dynamoRecordStore(settings.tableName, dynamo),
    admit: refuseClosingAccounts(dynamoAccountRecords(settings.tableName, dynamo)),
    log: powertoolsLog(logger),
    cors: { allowedOrigins: settings.allowedOrigins },
  });
  return withLambdaContext(logger, CORRELATION_ID_PATHS.apiGatewayRest, (event: APIGatewayProxyEvent) => api(event), { tracer });
};
