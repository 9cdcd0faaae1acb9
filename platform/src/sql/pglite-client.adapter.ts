import { execFile } from 'node:child_process';
import { cpSync, existsSync, fdatasyncSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite, parse, protocol, types } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import pgUtils from 'pg/lib/utils.js';
import type { QueryResult, SqlClient, SqlExecutor } from './sql-client.port';

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
 * which is all PostgreSQL relies on, without the journal write an mtime change costs.
 */
const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];

interface NodeFsModule {
  NODEFS: { stream_ops: { fsync?: (stream: { nfd: number }) => number } };
}

/** NODEFS with an fsync that reaches the host file's descriptor (as fdatasync, see above). */
class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...(Array.isArray(preRun) ? preRun : [preRun]),
      (module: unknown) => {
        (module as NodeFsModule).NODEFS.stream_ops.fsync = (stream) => {
          fdatasyncSync(stream.nfd);
          return 0;
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

  private constructor(private readonly db: PGlite) {}

  /** `dataDir` undefined keeps the database in memory (tests). */
  static async open(dataDir?: string, options: PgliteOpenOptions = {}): Promise<PgliteSqlClient> {
    if (dataDir) {
      mkdirSync(dataDir, { recursive: true });
      if (!existsSync(join(dataDir, 'PG_VERSION'))) await initialise(dataDir);
    }
    const durable = dataDir !== undefined && (options.durable ?? true);
    const db = await PGlite.create({
      dataDir,
      parsers,
      postgresqlconf: EMBEDDED_SETTINGS,
      ...(durable ? { fs: new DurableNodeFS(dataDir), startParams: DURABLE_START_PARAMS } : {}),
    });
    return new PgliteSqlClient(db);
  }

  /**
   * Creates the database in `dataDir` (absent or empty) from a dumpDataDir archive, its files
   * synced to the disk before this returns.
   */
  static async restore(dataDir: string, archive: Blob): Promise<void> {
    mkdirSync(dataDir, { recursive: true });
    const db = await PGlite.create({
      dataDir,
      loadDataDir: archive,
      postgresqlconf: EMBEDDED_SETTINGS,
      fs: new DurableNodeFS(dataDir),
      startParams: DURABLE_START_PARAMS,
    });
    await db.query('CHECKPOINT');
    await db.close();
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
    return this.db._runExclusiveTransaction(() => this.run<R>(text, params, false));
  }

  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction(async () =>
      fn({ query: <R>(text: string, params: readonly unknown[] = []) => this.run<R>(text, params, true) }),
    );
  }

  /**
   * One statement as one message (parse, bind, describe, execute, sync) in one call into the
   * WASM module. PGlite's query() makes five calls, the first two only to learn the parameters'
   * types so it can serialise them; here they are prepared as node-postgres prepares them (text,
   * the server infers the types), so both adapters send the same values, for less CPU a statement
   * (docs/architecture.md, "Embedded PostgreSQL"). Results are parsed by PGlite's own parser with
   * this database's type parsers, exactly as its query() does.
   */
  private run<R>(text: string, params: readonly unknown[], inTransaction: boolean): Promise<QueryResult<R>> {
    const { serialize } = protocol;
    const values = params.map((value) => pgUtils.prepareValue(value));
    const message = Buffer.concat([
      serialize.parse({ text }),
      serialize.bind({ values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    return this.db._runExclusiveQuery(async () => {
      const { messages } = await this.db.execProtocol(message, { syncToFs: false });
      if (!inTransaction) await this.db.syncToFs();
      const [result] = parse.parseResults(messages, this.db.parsers);
      return toResult<R>(result ?? { rows: [] });
    });
  }

  async exec(script: string): Promise<void> {
    await this.db.exec(script);
  }

  async close(): Promise<void> {
    if (!this.db.closed) await this.db.close();
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
