import { Readable } from 'node:stream';
import type { ClickHouseClient, ClickHouseClientConfigOptions } from '@clickhouse/client';
import { ANALYTICS_MIGRATIONS, type ClickHouseMigration } from './analytics-schema.migrations';
import {
  type AnalyticsStore,
  AnalyticsStoreClosedError,
  type AssessmentRow,
  type HouseholdLinkRow,
  type QueryParams,
  type QuestionEventRow,
} from './analytics-store.port';
import { toDateTime64 } from './datetime64';

export interface ClickHouseServerOptions {
  url: string;
  username?: string;
  password?: string;
  database: string;
  /**
   * Runs the schema migrations while holding a lock that every process sharing this database
   * takes (the analytics service passes a PostgreSQL advisory lock of its own database). Without
   * it, instances starting together could both run a migration: migration 003 rebuilds a table
   * and swaps it in, which is not safe twice at once.
   */
  migrationLock?: MigrationLock;
}

/** Runs `run` while no other process sharing the store runs its migrations. */
export type MigrationLock = <T>(run: () => Promise<T>) => Promise<T>;

type ClientConnection = NonNullable<ClickHouseClientConfigOptions['connection']>;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
/** chDB binds one data directory per process: the one bound now, while a store is open on it. */
let embeddedPath: string | undefined;

/**
 * The tables every other one derives from: their materialized views fill the rest on insert. A
 * backup copies these (the bus positions are in PostgreSQL, so a restore is not sent them again).
 */
const SOURCE_TABLES = ['question_events', 'assessments', 'household_links'] as const;

const nullableDateTime64 = (ms: number | null): string | null => (ms === null ? null : toDateTime64(ms));

const QUOTES = /"/g;
/** A string as a quoted CSV field: only its double quotes need escaping (by doubling). */
const csv = (value: string): string => `"${value.includes('"') ? value.replace(QUOTES, '""') : value}"`;
/** NULL in ClickHouse's CSV: `\N` unquoted (quoted, it is the two characters). */
const CSV_NULL = '\\N';

const QUESTION_EVENT_COLUMNS: [string, ...string[]] = [
  'event_id',
  'session_id',
  'question_id',
  'question_number',
  'device_type',
  'viewed_at',
  'answered_at',
  'time_spent_ms',
  'answer_changes',
  'final_answer',
  'received_at',
];
/** The question events' columns with the version (migration 010 on). */
const QUESTION_EVENT_COLUMNS_WITH_VERSION: [string, ...string[]] = [
  ...QUESTION_EVENT_COLUMNS,
  'questionnaire_version',
];

/**
 * The one AnalyticsStore adapter, on `@clickhouse/client`. `openEmbedded` plugs chDB in through
 * the client's `connection` option, so the embedded mode and a server run the same SQL. chDB is
 * imported only here and only when opened, so a process that never opens it never maps its
 * 500 MB library.
 */
export class ClickHouseAnalyticsStore implements AnalyticsStore {
  private readonly inFlight = new Set<Promise<unknown>>();
  private closing: Promise<void> | undefined;
  /**
   * Whether question_events has its version column. A store left at an older schema (a test of an
   * upgrade) has none, and the events are written without it, as JSONEachRow drops a field the
   * table has no column for.
   */
  private questionEventsHaveVersion = true;

  private constructor(
    private readonly client: ClickHouseClient,
    readonly database: string,
    readonly description: string,
    private readonly afterClose: () => Promise<void>,
    /** chDB in this process (its files are this process's to copy), not a server. */
    readonly embedded = false,
    /** chDB's data directory (analyst queries open sessions of their own on it). */
    readonly embeddedPath?: string,
  ) {}

  /**
   * chDB in this process, with its data under `path`. `migrations` is for tests of an upgrade
   * (a store left at an older schema); the product always applies them all.
   */
  static async openEmbedded(
    path: string,
    database = 'analytics',
    migrations: readonly ClickHouseMigration[] = ANALYTICS_MIGRATIONS,
  ): Promise<ClickHouseAnalyticsStore> {
    assertIdentifier(database);
    if (embeddedPath !== undefined && embeddedPath !== path) {
      throw new Error(
        `chDB is already open on ${embeddedPath} in this process; it binds one data directory per process`,
      );
    }
    const [{ createClient }, { createChdbConnection }, { drainPending }] = await Promise.all([
      import('@clickhouse/client'),
      import('chdb/connection'),
      import('chdb'),
    ]);
    // chDB types its connection against @clickhouse/client-common, which @clickhouse/client 1.23
    // now bundles as its own copy: the shapes are the same (the contract suite proves the pair),
    // the declarations are not, hence the cast.
    const connection = createChdbConnection({ path }) as unknown as ClientConnection;
    const client = createClient({ connection });
    embeddedPath = path;
    const store = new ClickHouseAnalyticsStore(
      client,
      database,
      `chDB (${path})`,
      async () => {
        // close() returns before the engine lets go of a connection an operation still used.
        await drainPending();
        embeddedPath = undefined;
      },
      true,
      path,
    );
    try {
      await store.command(`CREATE DATABASE IF NOT EXISTS ${database}`);
      await store.migrate(migrations);
    } catch (error) {
      await store.close();
      throw error;
    }
    return store;
  }

  /** A ClickHouse server (24.8 or newer: server-side query parameters). */
  static async openServer(options: ClickHouseServerOptions): Promise<ClickHouseAnalyticsStore> {
    assertIdentifier(options.database);
    const { createClient } = await import('@clickhouse/client');
    const client = createClient({
      url: options.url,
      username: options.username,
      password: options.password,
      // The database must exist before a client bound to it can run anything, so the client
      // starts on `default` and every statement names the database explicitly.
      database: 'default',
      application: 'risk-profile-analytics',
    });
    const store = new ClickHouseAnalyticsStore(
      client,
      options.database,
      `ClickHouse server (${options.database})`,
      async () => {},
    );
    const locked: MigrationLock = options.migrationLock ?? ((run) => run());
    try {
      await locked(async () => {
        await store.command(`CREATE DATABASE IF NOT EXISTS ${options.database}`);
        await store.migrate(ANALYTICS_MIGRATIONS);
      });
    } catch (error) {
      await store.close();
      throw error;
    }
    return store;
  }

  async insertQuestionEvents(rows: readonly QuestionEventRow[]): Promise<void> {
    if (rows.length === 0) return;
    // The events of one ingest request share their receipt time: formatted once per run of them.
    let receivedMs = Number.NaN;
    let received = '';
    const receivedAt = (ms: number) => {
      if (ms !== receivedMs) [receivedMs, received] = [ms, toDateTime64(ms)];
      return received;
    };
    // CSV, written here: no object and no JSON per row, and ClickHouse parses it faster than
    // TabSeparated or JSONEachRow. Every string is quoted, so whitespace, commas, newlines and
    // backslashes are data.
    const withVersion = this.questionEventsHaveVersion;
    let text = '';
    for (const r of rows) {
      text += `${csv(r.eventId)},${csv(r.sessionId)},${csv(r.questionId)},${r.questionNumber},${csv(r.deviceType)},${toDateTime64(r.viewedAt)},${r.answeredAt === null ? CSV_NULL : toDateTime64(r.answeredAt)},${r.timeSpentMs},${r.answerChanges},${r.finalAnswer ?? CSV_NULL},${receivedAt(r.receivedAt)}${withVersion ? `,${r.questionnaireVersion ?? 1}` : ''}\n`;
    }
    await this.track(() =>
      this.client.insert({
        table: `${this.database}.question_events`,
        format: 'CSV',
        columns: withVersion ? QUESTION_EVENT_COLUMNS_WITH_VERSION : QUESTION_EVENT_COLUMNS,
        values: Readable.from([text], { objectMode: false }),
      }),
    );
  }

  async insertAssessments(rows: readonly AssessmentRow[]): Promise<void> {
    await this.insertEachRow(
      'assessments',
      rows.map((r) => ({
        assessment_id: r.assessmentId,
        stage: r.stage,
        session_id: r.sessionId,
        device_type: r.deviceType,
        adviser_slug: r.adviserSlug,
        risk_score: r.riskScore,
        risk_group: r.riskGroup,
        original_profile: r.originalProfile,
        selected_profile: r.selectedProfile,
        profile_changed: r.profileChanged,
        capacity_warning: r.capacityWarning === null ? null : Number(r.capacityWarning),
        link_id: r.linkId,
        questionnaire_version: r.questionnaireVersion,
        created_at: toDateTime64(r.createdAt),
        signed_at: nullableDateTime64(r.signedAt),
        event_id: r.eventId,
      })),
    );
  }

  async insertHouseholdLinks(rows: readonly HouseholdLinkRow[]): Promise<void> {
    await this.insertEachRow(
      'household_links',
      rows.map((r) => ({
        link_id: r.linkId,
        household_id: r.householdId,
        created_at: toDateTime64(r.createdAt),
        event_id: r.eventId,
      })),
    );
  }

  /** Rows as JSON objects, one per line: nothing is sent for none. */
  private async insertEachRow(table: string, values: readonly Record<string, unknown>[]): Promise<void> {
    if (values.length === 0) return;
    await this.track(() =>
      this.client.insert({ table: `${this.database}.${table}`, format: 'JSONEachRow', values: [...values] }),
    );
  }

  async select<R>(sql: string, params: QueryParams = {}): Promise<R[]> {
    return this.track(async () => {
      const result = await this.client.query({
        query: sql.replaceAll('{db}', this.database),
        query_params: params,
        format: 'JSONEachRow',
        // 64-bit integers as JSON numbers: the dashboard's counts are far below 2^53.
        clickhouse_settings: { output_format_json_quote_64bit_integers: 0 },
      });
      return result.json<R>();
    });
  }

  async ping(): Promise<boolean> {
    if (this.closing) return false;
    const result = await this.track(() => this.client.ping());
    return result.success;
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
      await this.client.close();
      await this.afterClose();
    })();
    return this.closing;
  }

  /**
   * The source tables as JSON lines, for a backup of a running product. The folded tables are
   * left out: inserting the rows again (importSources) makes their materialized views rebuild them.
   */
  async exportSources(): Promise<Record<string, string>> {
    const tables: Record<string, string> = {};
    for (const table of SOURCE_TABLES) {
      tables[table] = await this.track(async () => {
        const result = await this.client.query({
          query: `SELECT * FROM ${this.database}.${table}`,
          format: 'JSONEachRow',
        });
        return result.text();
      });
    }
    return tables;
  }

  /** Inserts what exportSources returned (a restore into a new store). */
  async importSources(tables: Readonly<Record<string, string>>): Promise<void> {
    for (const table of SOURCE_TABLES) {
      const text = tables[table];
      if (!text) continue;
      await this.track(() =>
        this.client.insert({
          table: `${this.database}.${table}`,
          format: 'JSONEachRow',
          values: text
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as Record<string, unknown>),
        }),
      );
    }
  }

  /**
   * Every MergeTree table of the database frozen under `name` (ClickHouse's FREEZE: hard links to
   * its parts as they are now, in the data directory's shadow/name), for the analysts' replica.
   */
  async freeze(name: string): Promise<{ name: string; uuid: string; create: string }[]> {
    const tables = await this.select<{ name: string; uuid: string; create: string }>(
      `SELECT name, toString(uuid) AS uuid, create_table_query AS create FROM system.tables
       WHERE database = {database:String} AND engine LIKE '%MergeTree' ORDER BY name`,
      { database: this.database },
    );
    if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Invalid snapshot name: ${name}`);
    for (const table of tables)
      await this.command(`ALTER TABLE ${this.database}.${table.name} FREEZE WITH NAME '${name}'`);
    return tables;
  }

  private async migrate(migrations: readonly ClickHouseMigration[]): Promise<void> {
    await this.command(
      `CREATE TABLE IF NOT EXISTS ${this.database}.schema_migrations (
        id String, applied_at DateTime64(3, 'UTC') DEFAULT now64(3)
      ) ENGINE = ReplacingMergeTree ORDER BY id`,
    );
    const applied = new Set(
      (await this.select<{ id: string }>('SELECT id FROM {db}.schema_migrations FINAL')).map((r) => r.id),
    );
    for (const migration of migrations) {
      if (applied.has(migration.id)) continue;
      // Every statement is idempotent (IF NOT EXISTS): a start that died half-way re-runs safely.
      for (const statement of migration.statements)
        await this.command(statement.replaceAll('{db}', this.database));
      await this.command(`INSERT INTO ${this.database}.schema_migrations (id) VALUES ({id:String})`, {
        id: migration.id,
      });
    }
    const [version] = await this.select<{ n: number }>(
      `SELECT count() AS n FROM system.columns
       WHERE database = {d:String} AND table = 'question_events' AND name = 'questionnaire_version'`,
      { d: this.database },
    );
    this.questionEventsHaveVersion = version?.n === 1;
  }

  private async command(query: string, params: QueryParams = {}): Promise<void> {
    await this.track(() => this.client.command({ query, query_params: params }));
  }

  /** Every operation is tracked so close() can wait for it. */
  private track<T>(run: () => Promise<T>): Promise<T> {
    if (this.closing) return Promise.reject(new AnalyticsStoreClosedError());
    const operation = run();
    this.inFlight.add(operation);
    const done = () => this.inFlight.delete(operation);
    operation.then(done, done);
    return operation;
  }
}

function assertIdentifier(database: string): void {
  if (!IDENTIFIER.test(database)) throw new Error(`Invalid ClickHouse database name: ${database}`);
}
