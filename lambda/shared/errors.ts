import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '../../contract/errors';

/** A failure the caller can act on; becomes `{ error: { code, message } }` with its status. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = ERROR_STATUS[code];
  }

  body(): ErrorBody {
    return { error: { code: this.code, message: this.message } };
  }
}

export const badRequest = (message: string) => new ApiError('BAD_REQUEST', message);
export const notFound = (message: string) => new ApiError('NOT_FOUND', message);
export const unauthorized = (message = 'Sign in again: the request carried no valid identity.') => new ApiError('UNAUTHORIZED', message);

export const ACCOUNT_CLOSING_MESSAGE = 'This account is closed: nothing in it can be uploaded or downloaded any more.';

/** The answer to anything but the account's own routes once its deletion has begun. */
export const accountClosing = () => new ApiError('ACCOUNT_CLOSED', ACCOUNT_CLOSING_MESSAGE);
