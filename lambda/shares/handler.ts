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
 * The share API's Lambda handler: what a link's recipient reaches, through the web server.
 * Its environment (the reader role checked), logger and metrics are made at cold start;
 * the API, its clients and the tracer at the first invocation (wiring.ts).
 */
export const createShareHandler = (env: Record<string, string | undefined>, access: AwsAccess = {}) => {
  const settings = parseEnvironment(env);
  required(settings.shareReaderRoleArn, LAMBDA_ENV.shareReaderRoleArn);
  const logger = createLogger(SERVICE_NAMES.shareApi, settings.logLevel);
  const tracer = lazyTracer(SERVICE_NAMES.shareApi);
  const metrics = createMetrics(SERVICE_NAMES.shareApi, settings.metricsDisabled);
  const api = once(async () => (await import('./wiring')).shareApiOf(settings, access, powertoolsLog(logger), metrics, await tracer()));
  return withLambdaContext(logger, CORRELATION_ID_PATHS.apiGatewayRest, async (event: APIGatewayProxyEvent) => (await api())(event), {
    tracer,
    metrics,
  });
};
