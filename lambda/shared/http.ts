import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { MAX_REQUEST_BODY_BYTES } from '../../contract/errors';
import { SUB_PATTERN } from '../../contract/keys';
import { routeBody, type ParsedRouteBody } from '../../contract/route-bodies';
import type { RouteParamNames, RouteResponse, RouteSpec } from '../../contract/routes';
import type * as z from 'zod';
import { ApiError, accountClosing, badRequest, unauthorized } from './errors';
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

/** One request to a route: the caller, and what the route takes, read through the contract. */
export interface RouteCall<Route extends RouteSpec> {
  event: APIGatewayProxyEvent;
  /** The caller, from the token API Gateway verified. */
  sub: string;
  /** The JSON body, parsed with the route's schema (a 400 in words otherwise). */
  body: () => ParsedRouteBody<Route>;
  /** One of the route's path parameters, validated. */
  param: <S extends z.ZodType>(name: RouteParamNames<Route>, schema: S) => z.output<S>;
  /** The query string, validated. */
  query: <S extends z.ZodType>(schema: S) => z.output<S>;
  /** A claim of the verified ID token (API Gateway passes each as text), if it has it. */
  claim: (name: string) => string | undefined;
}

/** What a route answers: its response body with 200 or 201, or 204 for a route that answers none. */
export type RouteResult<Route extends RouteSpec> = [RouteResponse<Route>] extends [undefined]
  ? { status: 204; body?: undefined }
  : { status: 200 | 201 | 202; body: RouteResponse<Route> };

export type RouteHandler<Route extends RouteSpec> = (call: RouteCall<Route>) => Promise<RouteResult<Route>>;

/** A row of a router's table. */
export interface RouteEntry {
  route: RouteSpec;
  handle: (call: RouteCall<RouteSpec>) => Promise<{ status: number; body?: unknown }>;
}

/** Binds a handler to a contract route: the route's types check what the handler reads and answers. */
export const on = <Route extends RouteSpec>(route: Route, handle: RouteHandler<Route>): RouteEntry => ({
  route,
  handle: handle as unknown as RouteEntry['handle'],
});

const routeCall = (route: RouteSpec, event: APIGatewayProxyEvent, sub: string): RouteCall<RouteSpec> => ({
  event,
  sub,
  body: () => {
    const schema = routeBody(route);
    if (!schema) throw new Error(`${route.method} ${route.resource} takes no body`);
    return parseJsonBody(event, schema) as never;
  },
  param: (name, schema) => pathParam(event, name, schema),
  query: (schema) => parseWith(schema, event.queryStringParameters ?? {}, 'query'),
  claim: (name) => {
    const value = (event.requestContext?.authorizer?.claims as Record<string, unknown> | undefined)?.[name];
    return typeof value === 'string' ? value : undefined;
  },
});

/**
 * Dispatches on API Gateway's resource path and method (both from the contract's route
 * table), turns every failure into the one error shape, and logs one line per request.
 * Unknown failures become a 500 without details; the log keeps the error name only.
 */
/** Checks a signed-in caller before any route runs; throws an ApiError to refuse (an account being deleted is refused). */
export type Admit = (sub: string, route: RouteSpec) => Promise<void>;

export const createRouter = (
  routes: readonly RouteEntry[],
  deps: {
    log: Log;
    cors: Cors;
    /** @default every signed-in caller is admitted */
    admit?: Admit;
    /**
     * Who is calling. @default the `sub` of the token API Gateway's Cognito authorizer
     * verified (a 401 without one); a route table whose callers have no account (IAM-signed
     * calls of the web server for a share's recipient) names none.
     */
    caller?: (event: APIGatewayProxyEvent) => string;
  },
) => {
  const identify = deps.caller ?? callerSub;
  const table = new Map(routes.map((entry) => [`${entry.route.method} ${entry.route.resource}`, entry]));
  const resources = new Set(routes.map((entry) => entry.route.resource));

  return async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
    const cors = corsHeaders(event, deps.cors);
    const route = `${event.httpMethod} ${event.resource}`;
    const requestId = event.requestContext?.requestId;
    try {
      const entry = table.get(route);
      if (!entry) {
        throw resources.has(event.resource)
          ? new ApiError('METHOD_NOT_ALLOWED', `${event.httpMethod} is not allowed here.`)
          : new ApiError('NOT_FOUND', 'There is no such route.');
      }
      const sub = identify(event);
      await deps.admit?.(sub, entry.route);
      const result = await entry.handle(routeCall(entry.route, event, sub));
      deps.log.info('request', { route, status: result.status, requestId });
      return respond(result.status, result.body, cors);
    } catch (thrown) {
      // A write the table refused because the account's deletion began after the route's check.
      const error = thrown instanceof Error && thrown.name === 'OwnerClosing' ? accountClosing() : thrown;
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
