import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import {
  ANALYST_TOKEN_PREFIX,
  type AnalystIdentity,
  CLICKHOUSE_BODY_LIMIT,
  CLICKHOUSE_HTTP_PATH,
} from '@risk-profile/contracts';
import {
  accessDecision,
  clientIp,
  type SessionVerifier,
  type SqlRateLimitStore,
} from '@risk-profile/platform';
import type { Express, Request, Response } from 'express';
import getRawBody from 'raw-body';
import type { AnalystAuthenticator, AnalystCredential } from './analyst-authenticator';
import type { AnalystEngine, AnalystEngineSlot } from './analyst-engine';
import type { AnalystQueryLog } from './analyst-query-log';
import { asClickHouseError, CH, ClickHouseError, chError, httpStatusOf } from './clickhouse-error';
import { checkReadOnly, parseAst } from './read-only-guard';

export interface ClickHouseHttpDeps {
  engine: AnalystEngine;
  authenticator: AnalystAuthenticator;
  sessions: SessionVerifier;
  log: AnalystQueryLog;
  database: string;
  /** Failed sign-ins per client address per window (0: no limit), counted in `failures`. */
  failedSignInLimit: number;
  failures?: SqlRateLimitStore;
  /** Queries one analyst may run at once. */
  perAnalystConcurrency: number;
  publicUrl?: string;
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
]);

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;
const QUERY_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const DECOMPRESS: Record<string, (body: Buffer) => Promise<Buffer>> = {
  gzip: promisify(zlib.gunzip),
  'x-gzip': promisify(zlib.gunzip),
  deflate: promisify(zlib.inflate),
  br: promisify(zlib.brotliDecompress),
};
const COMPRESS: [string, (body: Buffer) => Promise<Buffer>][] = [
  ['gzip', promisify(zlib.gzip)],
  ['br', promisify(zlib.brotliCompress)],
  ['deflate', promisify(zlib.deflate)],
];

/** Who sent a query, and whether refusals count as their failures to sign in. */
interface Caller {
  analyst: AnalystIdentity;
}

/**
 * ClickHouse's HTTP interface for analysts (docs/analyst-access.md): ping, the query in the URL
 * and/or the body, formats, query parameters, compression, ClickHouse's errors; read-only,
 * within the limits, and every query in the access log.
 */
/**
 * Queries already found read-only, by their text and parameters: the verdict depends on nothing
 * else (the parse, and the allow-lists fixed in code), and BI tools send the same queries again
 * and again, so a repeat skips the two engine calls of the check.
 */
const MAX_CHECKED_QUERIES = 1_000;
const checkedKey = (text: string, params: Record<string, string>): string =>
  JSON.stringify([text, Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]);

export function mountClickHouseHttp(app: Express, deps: ClickHouseHttpDeps): void {
  const running = new Map<string, number>();
  const checkedQueries = new Map<string, { sql: string; format: string | null }>();
  const ok = (_req: Request, res: Response) => {
    res.type('text/plain; charset=UTF-8').send('Ok.\n');
  };
  app.get(`${CLICKHOUSE_HTTP_PATH}/ping`, ok);
  app.head(`${CLICKHOUSE_HTTP_PATH}/ping`, ok);

  const handle = async (req: Request, res: Response) => {
    const started = performance.now();
    const url = new URL(req.originalUrl, 'http://x');
    const search = url.searchParams;
    const queryIdParam = search.get('query_id');
    const queryId = queryIdParam && QUERY_ID.test(queryIdParam) ? queryIdParam : randomUUID();
    res.setHeader('X-ClickHouse-Query-Id', queryId);
    res.setHeader('X-ClickHouse-Server-Display-Name', 'risk-profile');
    res.setHeader('X-ClickHouse-Timezone', 'UTC');

    let caller: Caller | undefined;
    let text = '';
    let format: string | null = null;
    let refused = true;
    let slot: AnalystEngineSlot | null = null;
    try {
      const body = await readBody(req);
      const urlQuery = search.get('query') ?? '';
      text = urlQuery && body ? `${urlQuery}\n${body}` : urlQuery || body;
      if (!text.trim()) {
        // ClickHouse answers a bare GET of its root with Ok., as a liveness check.
        if (req.method === 'GET' || req.method === 'HEAD') return ok(req, res);
        throw chError(CH.SYNTAX_ERROR, 'Empty query');
      }
      caller = await authenticate(req, search, deps);
      if (req.method !== 'POST' && req.method !== 'GET' && req.method !== 'HEAD') {
        throw chError(CH.NOT_IMPLEMENTED, `Method ${req.method} is not supported`);
      }
      const database = search.get('database');
      if (database !== null && database !== deps.database && database !== 'default') {
        throw chError(
          CH.ACCESS_DENIED,
          `Not enough privileges on database ${database}: only ${deps.database} can be read`,
        );
      }
      const defaultFormat = search.get('default_format') ?? 'TabSeparated';
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

      refused = false;
      const checkKey = checkedKey(text, params);
      let checked = checkedQueries.get(checkKey);
      if (checked) {
        // Most recently used last, so the oldest is the one dropped.
        checkedQueries.delete(checkKey);
      } else {
        const sql = await slot.format(text);
        const ast = parseAst(await slot.explainAst(sql, params));
        refused = true;
        checked = { sql, format: checkReadOnly(ast, { database: deps.database }).format };
        refused = false;
        if (checkedQueries.size >= MAX_CHECKED_QUERIES)
          checkedQueries.delete(checkedQueries.keys().next().value!);
      }
      checkedQueries.set(checkKey, checked);
      const { sql } = checked;
      format = checked.format ?? defaultFormat;
      const result = await slot.run({ sql, params, format: defaultFormat });
      const rows = countRows(format, result.body);
      const elapsedNs = Math.round((performance.now() - started) * 1e6);
      res.setHeader('X-ClickHouse-Format', format);
      res.setHeader(
        'X-ClickHouse-Summary',
        JSON.stringify({
          read_rows: String(result.readRows),
          read_bytes: String(result.readBytes),
          written_rows: '0',
          written_bytes: '0',
          total_rows_to_read: String(result.readRows),
          result_rows: String(rows ?? 0),
          result_bytes: String(result.body.length),
          elapsed_ns: String(elapsedNs),
        }),
      );
      res.setHeader('Content-Type', contentTypeOf(format));
      await send(req, res, search, result.body);
      await record(deps, caller, text, format, started, { outcome: 'ok', rows });
    } catch (thrown) {
      const error = asClickHouseError(thrown);
      const status = thrown instanceof RateLimited ? 429 : httpStatusOf(error.code);
      if (!res.headersSent) {
        res.status(status);
        res.setHeader('X-ClickHouse-Exception-Code', String(error.code));
        res.setHeader('Content-Type', 'text/plain; charset=UTF-8');
        if (status === 401) res.setHeader('WWW-Authenticate', 'Basic realm="ClickHouse", charset="UTF-8"');
        res.send(error.text);
      }
      if (caller) {
        await record(deps, caller, text, format, started, {
          outcome: refused && thrown instanceof ClickHouseError ? 'refused' : 'failed',
          error,
        });
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

class RateLimited extends ClickHouseError {}

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

async function readBody(req: Request): Promise<string> {
  if (req.method === 'GET' || req.method === 'HEAD') return '';
  if (req.is('multipart/form-data')) {
    throw chError(
      CH.NOT_IMPLEMENTED,
      'Multipart requests are not supported: send the query in the body or the URL',
    );
  }
  let raw: Buffer;
  try {
    raw = await getRawBody(req, { limit: CLICKHOUSE_BODY_LIMIT });
  } catch (error) {
    const type = (error as { type?: string }).type;
    if (type === 'entity.too.large') {
      throw chError(CH.SYNTAX_ERROR, `The query is too large (at most ${CLICKHOUSE_BODY_LIMIT} bytes)`);
    }
    throw error;
  }
  const encoding = (req.headers['content-encoding'] ?? '').toString().trim().toLowerCase();
  if (encoding && encoding !== 'identity') {
    const decompress = DECOMPRESS[encoding];
    if (!decompress) throw chError(CH.NOT_IMPLEMENTED, `Content-Encoding ${encoding} is not supported`);
    raw = await decompress(raw).catch(() => {
      throw chError(CH.BAD_ARGUMENTS, `The body is not valid ${encoding}`);
    });
    if (raw.length > CLICKHOUSE_BODY_LIMIT) {
      throw chError(CH.SYNTAX_ERROR, `The query is too large (at most ${CLICKHOUSE_BODY_LIMIT} bytes)`);
    }
  }
  return raw.toString('utf8');
}

async function send(req: Request, res: Response, search: URLSearchParams, body: Buffer): Promise<void> {
  // As ClickHouse: compressed only when asked twice, by the setting and by Accept-Encoding.
  const accepted = (req.headers['accept-encoding'] ?? '').toString().toLowerCase();
  const codec =
    search.get('enable_http_compression') === '1'
      ? COMPRESS.find(([name]) => accepted.split(',').some((part) => part.trim().split(';')[0] === name))
      : undefined;
  if (codec) {
    res.setHeader('Content-Encoding', codec[0]);
    res.setHeader('Vary', 'Accept-Encoding');
    body = await codec[1](body);
  }
  res.status(200).end(req.method === 'HEAD' ? undefined : body);
}

async function checkSetting(name: string, value: string, engine: AnalystEngine): Promise<void> {
  if (!IDENTIFIER.test(name)) throw chError(CH.UNKNOWN_SETTING, `Unknown setting ${name.slice(0, 100)}`);
  const current = await engine.setting(name);
  if (current === undefined) throw chError(CH.UNKNOWN_SETTING, `Unknown setting ${name}`);
  // A readonly user may "set" a setting to the value it has (ClickHouse's rule too).
  if (current !== value) throw chError(CH.READONLY, `Cannot modify '${name}' setting in readonly mode`);
}

/** The caller's credential, as ClickHouse takes it: X-ClickHouse-User/Key, basic auth, or user/password in the URL. */
function credentialOf(req: Request, search: URLSearchParams): { user: string; secret: string } | null {
  const headerUser = req.header('x-clickhouse-user');
  const headerKey = req.header('x-clickhouse-key');
  if (headerUser !== undefined || headerKey !== undefined)
    return { user: headerUser ?? '', secret: headerKey ?? '' };
  const authorization = req.header('authorization') ?? '';
  const [scheme, value = ''] = authorization.split(' ', 2);
  if (scheme?.toLowerCase() === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon < 0
      ? { user: decoded, secret: '' }
      : { user: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
  }
  // @clickhouse/client's `access_token` option sends a bearer token: an API token works there too.
  if (scheme?.toLowerCase() === 'bearer') return { user: '', secret: value };
  const user = search.get('user');
  const password = search.get('password');
  if (user !== null || password !== null) return { user: user ?? '', secret: password ?? '' };
  return null;
}

async function authenticate(
  req: Request,
  search: URLSearchParams,
  deps: ClickHouseHttpDeps,
): Promise<Caller> {
  const given = credentialOf(req, search);
  if (!given) return cookieCaller(req, deps);
  const ip = clientIp(req);
  const key = `clickhouse:${ip}`;
  if (deps.failures && deps.failedSignInLimit > 0) {
    const hits = (await deps.failures.get(key))?.totalHits ?? 0;
    if (hits >= deps.failedSignInLimit) {
      throw new RateLimited(
        516,
        'AUTHENTICATION_FAILED',
        'Too many failed sign-ins from this address. Try again later',
      );
    }
  }
  const credential: AnalystCredential = given.secret.startsWith(ANALYST_TOKEN_PREFIX)
    ? { kind: 'token', token: given.secret }
    : { kind: 'password', email: given.user, password: given.secret };
  if (!given.secret || (credential.kind === 'password' && !given.user)) {
    throw chError(
      CH.AUTHENTICATION_FAILED,
      `${given.user || 'default'}: Authentication failed: password is incorrect, or there is no user with such name`,
    );
  }
  const verdict = await deps.authenticator.verify(credential, ip);
  if (verdict.kind === 'analyst') return { analyst: verdict.analyst };
  if (verdict.status === 401 && deps.failures && deps.failedSignInLimit > 0)
    await deps.failures.increment(key);
  if (verdict.status === 429)
    throw new RateLimited(516, 'AUTHENTICATION_FAILED', verdict.message.replace(/\.$/, ''));
  if (verdict.status === 403) {
    throw chError(
      CH.ACCESS_DENIED,
      `${given.user || 'This token'}: Not enough privileges. This account has no analyst access`,
    );
  }
  throw chError(
    CH.AUTHENTICATION_FAILED,
    `${given.user || 'token'}: Authentication failed: password is incorrect, or there is no user with such name`,
  );
}

const SAFE = new Set(['GET', 'HEAD']);

/**
 * The product's own query page sends the session cookie. As for every cookie-authenticated
 * request of the product: POST only (the cookie is SameSite=Lax, so a cross-site POST carries
 * none, and a link, a GET, runs nothing), from the product's own origin when an Origin is named.
 */
async function cookieCaller(req: Request, deps: ClickHouseHttpDeps): Promise<Caller> {
  const noCredential = chError(
    CH.REQUIRED_PASSWORD,
    'Authentication required: send an analyst email and password (basic auth or X-ClickHouse-User/Key) or an API token',
  );
  if (!req.headers.cookie || SAFE.has(req.method)) throw noCredential;
  const origin = req.headers.origin;
  if (origin !== undefined) {
    const addressed = `${req.protocol}://${req.headers.host ?? ''}`;
    const configured = deps.publicUrl ? new URL(deps.publicUrl).origin : undefined;
    if (origin !== addressed && origin !== configured)
      throw chError(CH.ACCESS_DENIED, 'Cross-site request refused');
  }
  const user = await deps.sessions.authenticate(req);
  if (!user) throw noCredential;
  if (accessDecision(user, 'analyst') !== 'allow') {
    throw chError(
      CH.ACCESS_DENIED,
      `${user.email}: Not enough privileges. This account has no analyst access`,
    );
  }
  return { analyst: { id: user.id, email: user.email, name: user.name } };
}

function contentTypeOf(format: string): string {
  const f = format.toLowerCase();
  if (f.startsWith('json')) return 'application/json; charset=UTF-8';
  if (f.startsWith('csv')) return 'text/csv; charset=UTF-8; header=present';
  if (f.startsWith('tabseparated') || f.startsWith('tsv')) return 'text/tab-separated-values; charset=UTF-8';
  if (/^(native|rowbinary|parquet|arrow|orc|avro|msgpack|protobuf|capnproto)/.test(f))
    return 'application/octet-stream';
  return 'text/plain; charset=UTF-8';
}

/** Rows in a result, read off its text where the format makes that cheap; null where it does not. */
export function countRows(format: string, body: Buffer): number | null {
  const f = format.toLowerCase();
  if (f === 'json' || f === 'jsoncompact' || f === 'jsonstrings' || f === 'jsoncompactstrings') {
    const at = body.lastIndexOf('"rows":');
    if (at < 0) return null;
    const match = /^"rows":\s*(\d+)/.exec(body.subarray(at, at + 40).toString('utf8'));
    return match ? Number(match[1]) : null;
  }
  const lines = (): number => {
    let n = 0;
    for (let i = body.indexOf(10); i >= 0; i = body.indexOf(10, i + 1)) n++;
    return n;
  };
  if (/^(jsoneachrow|jsonlines|ndjson|jsoncompacteachrow|jsonstringseachrow)$/.test(f)) return lines();
  if (/^(csv|tabseparated|tsv|tabseparatedraw|tsvraw)$/.test(f)) return lines();
  if (/^(csvwithnames|tabseparatedwithnames|tsvwithnames)$/.test(f)) return Math.max(0, lines() - 1);
  if (/^(csvwithnamesandtypes|tabseparatedwithnamesandtypes|tsvwithnamesandtypes)$/.test(f))
    return Math.max(0, lines() - 2);
  return null;
}
