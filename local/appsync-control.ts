import { createHash } from 'node:crypto';
import type * as http from 'node:http';
import { REGION, apiKeyExpiryProblem, renewedApiKeyExpiry } from '../contract';
import { verifyServiceRequest } from './auth/sigv4';
import { readBody, sendJson } from './http';
import type { Authorizer } from './iam/authorizer';
import type { Identities } from './iam/identities';

/** The GraphQL API's one key, as AppSync keeps it: its value (AppSync's id of a key) and expiry in seconds since the epoch. */
export interface LocalApiKey {
  readonly id: string;
  expires: number;
}

/** A key as a deploy leaves it: a year from now (the CDK app's default lifetime). */
export const deployedApiKey = (id: string, nowMs = Date.now()): LocalApiKey => ({ id, expires: renewedApiKeyExpiry(nowMs) });

/** Whether AppSync takes the key at `nowMs`: the right value, not yet expired. */
export const apiKeyAccepted = (key: LocalApiKey, presented: string, nowMs = Date.now()): boolean =>
  presented === key.id && nowMs / 1000 < key.expires;

/** AppSync's control-plane errors: a status, the type in `x-amzn-ErrorType`, and `{ message }`. */
const fault = (response: http.ServerResponse, status: number, type: string, message: string) =>
  sendJson(response, status, { message }, { 'x-amzn-ErrorType': type });

const asKey = (key: LocalApiKey) => ({ id: key.id, expires: key.expires, deletes: key.expires + 60 * 24 * 60 * 60 });

/**
 * The part of AppSync's control plane the stack uses: ListApiKeys and UpdateApiKey
 * (`/v1/apis/{apiId}/apikeys[/{id}]`), signed with SigV4 as the SDK signs them. A
 * principal's call is held to its policies (UpdateApiKey is authorized on "*", as AWS
 * does: keys have no ARN); the account's own credentials, as anywhere, are not.
 * Answers `false` for any other path, which is the data plane's.
 */
export const createAppSyncControlPlane = (input: {
  apiId: string;
  accountId: string;
  key: LocalApiKey;
  identities: Pick<Identities, 'secretFor' | 'signerOf'>;
  authorizer: Authorizer;
  now?: () => number;
}) => {
  const now = input.now ?? Date.now;
  return async (request: http.IncomingMessage, response: http.ServerResponse, pathname: string): Promise<boolean> => {
    const match = /^\/v1\/apis\/([^/]+)\/apikeys(?:\/([^/]+))?$/.exec(pathname);
    if (!match) return false;
    const body = await readBody(request, 64 * 1024);
    const verdict = verifyServiceRequest(request, input.identities.secretFor, 'appsync');
    if (!verdict.ok) {
      fault(
        response,
        403,
        verdict.code === 'InvalidAccessKeyId' ? 'UnrecognizedClientException' : 'InvalidSignatureException',
        verdict.message,
      );
      return true;
    }
    if (verdict.payloadHash !== 'UNSIGNED-PAYLOAD' && createHash('sha256').update(body).digest('hex') !== verdict.payloadHash) {
      fault(response, 403, 'InvalidSignatureException', 'The request signature we calculated does not match the signature you provided.');
      return true;
    }
    const [, apiId, keyId] = match;
    const operation = request.method === 'GET' && !keyId ? 'ListApiKeys' : request.method === 'POST' && keyId ? 'UpdateApiKey' : undefined;
    if (!operation) {
      fault(response, 404, 'NotFoundException', `No operation ${request.method} ${pathname}`);
      return true;
    }
    const signer = input.identities.signerOf(verdict.accessKeyId)!;
    if (signer.kind === 'principal') {
      const resource = operation === 'UpdateApiKey' ? '*' : `arn:aws:appsync:${REGION}:${input.accountId}:apis/${apiId}`;
      const decision = await input.authorizer.authorize(signer.principal, { action: `appsync:${operation}`, resource });
      if (!decision.allowed) {
        fault(response, 403, 'AccessDeniedException', decision.message);
        return true;
      }
    }
    if (apiId !== input.apiId) {
      fault(response, 404, 'NotFoundException', `GraphQL API ${apiId} not found.`);
      return true;
    }
    if (operation === 'ListApiKeys') {
      sendJson(response, 200, { apiKeys: [asKey(input.key)] });
      return true;
    }
    if (keyId !== input.key.id) {
      fault(response, 404, 'NotFoundException', `API key ${keyId} not found.`);
      return true;
    }
    let expires: unknown;
    try {
      ({ expires } = JSON.parse(body.toString('utf8') || '{}') as { expires?: unknown });
    } catch {
      fault(response, 400, 'BadRequestException', 'The request body is not valid JSON.');
      return true;
    }
    if (expires !== undefined) {
      const problem = typeof expires === 'number' ? apiKeyExpiryProblem(expires, now()) : 'expires must be a number.';
      if (problem) {
        fault(response, 400, 'ApiKeyValidityOutOfBoundsException', problem);
        return true;
      }
      // AppSync keeps the expiry rounded down to the hour.
      input.key.expires = Math.floor((expires as number) / 3600) * 3600;
    }
    sendJson(response, 200, { apiKey: asKey(input.key) });
    return true;
  };
};
