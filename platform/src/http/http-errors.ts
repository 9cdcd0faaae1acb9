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
};
