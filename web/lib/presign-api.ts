import { apiUrl, routePath, type RouteInput, type RouteResponse, type RouteSpec } from '@contract/routes';
import { isErrorBody, type ErrorCode } from '@contract/errors';
import { webConfig } from './config';
import { ACCOUNT_CLOSED_SIGN_OUT, PAGES } from './routes';

export type Api = 'profileImageApiUrl' | 'statementsApiUrl';

/** A refusal from a presign API, in the contract's shape. */
export class PresignApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
  ) {
    super(message);
    this.name = 'PresignApiError';
  }
}

/** A response's JSON body; undefined when it has none or it is not JSON. */
export const jsonBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
};

/** What a route's call sends: its path parameters, query and body, each only when it has them. */
export type PresignCallOptions<Route extends RouteSpec> =
  RouteInput<Route> extends { params?: undefined; query?: undefined; body?: undefined }
    ? [options?: RouteInput<Route>]
    : [options: RouteInput<Route>];

/**
 * One route of a presign API at its stage URL, with the caller's ID token (API Gateway's
 * Cognito authorizer): the route's answer, or its refusal as a PresignApiError.
 */
export const sendPresignRequest = async <Route extends RouteSpec>(
  stageUrl: string,
  route: Route,
  idToken: string,
  options: RouteInput<Route> | undefined,
): Promise<RouteResponse<Route>> => {
  // The route's types have done their work at the call; here every input is optional.
  const input = (options ?? {}) as { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };
  const search = input.query ? `?${new URLSearchParams(input.query)}` : '';
  let response: Response;
  try {
    response = await fetch(apiUrl(stageUrl, routePath(route.resource, input.params) + search), {
      method: route.method,
      headers: { Authorization: idToken, ...(input.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
    });
  } catch {
    throw new PresignApiError(0, 'NETWORK', 'The server could not be reached; check your connection and try again.');
  }
  const body = await jsonBody(response);
  if (!response.ok) {
    if (isErrorBody(body)) throw new PresignApiError(response.status, body.error.code, body.error.message);
    throw new PresignApiError(response.status, 'INTERNAL', `The server answered ${response.status}; try again.`);
  }
  return body as RouteResponse<Route>;
};

/**
 * Calls one route of a presign API from the browser with the caller's ID token. What it
 * sends (path parameters, query, body) and what it answers are the route's own types, from
 * the contract's route table. An answer that the account is closed leaves the page.
 */
export const callPresignApi = <Route extends RouteSpec>(
  api: Api,
  route: Route,
  idToken: string,
  ...[options]: PresignCallOptions<Route>
): Promise<RouteResponse<Route>> =>
  sendPresignRequest(webConfig().custom[api], route, idToken, options).catch((error: unknown) => {
    // The account was closed (here or in another browser): the page leaves for where that is
    // said, rather than offering to try again. The profile's card follows a closing itself.
    if (
      error instanceof PresignApiError &&
      error.code === 'ACCOUNT_CLOSED' &&
      typeof window !== 'undefined' &&
      window.location.pathname !== PAGES.profile
    )
      window.location.assign(ACCOUNT_CLOSED_SIGN_OUT);
    throw error;
  });
