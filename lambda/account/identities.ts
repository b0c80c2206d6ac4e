import { AdminDeleteUserCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { Identities } from './deletion';

/**
 * The user pool. With the e-mail address as the sign-in name, Cognito's username is the
 * user's `sub`, so the job names the user by the `sub` its token carried: never by an
 * address, which the person may have changed since.
 */
export const cognitoIdentities = (client: CognitoIdentityProviderClient, userPoolId: string): Identities => ({
  async deleteUser(owner) {
    try {
      await client.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: owner }));
      return true;
    } catch (error) {
      if ((error as Error).name === 'UserNotFoundException') return false;
      throw error;
    }
  },
});
