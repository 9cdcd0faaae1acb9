import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { chdbParams } from '../clickhouse-http/param-escapes';
import type { AnalystLimits } from './worker-protocol';

interface Chunk {
  numRows: number;
  raw(): Uint8Array;
}
type ChunkStream = AsyncIterable<Chunk> & { cancel(): void };

/** The part of a chDB session the query server uses. */
export interface StreamingSession {
  queryStreamBind(sql: string, params: object, opts?: { format?: string }): ChunkStream;
  queryBindAsync(sql: string, params: object, opts?: { format?: string }): Promise<{ bytes(): Uint8Array }>;
}

const NOT_STREAMABLE = /Streaming query is not supported/;

/**
 * A statement's output as a stream of its own. chDB streams SELECTs only; the others (EXPLAIN,
 * SHOW, DESCRIBE, EXISTS: small answers) run whole. chDB's whole-answer call keeps a failed
 * query's partial output in the session and hands it to that session's next whole answer, so
 * after any failure the session is drained until it answers exactly its own result, or the
 * process ends (its parent starts a clean one) rather than let one query's bytes reach another.
 */
function execute(session: StreamingSession, sql: string, params: object, format: string): ChunkStream {
  let stream: ChunkStream | undefined;
  let cancelled = false;
  async function* chunks(): AsyncIterable<Chunk> {
    let sent = false;
    try {
      try {
        stream = session.queryStreamBind(sql, params, { format });
        for await (const chunk of stream) {
          sent = true;
          yield chunk;
        }
        return;
      } catch (error) {
        if (sent || cancelled || !NOT_STREAMABLE.test((error as Error).message)) throw error;
      }
      const whole = await session.queryBindAsync(sql, params, { format });
      const bytes = whole.bytes();
      yield { numRows: 0, raw: () => bytes };
    } catch (error) {
      await drain(session);
      throw error;
    }
  }
  const iterable = chunks();
  return Object.assign(iterable, {
    cancel: () => {
      cancelled = true;
      stream?.cancel();
    },
  });
}

async function drain(session: StreamingSession): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const answer = Buffer.from((await session.queryBindAsync('SELECT 1', {}, { format: 'TSV' })).bytes());
    if (answer.toString() === '1\n') return;
  }
  process.exit(70);
}

/** Output held back before the answer starts, so a query that fails early gets an error status. */
const HOLD_BYTES = 1 << 20;
const BODY_LIMIT = 1 << 20;

/** ClickHouse's error text, the way the product's error mapping reads it (clickhouse-error.ts). */
const errorText = (code: number, name: string, message: string) =>
  `Code: ${code}. DB::Exception: ${message}. (${name})\n`;

const sameKey = (given: string, secret: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The analysts' engine process's one endpoint: ClickHouse's HTTP protocol as far as the product
 * uses it (the statement in the body, `default_format`, `param_*`; errors as ClickHouse's), on
 * loopback, for the product alone (its per-start key as the basic-auth password). Each query runs
 * on a session of its own, as a stream: a query's output is its own, a failed query's partial
 * output is discarded with its stream, and the result limits are counted here on what is sent,
 * because chDB does not stop a result at `max_result_bytes`.
 */
export function queryHandler(options: {
  sessions: StreamingSession[];
  secret: string;
  limits: AnalystLimits;
}) {
  const free = [...options.sessions];
  const { limits } = options;
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const auth = req.headers.authorization ?? '';
    const password = Buffer.from(auth.replace(/^Basic /i, ''), 'base64')
      .toString('utf8')
      .split(':')
      .slice(1)
      .join(':');
    if (!sameKey(password, options.secret)) {
      res.writeHead(401).end(errorText(516, 'AUTHENTICATION_FAILED', 'Authentication failed'));
      return;
    }
    const url = new URL(req.url ?? '/', 'http://worker');
    if (url.pathname === '/ping') {
      res.end('Ok.\n');
      return;
    }
    let sql = '';
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > BODY_LIMIT) {
        res.writeHead(413).end(errorText(62, 'SYNTAX_ERROR', 'The query is too large'));
        req.destroy();
        return;
      }
      sql += (chunk as Buffer).toString('utf8');
    }
    const params: Record<string, string> = {};
    for (const [name, value] of url.searchParams)
      if (name.startsWith('param_')) params[name.slice(6)] = value;
    const format = url.searchParams.get('default_format') ?? 'TabSeparated';
    const session = free.pop();
    if (!session) {
      res
        .writeHead(429)
        .end(errorText(202, 'TOO_MANY_SIMULTANEOUS_QUERIES', 'Too many simultaneous analyst queries'));
      return;
    }
    const started = performance.now();
    let stream: ChunkStream | undefined;
    res.on('close', () => stream?.cancel());
    let rows = 0;
    let bytes = 0;
    const held: Buffer[] = [];
    const summary = () =>
      JSON.stringify({
        read_rows: '0',
        read_bytes: '0',
        written_rows: '0',
        written_bytes: '0',
        result_rows: String(rows),
        result_bytes: String(bytes),
        elapsed_ns: String(Math.round((performance.now() - started) * 1e6)),
      });
    const start = () => {
      if (res.headersSent) return;
      res.writeHead(200, { 'X-ClickHouse-Summary': summary() });
      for (const part of held.splice(0)) res.write(part);
    };
    try {
      stream = execute(session, sql, chdbParams(sql, params), format);
      for await (const chunk of stream) {
        rows += chunk.numRows;
        const data = Buffer.from(chunk.raw());
        bytes += data.length;
        if (rows > limits.maxResultRows || bytes > limits.maxResultBytes) {
          stream.cancel();
          throw new Error(
            errorText(
              396,
              'TOO_MANY_ROWS_OR_BYTES',
              `Limit for result exceeded, max rows: ${limits.maxResultRows}, max bytes: ${limits.maxResultBytes}`,
            ),
          );
        }
        if (res.headersSent) {
          if (!res.write(data)) await new Promise((resolve) => res.once('drain', resolve));
        } else {
          held.push(data);
          if (bytes > HOLD_BYTES) start();
        }
        if (res.destroyed) break;
      }
      start();
      res.end();
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=UTF-8' }).end(text);
      } else {
        // As ClickHouse: the error after what was sent, and the answer cut short, never ended as if whole.
        res.write(`\n${text}`);
        res.socket?.end();
      }
    } finally {
      free.push(session);
    }
  };
}
