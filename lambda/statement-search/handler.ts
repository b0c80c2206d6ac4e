import { SERVICE_NAMES } from '../../contract/metrics';
import { parseEnvironment } from '../shared/environment';
import { CORRELATION_ID_PATHS, createLogger, powertoolsLog, withLambdaContext } from '../shared/log';
import { once } from '../shared/once';
import type { AwsAccess } from '../shared/runtime';
import { lazyTracer } from '../shared/tracing';
import type { StatementSearchEvent } from './core';

/**
 * The statement-search resolver's Lambda handler (AppSync invokes it for `search` and
 * `statementNeighbours`). Its environment and logger are made at cold start; the resolver,
 * its DynamoDB client and the tracer at the first invocation (wiring.ts).
 */
export const createStatementSearchHandler = (env: Record<string, string | undefined>, access: AwsAccess = {}) => {
  const settings = parseEnvironment(env);
  const logger = createLogger(SERVICE_NAMES.statementSearch, settings.logLevel);
  const tracer = lazyTracer(SERVICE_NAMES.statementSearch);
  const search = once(async () => (await import('./wiring')).statementSearchOf(settings, access, powertoolsLog(logger), await tracer()));
  return withLambdaContext(logger, CORRELATION_ID_PATHS.appsyncResolver, async (event: StatementSearchEvent) => (await search())(event), {
    tracer,
  });
};
