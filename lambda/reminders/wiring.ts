import { METRIC_NAMES } from '../../contract/metrics';
import type { HandlerEnvironment } from '../shared/environment';
import type { Log } from '../shared/log';
import type { MetricsPort } from '../shared/metrics';
import { dynamoDeviceStore } from '../shared/push/devices';
import { requiredPushSender } from '../shared/push/runtime';
import { dynamoReminderStore } from '../shared/reminders/store';
import { createDynamoDbClient, type AwsAccess } from '../shared/runtime';
import { createReminders } from './core';

/** The reminders' run with its clients, made at the first invocation (handler.ts). */
export const remindersOf = (settings: HandlerEnvironment, access: AwsAccess, log: Log, metrics: MetricsPort) => {
  const dynamo = createDynamoDbClient(access);
  const run = createReminders({
    store: dynamoReminderStore(settings.tableName, dynamo),
    sender: requiredPushSender(settings, access, { devices: dynamoDeviceStore(settings.tableName, dynamo), log, metrics }),
    log,
  });
  return async (event: unknown) => {
    const report = await run(event);
    if (report.told > 0) metrics.count(METRIC_NAMES.lateStatementsTold, report.told);
    return report;
  };
};
