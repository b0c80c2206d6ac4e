import { LAMBDA_ENV } from '../../contract/lambda-env';
import { METRIC_NAMES, SERVICE_NAMES } from '../../contract/metrics';
import { CORRELATION_ID_PATHS, createLogger, powertoolsLog, withLambdaContext } from '../shared/log';
import { requireVariables } from '../shared/environment';
import { createMetrics } from '../shared/metrics';
import { once } from '../shared/once';
import { clientOptions } from '../shared/client-options';
import type { AwsAccess } from '../shared/runtime';
import { createApiKeyRenewal, type ApiKeyPort } from './renewal';

/** AppSync's UpdateApiKey on one key of one API; the SDK's AppSync client is loaded at the one call a run makes, not at cold start. */
export const appSyncApiKeyPort = (apiId: string, keyId: string, access: AwsAccess = {}): ApiKeyPort => {
  const appsync = once(async () => {
    const { AppSyncClient, UpdateApiKeyCommand } = await import('@aws-sdk/client-appsync');
    const client = new AppSyncClient({
      ...clientOptions(access),
      ...(access.endpoints?.appsync ? { endpoint: access.endpoints.appsync } : {}),
    });
    return { client, UpdateApiKeyCommand };
  });
  return {
    async setExpiry(expires) {
      const { client, UpdateApiKeyCommand } = await appsync();
      const answer = await client.send(new UpdateApiKeyCommand({ apiId, id: keyId, expires }));
      const kept = answer.apiKey?.expires;
      if (typeof kept !== 'number') throw new Error('AppSync answered UpdateApiKey without an expiry');
      return kept;
    },
  };
};

/** The renewal's Lambda handler: EventBridge invokes it on a schedule. */
export const createApiKeyRenewalHandler = (env: Record<string, string | undefined>, access: AwsAccess = {}) => {
  requireVariables(env, [LAMBDA_ENV.graphqlApiId, LAMBDA_ENV.graphqlApiKeyId]);
  const logger = createLogger(SERVICE_NAMES.apiKeyRenewal, env[LAMBDA_ENV.logLevel]);
  const metrics = createMetrics(SERVICE_NAMES.apiKeyRenewal, env[LAMBDA_ENV.metricsDisabled] === 'true');
  const renew = createApiKeyRenewal({
    keys: appSyncApiKeyPort(env[LAMBDA_ENV.graphqlApiId] as string, env[LAMBDA_ENV.graphqlApiKeyId] as string, access),
    log: powertoolsLog(logger),
    recordDaysLeft: (days) => metrics.record(METRIC_NAMES.apiKeyDaysLeft, 'None', days),
  });
  return withLambdaContext(logger, CORRELATION_ID_PATHS.eventBridge, (_event: unknown) => renew(), { metrics });
};
