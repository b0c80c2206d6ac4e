import type { Tracer } from '@aws-lambda-powertools/tracer';
import { LAMBDA_ENV } from '../../contract/lambda-env';
import { stsAssumeRole } from '../account/clients';
import { lambdaInvokeAsync } from '../shared/lambda-invoke';
import { dynamoAccountRecords } from '../account/records';
import { required, type HandlerEnvironment } from '../shared/environment';
import type { Log } from '../shared/log';
import type { MetricsPort } from '../shared/metrics';
import { createDynamoDbClient, type AwsAccess } from '../shared/runtime';
import { dynamoRateLimiter, dynamoShareStore } from '../shared/shares/store';
import { createShareApi } from './core';
import { stsShareReader } from './reader';

/** A share read's credentials: the least STS grants (15 minutes), far past a 60-second URL. */
const READ_SESSION_SECONDS = 15 * 60;

/** The share API with its clients, made at the first invocation (handler.ts). */
export const shareApiOf = (settings: HandlerEnvironment, access: AwsAccess, log: Log, metrics: MetricsPort, tracer: Tracer) => {
  // Its own credentials reach the shares' and rate limits' partitions only.
  const dynamo = tracer.captureAWSv3Client(createDynamoDbClient(access));
  const invokeAsync = access.invokeAsync ?? lambdaInvokeAsync(access);
  const accounts = dynamoAccountRecords(settings.tableName, dynamo);
  const notifier = settings.notifierFunctionName;
  return createShareApi({
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
    log,
    metrics,
    cors: { allowedOrigins: settings.allowedOrigins },
  });
};
