import { SERVICE_NAMES } from '../../contract/metrics';
import { parseEnvironment } from '../shared/environment';
import { CORRELATION_ID_PATHS, createLogger, powertoolsLog, withLambdaContext } from '../shared/log';
import { createMetrics } from '../shared/metrics';
import { once } from '../shared/once';
import type { AwsAccess } from '../shared/runtime';
import { lazyTracer } from '../shared/tracing';
import type * as Wiring from './wiring';

/**
 * One of the catalogue's functions: its environment, logger and metrics are made at cold
 * start; what it runs (picked from wiring.ts), its clients and the tracer at its first
 * invocation.
 */
const catalogueFunction = <E, R>(
  serviceName: string,
  correlationIdPath: string,
  env: Record<string, string | undefined>,
  access: AwsAccess,
  pick: (wiring: typeof Wiring) => (...parts: Wiring.CatalogueParts) => (event: E) => Promise<R>,
) => {
  const settings = parseEnvironment(env);
  const logger = createLogger(serviceName, settings.logLevel);
  const metrics = createMetrics(serviceName, settings.metricsDisabled);
  const tracer = lazyTracer(serviceName);
  const run = once(async () => pick(await import('./wiring'))(settings, access, powertoolsLog(logger), metrics, await tracer()));
  return withLambdaContext(logger, correlationIdPath, async (event: E) => (await run())(event), { metrics, tracer });
};

/** The catalogue's Lambda handler (S3 event notifications). */
export const createCatalogueHandler = (env: Record<string, string | undefined>, access: AwsAccess = {}) =>
  catalogueFunction(SERVICE_NAMES.catalogue, CORRELATION_ID_PATHS.s3Notification, env, access, (wiring) => wiring.catalogueOf);

/** The scan-result function's Lambda handler (GuardDuty's scan results through EventBridge). */
export const createScanResultsHandler = (env: Record<string, string | undefined>, access: AwsAccess = {}) =>
  catalogueFunction(SERVICE_NAMES.scanResults, CORRELATION_ID_PATHS.eventBridge, env, access, (wiring) => wiring.scanResultsOf);

/** The sweep's Lambda handler (a scheduled EventBridge event). */
export const createSweepHandler = (env: Record<string, string | undefined>, access: AwsAccess = {}) =>
  catalogueFunction(SERVICE_NAMES.sweep, CORRELATION_ID_PATHS.eventBridge, env, access, (wiring) => wiring.sweepOf);
