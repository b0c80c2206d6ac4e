import type { ResourcesConfig } from 'aws-amplify';
import { parseAmplifyConfig } from 'aws-amplify/utils';
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
