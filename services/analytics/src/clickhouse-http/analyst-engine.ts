import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { CH, chError } from './clickhouse-error';

export interface AnalystRun {
  /** The single statement, as ClickHouse formatted it (what was checked is what runs). */
  sql: string;
  /** `param_<name>` values, as text in ClickHouse's escaping (the HTTP interface's form). */
  params: Record<string, string>;
  /** The output format when the query names none. */
  format: string;
}

/** A query's answer as it arrives: the engine's summary when it started, then the output. */
export interface AnalystResult {
  summary: Record<string, string>;
  body: AsyncIterable<Uint8Array>;
  /** Stops the query (the caller went away, or a limit was passed). */
  cancel(): void;
}

/** One slot of the engine: parse, check and run happen on it, so one request holds one slot. */
export interface AnalystEngineSlot {
  /** `formatQuery` of the text (bound as a parameter, so nothing runs): one statement, or a syntax error. */
  format(text: string): Promise<string>;
  /** `EXPLAIN AST` of one formatted statement, with its parameters bound. */
  explainAst(sql: string, params: Record<string, string>): Promise<string>;
  run(query: AnalystRun): Promise<AnalystResult>;
}

export interface AnalystEngine {
  readonly description: string;
  /** A slot, or null when every one is busy (the global cap). */
  acquire(): AnalystEngineSlot | null;
  release(slot: AnalystEngineSlot): void;
  /** The value a setting has for analyst queries (undefined: no such setting), to accept a URL setting that changes nothing. */
  setting(name: string): Promise<string | undefined>;
  close(): Promise<void>;
}

const SETTING_QUERY = 'SELECT value FROM system.settings WHERE name = {name:String}';

const firstLine = (text: string): string | undefined => (text ? text.replace(/\n$/, '') : undefined);

/** Where the engine is: a ClickHouse server's HTTP port, or the analysts' engine process on loopback. */
export interface EngineEndpoint {
  url: string;
  user: string;
  password: string;
}

/**
 * Analysts' queries, run where they cannot touch the product: on the ClickHouse server as its
 * read-only `analyst` user (deploy/clickhouse/users.d/analyst.xml), or, embedded, in the analysts'
 * engine process (analyst-process.ts). Both speak ClickHouse's HTTP protocol, so this is the one
 * client of either; nothing of an answer is held here but what is being passed on.
 */
export class HttpAnalystEngine implements AnalystEngine {
  private inUse = 0;
  private readonly settings = new Map<string, Promise<string | undefined>>();
  private readonly agents = {
    http: new http.Agent({ keepAlive: true }),
    https: new https.Agent({ keepAlive: true }),
  };

  constructor(
    private readonly options: {
      endpoint: () => EngineEndpoint | undefined;
      database: string;
      concurrency: number;
      maxExecutionSeconds: number;
      description: string;
      close?: () => Promise<void>;
    },
  ) {}

  get description(): string {
    return this.options.description;
  }

  acquire(): AnalystEngineSlot | null {
    if (this.inUse >= this.options.concurrency) return null;
    this.inUse++;
    return this.slot;
  }

  release(): void {
    this.inUse--;
  }

  /**
   * An analyst's settings are fixed (the worker's sessions, the server profile's constraints), and
   * BI tools send the same URL settings with every query: each is asked once, not per query.
   */
  setting(name: string): Promise<string | undefined> {
    let value = this.settings.get(name);
    if (!value) {
      value = this.text(SETTING_QUERY, { name }).then(firstLine);
      // Only settings that exist are kept (the names a caller may send are unbounded); a failed
      // lookup (the engine restarting) is asked again next time.
      value.then(
        (found) => found === undefined && this.settings.delete(name),
        () => this.settings.delete(name),
      );
      this.settings.set(name, value);
    }
    return value;
  }

  async close(): Promise<void> {
    this.agents.http.destroy();
    this.agents.https.destroy();
    await this.options.close?.();
  }

  private readonly slot: AnalystEngineSlot = {
    format: async (text) =>
      (await this.text('SELECT formatQuery({q:String})', { q: text })).replace(/\n$/, ''),
    explainAst: (sql, params) => this.text(`EXPLAIN AST ${sql}`, params),
    run: (query) => this.request(query.sql, query.params, query.format),
  };

  private async text(sql: string, params: Record<string, string>): Promise<string> {
    const result = await this.request(sql, params, 'TSVRaw');
    const parts: Buffer[] = [];
    for await (const part of result.body) parts.push(Buffer.from(part));
    return Buffer.concat(parts).toString('utf8');
  }

  private async request(sql: string, params: Record<string, string>, format: string): Promise<AnalystResult> {
    const endpoint = this.options.endpoint();
    if (!endpoint) throw chError(CH.NETWORK_ERROR, 'The analysts’ engine is starting. Try again shortly');
    const url = new URL(endpoint.url);
    url.searchParams.set('database', this.options.database);
    url.searchParams.set('default_format', format);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(`param_${name}`, value);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), (this.options.maxExecutionSeconds + 10) * 1_000);
    // node:http with kept-alive connections: each query's hop costs less than fetch's.
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const request = (url.protocol === 'https:' ? https : http).request(
        url,
        {
          method: 'POST',
          agent: url.protocol === 'https:' ? this.agents.https : this.agents.http,
          headers: {
            authorization: `Basic ${Buffer.from(`${endpoint.user}:${endpoint.password}`).toString('base64')}`,
            'content-length': Buffer.byteLength(sql),
          },
          signal: abort.signal,
        },
        resolve,
      );
      request.on('error', reject);
      request.end(sql);
    }).catch((error: unknown) => {
      clearTimeout(timer);
      throw chError(CH.NETWORK_ERROR, `The analysts’ engine did not answer: ${(error as Error).message}`);
    });
    if ((response.statusCode ?? 500) >= 300) {
      const parts: Buffer[] = [];
      for await (const part of response) parts.push(part as Buffer);
      clearTimeout(timer);
      throw new Error(Buffer.concat(parts).toString('utf8'));
    }
    const summary = JSON.parse(String(response.headers['x-clickhouse-summary'] ?? '{}')) as Record<
      string,
      string
    >;
    async function* body(): AsyncIterable<Uint8Array> {
      try {
        for await (const part of response) yield part as Buffer;
        // A connection cut before the answer's end: the engine stopped it (its error is the last thing sent).
        if (!response.complete) throw new Error('the connection closed before the answer ended');
      } catch (error) {
        throw chError(CH.NETWORK_ERROR, `The query's answer was cut short: ${(error as Error).message}`);
      } finally {
        clearTimeout(timer);
      }
    }
    return { summary, body: body(), cancel: () => abort.abort() };
  }
}
