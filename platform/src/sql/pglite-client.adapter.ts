import { execFile } from 'node:child_process';
import { cpSync, existsSync, fdatasyncSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite, parse, protocol, types } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import pgUtils from 'pg/lib/utils.js';
import { isStalePlan, PreparedStatements } from './pglite-statements';
import type { QueryResult, SqlClient, SqlExecutor } from './sql-client.port';
import { WalGroupSync } from './wal-group-sync';

/** int8 as a JS number in every adapter (our counters stay far below 2^53). */
const parsers = { [types.INT8]: (value: string) => Number(value) };

/**
 * PGlite's defaults (160 MB of shared buffers) suit a browser tab that holds the whole database
 * in memory. Here the data lives in files the OS caches anyway, and one connection needs little,
 * so smaller settings keep the resident size down without costing throughput.
 */
const EMBEDDED_SETTINGS = [
  'shared_buffers = 32MB',
  'wal_buffers = 1MB',
  'temp_buffers = 2MB',
  'maintenance_work_mem = 16MB',
  // A checkpoint deletes the WAL segments it no longer needs instead of renaming them for reuse,
  // where they would keep their old bytes (an erased client's too) until overwritten. A new
  // segment is a new file, so it need not be written full of zeros first to hold no old bytes
  // (docs/records.md, "Table files and the WAL").
  'wal_recycle = off',
  'wal_init_zero = off',
];

/**
 * PGlite starts PostgreSQL with `-F` (fsync off), and the WASM module's file system on Node
 * (Emscripten's NODEFS) has no fsync: a commit reaches the OS, not the disk. Durable mode starts
 * without `-F` and gives NODEFS the fsync it lacks, so PostgreSQL's own rules apply: each commit
 * syncs its WAL before it is acknowledged, and a checkpoint syncs the data files before older WAL
 * is recycled. `wal_sync_method = fsync` because the module's fdatasync is a no-op whatever the
 * file system; fsync goes through the file system's stream operations, where ours is. Ours is an
 * fdatasync: it writes the data and whatever metadata reading it back needs (a file's size),
 * which is all PostgreSQL relies on, without the journal write an mtime change costs. The WAL's
 * syncs are grouped and run off the event loop (WalGroupSync); every other file's run in place.
 */
const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];

type NodeFsStream = { nfd: number; node: unknown };
interface NodeFsModule {
  NODEFS: {
    realPath(node: unknown): string;
    stream_ops: {
      fsync?: (stream: NodeFsStream) => number;
      write: (stream: NodeFsStream, ...rest: unknown[]) => number;
    };
  };
}

/**
 * NODEFS with an fsync that reaches the host file (as fdatasync, see above): the WAL's through
 * the group commit, any other file's at once.
 */
class DurableNodeFS extends NodeFS {
  constructor(
    dataDir: string,
    private readonly wal: WalGroupSync,
  ) {
    super(dataDir);
  }

  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    const wal = this.wal;
    result.emscriptenOpts.preRun = [
      ...(Array.isArray(preRun) ? preRun : [preRun]),
      (module: unknown) => {
        const { NODEFS } = module as NodeFsModule;
        const paths = new WeakMap<object, string>();
        const pathOf = (stream: NodeFsStream) => {
          let path = paths.get(stream);
          if (path === undefined) {
            path = NODEFS.realPath(stream.node);
            paths.set(stream, path);
          }
          return path;
        };
        NODEFS.stream_ops.fsync = (stream) => {
          if (!wal.deferFsync(pathOf(stream))) fdatasyncSync(stream.nfd);
          return 0;
        };
        const write = NODEFS.stream_ops.write;
        NODEFS.stream_ops.write = (stream, ...rest) => {
          wal.beforeWrite(pathOf(stream));
          return write(stream, ...rest);
        };
      },
    ];
    return result;
  }
}

export interface PgliteOpenOptions {
  /**
   * Sync each commit's WAL to the disk before it is acknowledged (default true). False leaves a
   * commit in the OS's cache: a crash of the process loses nothing, one of the machine can.
   */
  durable?: boolean;
}

function toResult<R>(result: { rows: unknown[]; affectedRows?: number }): QueryResult<R> {
  return { rows: result.rows as R[], rowCount: result.affectedRows ?? result.rows.length };
}

/**
 * Embedded PostgreSQL (WASM) in this process. PGlite has a single connection, so transactions
 * are serialised by PGlite itself; plain queries queue behind an open transaction.
 */
export class PgliteSqlClient implements SqlClient {
  readonly kind = 'pglite' as const;

  private constructor(
    private readonly db: PGlite,
    /** Durable mode's group commit; none in memory or with durability off. */
    private readonly wal: WalGroupSync | null,
  ) {}

  private readonly statements = new PreparedStatements();

  /** `dataDir` undefined keeps the database in memory (tests). */
  static async open(dataDir?: string, options: PgliteOpenOptions = {}): Promise<PgliteSqlClient> {
    if (dataDir) {
      mkdirSync(dataDir, { recursive: true });
      if (!existsSync(join(dataDir, 'PG_VERSION'))) await initialise(dataDir);
    }
    const wal = dataDir !== undefined && (options.durable ?? true) ? new WalGroupSync() : null;
    const db = await PGlite.create({
      dataDir,
      parsers,
      postgresqlconf: EMBEDDED_SETTINGS,
      ...(wal ? { fs: new DurableNodeFS(dataDir!, wal), startParams: DURABLE_START_PARAMS } : {}),
    });
    return new PgliteSqlClient(db, wal);
  }

  /**
   * Creates the database in `dataDir` (absent or empty) from a dumpDataDir archive, its files
   * synced to the disk before this returns.
   */
  static async restore(dataDir: string, archive: Blob): Promise<void> {
    mkdirSync(dataDir, { recursive: true });
    const wal = new WalGroupSync();
    const db = await PGlite.create({
      dataDir,
      loadDataDir: archive,
      postgresqlconf: EMBEDDED_SETTINGS,
      fs: new DurableNodeFS(dataDir, wal),
      startParams: DURABLE_START_PARAMS,
    });
    await db.query('CHECKPOINT');
    await db.close();
    wal.flushNow();
  }

  /**
   * The whole data folder as a gzipped tar, taken between two statements (PGlite runs one at a
   * time), so it holds every committed transaction and none in progress: a consistent copy of a
   * running database (docs/deployment.md, "Backups"). PGlite.create's `loadDataDir` reads it.
   */
  async dumpDataDir(): Promise<Blob> {
    // Every committed page on disk first, so the copy starts with no WAL to replay.
    await this.query('CHECKPOINT');
    return this.db.dumpDataDir('gzip');
  }

  async query<R = Record<string, unknown>>(
    text: string,
    params: readonly unknown[] = [],
  ): Promise<QueryResult<R>> {
    await this.db._checkReady();
    // Like PGlite's own query: after any open transaction, never inside it.
    const result = await this.db._runExclusiveTransaction(() => this.run<R>(text, params, false));
    await this.wal?.durable();
    return result;
  }

  /**
   * Like PostgreSQL, which shows a commit to nobody before its WAL is flushed, no statement's
   * answer (a read included) is handed back before every commit it could have seen is durable;
   * the wait is outside PGlite's lock, so the next statements run meanwhile and share the flush.
   */
  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const result = await this.db.transaction(async () =>
      fn({ query: <R>(text: string, params: readonly unknown[] = []) => this.run<R>(text, params, true) }),
    );
    await this.wal?.durable();
    return result;
  }

  /**
   * One statement as one message (bind, describe, execute, sync, after a parse the first time a
   * text is seen: PreparedStatements) in one call into the WASM module. PGlite's query() makes
   * five calls, the first two only to learn the parameters' types so it can serialise them; here
   * they are prepared as node-postgres prepares them (text, the server infers the types), so both
   * adapters send the same values, for less CPU a statement (ADR 0002). Results are parsed by
   * PGlite's own parser with this database's type parsers, exactly as its query() does.
   */
  private async run<R>(
    text: string,
    params: readonly unknown[],
    inTransaction: boolean,
  ): Promise<QueryResult<R>> {
    try {
      return await this.runPrepared<R>(text, params, inTransaction);
    } catch (error) {
      // Outside a transaction, a plan a migration made stale is simply made again.
      if (inTransaction || !isStalePlan(error)) throw error;
      return this.runPrepared<R>(text, params, inTransaction);
    }
  }

  private runPrepared<R>(
    text: string,
    params: readonly unknown[],
    inTransaction: boolean,
  ): Promise<QueryResult<R>> {
    const { serialize } = protocol;
    const values = params.map((value) => pgUtils.prepareValue(value));
    return this.db._runExclusiveQuery(async () => {
      const plan = this.statements.plan(text);
      const message = Buffer.concat([
        ...plan.close.map((name) => serialize.close({ type: 'S', name })),
        ...(plan.parse ? [serialize.parse({ name: plan.name, text })] : []),
        serialize.bind({ statement: plan.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]);
      let messages: Awaited<ReturnType<PGlite['execProtocol']>>['messages'];
      try {
        ({ messages } = await this.db.execProtocol(message, { syncToFs: false }));
      } catch (error) {
        this.statements.failed(text);
        throw error;
      }
      this.statements.succeeded(text);
      if (!inTransaction) await this.db.syncToFs();
      const [result] = parse.parseResults(messages, this.db.parsers);
      return toResult<R>(result ?? { rows: [] });
    });
  }

  async exec(script: string): Promise<void> {
    await this.db.exec(script);
    await this.wal?.durable();
  }

  async close(): Promise<void> {
    if (!this.db.closed) await this.db.close();
    this.wal?.flushNow();
  }
}

/**
 * A new database is a copy of an empty one made once per installed PGlite version and kept in
 * `node_modules/.cache/risk-profile`, because copying is far quicker than running initdb. Where
 * that cache cannot be written (a read-only install), initdb creates the folder itself.
 */
async function initialise(dataDir: string): Promise<void> {
  const template = templateDir();
  try {
    if (!existsSync(join(template, 'PG_VERSION'))) {
      // Made aside and renamed into place, so a crash or a concurrent start never leaves half a
      // template; a start that loses the race uses the winner's.
      const building = `${template}.${process.pid}.tmp`;
      rmSync(building, { recursive: true, force: true });
      mkdirSync(dirname(building), { recursive: true });
      await initialiseInChildProcess(building);
      try {
        renameSync(building, template);
      } catch {
        rmSync(building, { recursive: true, force: true });
      }
    }
    cpSync(template, dataDir, { recursive: true });
  } catch {
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    await initialiseInChildProcess(dataDir);
  }
}

function templateDir(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
  // dir is node_modules/@electric-sql/pglite.
  return join(dir, '..', '..', '.cache', 'risk-profile', `pglite-${version}-empty`);
}

/**
 * Creating a database runs initdb, a second WASM module whose large memory a process never
 * hands back to the system. A short-lived child process creates the files instead, so a
 * first start idles at the same resident size as every later one.
 */
async function initialiseInChildProcess(dataDir: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `const { PGlite } = require(${JSON.stringify(pglite)});
    PGlite.create(${JSON.stringify(dataDir)}).then((db) => db.close());`;
  await promisify(execFile)(process.execPath, ['-e', script], { timeout: 120_000 });
}
