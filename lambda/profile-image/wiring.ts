import type { Tracer } from '@aws-lambda-powertools/tracer';
import { refuseClosingAccounts } from '../account/closing';
import { dynamoAccountRecords } from '../account/records';
import type { HandlerEnvironment } from '../shared/environment';
import type { Log } from '../shared/log';
import { dynamoRecordStore } from '../shared/records';
import { createDynamoDbClient, createS3Client, type AwsAccess } from '../shared/runtime';
import { Presigner } from '../shared/s3';
import { createProfileImageApi } from './core';

/** The API with its S3 and DynamoDB clients, made at the first invocation (handler.ts). */
export const profileImageApiOf = (settings: HandlerEnvironment, access: AwsAccess, log: Log, tracer: Tracer) => {
  const dynamo = tracer.captureAWSv3Client(createDynamoDbClient(access));
  return createProfileImageApi({
    presigner: new Presigner(tracer.captureAWSv3Client(createS3Client(access)), settings.bucketName),
    records: dynamoRecordStore(settings.tableName, dynamo),
    admit: refuseClosingAccounts(dynamoAccountRecords(settings.tableName, dynamo)),
    log,
    cors: { allowedOrigins: settings.allowedOrigins },
  });
};
