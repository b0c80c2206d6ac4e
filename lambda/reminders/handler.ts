import { LAMBDA_ENV } from '../../contract/lambda-env';
import { SERVICE_NAMES } from '../../contract/metrics';
import { parseEnvironment, required } from '../shared/environment';
import { CORRELATION_ID_PATHS, createLogger, powertoolsLog, withLambdaContext } from '../shared/log';
import { createMetrics } from '../shared/metrics';
import { once } from '../shared/once';
import type { AwsAccess } from '../shared/runtime';

/**
 * The reminders' Lambda handler: EventBridge invokes it hourly. Its environment (the VAPID
 * secret checked), logger and metrics are made at cold start; the run and its clients at
 * the first invocation (wiring.ts).
 */
export const createRemindersHandler = (env: Record<string, string | undefined>, access: AwsAccess = {}) => {
  const settings = parseEnvironment(env);
  required(settings.push?.vapidSecretArn, LAMBDA_ENV.pushVapidSecretArn);
  const logger = createLogger(SERVICE_NAMES.reminders, settings.logLevel);
  const metrics = createMetrics(SERVICE_NAMES.reminders, settings.metricsDisabled);
  const reminders = once(async () => (await import('./wiring')).remindersOf(settings, access, powertoolsLog(logger), metrics));
  return withLambdaContext(logger, CORRELATION_ID_PATHS.eventBridge, async (event: unknown) => (await reminders())(event), { metrics });
};
