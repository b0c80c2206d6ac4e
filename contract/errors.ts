/**
 * The one error shape every REST endpoint answers with (PRODUCT.md, error catalogue):
 * `{ "error": { "code": "...", "message": "..." } }`. Messages are written for people.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  FILE_TOO_LARGE: 413,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_TYPE: 415,
  THROTTLED: 429,
  INTERNAL: 500,
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
