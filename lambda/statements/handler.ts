import type { APIGatewayProxyEvent } from 'aws-lambda';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { CORRELATION_ID_PATHS, createLogger, powertoolsLog, withLambdaContext } from '../shared/log';
import { SERVICE_NAMES, createMetrics, powertoolsMetrics } from '../shared/metrics';
import { LAMBDA_ENV } from '../../contract';
import { lambdaInvokeAsync } from '../account/clients';
import { refuseClosingAccounts } from '../account/closing';
import { s3VersionedObjects } from '../account/objects';
import { dynamoAccountRecords } from '../account/records';
import { dynamoRecordStore } from '../shared/records';
import { createDynamoDbClient, createS3Client, parseEnvironment, required, type AwsAccess } from '../shared/runtime';
import { Presigner, s3ObjectStore } from '../shared/s3';
import { dynamoAccountStatements } from '../shared/shares/account-statements';
import { dynamoDeviceStore } from '../shared/push/devices';
import { requiredPushSender } from '../shared/push/runtime';
import { dynamoShareStore } from '../shared/shares/store';
import { createStatementsApi } from './core';

/** The statements API's Lambda handler, for an environment and a way to reach AWS. */
export const createStatementsHandler = (env: Record<string, string | undefined>, access: AwsAccess = {}) => {
  const settings = parseEnvironment(env);
  const logger = createLogger(SERVICE_NAMES.statementsApi, settings.logLevel);
  const metrics = createMetrics(SERVICE_NAMES.statementsApi, settings.metricsDisabled);
  const tracer = new Tracer({ serviceName: SERVICE_NAMES.statementsApi });
  const s3 = tracer.captureAWSv3Client(createS3Client(access));
  const dynamo = tracer.captureAWSv3Client(createDynamoDbClient(access));
  const accountRecords = dynamoAccountRecords(settings.tableName, dynamo);
  const invokeAsync = access.invokeAsync ?? lambdaInvokeAsync(access);
  const log = powertoolsLog(logger);
  const devices = dynamoDeviceStore(settings.tableName, dynamo);
  const api = createStatementsApi({
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
    metrics: powertoolsMetrics(metrics),
    push: {
      devices,
      sender: requiredPushSender(settings, access, { devices, log, metrics: powertoolsMetrics(metrics) }),
      extraOrigins: settings.push?.extraOrigins,
    },
  });
  return withLambdaContext(logger, CORRELATION_ID_PATHS.apiGatewayRest, (event: APIGatewayProxyEvent) => api(event), { metrics, tracer });
};
