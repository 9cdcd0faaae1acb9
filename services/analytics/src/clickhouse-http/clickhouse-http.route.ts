import { randomUUID } from 'node:crypto';
import { CLICKHOUSE_BODY_LIMIT, CLICKHOUSE_HTTP_PATH } from '@risk-profile/contracts';
import type { Express, Request, Response } from 'express';
import { authenticate, type Caller, type CallerDeps, RateLimited } from './analyst-caller';
import type { AnalystEngine, AnalystEngineSlot } from './analyst-engine';
import type { AnalystQueryLog } from './analyst-query-log';
import { asClickHouseError, CH, ClickHouseError, chError, httpStatusOf } from './clickhouse-error';
import { readQueryBody } from './query-body';
import { checkReadOnly, parseAst } from './read-only-guard';
import { CutShort, contentTypeOf, sendResult } from './result-stream';

export interface ClickHouseHttpDeps extends CallerDeps {
  engine: AnalystEngine;
  log: AnalystQueryLog;
  database: string;
  /** Queries one analyst may run at once. */
  perAnalystConcurrency: number;
  /** Bytes of one result (uncompressed): the answer is cut there with ClickHouse's error. */
  maxResultBytes: number;
  clock: () => Date;
}

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

/**
 * Queries already found read-only: the verdict and the statement it is about (ClickHouse's
 * formatting of the text), keyed by the exact text and parameters; never any query's output.
 * BI tools send the same queries again and again, so a repeat skips the check's two engine calls.
 */
const MAX_CHECKED_QUERIES = 1_000;
const checkedKey = (text: string, params: Record<string, string>): string =>
  JSON.stringify([text, Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]);

/**
 * The check formats the analyst's text with `SELECT formatQuery({q:String})`; ClickHouse names
 * that statement at the end of an error in the text (`…: In scope SELECT formatQuery('…')`). The
 * error is about the analyst's own text (its position and excerpt count in it), so that scope is
 * dropped: the analyst reads ClickHouse's code, position, excerpt and expectation, as a server
 * answers the text itself. A scope is one escaped string literal running to the end.
 */
const FORMAT_QUERY_SCOPE = /^:? In scope SELECT formatQuery\('(?:[^'\\]|\\[\s\S])*'\)$/;

function withoutFormatQueryScope(error: ClickHouseError): ClickHouseError {
  const message = error.message;
  for (let at = message.indexOf(' In scope SELECT formatQuery('); at >= 0; ) {
    const start = message[at - 1] === ':' ? at - 1 : at;
    if (FORMAT_QUERY_SCOPE.test(message.slice(start)))
      return new ClickHouseError(error.code, error.type, message.slice(0, start));
    at = message.indexOf(' In scope SELECT formatQuery(', at + 1);
  }
  return error;
}

/**
 * ClickHouse's HTTP interface for analysts (docs/analyst-access.md): ping, the query in the URL
 * and/or the body, formats, query parameters, compression, ClickHouse's errors; read-only,
 * within the limits, and every query in the access log. The caller is signed in before the body
 * is read; the query runs in the analysts' engine (never this process) and its answer is passed on
 * as it arrives.
 */
export function mountClickHouseHttp(app: Express, deps: ClickHouseHttpDeps): void {
  const running = new Map<string, number>();
  const checkedQueries = new Map<string, { sql: string; format: string | null }>();
  const ok = (_req: Request, res: Response) => {
    res.type('text/plain; charset=UTF-8').send('Ok.\n');
  };
  app.get(`${CLICKHOUSE_HTTP_PATH}/ping`, ok);
  app.head(`${CLICKHOUSE_HTTP_PATH}/ping`, ok);

  /** The checked statement for a text, from the cache or checked now on the engine. */
  const check = async (slot: AnalystEngineSlot, text: string, params: Record<string, string>) => {
    const key = checkedKey(text, params);
    const cached = checkedQueries.get(key);
    // Most recently used last, so the oldest is the one dropped.
    checkedQueries.delete(key);
    let checked = cached;
    if (!checked) {
      const sql = await slot.format(text).catch((error: unknown) => {
        throw withoutFormatQueryScope(asClickHouseError(error));
      });
      const ast = parseAst(await slot.explainAst(sql, params));
      try {
        checked = { sql, format: checkReadOnly(ast, { database: deps.database, sql }).format };
      } catch (error) {
        throw Object.assign(error as Error, { refusedByCheck: true });
      }
    }
    if (checkedQueries.size >= MAX_CHECKED_QUERIES)
      checkedQueries.delete(checkedQueries.keys().next().value!);
    checkedQueries.set(key, checked);
    return checked;
  };

  const handle = async (req: Request, res: Response) => {
    const started = performance.now();
    const search = new URL(req.originalUrl, 'http://x').searchParams;
    const queryIdParam = search.get('query_id');
    const queryId = queryIdParam && QUERY_ID.test(queryIdParam) ? queryIdParam : randomUUID();
    res.setHeader('X-ClickHouse-Query-Id', queryId);
    res.setHeader('X-ClickHouse-Server-Display-Name', 'risk-profile');
    res.setHeader('X-ClickHouse-Timezone', 'UTC');

    let caller: Caller | undefined;
    let text = '';
    let format: string | null = null;
    let slot: AnalystEngineSlot | null = null;
    try {
      const urlQuery = search.get('query') ?? '';
      // ClickHouse answers a bare GET of its root with Ok., as a liveness check.
      if (!urlQuery && (req.method === 'GET' || req.method === 'HEAD')) return ok(req, res);
      if (req.method !== 'POST' && req.method !== 'GET' && req.method !== 'HEAD') {
        throw chError(CH.NOT_IMPLEMENTED, `Method ${req.method} is not supported`);
      }
      // Signed in before a byte of the body is read.
      caller = await authenticate(req, search, deps);
      const body = await readQueryBody(req, CLICKHOUSE_BODY_LIMIT);
      text = urlQuery && body ? `${urlQuery}\n${body}` : urlQuery || body;
      if (!text.trim()) throw chError(CH.SYNTAX_ERROR, 'Empty query');
      // As ClickHouse: the database and the default format may come as headers (the JDBC driver's way).
      const database = search.get('database') ?? req.header('x-clickhouse-database') ?? null;
      if (database !== null && database !== deps.database && database !== 'default') {
        throw chError(
          CH.ACCESS_DENIED,
          `Not enough privileges on database ${database}: only ${deps.database} can be read`,
        );
      }
      const defaultFormat =
        search.get('default_format') ?? req.header('x-clickhouse-format') ?? 'TabSeparated';
      if (!IDENTIFIER.test(defaultFormat))
        throw chError(CH.UNKNOWN_FORMAT, `Unknown format ${defaultFormat}`);
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

      const mine = running.get(caller.analyst.id) ?? 0;
      if (mine >= deps.perAnalystConcurrency) {
        throw chError(
          CH.TOO_MANY_SIMULTANEOUS_QUERIES,
          `Too many simultaneous queries for user ${caller.analyst.email}. Maximum: ${deps.perAnalystConcurrency}`,
        );
      }
      slot = deps.engine.acquire();
      if (!slot)
        throw chError(
          CH.TOO_MANY_SIMULTANEOUS_QUERIES,
          'Too many simultaneous analyst queries. Try again shortly',
        );
      running.set(caller.analyst.id, mine + 1);

      const checked = await check(slot, text, params);
      format = checked.format ?? defaultFormat;
      const result = await slot.run({ sql: checked.sql, params, format: defaultFormat });
      res.setHeader('X-ClickHouse-Format', format);
      res.setHeader(
        'X-ClickHouse-Summary',
        JSON.stringify({
          ...result.summary,
          elapsed_ns: String(Math.round((performance.now() - started) * 1e6)),
        }),
      );
      res.setHeader('Content-Type', contentTypeOf(format));
      const sent = await sendResult(req, res, search, result, format, deps.maxResultBytes);
      await record(deps, caller, text, format, started, { outcome: 'ok', rows: sent.rows });
    } catch (thrown) {
      const error = thrown instanceof CutShort ? thrown.error : asClickHouseError(thrown);
      const status = thrown instanceof RateLimited ? 429 : httpStatusOf(error.code);
      if (!res.headersSent) {
        res.status(status);
        res.setHeader('X-ClickHouse-Exception-Code', String(error.code));
        res.setHeader('Content-Type', 'text/plain; charset=UTF-8');
        if (status === 401) res.setHeader('WWW-Authenticate', 'Basic realm="ClickHouse", charset="UTF-8"');
        res.send(error.text);
      }
      if (caller && text) {
        const refused =
          (thrown as { refusedByCheck?: boolean }).refusedByCheck ||
          (!slot && thrown instanceof ClickHouseError);
        await record(deps, caller, text, format, started, { outcome: refused ? 'refused' : 'failed', error });
      }
    } finally {
      if (slot) {
        deps.engine.release(slot);
        const left = (running.get(caller!.analyst.id) ?? 1) - 1;
        if (left > 0) running.set(caller!.analyst.id, left);
        else running.delete(caller!.analyst.id);
      }
    }
  };
  app.all(CLICKHOUSE_HTTP_PATH, handle);
  app.all(`${CLICKHOUSE_HTTP_PATH}/`, handle);
}

async function record(
  deps: ClickHouseHttpDeps,
  caller: Caller,
  query: string,
  format: string | null,
  started: number,
  outcome: { outcome: 'ok'; rows: number | null } | { outcome: 'refused' | 'failed'; error: ClickHouseError },
): Promise<void> {
  await deps.log.append({
    at: deps.clock(),
    analystId: caller.analyst.id,
    analystEmail: caller.analyst.email,
    query,
    format,
    outcome: outcome.outcome,
    errorCode: outcome.outcome === 'ok' ? null : outcome.error.code,
    error: outcome.outcome === 'ok' ? null : outcome.error.message,
    rows: outcome.outcome === 'ok' ? outcome.rows : null,
    elapsedMs: performance.now() - started,
  });
}

async function checkSetting(name: string, value: string, engine: AnalystEngine): Promise<void> {
  if (!IDENTIFIER.test(name)) throw chError(CH.UNKNOWN_SETTING, `Unknown setting ${name.slice(0, 100)}`);
  const current = await engine.setting(name);
  if (current === undefined) throw chError(CH.UNKNOWN_SETTING, `Unknown setting ${name}`);
  // A readonly user may "set" a setting to the value it has (ClickHouse's rule too).
  if (current !== value) throw chError(CH.READONLY, `Cannot modify '${name}' setting in readonly mode`);
}
