import { AppSyncClient, UpdateApiKeyCommand } from '@aws-sdk/client-appsync';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import * as z from 'zod';
import { LAMBDA_ENV } from '../../contract';
import { CORRELATION_ID_PATHS, createLogger, powertoolsLog, withLambdaContext } from '../shared/log';
import { METRIC_NAMES, SERVICE_NAMES, createMetrics } from '../shared/metrics';
import { clientOptions, type AwsAccess } from '../shared/runtime';
import { createApiKeyRenewal, type ApiKeyPort } from './renewal';

const environmentSchema = z.object({
  [LAMBDA_ENV.graphqlApiId]: z.string().min(1, `${LAMBDA_ENV.graphqlApiId} is not set`),
  [LAMBDA_ENV.graphqlApiKeyId]: z.string().min(1, `${LAMBDA_ENV.graphqlApiKeyId} is not set`),
  [LAMBDA_ENV.logLevel]: z.string().optional(),
  [LAMBDA_ENV.metricsDisabled]: z.string().optional(),
});

/** AppSync's UpdateApiKey on one key of one API. */
export const appSyncApiKeyPort = (apiId: string, keyId: string, access: AwsAccess = {}): ApiKeyPort => {
  const client = new AppSyncClient({
    ...clientOptions(access),
    ...(access.endpoints?.appsync ? { endpoint: access.endpoints.appsync } : {}),
  });
  return {
    async setExpiry(expires) {
      const answer = await client.send(new UpdateApiKeyCommand({ apiId, id: keyId, expires }));
      const kept = answer.apiKey?.expires;
      if (typeof kept !== 'number') throw new Error('AppSync answered UpdateApiKey without an expiry');
      return kept;
    },
  };
};

/** The renewal's Lambda handler: EventBridge invokes it on a schedule. */
export const createApiKeyRenewalHandler = (env: Record<string, string | undefined>, access: AwsAccess = {}) => {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => issue.message).join('; '));
  const settings = parsed.data;
  const logger = createLogger(SERVICE_NAMES.apiKeyRenewal, settings[LAMBDA_ENV.logLevel]);
  const metrics = createMetrics(SERVICE_NAMES.apiKeyRenewal, settings[LAMBDA_ENV.metricsDisabled] === 'true');
  const renew = createApiKeyRenewal({
    keys: appSyncApiKeyPort(settings[LAMBDA_ENV.graphqlApiId], settings[LAMBDA_ENV.graphqlApiKeyId], access),
    log: powertoolsLog(logger),
    recordDaysLeft: (days) => void metrics?.addMetric(METRIC_NAMES.apiKeyDaysLeft, MetricUnit.NoUnit, days),
  });
  return withLambdaContext(logger, CORRELATION_ID_PATHS.eventBridge, (_event: unknown) => renew(), { metrics });
};
