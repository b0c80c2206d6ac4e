import { LAMBDA_ENV } from '../../contract/lambda-env';
import { parseEnvironment, required } from '../shared/environment';
import { CORRELATION_ID_PATHS, createLogger, powertoolsLog, withLambdaContext } from '../shared/log';
import { once } from '../shared/once';
import type { AwsAccess } from '../shared/runtime';
import { lazyTracer } from '../shared/tracing';

/** What starts the worker: the statements API, for one owner; or its schedule (an EventBridge event), to resume stalled jobs. */
export type DeletionWorkerEvent = { owner: string } | { source: string; staleAfterSeconds?: number };

/**
 * The account deletion worker's Lambda handler. Its environment (the user pool and the
 * job role checked) and logger are made at cold start; the worker, its clients and the
 * tracer at the first invocation (wiring.ts).
 */
export const createAccountDeletionHandler = (env: Record<string, string | undefined>, access: AwsAccess = {}) => {
  const settings = parseEnvironment(env);
  const logger = createLogger('account-deletion', settings.logLevel);
  const tracer = lazyTracer('account-deletion');
  const roles = {
    userPoolId: required(settings.userPoolId, LAMBDA_ENV.userPoolId),
    jobRoleArn: required(settings.deletionJobRoleArn, LAMBDA_ENV.deletionJobRoleArn),
  };
  const worker = once(async () =>
    (await import('./wiring')).deletionWorkerOf(settings, access, roles, powertoolsLog(logger), await tracer()),
  );
  return withLambdaContext(logger, CORRELATION_ID_PATHS.eventBridge, async (event: DeletionWorkerEvent) => (await worker())(event), {
    tracer,
  });
};
