import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { MAX_REQUEST_BODY_BYTES, SUB_PATTERN, type RouteSpec } from '../../contract';
import type * as z from 'zod';
import { ApiError, badRequest, unauthorized } from './errors';
import type { Log } from './log';

/**
 * The edge of every presign API: who is calling, what they sent, and how the answer
 * looks. API Gateway's Cognito authorizer has already verified the token; the caller is
 * the `sub` claim it passes on, never anything in the request.
 */
export const callerSub = (event: APIGatewayProxyEvent): string => {
  const claims = event.requestContext?.authorizer?.claims as Record<string, unknown> | undefined;
  const sub = claims?.sub;
  if (typeof sub !== 'string' || !SUB_PATTERN.test(sub)) throw unauthorized();
  return sub;
};

/** Reads and validates a JSON body against a contract schema. */
export const parseJsonBody = <S extends z.ZodType>(event: APIGatewayProxyEvent, schema: S): z.output<S> => {
  const raw = event.body ?? '';
  const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (Buffer.byteLength(text, 'utf8') > MAX_REQUEST_BODY_BYTES) {
    throw new ApiError('BODY_TOO_LARGE', `The request body must be at most ${MAX_REQUEST_BODY_BYTES} bytes.`);
  }
  if (text.trim() === '') throw badRequest('The request needs a JSON body.');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  return parseWith(schema, value, 'body');
};

export const parseWith = <S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> => {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw badRequest(`Invalid ${where}: ${path}${issue.message}`);
};

export interface Cors {
  /** Origins allowed to read responses; `*` is never used because requests carry credentials. */
  allowedOrigins: readonly string[];
}

const corsHeaders = (event: APIGatewayProxyEvent, cors: Cors): Record<string, string> => {
  const origin = event.headers?.origin ?? event.headers?.Origin;
  if (!origin || !cors.allowedOrigins.includes(origin)) return { Vary: 'Origin' };
  return { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
};

const respond = (status: number, body: unknown, headers: Record<string, string>): APIGatewayProxyResult => ({
  statusCode: status,
  headers: {
    ...headers,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
  },
  body: body === undefined ? '' : JSON.stringify(body),
});

/** What a route answers: a status and a JSON body (none for 204). */
export interface RouteResult {
  status: number;
  body?: unknown;
}

export type RouteHandler = (event: APIGatewayProxyEvent, sub: string) => Promise<RouteResult>;

/**
 * Dispatches on API Gateway's resource path and method (both from the contract's route
 * table), turns every failure into the one error shape, and logs one line per request.
 * Unknown failures become a 500 without details; the log keeps the error name only.
 */
export const createRouter = (routes: ReadonlyArray<readonly [RouteSpec, RouteHandler]>, deps: { log: Log; cors: Cors }) => {
  const table = new Map(routes.map(([spec, handle]) => [`${spec.method} ${spec.resource}`, handle]));
  const resources = new Set(routes.map(([spec]) => spec.resource));

  return async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
    const cors = corsHeaders(event, deps.cors);
    const route = `${event.httpMethod} ${event.resource}`;
    const requestId = event.requestContext?.requestId;
    try {
      const handle = table.get(route);
      if (!handle) {
        throw resources.has(event.resource)
          ? new ApiError('METHOD_NOT_ALLOWED', `${event.httpMethod} is not allowed here.`)
          : new ApiError('NOT_FOUND', 'There is no such route.');
      }
      const sub = callerSub(event);
      const result = await handle(event, sub);
      deps.log.info('request', { route, status: result.status, requestId });
      return respond(result.status, result.body, cors);
    } catch (error) {
      if (error instanceof ApiError) {
        deps.log.info('request refused', { route, status: error.status, code: error.code, requestId });
        return respond(error.status, error.body(), cors);
      }
      deps.log.error('request failed', {
        route,
        status: 500,
        requestId,
        errorName: error instanceof Error ? error.name : typeof error,
      });
      return respond(500, new ApiError('INTERNAL', 'Something went wrong on our side; try again.').body(), cors);
    }
  };
};

/** Path parameter by name, validated. */
export const pathParam = <S extends z.ZodType>(event: APIGatewayProxyEvent, name: string, schema: S): z.output<S> =>
  parseWith(schema, event.pathParameters?.[name], `path parameter ${name}`);
