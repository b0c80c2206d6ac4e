import type { Tracer } from '@aws-lambda-powertools/tracer';
import { LAMBDA_ENV } from '../../contract/lambda-env';
import { lambdaInvokeAsync } from '../shared/lambda-invoke';
import { refuseClosingAccounts } from '../account/closing';
import { s3VersionedObjects } from '../account/objects';
import { dynamoAccountRecords } from '../account/records';
import { required, type HandlerEnvironment } from '../shared/environment';
import type { Log } from '../shared/log';
import type { MetricsPort } from '../shared/metrics';
import { dynamoMailAddresses } from '../shared/mail/addresses';
import { dynamoMailArrivals } from '../shared/mail/arrivals';
import { dynamoDeviceStore } from '../shared/push/devices';
import { requiredPushSender } from '../shared/push/runtime';
import { dynamoRecordStore } from '../shared/records';
import { once } from '../shared/once';
import { createDynamoDbClient, createS3Client, type AwsAccess } from '../shared/runtime';
import { readSecretWith } from '../shared/secrets';
import { Presigner, s3ObjectStore } from '../shared/s3';
import { dynamoAccountStatements } from '../shared/shares/account-statements';
import { dynamoShareStore } from '../shared/shares/store';
import { createStatementsApi } from './core';

/** The statements API with its clients, made at the first invocation (handler.ts). */
export const statementsApiOf = (settings: HandlerEnvironment, access: AwsAccess, log: Log, metrics: MetricsPort, tracer: Tracer) => {
  const s3 = tracer.captureAWSv3Client(createS3Client(access));
  const dynamo = tracer.captureAWSv3Client(createDynamoDbClient(access));
  const accountRecords = dynamoAccountRecords(settings.tableName, dynamo);
  const invokeAsync = access.invokeAsync ?? lambdaInvokeAsync(access);
  const devices = dynamoDeviceStore(settings.tableName, dynamo);
  return createStatementsApi({
    presigner: new Presigner(s3, settings.bucketName),
    objects: s3ObjectStore(s3, settings.bucketName),
    versions: s3VersionedObjects(s3, settings.bucketName),
    shares: dynamoShareStore(settings.tableName, dynamo),
    accounts: dynamoAccountStatements(settings.tableName, dynamo),
    records: dynamoRecordStore(settings.tableName, dynamo),
    admit: refuseClosingAccounts(accountRecords),
    account: {
      jobs: accountRecords,
      startDeletion: (owner) => invokeAsync(required(settings.deletionFunctionName, LAMBDA_ENV.deletionFunctionName), { owner }),
    },
    log,
    cors: { allowedOrigins: settings.allowedOrigins },
    metrics,
    push: {
      devices,
      sender: requiredPushSender(settings, access, { devices, log, metrics }),
      extraOrigins: settings.push?.extraOrigins,
    },
    mail: {
      domain: settings.mailDomain,
      addresses: dynamoMailAddresses(settings.tableName, dynamo),
      arrivals: dynamoMailArrivals(settings.tableName, dynamo),
      fileWaiting: (event) => invokeAsync(required(settings.mailFunctionName, LAMBDA_ENV.mailFunctionName), event),
    },
    identifierSecret: once(() => readSecretWith(access)(required(settings.identifierSecretArn, LAMBDA_ENV.identifierSecretArn))),
  });
};
