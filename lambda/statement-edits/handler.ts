import { SERVICE_NAMES } from '../../contract/metrics';
import { parseEnvironment } from '../shared/environment';
import { CORRELATION_ID_PATHS, createLogger, powertoolsLog, withLambdaContext } from '../shared/log';
import { once } from '../shared/once';
import type { AwsAccess } from '../shared/runtime';
import { lazyTracer } from '../shared/tracing';
import type { StatementEditEvent } from './core';

/**
 * The statement-edit resolver's Lambda handler (AppSync invokes it for `editStatements`, `renameAccount` and `enterBalances`).
 * Its environment and logger are made at cold start; the resolver, its DynamoDB client and
 * the tracer at the first invocation (wiring.ts).
 */
export const createStatementEditHandler = (env: Record<string, string | undefined>, access: AwsAccess = {}) => {
  const settings = parseEnvironment(env);
  const logger = createLogger(SERVICE_NAMES.statementEdits, settings.logLevel);
  const tracer = lazyTracer(SERVICE_NAMES.statementEdits);
  const edit = once(async () => (await import('./wiring')).statementEditsOf(settings, access, powertoolsLog(logger), await tracer()));
  return withLambdaContext(logger, CORRELATION_ID_PATHS.appsyncResolver, async (event: StatementEditEvent) => (await edit())(event), {
    tracer,
  });
};
