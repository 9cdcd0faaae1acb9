import { randomUUID } from 'node:crypto';
import { type Migration, migrate } from '../sql/migrations';
import {
  PG_UNIQUE_VIOLATION,
  prepared,
  type SqlClient,
  type SqlExecutor,
  sqlState,
} from '../sql/sql-client.port';
import {
  type AppendResult,
  DuplicateEventIdError,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllOptions,
  type StoredEvent,
  WrongExpectedVersionError,
} from './event-store.port';

const MIGRATIONS: readonly Migration[] = [
  {
    id: '001-create-streams-and-events',
    sql: `
      CREATE TABLE es_streams (
        stream_id text PRIMARY KEY,
        version bigint NOT NULL
      );
      CREATE TABLE es_events (
        global_position bigserial NOT NULL,
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        stream_id text NOT NULL,
        stream_version bigint NOT NULL,
        event_id uuid NOT NULL CONSTRAINT es_events_event_id_unique UNIQUE,
        type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}',
        recorded_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT es_events_stream_version_unique UNIQUE (stream_id, stream_version)
      );
      CREATE INDEX es_events_global_order ON es_events (transaction_id, global_position);
    `,
  },
];

/**
 * How each expected version claims the stream: the CTE yields the stream's new last version, or
 * no row when the expectation does not hold. Under READ COMMITTED a concurrent claim of the same
 * stream waits for the row lock (or the speculative insert) and then re-checks, so exactly one
 * of several racing appends with one expected version gets a row.
 */
const CLAIMS = {
  noStream: `INSERT INTO es_streams (stream_id, version) VALUES ($1, $2::bigint - 1)
    ON CONFLICT (stream_id) DO NOTHING RETURNING version`,
  exact: `UPDATE es_streams SET version = version + $2::bigint
    WHERE stream_id = $1 AND version = $7::bigint RETURNING version`,
  any: `INSERT INTO es_streams (stream_id, version) VALUES ($1, $2::bigint - 1)
    ON CONFLICT (stream_id) DO UPDATE SET version = es_streams.version + $2::bigint RETURNING version`,
} as const;

/**
 * One statement, so an append is a single round trip and atomic under autocommit. A single event
 * (the usual outcome of a command) binds scalars, as array parameters, unnest and the sort are
 * costly on PGlite. Several events come as arrays; ORDER BY makes
 * global_position follow stream_version within the append.
 */
function appendSql(claim: string, many: boolean, alongside: readonly string[] = []): string {
  const select = many
    ? `SELECT $1, claim.version - $2::bigint + e.ord, e.id::uuid, e.type, e.data::jsonb, e.meta::jsonb
       FROM claim, unnest($3::text[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS e(id, type, data, meta, ord)
       ORDER BY e.ord`
    : 'SELECT $1, claim.version, $3::uuid, $4::text, $5::jsonb, $6::jsonb FROM claim';
  const also = alongside.map((statement, n) => `, alongside_${n} AS (${statement})`).join('');
  return `WITH claim AS (${claim})${also}
    INSERT INTO es_events (stream_id, stream_version, event_id, type, data, metadata) ${select}
    RETURNING transaction_id::text AS tx, global_position, stream_version`;
}

/**
 * A write made by the append's own statement, so it commits with the events in one round trip:
 * an `INSERT ... SELECT ... FROM claim` or an `UPDATE ... FROM claim` (claim is the CTE that
 * holds the stream's new version), so it happens only when the append succeeds. It is given a
 * function that binds a value and answers its placeholder.
 */
export type AlongsideWrite = (bind: (value: unknown) => string) => string;

/** Every append runs one of these six texts, prepared once per server connection. */
const APPEND = {
  noStream: [
    prepared('es_append_no_stream_1', appendSql(CLAIMS.noStream, false)),
    prepared('es_append_no_stream_n', appendSql(CLAIMS.noStream, true)),
  ],
  exact: [
    prepared('es_append_exact_1', appendSql(CLAIMS.exact, false)),
    prepared('es_append_exact_n', appendSql(CLAIMS.exact, true)),
  ],
  any: [
    prepared('es_append_any_1', appendSql(CLAIMS.any, false)),
    prepared('es_append_any_n', appendSql(CLAIMS.any, true)),
  ],
} as const;

const COLUMNS = `transaction_id::text AS tx, global_position, stream_id, stream_version, event_id::text AS event_id,
  type, data, metadata, recorded_at`;

/**
 * Global order is (transaction_id, global_position), and only transactions older than every
 * transaction still running are visible. A bigserial value is taken when a row is inserted, not
 * when its transaction commits: if transaction A takes position 10 and commits after
 * transaction B took 11 and committed, a reader ordering by position alone would read 11,
 * checkpoint it, and never see 10. Ordering by transaction id first and stopping below
 * pg_snapshot_xmin (the oldest transaction still in progress) means an event becomes readable
 * only once nothing that could still commit can sort before it. The price: a long transaction
 * anywhere on the server (xids are cluster-wide) holds readAll back until it ends.
 */
const READ_ALL = `SELECT ${COLUMNS} FROM es_events
  WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
    AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  ORDER BY transaction_id, global_position
  LIMIT $3`;

const READ_STREAM = prepared(
  'es_read_stream',
  `SELECT ${COLUMNS} FROM es_events WHERE stream_id = $1 ORDER BY stream_version`,
);

interface EventRow {
  tx: string;
  global_position: number;
  stream_id: string;
  stream_version: number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata | null;
  recorded_at: Date;
}

/**
 * The event store on PostgreSQL (embedded PGlite or a server), written once against SqlClient.
 * Event ids are unique store-wide: reusing one fails the append with DuplicateEventIdError.
 */
export class PostgresEventStore implements EventStore {
  private constructor(private readonly sql: SqlClient) {}

  static async create(sql: SqlClient): Promise<PostgresEventStore> {
    await migrate(sql, 'event-store', MIGRATIONS);
    return new PostgresEventStore(sql);
  }

  appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    options: { expectedVersion: ExpectedVersion },
  ): Promise<AppendResult> {
    return this.appendWith(this.sql, streamId, events, options);
  }

  /** An append whose own statement also writes `alongside` rows (AlongsideWrite). */
  appendToStreamWith(
    streamId: string,
    events: readonly NewEvent[],
    options: { expectedVersion: ExpectedVersion; alongside: readonly AlongsideWrite[] },
  ): Promise<AppendResult> {
    return this.appendWith(this.sql, streamId, events, options);
  }

  /**
   * Appends through the given executor, e.g. inside the caller's transaction: the events then
   * commit, and become readable in global order, with that transaction.
   */
  async appendWith(
    executor: SqlExecutor,
    streamId: string,
    events: readonly NewEvent[],
    {
      expectedVersion,
      alongside = [],
    }: { expectedVersion: ExpectedVersion; alongside?: readonly AlongsideWrite[] },
  ): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError(`Stream ${streamId}: an append needs at least one event`);
    const [texts, expected] =
      expectedVersion === 'no_stream' || expectedVersion === -1
        ? [APPEND.noStream, []]
        : expectedVersion === 'any'
          ? [APPEND.any, []]
          : [APPEND.exact, [expectedVersion]];
    const columns = [
      events.map((e) => e.id ?? randomUUID()),
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data ?? null)),
      events.map((e) => JSON.stringify(e.metadata ?? {})),
    ];
    const single = events.length === 1;
    const params: unknown[] = [
      streamId,
      events.length,
      ...(single ? columns.map((c) => c[0]) : columns),
      ...expected,
    ];
    const text =
      alongside.length === 0
        ? single
          ? texts[0]
          : texts[1]
        : appendSql(
            CLAIMS[
              expectedVersion === 'no_stream' || expectedVersion === -1
                ? 'noStream'
                : expectedVersion === 'any'
                  ? 'any'
                  : 'exact'
            ],
            !single,
            alongside.map((insert) =>
              insert((value) => {
                params.push(value);
                return `$${params.length}`;
              }),
            ),
          );
    let rows: { tx: string; global_position: number; stream_version: number }[];
    try {
      ({ rows } = await executor.query(text, params));
    } catch (error) {
      if (sqlState(error) !== PG_UNIQUE_VIOLATION) throw error;
      if (constraintOf(error) === 'es_events_event_id_unique') throw new DuplicateEventIdError(streamId);
      // A transaction aborted by the violation cannot answer the follow-up read.
      const actual = await this.streamVersion(executor, streamId).catch(() => undefined);
      throw new WrongExpectedVersionError(streamId, expectedVersion, actual);
    }
    const last = rows.reduce<(typeof rows)[number] | undefined>(
      (max, row) => (max === undefined || row.global_position > max.global_position ? row : max),
      undefined,
    );
    if (!last) {
      throw new WrongExpectedVersionError(
        streamId,
        expectedVersion,
        await this.streamVersion(executor, streamId),
      );
    }
    return { nextExpectedVersion: last.stream_version, position: encode(last.tx, last.global_position) };
  }

  async readStream(streamId: string): Promise<StoredEvent[]> {
    const { rows } = await this.sql.query<EventRow>(READ_STREAM, [streamId]);
    return rows.map(toStoredEvent);
  }

  async readAll({ after, limit }: ReadAllOptions): Promise<StoredEvent[]> {
    const [tx, position] = after === undefined ? ['0', 0] : decode(after);
    const { rows } = await this.sql.query<EventRow>(READ_ALL, [tx, position, limit]);
    return rows.map(toStoredEvent);
  }

  /** The SqlClient belongs to the caller (it usually serves other tables too), so it stays open. */
  async close(): Promise<void> {}

  private async streamVersion(executor: SqlExecutor, streamId: string): Promise<number> {
    const { rows } = await executor.query<{ version: number }>(
      'SELECT version FROM es_streams WHERE stream_id = $1',
      [streamId],
    );
    return rows[0]?.version ?? -1;
  }
}

function constraintOf(error: unknown): string | undefined {
  const constraint = (error as { constraint?: unknown }).constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}

function encode(tx: string, globalPosition: number): string {
  return `${tx}:${globalPosition}`;
}

function decode(position: string): [string, number] {
  const match = /^(\d+):(\d+)$/.exec(position);
  if (!match) throw new TypeError(`Not a PostgreSQL event store position: ${position}`);
  return [match[1]!, Number(match[2])];
}

function toStoredEvent(row: EventRow): StoredEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.type,
    data: row.data,
    metadata: row.metadata ?? {},
    recordedAt: row.recorded_at,
    position: encode(row.tx, row.global_position),
  };
}
