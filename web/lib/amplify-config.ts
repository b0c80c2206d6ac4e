import type { ResourcesConfig } from 'aws-amplify';
import { parseAmplifyConfig } from 'aws-amplify/utils';
import type { WebConfig } from '@contract';

/**
 * Amplify's resources from the web config: the file as Amplify reads it, plus, on the
 * local stack, the emulated Cognito endpoint it lists under `custom`. The identity pool
 * is left out: the app calls its APIs with the user pool's ID token and never uses AWS
 * credentials, so no page waits on the identity pool's two round trips.
 */
export const amplifyResources = (config: WebConfig): ResourcesConfig => {
  const resources = parseAmplifyConfig(config as never);
  const {
    identityPoolId: _unused,
    allowGuestAccess: _guests,
    ...cognito
  } = resources.Auth!.Cognito as NonNullable<ResourcesConfig['Auth']>['Cognito'] & { allowGuestAccess?: boolean };
  return {
    ...resources,
    Auth: {
      Cognito: {
        ...cognito,
        ...(config.custom.userPoolEndpoint ? { userPoolEndpoint: config.custom.userPoolEndpoint } : {}),
      },
    } as ResourcesConfig['Auth'],
  };
};
