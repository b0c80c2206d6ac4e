import { createHash, randomUUID } from 'node:crypto';
import * as http from 'node:http';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import Ajv from 'ajv-draft-04';
import {
  API_STAGE,
  GATEWAY_ERRORS,
  REGION,
  REST_API_CORS,
  gatewayErrorBody,
  routeMethods,
  routeModel,
  type GatewayErrorType,
  type RouteSpec,
} from '../contract';
import { bearerToken, type TokenVerifier } from './auth/token-verifier';
import { listen, readBody, requestTarget, safeHandler, sendJson, type RunningServer } from './http';
import { verifyServiceRequest } from './auth/sigv4';
import type { Authorizer } from './iam/authorizer';
import type { Identities } from './iam/identities';

/** API Gateway's own payload limit. */
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

interface CompiledRoute {
  spec: RouteSpec;
  pattern: RegExp;
  params: string[];
}

const compile = (spec: RouteSpec): CompiledRoute => {
  const params: string[] = [];
  const source = spec.resource
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      params.push(param[1]);
      return '([^/]+)';
    })
    .join('/');
  return { spec, pattern: new RegExp(`^${source}$`), params };
};

/**
 * One REST API as API Gateway runs it, for the local stack: stage `prod`, the CORS
 * preflight answered by the gateway, the Cognito authorizer verifying the ID token
 * (signature, issuer, audience, expiry), the request validator checking JSON bodies
 * against the routes' models, proxy events built the way API Gateway builds them (claims
 * under requestContext.authorizer.claims), and the gateway's own errors in the
 * contract's shape. The handler is the real Lambda handler module.
 */
export const startRestApi = async (input: {
  port: number;
  routes: Record<string, RouteSpec>;
  handler: (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>;
  tokens: TokenVerifier;
  webOrigins: string[];
  /**
   * Routes served by another handler that take IAM-signed calls (AWS_IAM authorization):
   * the SigV4 signature verified, then `execute-api:Invoke` on the method's ARN evaluated
   * against the signer's policies from the template, as API Gateway does. @default none
   */
  iam?: {
    routes: Record<string, RouteSpec>;
    handler: (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>;
    /** The API's id in the ARNs the template's policies name. */
    apiId: string;
    accountId: string;
    identities: Pick<Identities, 'secretFor' | 'signerOf'>;
    authorizer: Authorizer;
  };
}): Promise<RunningServer> => {
  const iamSpecs = new Set<RouteSpec>(Object.values(input.iam?.routes ?? {}));
  const routes = [...Object.values(input.routes), ...iamSpecs].map(compile);
  // The same JSON Schema draft-4 models the CDK app installs on each method.
  const ajv = new Ajv({ strict: false });
  const validators = new Map(
    routes.flatMap((route) => {
      const model = routeModel(route.spec);
      return model ? [[route.spec, ajv.compile(model)] as const] : [];
    }),
  );
  const methods = routeMethods({ ...input.routes, ...input.iam?.routes });
  const stagePrefix = `/${API_STAGE}`;

  const gatewayError = (response: http.ServerResponse, type: GatewayErrorType, status: number) =>
    sendJson(
      response,
      'status' in GATEWAY_ERRORS[type] ? (GATEWAY_ERRORS[type] as { status: number }).status : status,
      gatewayErrorBody(type),
      {
        'Access-Control-Allow-Origin': '*',
      },
    );

  const server = http.createServer(
    safeHandler('rest-api', async (request, response) => {
      const target = requestTarget(request.url);
      if (!target) return gatewayError(response, 'DEFAULT_4XX', 400);
      if (!target.pathname.startsWith(`${stagePrefix}/`)) return gatewayError(response, 'MISSING_AUTHENTICATION_TOKEN', 403);
      const path = target.pathname.slice(stagePrefix.length);
      const matches = routes.map((route) => ({ route, match: route.pattern.exec(path) })).filter((candidate) => candidate.match);
      if (matches.length === 0) return gatewayError(response, 'MISSING_AUTHENTICATION_TOKEN', 403);

      const origin = request.headers.origin;
      if (request.method === 'OPTIONS') {
        response
          .writeHead(204, {
            ...(origin && input.webOrigins.includes(origin) ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {}),
            'Access-Control-Allow-Headers': REST_API_CORS.allowedHeaders.join(','),
            'Access-Control-Allow-Methods': methods.join(','),
          })
          .end();
        return;
      }
      const chosen = matches.find((candidate) => candidate.route.spec.method === request.method);
      if (!chosen) return gatewayError(response, 'MISSING_AUTHENTICATION_TOKEN', 403);

      const iamSigned = iamSpecs.has(chosen.route.spec) ? input.iam! : undefined;
      let claims: Record<string, unknown> | undefined;
      let caller: { arn: string; accessKey: string; payloadHash: string } | undefined;
      if (iamSigned) {
        // API Gateway's AWS_IAM authorization: a signed request, by a signer allowed to invoke this method.
        if (!request.headers.authorization) {
          request.resume();
          return gatewayError(response, 'MISSING_AUTHENTICATION_TOKEN', 403);
        }
        const verdict = verifyServiceRequest(request, iamSigned.identities.secretFor, 'execute-api');
        if (!verdict.ok) {
          request.resume();
          return gatewayError(response, 'DEFAULT_4XX', 403);
        }
        const signer = iamSigned.identities.signerOf(verdict.accessKeyId)!;
        const methodArn = `arn:aws:execute-api:${REGION}:${iamSigned.accountId}:${iamSigned.apiId}/${API_STAGE}/${request.method}${path}`;
        if (signer.kind === 'principal') {
          const decision = await iamSigned.authorizer.authorize(signer.principal, { action: 'execute-api:Invoke', resource: methodArn });
          if (!decision.allowed) {
            request.resume();
            return gatewayError(response, 'ACCESS_DENIED', 403);
          }
        }
        caller = {
          arn: signer.kind === 'principal' ? signer.principal.sessionArn : `arn:aws:iam::${iamSigned.accountId}:root`,
          accessKey: verdict.accessKeyId,
          payloadHash: verdict.payloadHash,
        };
      } else {
        claims = (await input.tokens.verifyIdToken(bearerToken(request.headers.authorization))) ?? undefined;
        if (!claims) {
          request.resume();
          return gatewayError(response, 'UNAUTHORIZED', 401);
        }
      }
      let body: Buffer;
      try {
        body = await readBody(request, MAX_PAYLOAD_BYTES);
      } catch {
        return gatewayError(response, 'REQUEST_TOO_LARGE', 413);
      }
      // A signed body is the body that was signed.
      if (caller && caller.payloadHash !== 'UNSIGNED-PAYLOAD' && createHash('sha256').update(body).digest('hex') !== caller.payloadHash)
        return gatewayError(response, 'DEFAULT_4XX', 403);
      // The method's request validator: a JSON body must match the route's model.
      const validate = validators.get(chosen.route.spec);
      const contentType = String(request.headers['content-type'] ?? 'application/json')
        .split(';')[0]
        .trim()
        .toLowerCase();
      if (validate && contentType === 'application/json') {
        let parsed: unknown;
        try {
          parsed = JSON.parse(body.toString('utf8'));
        } catch {
          return gatewayError(response, 'BAD_REQUEST_BODY', 400);
        }
        if (!validate(parsed)) return gatewayError(response, 'BAD_REQUEST_BODY', 400);
      }

      // API Gateway hands the Lambda decoded path parameters; a path that does not decode is refused.
      let pathParameters: Record<string, string> | null;
      try {
        pathParameters = chosen.route.params.length
          ? Object.fromEntries(chosen.route.params.map((name, index) => [name, decodeURIComponent(chosen.match![index + 1])]))
          : null;
      } catch {
        return gatewayError(response, 'DEFAULT_4XX', 400);
      }

      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : (value ?? '')]),
      );
      const query = [...new Set(target.query.keys())];
      const requestId = randomUUID();
      const event = {
        resource: chosen.route.spec.resource,
        path,
        httpMethod: request.method ?? 'GET',
        headers,
        multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, [value]])),
        queryStringParameters: query.length ? Object.fromEntries(query.map((key) => [key, target.query.get(key) ?? ''])) : null,
        multiValueQueryStringParameters: query.length ? Object.fromEntries(query.map((key) => [key, target.query.getAll(key)])) : null,
        pathParameters,
        stageVariables: null,
        body: body.length ? body.toString('utf8') : null,
        isBase64Encoded: false,
        requestContext: {
          accountId: '000000000000',
          apiId: 'local',
          stage: API_STAGE,
          requestId,
          httpMethod: request.method ?? 'GET',
          path: target.pathname,
          resourcePath: chosen.route.spec.resource,
          requestTimeEpoch: Date.now(),
          identity: {
            sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
            ...(caller ? { caller: caller.arn, userArn: caller.arn, accessKey: caller.accessKey } : {}),
          },
          // The authorizer passes every claim on as a string, as API Gateway does.
          ...(claims
            ? { authorizer: { claims: Object.fromEntries(Object.entries(claims).map(([name, value]) => [name, String(value)])) } }
            : {}),
        },
      } as unknown as APIGatewayProxyEvent;

      let result: APIGatewayProxyResult;
      try {
        result = await (iamSigned ? iamSigned.handler : input.handler)(event);
      } catch {
        return gatewayError(response, 'DEFAULT_5XX', 502);
      }
      const text = result.isBase64Encoded ? Buffer.from(result.body, 'base64') : Buffer.from(result.body ?? '', 'utf8');
      response.writeHead(result.statusCode, {
        ...(result.headers as Record<string, string>),
        'Content-Length': String(text.length),
        'x-amzn-RequestId': requestId,
      });
      response.end(text);
    }),
  );
  return listen(server, input.port);
};
