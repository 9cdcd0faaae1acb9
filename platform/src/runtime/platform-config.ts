import { z } from 'zod';
import { env } from '../config/config';

/**
 * The keys that choose the platform's adapters (docs/configuration.md). Nothing set: embedded
 * PGlite under DATA_DIR for everything. DATABASE_URL: a PostgreSQL server. KURRENTDB_URL and
 * KAFKA_BROKERS: the distributed mode's event store and bus.
 */
export const platformConfigShape = {
  /** Folder for embedded state (PGlite files, mail outbox, generated secrets). */
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL server (postgres://user:pass@host:5432/db); absent: embedded PGlite. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  /** Connections in the PostgreSQL pool. */
  DATABASE_POOL_SIZE: env.int(10, 1),
  /** KurrentDB connection string (kurrentdb://host:2113?tls=false); absent: PostgreSQL event store. */
  KURRENTDB_URL: z
    .string()
    .regex(/^(kurrentdb|esdb|kdb)(\+discover)?:\/\//, 'must be a kurrentdb:// connection string')
    .optional(),
  /** Comma-separated Kafka brokers (host:9092); absent: the PostgreSQL log. */
  KAFKA_BROKERS: env.list(),
  /** Kafka client id prefix. */
  KAFKA_CLIENT_ID: z.string().default('risk-profile'),
  /**
   * Kafka consumers' session timeout: a member silent this long (a killed process) is dropped
   * from its group, and a restarted one's join waits for that (docs/configuration.md). Brokers
   * accept 6 s to 30 min by default (group.min/max.session.timeout.ms).
   */
  KAFKA_SESSION_TIMEOUT_MS: env.int(10_000, 1_000),
  /** Kafka consumers' rebalance timeout: how long a rebalance waits for members to rejoin. */
  KAFKA_REBALANCE_TIMEOUT_MS: env.int(30_000, 1_000),
  /** Partitions of topics created by the bus. */
  BUS_PARTITIONS: env.int(4, 1),
  /**
   * Hours the PostgreSQL bus log keeps messages every consumer group has read (0: for ever).
   * Kafka keeps its own retention.
   */
  BUS_RETENTION_HOURS: env.int(168, 0),
  /**
   * Milliseconds between the embedded database's autovacuum checks (PGlite has no autovacuum
   * process; sql/embedded-autovacuum.ts). Ignored with DATABASE_URL: the server runs its own.
   */
  EMBEDDED_AUTOVACUUM_INTERVAL_MS: env.int(60_000, 100),
  /**
   * Sync each embedded commit to the disk before acknowledging it (sql/pglite-client.adapter.ts),
   * so a machine crash loses no acknowledged write. False: a process crash still loses nothing,
   * a machine crash can lose the last seconds. Ignored with DATABASE_URL (the server's own fsync).
   */
  EMBEDDED_FSYNC: env.bool(true),
  /**
   * Nice value (1-19) of every thread of the process but the event loop's, on Linux: ClickHouse's,
   * the libuv pool's and V8's helpers yield a busy core to the thread that answers requests
   * (runtime/thread-priority.ts). 0 leaves every thread at the process's own priority.
   */
  BACKGROUND_THREAD_NICE: env.int(10, 0).pipe(z.number().max(19)),
  LOG_LEVEL: env.logLevel(),
};

export const platformConfigSchema = z.object(platformConfigShape);
export type PlatformConfig = z.infer<typeof platformConfigSchema>;
