import { createHash, randomBytes } from 'node:crypto';
import { REGION, cognitoIssuer } from '../../contract';
import type { TokenVerifier } from '../auth/token-verifier';
import { CognitoFault } from './faults';

/**
 * Enough of the Cognito identity pool for Amplify's `fetchAuthSession`: GetId and
 * GetCredentialsForIdentity for signed-in users only (no guest identities, as deployed).
 * The credentials it hands out are well-formed but grant nothing, as the deployed
 * authenticated role grants nothing: every file moves through presigned URLs.
 */
export const createIdentityPool = (input: { identityPoolId: string; userPoolId: string; tokens: TokenVerifier }) => {
  const loginKey = cognitoIssuer(input.userPoolId).replace(/^https:\/\//, '');

  /** One stable identity per user, shaped like Cognito's `region:uuid`. */
  const identityIdFor = (sub: string): string => {
    const hex = createHash('sha256').update(`${input.identityPoolId}/${sub}`).digest('hex');
    return `${REGION}:${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };

  const signedInSub = async (logins: Record<string, string> | undefined): Promise<string> => {
    const token = logins?.[loginKey];
    if (!token) {
      throw new CognitoFault('NotAuthorizedException', 'Unauthenticated access is not supported for this identity pool.');
    }
    const claims = await input.tokens.verifyIdToken(token);
    if (!claims) throw new CognitoFault('NotAuthorizedException', 'Invalid login token.');
    return claims.sub;
  };

  const handlers: Record<string, (request: Record<string, any>) => Promise<unknown>> = {
    async GetId(request) {
      if (request.IdentityPoolId !== input.identityPoolId) {
        throw new CognitoFault('ResourceNotFoundException', `IdentityPool '${request.IdentityPoolId}' not found.`);
      }
      return { IdentityId: identityIdFor(await signedInSub(request.Logins)) };
    },
    async GetCredentialsForIdentity(request) {
      const sub = await signedInSub(request.Logins);
      if (request.IdentityId !== identityIdFor(sub)) {
        throw new CognitoFault('NotAuthorizedException', 'Invalid identity for these logins.');
      }
      return {
        IdentityId: request.IdentityId,
        Credentials: {
          AccessKeyId: `ASIA${randomBytes(8).toString('hex').toUpperCase()}`,
          SecretKey: randomBytes(30).toString('base64'),
          SessionToken: randomBytes(64).toString('base64'),
          Expiration: Math.floor(Date.now() / 1000) + 3600,
        },
      };
    },
  };

  return (target: string, request: Record<string, any>): Promise<unknown> => {
    const handler = handlers[target];
    if (!handler) throw new CognitoFault('UnknownOperationException', `${target} is not emulated locally.`);
    return handler(request);
  };
};
