/**
 * Routes of the two REST APIs, relative to each API's stage URL (`.../prod/`).
 * `resource` is API Gateway's resource path, which is what a proxy event carries in
 * `event.resource`; the CDK construct creates exactly these resources and the Lambda
 * routes on them, so the two cannot drift apart.
 */
export interface RouteSpec {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly resource: string;
}

export const PROFILE_IMAGE_ROUTES = {
  uploadUrl: { method: 'POST', resource: '/upload-url' },
  downloadUrl: { method: 'GET', resource: '/download-url' },
} as const satisfies Record<string, RouteSpec>;

export const STATEMENT_ROUTES = {
  createUpload: { method: 'POST', resource: '/uploads' },
  partUrls: { method: 'POST', resource: '/uploads/{statementId}/parts' },
  listParts: { method: 'GET', resource: '/uploads/{statementId}/parts' },
  completeUpload: { method: 'POST', resource: '/uploads/{statementId}/complete' },
  abortUpload: { method: 'DELETE', resource: '/uploads/{statementId}' },
  downloadUrl: { method: 'GET', resource: '/statements/{statementId}/download-url' },
  deleteStatement: { method: 'DELETE', resource: '/statements/{statementId}' },
} as const satisfies Record<string, RouteSpec>;

/** Fills `{name}` placeholders; values are URI-encoded. */
export const routePath = (resource: string, params: Record<string, string> = {}): string =>
  resource.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing route parameter ${name}`);
    return encodeURIComponent(value);
  });

/** Joins an API's stage URL (with or without trailing slash) and a route. */
export const apiUrl = (stageUrl: string, path: string): string => `${stageUrl.replace(/\/+$/, '')}${path}`;
