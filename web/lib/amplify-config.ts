import { Amplify, type ResourcesConfig } from 'aws-amplify';
import { ConsoleLogger, parseAmplifyConfig } from 'aws-amplify/utils';
import type { WebConfig } from '@contract';

/**
 * Amplify's resources from the web config: the file as Amplify reads it, plus, on the
 * local stack, the emulated Cognito endpoints it lists under `custom`.
 */
export const amplifyResources = (config: WebConfig): ResourcesConfig => {
  const resources = parseAmplifyConfig(config as never);
  const cognito = {
    ...resources.Auth!.Cognito,
    ...(config.custom.userPoolEndpoint ? { userPoolEndpoint: config.custom.userPoolEndpoint } : {}),
    ...(config.custom.identityPoolEndpoint ? { identityPoolEndpoint: config.custom.identityPoolEndpoint } : {}),
  };
  return { ...resources, Auth: { Cognito: cognito } as ResourcesConfig['Auth'] };
};

export const configureAmplify = (config: WebConfig): void => {
  // Amplify warns on every load when the Cognito endpoints are custom (the local stack's are).
  if (config.custom.local) ConsoleLogger.LOG_LEVEL = 'ERROR';
  Amplify.configure(amplifyResources(config));
};
