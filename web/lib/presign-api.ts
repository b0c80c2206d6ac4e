import { apiUrl, isErrorBody, routePath, type ErrorCode, type RouteSpec } from '@contract';
import { webConfig } from './config';

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

/** Calls one route of a presign API with the caller's ID token (API Gateway's Cognito authorizer). */
export const callPresignApi = async <T>(
  api: Api,
  route: RouteSpec,
  idToken: string,
  options: { params?: Record<string, string>; body?: unknown; query?: Record<string, string> } = {},
): Promise<T> => {
  const search = options.query ? `?${new URLSearchParams(options.query)}` : '';
  let response: Response;
  try {
    response = await fetch(apiUrl(webConfig().custom[api], routePath(route.resource, options.params) + search), {
      method: route.method,
      headers: { Authorization: idToken, ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new PresignApiError(0, 'NETWORK', 'The server could not be reached; check your connection and try again.');
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    if (isErrorBody(body)) throw new PresignApiError(response.status, body.error.code, body.error.message);
    throw new PresignApiError(response.status, 'INTERNAL', `The server answered ${response.status}; try again.`);
  }
  return body as T;
};
