import {
  ENDPOINT_ROUTES,
  type ENDPOINTS,
  type EndpointName,
  type RequestBody,
  type SuccessBody,
} from '@risk-profile/contracts';

type Endpoint<N extends EndpointName> = (typeof ENDPOINTS)[N];

/** An HTTP failure. The message follows the product's format: `${status}: ${reason}`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly reason: string,
    /** The answer's stable `code` (for example `MFA_SETUP_REQUIRED`), when it gave one. */
    readonly code?: string,
  ) {
    super(`${status}: ${reason}`);
  }
}

/** The `code` field of an error answer's JSON, if any. */
export function failureCode(bodyText: string): string | undefined {
  try {
    const body: unknown = JSON.parse(bodyText);
    if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'string') return body.code;
  } catch {
    // Not JSON: no code.
  }
  return undefined;
}

/** The reason a failed response gives: its JSON `error` field, else its raw text, else the status text. */
export function failureReason(status: number, statusText: string, bodyText: string): string {
  if (bodyText) {
    try {
      const body: unknown = JSON.parse(bodyText);
      if (
        body &&
        typeof body === 'object' &&
        'error' in body &&
        typeof body.error === 'string' &&
        body.error
      ) {
        return body.error;
      }
    } catch {
      // Not JSON: the raw text is the most useful thing we have.
    }
    return bodyText;
  }
  return statusText || `HTTP ${status}`;
}

/**
 * What a notice about a failed call says: for an HTTP failure the status, a colon and a space, then
 * the reason (`409: This assessment has already been signed.`); otherwise the error's own message.
 */
export function failureMessage(error: unknown, fallback = 'Please try again later'): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The human part of an error, without the status prefix, for notices that show only the reason. */
export function errorMessage(error: unknown, fallback = 'Please try again later'): string {
  if (error instanceof ApiError) return error.reason;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export interface CallOptions<N extends EndpointName> {
  /** The concrete path (from `buildPath`) when the endpoint has parameters. */
  path?: string;
  body?: RequestBody<Endpoint<N>>;
  signal?: AbortSignal;
  /** Lets the request outlive the page, for analytics sent while it unloads. */
  keepalive?: boolean;
  /**
   * The caller expects a success that the page waits on (a link's details, the adviser's banner):
   * the response schemas download alongside the request instead of after the answer.
   */
  checkAhead?: boolean;
}

/** Fetches the response schemas ahead of the first answer that needs them. */
export function preloadResponseChecks(): Promise<unknown> {
  return import('./contract-responses');
}

/**
 * Calls one endpoint of the HTTP contract, named as in `ENDPOINTS`. Cookies always travel; a
 * JSON body only when given. A non-2xx answer throws `ApiError`; a 2xx answer is parsed with the
 * contract's schema for that status, so a drifting server fails loudly here instead of deep
 * inside a component. The schemas load with the first such answer, not with the page.
 */
export async function callEndpoint<N extends EndpointName>(
  name: N,
  options: CallOptions<N> = {},
): Promise<SuccessBody<Endpoint<N>>> {
  const route = ENDPOINT_ROUTES[name];
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method: route.method, credentials: 'include', headers };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  if (options.signal) init.signal = options.signal;
  if (options.keepalive) init.keepalive = true;
  // A failed download is ignored here: the import below, which needs the schemas, reports it.
  if (options.checkAhead) preloadResponseChecks().catch(() => undefined);

  const response = await fetch(options.path ?? route.path, init);
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    throw new ApiError(
      response.status,
      failureReason(response.status, response.statusText, text),
      failureCode(text),
    );
  }
  const json: unknown = text ? JSON.parse(text) : undefined;
  const { parseSuccessBody } = await import('./contract-responses');
  return parseSuccessBody(name, response.status, json) as SuccessBody<Endpoint<N>>;
}
