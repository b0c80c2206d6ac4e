import type { HandlerEnvironment } from '../shared/environment';
import type { Log } from '../shared/log';
import type { MetricsPort } from '../shared/metrics';
import { dynamoMailArrivals } from '../shared/mail/arrivals';
import { dynamoDeviceStore } from '../shared/push/devices';
import { requiredPushSender } from '../shared/push/runtime';
import { createDynamoDbClient, type AwsAccess } from '../shared/runtime';
import { dynamoShareStore } from '../shared/shares/store';
import { createNotifier } from './core';

/** The notifier with its clients, made at the first invocation (handler.ts). */
export const notifierOf = (settings: HandlerEnvironment, access: AwsAccess, log: Log, metrics: MetricsPort) => {
  const dynamo = createDynamoDbClient(access);
  return createNotifier({
    shares: dynamoShareStore(settings.tableName, dynamo),
    arrivals: dynamoMailArrivals(settings.tableName, dynamo),
    sender: requiredPushSender(settings, access, {
      devices: dynamoDeviceStore(settings.tableName, dynamo),
      log,
      metrics,
    }),
    log,
  });
};
