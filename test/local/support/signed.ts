import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { REGION } from '../../../contract';
import type { LocalCredentials } from '../../../local/iam/identities';

/**
 * A request signed with SigV4 for API Gateway (`execute-api`), as the web server signs its
 * calls of the share routes: with a principal's local credentials, AWS's own signer.
 */
export const signedFetch = async (
  credentials: LocalCredentials,
  url: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<Response> => {
  const target = new URL(url);
  const signed = await new SignatureV4({ service: 'execute-api', region: REGION, sha256: Sha256, credentials }).sign({
    method: init.method ?? 'GET',
    protocol: target.protocol,
    hostname: target.hostname,
    port: target.port ? Number(target.port) : undefined,
    path: target.pathname,
    query: Object.fromEntries(target.searchParams),
    headers: { host: target.host, ...init.headers },
  });
  return fetch(target, { method: init.method ?? 'GET', headers: signed.headers });
};
