import type { APIGatewayProxyEvent } from 'aws-lambda';
import { parseEnvironment } from '../shared/environment';
import { CORRELATION_ID_PATHS, createLogger, powertoolsLog, withLambdaContext } from '../shared/log';
import { once } from '../shared/once';
import type { AwsAccess } from '../shared/runtime';
import { lazyTracer } from '../shared/tracing';

/**
 * The profile image API's Lambda handler, for an environment and a way to reach AWS. Its
 * environment and logger are made at cold start; the API, its clients and the tracer at
 * the first invocation (wiring.ts).
 */
export const createProfileImageHandler = (env: Record<string, string | undefined>, access: AwsAccess = {}) => {
  const settings = parseEnvironment(env);
  const logger = createLogger('profile-image-api', settings.logLevel);
  const tracer = lazyTracer('profile-image-api');
  const api = once(async () => (await import('./wiring')).profileImageApiOf(settings, access, powertoolsLog(logger), await tracer()));
  return withLambdaContext(logger, CORRELATION_ID_PATHS.apiGatewayRest, async (event: APIGatewayProxyEvent) => (await api())(event), {
    tracer,
  });
};
