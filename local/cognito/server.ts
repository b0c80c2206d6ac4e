import * as http from 'node:http';
import cognitoLocalPublicKey from 'cognito-local/lib/keys/cognitoLocal.public.json';
import { answerPreflight, listen, readBody, requestTarget, safeHandler, sendJson, type RunningServer } from '../http';
import { CognitoFault } from './faults';

type TargetHandler = (target: string, request: Record<string, any>) => Promise<unknown>;

/** Cognito serializes dates as epoch seconds. */
const replacer = function (this: Record<string, unknown>, key: string, value: unknown) {
  return this[key] instanceof Date ? Math.floor((this[key] as Date).getTime() / 1000) : value;
};

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'content-type, x-amz-target, x-amz-user-agent, authorization, cache-control',
  'Access-Control-Allow-Methods': 'POST, GET, OPTIONS',
  'Access-Control-Max-Age': '600',
};

/**
 * One port for both Cognito services, told apart by X-Amz-Target as AWS does:
 * `AWSCognitoIdentityProviderService.*` (user pool) and `AWSCognitoIdentityService.*`
 * (identity pool). It also serves the pool's JWKS at the path Cognito uses.
 */
export const startCognitoServer = (port: number, userPool: TargetHandler, identityPool: TargetHandler): Promise<RunningServer> => {
  const server = http.createServer(
    safeHandler('cognito', async (request, response) => {
      if (request.method === 'OPTIONS') return answerPreflight(request, response, CORS);
      const pathname = requestTarget(request.url)?.pathname ?? '';
      if (request.method === 'GET' && pathname.endsWith('/.well-known/jwks.json')) {
        sendJson(response, 200, { keys: [cognitoLocalPublicKey.jwk] }, CORS);
        return;
      }
      if (request.method === 'GET' && pathname === '/health') {
        sendJson(response, 200, { ok: true }, CORS);
        return;
      }
      const [service, target] = String(request.headers['x-amz-target'] ?? '').split('.');
      const handler =
        service === 'AWSCognitoIdentityProviderService' ? userPool : service === 'AWSCognitoIdentityService' ? identityPool : undefined;
      if (request.method !== 'POST' || !handler || !target) {
        sendJson(response, 400, { __type: 'UnknownOperationException', message: 'Missing or unknown X-Amz-Target.' }, CORS);
        return;
      }
      let body: Record<string, any>;
      try {
        body = JSON.parse((await readBody(request)).toString('utf8') || '{}');
        if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('not an object');
      } catch {
        sendJson(response, 400, { __type: 'SerializationException', message: 'The request body is not a JSON object.' }, CORS);
        return;
      }
      try {
        const result = await handler(target, body);
        const text = JSON.stringify(result ?? {}, replacer);
        response.writeHead(200, { ...CORS, 'Content-Type': 'application/x-amz-json-1.1' }).end(text);
      } catch (error) {
        const code = error instanceof CognitoFault ? error.code : (error as { code?: string }).code;
        if (!code) {
          // cognito-local trips over requests Cognito would refuse as invalid; answer as Cognito does, and say so.
          process.stderr.write(`cognito: ${target} failed on its input: ${(error as Error).message}\n`);
          sendJson(
            response,
            400,
            { __type: 'InvalidParameterException', message: `Invalid request for ${target}.` },
            CORS,
            'application/x-amz-json-1.1',
          );
          return;
        }
        sendJson(response, 400, { __type: code, message: (error as Error).message }, CORS, 'application/x-amz-json-1.1');
      }
    }),
  );
  return listen(server, port);
};
