/**
 * The one error shape every REST endpoint answers with (the product's error catalogue):
 * `{ "error": { "code": "...", "message": "..." } }`. Messages are written for people.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  /** The caller's vault is full: their quota of statements or bytes (contract STATEMENT_QUOTA). */
  QUOTA_EXCEEDED: 403,
  /** The action (closing the account) needs a sign-in from the last few minutes (contract ACCOUNT_DELETION). */
  RECENT_SIGN_IN_REQUIRED: 403,
  NOT_FOUND: 404,
  /** The account is closed, or its closing has begun: nothing in it opens any more (contract ACCOUNT_DELETION). */
  ACCOUNT_CLOSED: 410,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  FILE_TOO_LARGE: 413,
  BODY_TOO_LARGE: 413,
  /** A packet asked for holds more statements or bytes than one packet does (contract PACKET_LIMITS). */
  PACKET_TOO_LARGE: 413,
  UNSUPPORTED_TYPE: 415,
  THROTTLED: 429,
  INTERNAL: 500,
  /** A device's push service did not take a notice (its answer or its silence), so it may not have arrived. */
  PUSH_NOT_DELIVERED: 502,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  error: { code: ErrorCode; message: string };
}

/** Largest JSON request body a presign API reads; API Gateway itself allows 10 MB. */
export const MAX_REQUEST_BODY_BYTES = 16 * 1024;

export const isErrorBody = (value: unknown): value is ErrorBody => {
  if (typeof value !== 'object' || value === null) return false;
  const error = (value as { error?: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    (error as { code: string }).code in ERROR_STATUS &&
    typeof (error as { message?: unknown }).message === 'string' &&
    Object.keys(value).length === 1 &&
    Object.keys(error).length === 2
  );
};

/**
 * What API Gateway answers itself, before a Lambda runs (its "gateway responses"), in the
 * same error shape. Keys are API Gateway response types; the CDK construct installs these
 * and the local REST server answers with them. `status` overrides the type's own status.
 */
export const GATEWAY_ERRORS = {
  BAD_REQUEST_BODY: { code: 'BAD_REQUEST', message: 'The request body does not match what this route takes.' },
  BAD_REQUEST_PARAMETERS: { code: 'BAD_REQUEST', message: 'The request is missing a required parameter.' },
  UNAUTHORIZED: { code: 'UNAUTHORIZED', message: 'Sign in again: the request carried no valid identity.' },
  ACCESS_DENIED: { status: 401, code: 'UNAUTHORIZED', message: 'Sign in again: the request carried no valid identity.' },
  MISSING_AUTHENTICATION_TOKEN: { status: 404, code: 'NOT_FOUND', message: 'There is no such route.' },
  REQUEST_TOO_LARGE: { code: 'BODY_TOO_LARGE', message: 'The request body is too large.' },
  THROTTLED: { code: 'THROTTLED', message: 'Too many requests; wait a moment and try again.' },
  DEFAULT_4XX: { code: 'BAD_REQUEST', message: 'The request was refused.' },
  DEFAULT_5XX: { code: 'INTERNAL', message: 'Something went wrong on our side; try again.' },
} as const satisfies Record<string, { status?: number; code: ErrorCode; message: string }>;

export type GatewayErrorType = keyof typeof GATEWAY_ERRORS;

export const gatewayErrorBody = (type: GatewayErrorType): ErrorBody => ({
  error: { code: GATEWAY_ERRORS[type].code, message: GATEWAY_ERRORS[type].message },
});
