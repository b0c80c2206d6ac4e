import type { APIGatewayProxyEvent } from 'aws-lambda';
import { LAMBDA_ENV } from '../../contract/lambda-env';
import { SERVICE_NAMES } from '../../contract/metrics';
import { parseEnvironment, required } from '../shared/environment';
import { CORRELATION_ID_PATHS, createLogger, powertoolsLog, withLambdaContext } from '../shared/log';
import { createMetrics } from '../shared/metrics';
import { once } from '../shared/once';
import type { AwsAccess } from '../shared/runtime';
import { lazyTracer } from '../shared/tracing';

/**
 * The statements API's Lambda handler, for an environment and a way to reach AWS. Its
 * environment (the VAPID and identifier secrets checked), logger and metrics are made at cold start; the
 * API, its clients and the tracer at the first invocation (wiring.ts).
 */
export const createStatementsHandler = (env: Record<string, string | undefined>, access: AwsAccess = {}) => {
  const settings = parseEnvironment(env);
  required(settings.push?.vapidSecretArn, LAMBDA_ENV.pushVapidSecretArn);
  required(settings.identifierSecretArn, LAMBDA_ENV.identifierSecretArn);
  const logger = createLogger(SERVICE_NAMES.statementsApi, settings.logLevel);
  const metrics = createMetrics(SERVICE_NAMES.statementsApi, settings.metricsDisabled);
  const tracer = lazyTracer(SERVICE_NAMES.statementsApi);
  const api = once(async () =>
    (await import('./wiring')).statementsApiOf(settings, access, powertoolsLog(logger), metrics, await tracer()),
  );
  return withLambdaContext(logger, CORRELATION_ID_PATHS.apiGatewayRest, async (event: APIGatewayProxyEvent) => (await api())(event), {
    metrics,
    tracer,
  });
};
