import { createSign, generateKeyPairSync } from 'node:crypto';
import cognitoLocalPrivateKey from 'cognito-local/lib/keys/cognitoLocal.private.json';

/** Builds RS256 JWTs for negative tests: tokens the services must refuse. */
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export const signJwt = (claims: Record<string, unknown>, privateKeyPem: string, kid = 'CognitoLocal'): string => {
  const head = `${b64url({ alg: 'RS256', typ: 'JWT', kid })}.${b64url(claims)}`;
  const signature = createSign('RSA-SHA256').update(head).sign(privateKeyPem).toString('base64url');
  return `${head}.${signature}`;
};

const decode = (token: string): Record<string, unknown> => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

/**
 * The forger's own key: one per process, made when first asked for (an RSA key takes a
 * tenth of a second or more to make, and the matrix forges hundreds of tokens).
 */
let forgerKey: string | undefined;
const forgerKeyPem = (): string =>
  (forgerKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());

/** Same claims as a real token, signed with a key that is not the pool's. */
export const forgedFrom = (token: string): string => signJwt(decode(token), forgerKeyPem());

/** Same claims, signed with the pool's own key, but expired an hour ago. */
export const expiredFrom = (token: string): string => {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ ...decode(token), iat: now - 7200, exp: now - 3600 }, cognitoLocalPrivateKey.pem);
};

/** Same claims and the pool's key, but for another client (audience). */
export const otherClientFrom = (token: string): string =>
  signJwt({ ...decode(token), aud: 'someotherclient123', client_id: 'someotherclient123' }, cognitoLocalPrivateKey.pem);

/** Same claims and the pool's key, from a sign-in `seconds` ago: what a session kept alive by refreshes carries. */
export const signedInEarlier = (token: string, seconds: number): string =>
  signJwt({ ...decode(token), auth_time: Math.floor(Date.now() / 1000) - seconds }, cognitoLocalPrivateKey.pem);
