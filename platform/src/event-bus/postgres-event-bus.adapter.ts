import { createLogger, type Logger } from '../logging/logger';
import { migrate } from '../sql/migrations';
import type { SqlClient, SqlExecutor } from '../sql/sql-client.port';
import {
  type BusMessage,
  deadLetterTopic,
  type EventBus,
  type KeyPurge,
  type OutgoingMessage,
  type SubscribeOptions,
  type Subscription,
} from './event-bus.port';
import { LocalNotifier } from './local-notifier';
import { partitionOf } from './partitioner';
import { purgeKeys, replaceMessages } from './postgres-bus-erasure';
import { eventBusMigrations } from './postgres-event-bus.migrations';
import { PostgresSubscription } from './postgres-subscription';
import { retryPolicy } from './retry';

export interface PostgresEventBusOptions {
  /** Partitions of a topic created by this bus (default 4); a topic keeps the count it was created with. */
  partitions?: number;
  /**
   * How soon an idle consumer looks again for messages written by other processes (default
   * 100 ms). A publish in this process wakes its partition's consumer at once; a consumer that
   * keeps finding nothing doubles its wait up to `maxPollIntervalMs` (default 800 ms), so a quiet
   * product does not spend its time polling.
   */
  pollIntervalMs?: number;
  maxPollIntervalMs?: number;
  /** Messages fetched per round trip (default 500). */
  batchSize?: number;
  /** How long a partition stays claimed by a member that stops renewing (default 10 s). */
  leaseMs?: number;
  /** A long batch commits its offset at least this often (default 1 s). */
  commitIntervalMs?: number;
  /**
   * Batches older than this that every consumer group has read are deleted, every
   * `purgeIntervalMs` (default 1 h) and once a minute after start; 0 (the default) keeps the log
   * whole. A topic no group reads is purged by age alone, as Kafka's retention does.
   */
  retentionMs?: number;
  purgeIntervalMs?: number;
  logger?: Logger;
}

/** Publishes written in one statement at most: some 3 parameters a partition each. */
const MAX_PUBLISHES_A_STATEMENT = 500;

interface QueuedPublish {
  topic: string;
  messages: readonly OutgoingMessage[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** One row of bus_batches: the messages one publish wrote to one partition, in its order. */
interface BatchRow {
  topic: string;
  partition: number;
  records: string[];
}

/** A publish's messages as record batches, one per partition written. */
function recordBatches(topic: string, messages: readonly OutgoingMessage[], partitions: number): BatchRow[] {
  const batches = new Map<number, BatchRow>();
  for (const m of messages) {
    const partition = partitionOf(m.key, partitions);
    const record = JSON.stringify({ id: m.id, key: m.key, value: m.value ?? null, headers: m.headers ?? {} });
    const batch = batches.get(partition);
    if (batch) batch.records.push(record);
    else batches.set(partition, { topic, partition, records: [record] });
  }
  return [...batches.values()];
}

/**
 * Inserts record batches, a row of parameters each rather than arrays: an array literal escapes
 * every quote of the records' JSON and PostgreSQL parses it back character by character. The
 * records go as UTF-8 bytes (sent in binary, which `::text` takes as is): encoded natively, where
 * PGlite measures a string's UTF-8 length in a JavaScript loop, twice.
 */
async function insertBatches(executor: SqlExecutor, rows: readonly BatchRow[]): Promise<void> {
  const params: unknown[] = [];
  const values: string[] = [];
  for (const row of rows) {
    const n = params.push(
      row.topic,
      row.partition,
      Buffer.from(`[${row.records.join(',')}]`),
      row.records.length,
    );
    values.push(`($${n - 3}, $${n - 2}::int, $${n - 1}::text, $${n}::int)`);
  }
  await executor.query(
    `INSERT INTO bus_batches (topic, partition, records, records_count) VALUES ${values.join(', ')}`,
    params,
  );
}

/**
 * The event bus as a durable log in PostgreSQL (embedded PGlite or a server): topics split into
 * partitions by key, consumer-group offsets and partition leases in tables. The SqlClient stays
 * owned by the caller; close() stops this bus's subscriptions only.
 */
export class PostgresEventBus implements EventBus {
  private readonly partitionCounts = new Map<string, number>();
  private readonly subscriptions = new Set<PostgresSubscription>();
  private readonly notifier: LocalNotifier;
  private readonly logger: Logger;
  private purgeTimer: NodeJS.Timeout | undefined;
  private purging: Promise<void> | undefined;
  private closed = false;
  /** Publishes waiting for the end of this turn of the event loop, and the writes under way. */
  private readonly queued: QueuedPublish[] = [];
  private readonly flushes = new Set<Promise<void>>();

  private constructor(
    private readonly sql: SqlClient,
    private readonly options: Required<Omit<PostgresEventBusOptions, 'logger'>>,
    logger: Logger | undefined,
  ) {
    this.notifier = LocalNotifier.for(sql);
    this.logger = logger ?? createLogger('event-bus');
  }

  static async create(sql: SqlClient, options: PostgresEventBusOptions = {}): Promise<PostgresEventBus> {
    await migrate(sql, 'event-bus', eventBusMigrations);
    const { logger, ...rest } = options;
    const bus = new PostgresEventBus(
      sql,
      {
        partitions: 4,
        pollIntervalMs: 100,
        maxPollIntervalMs: 800,
        batchSize: 500,
        leaseMs: 10_000,
        commitIntervalMs: 1_000,
        retentionMs: 0,
        purgeIntervalMs: 60 * 60 * 1000,
        ...rest,
      },
      logger,
    );
    bus.schedulePurge(Math.min(60_000, bus.options.purgeIntervalMs));
    return bus;
  }

  /**
   * Writes the messages in a transaction of their own and wakes this process's consumers of the
   * partitions written. The publishes made in one turn of the event loop (the requests handled in
   * one poll of their sockets) are written together, in one statement and so one commit: each
   * still resolves only once its messages are committed, and keeps its own record batches in its
   * caller's order. A publish whose messages cannot be encoded fails alone; a statement that fails
   * fails every publish in it, and writes none of them.
   */
  async publish(topic: string, messages: readonly OutgoingMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await new Promise<void>((resolve, reject) => {
      if (this.queued.length === 0) setImmediate(() => this.flushQueued());
      this.queued.push({ topic, messages, resolve, reject });
    });
  }

  /** Writes the queued publishes, at most MAX_PUBLISHES_A_STATEMENT at a time. */
  private flushQueued(): void {
    const publishes = this.queued.splice(0, MAX_PUBLISHES_A_STATEMENT);
    if (this.queued.length > 0) setImmediate(() => this.flushQueued());
    const flush = this.writeTogether(publishes).finally(() => this.flushes.delete(flush));
    this.flushes.add(flush);
  }

  private async writeTogether(publishes: QueuedPublish[]): Promise<void> {
    const rows: BatchRow[] = [];
    const written: QueuedPublish[] = [];
    for (const publish of publishes) {
      try {
        const partitions = await this.partitionsOf(publish.topic);
        rows.push(...recordBatches(publish.topic, publish.messages, partitions));
        written.push(publish);
      } catch (error) {
        publish.reject(error);
      }
    }
    if (written.length === 0) return;
    try {
      await insertBatches(this.sql, rows);
    } catch (error) {
      for (const publish of written) publish.reject(error);
      return;
    }
    const partitionsByTopic = new Map<string, number[]>();
    for (const row of rows) {
      const partitions = partitionsByTopic.get(row.topic);
      if (partitions) partitions.push(row.partition);
      else partitionsByTopic.set(row.topic, [row.partition]);
    }
    for (const publish of written) publish.resolve();
    // The messages are committed whatever a listener does: a wake that fails leaves the consumer
    // to find them on its next poll.
    for (const [topic, partitions] of partitionsByTopic) {
      try {
        this.notifier.published(topic, partitions);
      } catch (error) {
        this.logger.warn({ err: error, topic }, 'waking the consumers of a publish failed');
      }
    }
  }

  /**
   * Writes the messages inside the caller's transaction, so they commit (or roll back) with the
   * caller's own rows. Local consumers are not woken; they see the messages on their next poll.
   * Returns the partitions written.
   */
  async publishWithin(
    executor: SqlExecutor,
    topic: string,
    messages: readonly OutgoingMessage[],
  ): Promise<number[]> {
    if (messages.length === 0) return [];
    const rows = recordBatches(topic, messages, await this.partitionsOf(topic, executor));
    await insertBatches(executor, rows);
    return rows.map((row) => row.partition);
  }

  async subscribe<V = unknown>(options: SubscribeOptions<V>): Promise<Subscription> {
    if (options.topics.length === 0) throw new Error('subscribe needs at least one topic');
    const topics = new Map<string, number>();
    for (const topic of options.topics) topics.set(topic, await this.partitionsOf(topic));
    const subscription = new PostgresSubscription({
      sql: this.sql,
      notifier: this.notifier,
      groupId: options.groupId,
      topics,
      handler: options.handler as (message: BusMessage) => Promise<void>,
      handleBatch: options.handleBatch as ((messages: BusMessage[]) => Promise<void>) | undefined,
      policy: retryPolicy(options.retry),
      fromBeginning: options.fromBeginning ?? true,
      batchSize: options.batchSize ?? this.options.batchSize,
      pollIntervalMs: this.options.pollIntervalMs,
      maxPollIntervalMs: Math.max(this.options.pollIntervalMs, this.options.maxPollIntervalMs),
      commitIntervalMs: this.options.commitIntervalMs,
      leaseMs: this.options.leaseMs,
      deadLetter: (topic, message) => this.publish(deadLetterTopic(topic), [message]),
      logger: this.logger,
      onStopped: (s) => this.subscriptions.delete(s),
    });
    this.subscriptions.add(subscription);
    await subscription.start();
    return subscription;
  }

  /**
   * Deletes messages older than `retentionMs` that every consumer group of their partition has
   * already committed past. A topic no group has subscribed to is purged by age alone.
   * Returns the number of messages deleted.
   */
  async purgeOlderThan(retentionMs: number): Promise<number> {
    const { rows } = await this.sql.query<{ messages: number }>(
      `WITH purged AS (
         DELETE FROM bus_batches b
         WHERE b.created_at < now() - make_interval(secs => $1::float8 / 1000)
           AND NOT EXISTS (
             SELECT 1 FROM bus_consumer_offsets o
             WHERE o.topic = b.topic AND o.partition = b.partition
               AND ((o.offset_tx, o.offset_seq) < (b.transaction_id, b.seq)
                    OR ((o.offset_tx, o.offset_seq) = (b.transaction_id, b.seq)
                        AND o.offset_index < b.records_count - 1)))
         RETURNING b.records_count)
       SELECT coalesce(sum(records_count), 0)::int AS messages FROM purged`,
      [retentionMs],
    );
    return rows[0]!.messages;
  }

  /** Erasure's purge of one key's messages (postgres-bus-erasure.ts). */
  purgeKeys(purges: readonly KeyPurge[]): Promise<number> {
    return purgeKeys(this.sql, purges);
  }

  /** Erasure's rewrite of messages' values (postgres-bus-erasure.ts). */
  replaceMessages(topic: string, messages: readonly { id: string; value: unknown }[]): Promise<number> {
    return replaceMessages(this.sql, topic, messages);
  }

  /** The scheduled purge (retentionMs): first a minute after start, then every purgeIntervalMs. */
  private schedulePurge(delayMs: number): void {
    if (this.options.retentionMs <= 0 || this.closed) return;
    this.purgeTimer = setTimeout(() => {
      this.purging = this.purgeOlderThan(this.options.retentionMs)
        .then((messages) => {
          if (messages > 0) this.logger.info({ messages }, 'bus log purged of messages every group has read');
        })
        .catch((error: unknown) =>
          this.logger.warn({ err: error }, 'bus log purge failed; it runs again later'),
        )
        .finally(() => {
          this.purging = undefined;
          this.schedulePurge(this.options.purgeIntervalMs);
        });
    }, delayMs).unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.purgeTimer);
    while (this.queued.length > 0 || this.flushes.size > 0) {
      await Promise.allSettled([...this.flushes]);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await this.purging;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
  }

  /**
   * A topic's partition count is fixed by whoever creates it first; later buses adopt it. Inside
   * a caller's transaction the topic row is read through that transaction (PGlite would wait for
   * it otherwise) and not cached, since the transaction may still roll the row back.
   */
  private async partitionsOf(topic: string, executor: SqlExecutor = this.sql): Promise<number> {
    const known = this.partitionCounts.get(topic);
    if (known !== undefined) return known;
    // Two buses creating the topic at once: the second's insert waits for the first's commit and
    // then does nothing, but its statement's snapshot predates that row, so it reads no row at
    // all; the statement run again sees it.
    let partitions: number | undefined;
    for (let attempt = 0; partitions === undefined; attempt++) {
      const { rows } = await executor.query<{ partitions: number }>(
        `WITH created AS (
           INSERT INTO bus_topics (topic, partitions) VALUES ($1, $2)
           ON CONFLICT (topic) DO NOTHING RETURNING partitions)
         SELECT partitions FROM created UNION ALL SELECT partitions FROM bus_topics WHERE topic = $1`,
        [topic, this.options.partitions],
      );
      partitions = rows[0]?.partitions;
      if (partitions === undefined && attempt >= 2)
        throw new Error(`Topic ${topic} could not be created or read`);
    }
    if (executor === this.sql) this.partitionCounts.set(topic, partitions);
    return partitions;
  }
}
