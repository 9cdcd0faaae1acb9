/**
 * ClickHouse's error answer over HTTP: the text `Code: N. DB::Exception: message. (NAME)`, the
 * code in X-ClickHouse-Exception-Code, and the status ClickHouse's HTTP handler gives that code
 * (src/Server/HTTPHandler.cpp), so a client of ClickHouse reports it as it would a server's.
 */
export class ClickHouseError extends Error {
  constructor(
    readonly code: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = 'ClickHouseError';
  }

  /** The body ClickHouse sends. */
  get text(): string {
    return `Code: ${this.code}. DB::Exception: ${this.message}. (${this.type})\n`;
  }
}

export const CH = {
  SYNTAX_ERROR: [62, 'SYNTAX_ERROR'],
  UNKNOWN_DATABASE: [81, 'UNKNOWN_DATABASE'],
  READONLY: [164, 'READONLY'],
  TOO_MANY_SIMULTANEOUS_QUERIES: [202, 'TOO_MANY_SIMULTANEOUS_QUERIES'],
  UNKNOWN_SETTING: [115, 'UNKNOWN_SETTING'],
  BAD_ARGUMENTS: [36, 'BAD_ARGUMENTS'],
  REQUIRED_PASSWORD: [194, 'REQUIRED_PASSWORD'],
  AUTHENTICATION_FAILED: [516, 'AUTHENTICATION_FAILED'],
  ACCESS_DENIED: [497, 'ACCESS_DENIED'],
  UNKNOWN_FORMAT: [73, 'UNKNOWN_FORMAT'],
  NOT_IMPLEMENTED: [48, 'NOT_IMPLEMENTED'],
  UNKNOWN_QUERY_PARAMETER: [456, 'UNKNOWN_QUERY_PARAMETER'],
  HTTP_LENGTH_REQUIRED: [381, 'HTTP_LENGTH_REQUIRED'],
  NETWORK_ERROR: [210, 'NETWORK_ERROR'],
  QUERY_IS_TOO_LARGE: [229, 'QUERY_IS_TOO_LARGE'],
} as const satisfies Record<string, readonly [number, string]>;

export const chError = (kind: readonly [number, string], message: string): ClickHouseError =>
  new ClickHouseError(kind[0], kind[1], message);

const BAD_REQUEST = new Set([
  // CANNOT_PARSE_*, SYNTAX_ERROR, UNKNOWN_*, BAD_ARGUMENTS, type mismatches and the like.
  6, 25, 26, 27, 32, 33, 36, 38, 41, 43, 44, 47, 53, 62, 69, 70, 72, 73, 115, 117, 130, 131, 190, 349, 352,
  456, 457, 458,
]);
const NOT_FOUND = new Set([46, 60, 81, 83, 86]);
const FORBIDDEN = new Set([164, 497, 516, 192, 193]);

/**
 * The HTTP status for a ClickHouse error code, as ClickHouse's HTTP handler chooses it; two
 * deliberate differences: a wrong or unknown credential is 401 (the product's rule for a failed
 * sign-in; ClickHouse says 403), and too many simultaneous queries is 429 (ClickHouse sends 500,
 * which would read as the product failing rather than the caller waiting).
 */
export function httpStatusOf(code: number): number {
  if (code === 194 || code === 516) return 401;
  if (code === 202) return 429;
  if (FORBIDDEN.has(code)) return 403;
  if (BAD_REQUEST.has(code)) return 400;
  if (NOT_FOUND.has(code)) return 404;
  if (code === 159) return 408;
  if (code === 48) return 501;
  if (code === 381) return 411;
  if (code === 229) return 413;
  return 500;
}

const CLICKHOUSE_MESSAGE =
  /^Code: (\d+)\. (?:DB::Exception: )+([\s\S]*?)\.? \(([A-Z_0-9]+)\)(?: \(version [^)]*\))?\.?\s*$/;

/** A chDB or server failure as ClickHouse's error; anything else as an internal one (its text hidden). */
export function asClickHouseError(error: unknown): ClickHouseError {
  if (error instanceof ClickHouseError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const match = CLICKHOUSE_MESSAGE.exec(message.trim());
  if (match) {
    // chDB nests the message once more for errors raised inside a parsed query: keep the innermost.
    const inner = CLICKHOUSE_MESSAGE.exec(match[2]!.trim());
    const [, code, text, type] = inner ?? match;
    return new ClickHouseError(Number(code), type!, text!);
  }
  return new ClickHouseError(1002, 'UNKNOWN_EXCEPTION', 'The query failed');
}
