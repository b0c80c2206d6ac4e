import { Amplify, type ResourcesConfig } from 'aws-amplify';
import { ConsoleLogger, parseAmplifyConfig } from 'aws-amplify/utils';
import type { WebConfig } from '../../../contract';

/**
 * Amplify configured from the web config as the web app will do it: the file as is, plus
 * the local Cognito endpoints from `custom` when the config comes from the local stack.
 */
export const configureAmplify = (config: WebConfig): void => {
  // Amplify warns on every configure that the Cognito endpoints are custom: they are.
  ConsoleLogger.LOG_LEVEL = 'ERROR';
  const resources = parseAmplifyConfig(config as never);
  const cognito = {
    ...resources.Auth!.Cognito,
    ...(config.custom.userPoolEndpoint ? { userPoolEndpoint: config.custom.userPoolEndpoint } : {}),
    ...(config.custom.identityPoolEndpoint ? { identityPoolEndpoint: config.custom.identityPoolEndpoint } : {}),
  };
  Amplify.configure({ ...resources, Auth: { Cognito: cognito } as ResourcesConfig['Auth'] });
};
