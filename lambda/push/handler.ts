import { LAMBDA_ENV } from '../../contract/lambda-env';
import { SERVICE_NAMES } from '../../contract/metrics';
import { parseEnvironment, required } from '../shared/environment';
import { CORRELATION_ID_PATHS, createLogger, powertoolsLog, withLambdaContext } from '../shared/log';
import { createMetrics } from '../shared/metrics';
import { once } from '../shared/once';
import type { AwsAccess } from '../shared/runtime';

/**
 * The notifier's Lambda handler: invoked asynchronously by the share function. Its
 * environment (the VAPID secret checked), logger and metrics are made at cold start; the
 * notifier and its clients at the first invocation (wiring.ts).
 */
export const createNotifierHandler = (env: Record<string, string | undefined>, access: AwsAccess = {}) => {
  const settings = parseEnvironment(env);
  required(settings.push?.vapidSecretArn, LAMBDA_ENV.pushVapidSecretArn);
  const logger = createLogger(SERVICE_NAMES.pushNotifier, settings.logLevel);
  const metrics = createMetrics(SERVICE_NAMES.pushNotifier, settings.metricsDisabled);
  const notifier = once(async () => (await import('./wiring')).notifierOf(settings, access, powertoolsLog(logger), metrics));
  return withLambdaContext(logger, CORRELATION_ID_PATHS.shareNotice, async (event: unknown) => (await notifier())(event), { metrics });
};
