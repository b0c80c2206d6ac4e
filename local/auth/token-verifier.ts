import { CognitoJwtVerifier } from 'aws-jwt-verify';
import cognitoLocalPublicKey from 'cognito-local/lib/keys/cognitoLocal.public.json';

/** The claims the local services act on; the rest of the token is not trusted. */
export interface VerifiedClaims {
  sub: string;
  email?: string;
  token_use: 'id' | 'access';
  [claim: string]: unknown;
}

/**
 * Verifies Cognito tokens the way API Gateway's authorizer and AppSync do: signature
 * against the pool's JWKS, issuer, audience (ID token) or client_id (access token), token
 * use and expiry, with aws-jwt-verify. The JWKS is cognito-local's, handed over directly
 * because aws-jwt-verify (rightly) refuses to fetch keys over plain http.
 */
export const createTokenVerifier = (userPoolId: string, clientId: string) => {
  const jwks = { keys: [cognitoLocalPublicKey.jwk as never] };
  const idVerifier = CognitoJwtVerifier.create({ userPoolId, clientId, tokenUse: 'id' });
  const accessVerifier = CognitoJwtVerifier.create({ userPoolId, clientId, tokenUse: 'access' });
  idVerifier.cacheJwks(jwks);
  accessVerifier.cacheJwks(jwks);

  const verifyWith =
    (verifier: typeof idVerifier | typeof accessVerifier) =>
    async (token: string | undefined): Promise<VerifiedClaims | undefined> => {
      if (!token) return undefined;
      try {
        return (await verifier.verify(token)) as unknown as VerifiedClaims;
      } catch {
        return undefined;
      }
    };

  const verifyIdToken = verifyWith(idVerifier);
  const verifyAccessToken = verifyWith(accessVerifier);
  return {
    /** Undefined for any token that is not a valid, current ID token of this pool and client. */
    verifyIdToken,
    verifyAccessToken,
    /** AppSync takes either token of the pool. */
    async verifyEither(token: string | undefined): Promise<VerifiedClaims | undefined> {
      return (await verifyIdToken(token)) ?? (await verifyAccessToken(token));
    },
  };
};

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;

/** `Authorization: Bearer x` and `Authorization: x` both carry the token, as API Gateway accepts. */
export const bearerToken = (header: string | string[] | undefined): string | undefined => {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  return value.startsWith('Bearer ') ? value.slice('Bearer '.length).trim() : value.trim();
};
