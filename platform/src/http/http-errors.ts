/**
 * Expected failures carry an HTTP status and a stable code; the kit's error handler turns them
 * into `{ "error": message, "code": code }`. Anything else is a 500 with a generic message.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly details?: readonly { path: string; message: string }[],
    /** Sent as `Retry-After` by the kit's error handler. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const httpError = {
  badRequest: (message: string, details?: HttpError['details']) =>
    new HttpError(400, message, 'BAD_REQUEST', details),
  unauthorized: (message = 'Authentication required') => new HttpError(401, message, 'UNAUTHORIZED'),
  forbidden: (message = 'You do not have access to this resource') =>
    new HttpError(403, message, 'FORBIDDEN'),
  notFound: (message: string) => new HttpError(404, message, 'NOT_FOUND'),
  conflict: (message: string, code = 'CONFLICT') => new HttpError(409, message, code),
  payloadTooLarge: (message = 'Request body too large') => new HttpError(413, message, 'PAYLOAD_TOO_LARGE'),
  unsupportedMediaType: (message = 'Content-Type must be application/json') =>
    new HttpError(415, message, 'UNSUPPORTED_MEDIA_TYPE'),
  unprocessable: (message: string, code = 'UNPROCESSABLE') => new HttpError(422, message, code),
  tooManyRequests: (message = 'Too many requests, please try again later') =>
    new HttpError(429, message, 'RATE_LIMITED'),
  unavailable: (message = 'Service unavailable') => new HttpError(503, message, 'UNAVAILABLE'),
  /** The disk under a store is full: nothing was stored, and a retry after space is freed works. */
  storageFull: () =>
    new HttpError(
      503,
      'The service cannot store anything right now (its disk is full). Please try again later.',
      'STORAGE_FULL',
      undefined,
      STORAGE_FULL_RETRY_AFTER_SECONDS,
    ),
};

const STORAGE_FULL_RETRY_AFTER_SECONDS = 60;
/** Node's (ENOSPC, EDQUOT) and PostgreSQL's (SQLSTATE 53100 disk_full) codes for a full disk. */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);
const DISK_FULL_MESSAGE = /could not extend file|no space left on device/i;

/** Whether `error`, or an error it was caused by, says the disk is full. */
export function isDiskFull(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && DISK_FULL_CODES.has(code)) return true;
    if (typeof message === 'string' && DISK_FULL_MESSAGE.test(message)) return true;
    current = cause;
  }
  return false;
}
