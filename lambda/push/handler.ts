import { CORRELATION_ID_PATHS, createLogger, powertoolsLog, withLambdaContext } from '../shared/log';
import { SERVICE_NAMES, createMetrics, powertoolsMetrics } from '../shared/metrics';
import { dynamoDeviceStore } from '../shared/push/devices';
import { requiredPushSender } from '../shared/push/runtime';
import { createDynamoDbClient, parseEnvironment, type AwsAccess } from '../shared/runtime';
import { dynamoShareStore } from '../shared/shares/store';
import { createNotifier } from './core';

/** The notifier's Lambda handler: invoked asynchronously by the share function. */
export const createNotifierHandler = (env: Record<string, string | undefined>, access: AwsAccess = {}) => {
  const settings = parseEnvironment(env);
  const logger = createLogger(SERVICE_NAMES.pushNotifier, settings.logLevel);
  const metrics = createMetrics(SERVICE_NAMES.pushNotifier, settings.metricsDisabled);
  const dynamo = createDynamoDbClient(access);
  const log = powertoolsLog(logger);
  const notifier = createNotifier({
    shares: dynamoShareStore(settings.tableName, dynamo),
    sender: requiredPushSender(settings, access, { devices: dynamoDeviceStore(settings.tableName, dynamo), log, metrics: powertoolsMetrics(metrics) }),
    log,
  });
  return withLambdaContext(logger, CORRELATION_ID_PATHS.shareNotice, (event: unknown) => notifier(event), { metrics });
};
