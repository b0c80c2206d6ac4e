import type { APIGatewayProxyEvent } from 'aws-lambda';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { LAMBDA_ENV } from '../../contract';
import { lambdaInvokeAsync, stsAssumeRole } from '../account/clients';
import { dynamoAccountRecords } from '../account/records';
import { CORRELATION_ID_PATHS, createLogger, powertoolsLog, withLambdaContext } from '../shared/log';
import { SERVICE_NAMES, createMetrics, powertoolsMetrics } from '../shared/metrics';
import { createDynamoDbClient, parseEnvironment, required, type AwsAccess } from '../shared/runtime';
import { dynamoRateLimiter, dynamoShareStore } from '../shared/shares/store';
import { createShareApi } from './core';
import { stsShareReader } from './reader';

/** A share read's credentials: the least STS grants (15 minutes), far past a 60-second URL. */
const READ_SESSION_SECONDS = 15 * 60;

/** The share API's Lambda handler: what a link's recipient reaches, through the web server. */
export const createShareHandler = (env: Record<string, string | undefined>, access: AwsAccess = {}) => {
  const settings = parseEnvironment(env);
  const logger = createLogger(SERVICE_NAMES.shareApi, settings.logLevel);
  const tracer = new Tracer({ serviceName: SERVICE_NAMES.shareApi });
  const metrics = createMetrics(SERVICE_NAMES.shareApi, settings.metricsDisabled);
  // Its own credentials reach the shares' and rate limits' partitions only.
  const dynamo = tracer.captureAWSv3Client(createDynamoDbClient(access));
  const invokeAsync = access.invokeAsync ?? lambdaInvokeAsync(access);
  const accounts = dynamoAccountRecords(settings.tableName, dynamo);
  const notifier = settings.notifierFunctionName;
  const api = createShareApi({
    shares: dynamoShareStore(settings.tableName, dynamo),
    limits: dynamoRateLimiter(settings.tableName, dynamo),
    // A closed account's shares are a 404 at once, though their items wait for their time to live.
    closing: async (owner) => (await accounts.get(owner)) !== undefined,
    reader: stsShareReader(
      access,
      {
        bucketName: settings.bucketName,
        tableName: settings.tableName,
        readerRoleArn: required(settings.shareReaderRoleArn, LAMBDA_ENV.shareReaderRoleArn),
      },
      access.assumeRole ?? stsAssumeRole(access, READ_SESSION_SECONDS),
    ),
    // The notifier tells the owner's devices; this function reaches no owner's partition itself.
    ...(notifier
      ? { notifyFirstOpening: (share) => invokeAsync(notifier, { kind: 'shareOpened', owner: share.owner, shareId: share.shareId }) }
      : {}),
    log: powertoolsLog(logger),
    metrics: powertoolsMetrics(metrics),
    cors: { allowedOrigins: settings.allowedOrigins },
  });
  return withLambdaContext(logger, CORRELATION_ID_PATHS.apiGatewayRest, (event: APIGatewayProxyEvent) => api(event), { tracer, metrics });
};
