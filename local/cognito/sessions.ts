import { createSign } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import cognitoLocalPrivateKey from 'cognito-local/lib/keys/cognitoLocal.private.json';

/**
 * Sign-in sessions, as Cognito tracks them for token revocation. Each refresh token
 * starts a session whose id is the `origin_jti` claim of every access and ID token issued
 * from it (at sign-in and at each refresh). RevokeToken ends one session; GlobalSignOut
 * ends all of a user's. Cognito then refuses the session's refresh token and, in every
 * call that takes an access token, its access tokens ("Access Token has been revoked").
 * The ended sessions are kept in the data folder, so a restart does not revive them.
 */
type Claims = Record<string, unknown>;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export const decodeJwt = (token: unknown): { header: Claims; payload: Claims } | undefined => {
  if (typeof token !== 'string') return undefined;
  const [header, payload] = token.split('.');
  try {
    return {
      header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')),
      payload: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')),
    };
  } catch {
    return undefined;
  }
};

/** Signs claims with the local pool's key (RS256, the key id its JWKS publishes). */
const signJwt = (header: Claims, payload: Claims): string => {
  const body = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  const signature = createSign('RSA-SHA256').update(body).sign(cognitoLocalPrivateKey.pem);
  return `${body}.${base64url(signature)}`;
};

/** The same token with `origin_jti` added and signed again (expiry and every other claim unchanged). */
const withOrigin = (token: string, originJti: string): string => {
  const decoded = decodeJwt(token);
  if (!decoded) return token;
  return signJwt(decoded.header, { ...decoded.payload, origin_jti: originJti });
};

export interface AuthenticationResult {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
}

export const createSessions = (directory: string) => {
  const file = path.join(directory, 'ended-sessions.json');
  const ended = new Set<string>(fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as string[]) : []);
  const save = () => fs.writeFileSync(file, JSON.stringify([...ended]));

  /** A session's id is its refresh token's `jti`. */
  const sessionOf = (refreshToken: unknown): string | undefined => {
    const jti = decodeJwt(refreshToken)?.payload.jti;
    return typeof jti === 'string' ? jti : undefined;
  };

  return {
    sessionOf,
    /**
     * Cognito's answer with tokens: the access and ID tokens carry the session they belong
     * to, and the result has every field Cognito returns (ExpiresIn, TokenType).
     */
    issue(tokens: { AccessToken: string; IdToken: string; RefreshToken?: string }, refreshToken: string): AuthenticationResult {
      const session = sessionOf(refreshToken) ?? '';
      const access = decodeJwt(tokens.AccessToken)?.payload ?? {};
      return {
        AccessToken: withOrigin(tokens.AccessToken, session),
        ExpiresIn: Number(access.exp ?? 0) - Number(access.iat ?? 0),
        IdToken: withOrigin(tokens.IdToken, session),
        ...(tokens.RefreshToken ? { RefreshToken: tokens.RefreshToken } : {}),
        TokenType: 'Bearer',
      };
    },
    end(...sessions: (string | undefined)[]): void {
      for (const session of sessions) if (session) ended.add(session);
      save();
    },
    hasEnded: (session: unknown): boolean => typeof session === 'string' && ended.has(session),
  };
};

export type Sessions = ReturnType<typeof createSessions>;
