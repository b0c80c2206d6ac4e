import type { SESEvent } from 'aws-lambda';
import { LAMBDA_ENV } from '../../contract/lambda-env';
import { SERVICE_NAMES } from '../../contract/metrics';
import { parseEnvironment, required } from '../shared/environment';
import { CORRELATION_ID_PATHS, createLogger, powertoolsLog, withLambdaContext } from '../shared/log';
import { createMetrics } from '../shared/metrics';
import { once } from '../shared/once';
import type { AwsAccess } from '../shared/runtime';
import { fileArrivalEventSchema } from './arrival-event';
import { receiveMail } from './intake';

/**
 * The mail function's Lambda handler: SES's receipt rule invokes it (asynchronously) for
 * each message it stored, and the statements API to file a waiting file
 * (arrival-filing.ts). Its environment (the mail domain and the identifier secret checked),
 * logger and metrics are made at cold start; its clients at the first invocation
 * (wiring.ts).
 */
export const createMailIntakeHandler = (env: Record<string, string | undefined>, access: AwsAccess = {}) => {
  const settings = parseEnvironment(env);
  required(settings.mailDomain, LAMBDA_ENV.mailDomain);
  required(settings.identifierSecretArn, LAMBDA_ENV.identifierSecretArn);
  const logger = createLogger(SERVICE_NAMES.mailIntake, settings.logLevel);
  const metrics = createMetrics(SERVICE_NAMES.mailIntake, settings.metricsDisabled);
  const deps = once(async () => (await import('./wiring')).mailIntakeOf(settings, access, powertoolsLog(logger)));
  return withLambdaContext(
    logger,
    CORRELATION_ID_PATHS.sesReceipt,
    async (event: SESEvent | { fileArrival: unknown }) => {
      // The statements API's request to file a waiting file; anything else is SES's event.
      if ('fileArrival' in event) return (await deps()).fileArrival(fileArrivalEventSchema.parse(event));
      return receiveMail(event, await deps());
    },
    { metrics },
  );
};
