import type * as http from 'node:http';
import { BUCKET_CORS } from '../../contract';

/**
 * S3's answer to a CORS preflight, from the bucket's one CORS rule (BUCKET_CORS and the
 * web origins): the origin, the requested method and every requested header must be
 * allowed (header rules may end in `*`), or S3 refuses with 403.
 */
export const preflight = (
  request: http.IncomingMessage,
  webOrigins: readonly string[],
): { status: number; headers: Record<string, string>; error?: { code: string; message: string } } => {
  const origin = request.headers.origin;
  const method = request.headers['access-control-request-method'];
  if (!origin || !method) {
    return {
      status: 400,
      headers: {},
      error: { code: 'BadRequest', message: 'Insufficient information. Origin request header needed.' },
    };
  }
  const requested = String(request.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const headerAllowed = (name: string) =>
    BUCKET_CORS.allowedHeaders.some((rule) => (rule.endsWith('*') ? name.startsWith(rule.slice(0, -1)) : name === rule));
  const allowed =
    webOrigins.includes(origin) &&
    (BUCKET_CORS.allowedMethods as readonly string[]).includes(String(method)) &&
    requested.every(headerAllowed);
  if (!allowed) {
    return {
      status: 403,
      headers: {},
      error: {
        code: 'AccessForbidden',
        message:
          "CORSResponse: This CORS request is not allowed. This is usually because the evalution of Origin, request method / Access-Control-Request-Method or Access-Control-Request-Headers are not whitelisted by the resource's CORS spec.",
      },
    };
  }
  return {
    status: 200,
    headers: {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Methods': BUCKET_CORS.allowedMethods.join(', '),
      ...(requested.length ? { 'Access-Control-Allow-Headers': requested.join(', ') } : {}),
      'Access-Control-Expose-Headers': BUCKET_CORS.exposedHeaders.join(', '),
      'Access-Control-Max-Age': String(BUCKET_CORS.maxAgeSeconds),
      Vary: 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method',
    },
  };
};
