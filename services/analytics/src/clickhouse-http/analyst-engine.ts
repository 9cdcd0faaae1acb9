import { CH, chError } from './clickhouse-error';

/** What an analyst's query runs with (docs/analyst-access.md, "Limits"). */
export interface AnalystLimits {
  maxExecutionSeconds: number;
  maxResultRows: number;
  maxResultBytes: number;
  maxMemoryBytes: number;
  maxThreads: number;
}

export interface AnalystRun {
  /** The single statement, as ClickHouse formatted it (what was checked is what runs). */
  sql: string;
  /** `param_<name>` values, as text in ClickHouse's escaping (the HTTP interface's form). */
  params: Record<string, string>;
  /** The output format when the query names none. */
  format: string;
}

export interface AnalystResult {
  body: Buffer;
  readRows: number;
  readBytes: number;
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

/** The session settings of an analyst's query; `readonly = 1` last, so none of them can be changed after. */
export function limitStatements(limits: AnalystLimits, database: string): string[] {
  return [
    `USE ${database}`,
    `SET max_execution_time = ${limits.maxExecutionSeconds}, timeout_overflow_mode = 'throw', max_result_rows = ${limits.maxResultRows}, max_result_bytes = ${limits.maxResultBytes}, result_overflow_mode = 'throw', max_memory_usage = ${limits.maxMemoryBytes}, max_threads = ${limits.maxThreads}, os_thread_priority = 19`,
    'SET readonly = 1',
  ];
}

const SETTING_QUERY = 'SELECT value FROM system.settings WHERE name = {name:String}';

const firstLine = (text: string): string | undefined => (text ? text.replace(/\n$/, '') : undefined);

interface ChdbSession {
  queryAsync(sql: string, opts?: { format?: string }): Promise<ChdbAnswer>;
  queryBindAsync(sql: string, params: object, opts?: { format?: string }): Promise<ChdbAnswer>;
  close(): void;
}
interface ChdbAnswer {
  bytes(): Uint8Array;
  text(): string;
  rowsRead: number;
  bytesRead: number;
}

/**
 * Embedded mode: chDB sessions of their own on the store's data directory, one per concurrent
 * query. A chDB session keeps its own settings: the product's connection never sees the limits
 * or `readonly` set here, and an analyst's session cannot change them back. The sessions are
 * opened at start, while the engine is idle (chDB refuses a new session while a query runs).
 */
export class ChdbAnalystEngine implements AnalystEngine {
  private readonly free: ChdbSlot[];
  private readonly settingValues = new Map<string, Promise<string | undefined>>();

  private constructor(
    private readonly slots: ChdbSlot[],
    readonly description: string,
  ) {
    this.free = [...slots];
  }

  static async open(options: {
    path: string;
    database: string;
    limits: AnalystLimits;
    concurrency: number;
  }): Promise<ChdbAnalystEngine> {
    const { Session } = (await import('chdb')) as unknown as { Session: new (path: string) => ChdbSession };
    const slots: ChdbSlot[] = [];
    for (let i = 0; i < options.concurrency; i++) {
      const session = new Session(options.path);
      for (const statement of limitStatements(options.limits, options.database))
        await session.queryAsync(statement);
      slots.push(new ChdbSlot(session));
    }
    return new ChdbAnalystEngine(slots, `chDB (${options.path})`);
  }

  acquire(): AnalystEngineSlot | null {
    return this.free.pop() ?? null;
  }

  release(slot: AnalystEngineSlot): void {
    this.free.push(slot as ChdbSlot);
  }

  setting(name: string): Promise<string | undefined> {
    let value = this.settingValues.get(name);
    if (!value) {
      value = this.slots[0]!.session.queryBindAsync(SETTING_QUERY, { name }, { format: 'TSVRaw' }).then((r) =>
        firstLine(r.text()),
      );
      this.settingValues.set(name, value);
    }
    return value;
  }

  async close(): Promise<void> {
    // A chDB session closed mid-query aborts the process: wait until every slot is back.
    while (this.free.length < this.slots.length) await new Promise((resolve) => setTimeout(resolve, 50));
    for (const slot of this.slots) slot.session.close();
  }
}

class ChdbSlot implements AnalystEngineSlot {
  constructor(readonly session: ChdbSession) {}

  async format(text: string): Promise<string> {
    const answer = await this.session.queryBindAsync(
      'SELECT formatQuery({q:String})',
      { q: text },
      { format: 'TSVRaw' },
    );
    return answer.text().replace(/\n$/, '');
  }

  async explainAst(sql: string, params: Record<string, string>): Promise<string> {
    const answer = await this.session.queryBindAsync(`EXPLAIN AST ${sql}`, params, { format: 'TSVRaw' });
    return answer.text();
  }

  async run(query: AnalystRun): Promise<AnalystResult> {
    const answer = await this.session.queryBindAsync(query.sql, query.params, { format: query.format });
    return { body: Buffer.from(answer.bytes()), readRows: answer.rowsRead, readBytes: answer.bytesRead };
  }
}

/**
 * Server mode: the same checks and the query itself, on the ClickHouse server as its `analyst`
 * user (deploy/clickhouse/users.d/analyst.xml: readonly, with the limits of its profile).
 */
export class ServerAnalystEngine implements AnalystEngine {
  private inUse = 0;
  readonly description: string;

  constructor(
    private readonly options: {
      url: string;
      user: string;
      password: string;
      database: string;
      concurrency: number;
      limits: AnalystLimits;
    },
  ) {
    this.description = `ClickHouse server (${options.database}, as ${options.user})`;
  }

  acquire(): AnalystEngineSlot | null {
    if (this.inUse >= this.options.concurrency) return null;
    this.inUse++;
    return this.slot;
  }

  release(): void {
    this.inUse--;
  }

  async setting(name: string): Promise<string | undefined> {
    return firstLine((await this.request(SETTING_QUERY, { name }, 'TSVRaw')).body.toString('utf8'));
  }

  async close(): Promise<void> {}

  private readonly slot: AnalystEngineSlot = {
    format: async (text) =>
      (await this.request('SELECT formatQuery({q:String})', { q: text }, 'TSVRaw')).body
        .toString('utf8')
        .replace(/\n$/, ''),
    explainAst: async (sql, params) =>
      (await this.request(`EXPLAIN AST ${sql}`, params, 'TSVRaw')).body.toString('utf8'),
    run: (query) => this.request(query.sql, query.params, query.format),
  };

  private async request(sql: string, params: Record<string, string>, format: string): Promise<AnalystResult> {
    const url = new URL(this.options.url);
    url.searchParams.set('database', this.options.database);
    url.searchParams.set('default_format', format);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(`param_${name}`, value);
    const response = await fetch(url, {
      method: 'POST',
      body: sql,
      headers: {
        authorization: `Basic ${Buffer.from(`${this.options.user}:${this.options.password}`).toString('base64')}`,
      },
      signal: AbortSignal.timeout((this.options.limits.maxExecutionSeconds + 10) * 1_000),
    }).catch((error: unknown) => {
      throw chError(CH.NETWORK_ERROR, `The ClickHouse server did not answer: ${(error as Error).message}`);
    });
    const body = Buffer.from(await response.arrayBuffer());
    if (!response.ok) throw new Error(body.toString('utf8'));
    const summary = JSON.parse(response.headers.get('x-clickhouse-summary') ?? '{}') as Record<
      string,
      string
    >;
    return { body, readRows: Number(summary.read_rows ?? 0), readBytes: Number(summary.read_bytes ?? 0) };
  }
}
