import { randomUUID } from 'node:crypto';
import { CLICKHOUSE_BODY_LIMIT } from '@risk-profile/contracts';
import type { Request, Response } from 'express';
import type { AnalystEngine } from './analyst-engine';
import { CH, chError } from './clickhouse-error';
import { readQueryBody } from './query-body';

/** URL parameters of ClickHouse's HTTP layer, not settings of the query. */
const HTTP_PARAMETERS = new Set([
  'query',
  'database',
  'default_format',
  'user',
  'password',
  'quota_key',
  'query_id',
  // Sessions keep temporary tables and SET between requests; here every request stands alone
  // (nothing may be SET), so a session id is accepted and has no effect.
  'session_id',
  'session_timeout',
  'session_check',
  'compress',
  'buffer_size',
  'wait_end_of_query',
  'role',
  'stacktrace',
  'enable_http_compression',
  'http_zlib_compression_level',
  'send_progress_in_http_headers',
  'http_headers_progress_interval_ms',
  'http_response_buffer_size',
  'http_wait_end_of_query',
  'cancel_http_readonly_queries_on_client_close',
  'http_response_compression_method',
  'http_native_compression_disable_checksumming_on_decompress',
  // clickhouse-go (Grafana's data source) names its protocol revision on every request.
  'client_protocol_version',
]);

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;
const QUERY_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's URL parameters, after the headers every answer carries (its query id first). */
export function startAnswer(req: Request, res: Response): URLSearchParams {
  const search = new URL(req.originalUrl, 'http://x').searchParams;
  const queryIdParam = search.get('query_id');
  const queryId = queryIdParam && QUERY_ID.test(queryIdParam) ? queryIdParam : randomUUID();
  res.setHeader('X-ClickHouse-Query-Id', queryId);
  res.setHeader('X-ClickHouse-Server-Display-Name', 'risk-profile');
  res.setHeader('X-ClickHouse-Timezone', 'UTC');
  return search;
}

/** ClickHouse answers a bare GET of its root with Ok., as a liveness check. */
export const isLivenessCheck = (req: Request, search: URLSearchParams): boolean =>
  !search.get('query') && (req.method === 'GET' || req.method === 'HEAD');

export function checkMethod(req: Request): void {
  if (req.method !== 'POST' && req.method !== 'GET' && req.method !== 'HEAD') {
    throw chError(CH.NOT_IMPLEMENTED, `Method ${req.method} is not supported`);
  }
}

/** The query: the URL's and the body's text, joined by a line break as ClickHouse does. */
export async function queryTextOf(req: Request, search: URLSearchParams): Promise<string> {
  const urlQuery = search.get('query') ?? '';
  const body = await readQueryBody(req, CLICKHOUSE_BODY_LIMIT);
  return urlQuery && body ? `${urlQuery}\n${body}` : urlQuery || body;
}

export interface QueryOptions {
  params: Record<string, string>;
  defaultFormat: string;
}

/**
 * The database, default format, query parameters and settings the request names, refused as
 * ClickHouse refuses them for a read-only user: another database, an unknown format or setting,
 * or a setting changed.
 */
export async function queryOptionsOf(
  req: Request,
  search: URLSearchParams,
  deps: { engine: AnalystEngine; database: string },
): Promise<QueryOptions> {
  // As ClickHouse: the database and the default format may come as headers (the JDBC driver's way).
  const database = search.get('database') ?? req.header('x-clickhouse-database') ?? null;
  if (database !== null && database !== deps.database && database !== 'default') {
    throw chError(
      CH.ACCESS_DENIED,
      `Not enough privileges on database ${database}: only ${deps.database} can be read`,
    );
  }
  const defaultFormat = search.get('default_format') ?? req.header('x-clickhouse-format') ?? 'TabSeparated';
  if (!IDENTIFIER.test(defaultFormat)) throw chError(CH.UNKNOWN_FORMAT, `Unknown format ${defaultFormat}`);
  if (search.get('decompress') === '1') {
    throw chError(
      CH.NOT_IMPLEMENTED,
      "ClickHouse's native compression (decompress=1) is not supported: use Content-Encoding",
    );
  }
  const params: Record<string, string> = {};
  for (const [name, value] of search) {
    if (name.startsWith('param_')) params[name.slice(6)] = value;
    else if (!HTTP_PARAMETERS.has(name)) await checkSetting(name, value, deps.engine);
  }
  return { params, defaultFormat };
}

async function checkSetting(name: string, value: string, engine: AnalystEngine): Promise<void> {
  if (!IDENTIFIER.test(name)) throw chError(CH.UNKNOWN_SETTING, `Unknown setting ${name.slice(0, 100)}`);
  const current = await engine.setting(name);
  if (current === undefined) throw chError(CH.UNKNOWN_SETTING, `Unknown setting ${name}`);
  // A readonly user may "set" a setting to the value it has (ClickHouse's rule too).
  if (current !== value) throw chError(CH.READONLY, `Cannot modify '${name}' setting in readonly mode`);
}
