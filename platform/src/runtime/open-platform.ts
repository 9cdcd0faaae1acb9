import { join } from 'node:path';
import type { EventBus } from '../event-bus/event-bus.port';
import type { KafkaEventBusOptions } from '../event-bus/kafka-event-bus.adapter';
import { PostgresEventBus } from '../event-bus/postgres-event-bus.adapter';
import type { EventStore } from '../event-store/event-store.port';
import { PostgresEventStore } from '../event-store/postgres-event-store.adapter';
import type { Logger } from '../logging/logger';
import { EmbeddedAutovacuum } from '../sql/embedded-autovacuum';
import { PgSqlClient } from '../sql/pg-client.adapter';
import { PgliteSqlClient } from '../sql/pglite-client.adapter';
import type { SqlClient } from '../sql/sql-client.port';
import type { PlatformConfig } from './platform-config';
import { type PlatformDeps, systemClock } from './service-module';
import { lowerBackgroundThreads } from './thread-priority';

/**
 * On PGlite every write comes from this process, which wakes the loops that wait for it (a
 * publish its consumers, an append its relay): they poll only as a safety net, so a quiet product
 * spends neither time nor memory on it.
 */
const EMBEDDED_POLL_INTERVAL_MS = 5_000;

/** EMBEDDED_POLL_INTERVAL_MS when only this process writes (PGlite, no KurrentDB); else unset. */
export function pollIntervalFor(
  config: Pick<PlatformConfig, 'DATABASE_URL' | 'KURRENTDB_URL'>,
): number | undefined {
  return config.DATABASE_URL || config.KURRENTDB_URL ? undefined : EMBEDDED_POLL_INTERVAL_MS;
}

export interface OpenedPlatform extends PlatformDeps {
  /** Human-readable summary of the chosen adapters, for the start-up log line. */
  describe: { sql: string; eventStore: string; bus: string };
  /** On PGlite, the product's own autovacuum (a PostgreSQL server runs its own). */
  autovacuum: EmbeddedAutovacuum | undefined;
  close(): Promise<void>;
}

/** The Kafka bus's options from the configuration's keys (docs/configuration.md, "Adapters"). */
export function kafkaBusOptions(config: PlatformConfig, logger: Logger): KafkaEventBusOptions {
  return {
    brokers: config.KAFKA_BROKERS,
    clientId: config.KAFKA_CLIENT_ID,
    numPartitions: config.BUS_PARTITIONS,
    sessionTimeoutMs: config.KAFKA_SESSION_TIMEOUT_MS,
    rebalanceTimeoutMs: config.KAFKA_REBALANCE_TIMEOUT_MS,
    allowTopicCreation: true,
    logger,
  };
}

/**
 * Opens the adapters the configuration asks for. The Kafka and KurrentDB clients are imported
 * only when configured, so the embedded start loads neither.
 */
export async function openPlatform(config: PlatformConfig, logger: Logger): Promise<OpenedPlatform> {
  const pollIntervalMs = pollIntervalFor(config);
  const sql: SqlClient = config.DATABASE_URL
    ? PgSqlClient.open(config.DATABASE_URL, { max: config.DATABASE_POOL_SIZE })
    : await PgliteSqlClient.open(join(config.DATA_DIR, 'pglite'), { durable: config.EMBEDDED_FSYNC });

  let eventStore: EventStore;
  if (config.KURRENTDB_URL) {
    const { KurrentDbEventStore } = await import('../event-store/kurrentdb-event-store.adapter');
    eventStore = await KurrentDbEventStore.connect(config.KURRENTDB_URL);
  } else {
    eventStore = await PostgresEventStore.create(sql);
  }

  let bus: EventBus;
  if (config.KAFKA_BROKERS.length > 0) {
    const { KafkaEventBus } = await import('../event-bus/kafka-event-bus.adapter');
    bus = await KafkaEventBus.create(kafkaBusOptions(config, logger));
  } else {
    bus = await PostgresEventBus.create(sql, {
      partitions: config.BUS_PARTITIONS,
      retentionMs: config.BUS_RETENTION_HOURS * 60 * 60 * 1000,
      ...(pollIntervalMs === undefined ? {} : { maxPollIntervalMs: pollIntervalMs }),
      logger,
    });
  }

  const describe = {
    sql: config.DATABASE_URL ? 'PostgreSQL server' : `PGlite (${join(config.DATA_DIR, 'pglite')})`,
    eventStore: config.KURRENTDB_URL ? 'KurrentDB' : 'PostgreSQL',
    bus: config.KAFKA_BROKERS.length > 0 ? 'Kafka' : 'PostgreSQL log',
  };
  const background = lowerBackgroundThreads(config.BACKGROUND_THREAD_NICE);
  // PGlite has no autovacuum process; a PostgreSQL server runs its own.
  const autovacuum =
    sql.kind === 'pglite'
      ? EmbeddedAutovacuum.start(sql, { logger, intervalMs: config.EMBEDDED_AUTOVACUUM_INTERVAL_MS })
      : undefined;
  return {
    sql,
    eventStore,
    bus,
    logger,
    clock: systemClock,
    pollIntervalMs,
    describe,
    autovacuum,
    // Bus before store before database: consumers stop before the tables they read close.
    close: async () => {
      await autovacuum?.stop();
      await bus.close();
      await eventStore.close();
      await sql.close();
      background.stop();
    },
  };
}
