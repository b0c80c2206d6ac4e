import { apiUrl, routePath, type RouteSpec, type WebConfig } from '../../../contract';

export type Api = 'profileImageApiUrl' | 'statementsApiUrl';

/** Calls a presign API route over HTTP with `fetch`, as the browser does. */
export const callApi = async (
  config: WebConfig,
  api: Api,
  route: RouteSpec,
  options: {
    token?: string;
    headers?: Record<string, string>;
    params?: Record<string, string>;
    body?: unknown;
    query?: Record<string, string>;
  } = {},
) => {
  const search = options.query ? `?${new URLSearchParams(options.query)}` : '';
  const response = await fetch(apiUrl(config.custom[api], routePath(route.resource, options.params) + search), {
    method: route.method,
    headers: {
      ...options.headers,
      ...(options.token ? { Authorization: options.token } : {}),
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      Origin: 'http://localhost:3000',
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
};
