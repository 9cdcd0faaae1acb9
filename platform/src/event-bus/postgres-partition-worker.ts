import type { Logger } from '../logging/logger';
import type { SqlClient } from '../sql/sql-client.port';
import { type RoundOutcome, WakeableLoop } from '../workers/wakeable-loop';
import type { BusMessage, Headers, OutgoingMessage, RetryPolicy } from './event-bus.port';
import { deliverWithRetry } from './retry';

/**
 * A message's place in a partition: the writing transaction's id (xid8 as text), the row's seq,
 * then the message's index in that row's record batch. An offset is the place of the last message
 * handled.
 */
export interface LogPosition {
  tx: string;
  seq: number;
  index: number;
}

export interface PartitionWorkerContext {
  sql: SqlClient;
  groupId: string;
  memberId: string;
  handler: (message: BusMessage) => Promise<void>;
  handleBatch?: (messages: BusMessage[]) => Promise<void>;
  policy: RetryPolicy;
  batchSize: number;
  pollIntervalMs: number;
  /** The longest wait between polls of a partition that keeps finding nothing. */
  maxPollIntervalMs: number;
  /** A long batch commits at least this often, so a crash redelivers little. */
  commitIntervalMs: number;
  leaseMs: number;
  deadLetter: (topic: string, message: OutgoingMessage) => Promise<void>;
  logger: Logger;
}

interface Row {
  tx: string;
  seq: number;
  records: string;
  created_at: Date | string;
}

interface StoredRecord {
  id: string;
  key: string;
  value: unknown;
  headers: Headers | null;
  /** Set by `PostgresEventBus.purgeKeys`: the message's content is gone and it is not delivered. */
  purged?: true;
}

/** One message of a fetched batch, with its place in the partition (as first delivered). */
interface Entry {
  position: LogPosition;
  message: BusMessage;
  /** A purged message keeps its place, so offsets stay valid, but is skipped. */
  purged: boolean;
}

/*
 * Why `transaction_id < pg_snapshot_xmin(pg_current_snapshot())`: seq values are taken when a
 * row is inserted, not when its transaction commits, so a transaction that started earlier can
 * commit after a later one. Reading "everything committed after my offset" would then skip its
 * rows for good once the offset has moved past them. Ordering by (transaction_id, seq) and only
 * reading transactions older than the oldest one still running (xmin) means every row that could
 * still appear sorts after what has been read. The price: one long transaction anywhere on the
 * server (the horizon is cluster-wide) delays delivery until it ends; nothing is lost.
 */
const FETCH = `
SELECT transaction_id::text AS tx, seq, records, created_at
FROM bus_batches
WHERE topic = $1 AND partition = $2
  AND (transaction_id, seq) >= ($3::xid8, $4::bigint)
  AND NOT ((transaction_id, seq) = ($3::xid8, $4::bigint) AND records_count <= $6::int + 1)
  AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
ORDER BY transaction_id, seq
LIMIT $5`;

/** The offset only moves while this member still holds the lease on the partition. */
const COMMIT = `
UPDATE bus_consumer_offsets
SET offset_tx = $5::xid8, offset_seq = $6, offset_index = $8,
    lease_until = now() + make_interval(secs => $7::float8 / 1000), updated_at = now()
WHERE group_id = $1 AND topic = $2 AND partition = $3 AND owner = $4`;

/** Consumes one claimed partition: fetch a batch, deliver each message in order, commit. */
export class PartitionWorker {
  private lost = false;
  private committed: LogPosition;
  private readonly abort = new AbortController();
  /** Waits pollIntervalMs after a wake or a delivery, doubling up to maxPollIntervalMs while idle. */
  private readonly loop: WakeableLoop;
  private stopped: Promise<void> | undefined;

  constructor(
    private readonly ctx: PartitionWorkerContext,
    readonly topic: string,
    readonly partition: number,
    private position: LogPosition,
  ) {
    this.committed = position;
    this.loop = new WakeableLoop({
      round: () => this.round(),
      // The position did not move: the same messages are fetched again after the pause.
      onError: (error) => ctx.logger.error({ err: error, topic, partition }, 'bus fetch failed'),
      pollIntervalMs: ctx.pollIntervalMs,
      maxPollIntervalMs: ctx.maxPollIntervalMs,
    });
  }

  start(): void {
    this.loop.start();
  }

  wake(): void {
    this.loop.wake();
  }

  /** Lets the in-flight message finish (its retries are abandoned), then commits what was handled. */
  stop(): Promise<void> {
    this.stopped ??= (async () => {
      this.loop.end();
      this.abort.abort();
      await this.loop.stop();
      await this.commit();
    })();
    return this.stopped;
  }

  /** Another member holds the partition now: stop without committing anything more. */
  async abandon(): Promise<void> {
    this.lost = true;
    await this.stop();
  }

  get isLost(): boolean {
    return this.lost;
  }

  /** One fetch and its delivery; a failed fetch throws to the loop, which logs it and waits. */
  private async round(): Promise<RoundOutcome> {
    const entries = await this.fetch();
    if (entries.length === 0) return 'none';
    try {
      await this.deliverBatch(entries);
      // A short batch was everything there was: fetching again at once would find nothing
      // unless something was published meanwhile, and a publish in this process wakes the
      // worker (a wake while busy makes the next wait end at once). Others are found by polling.
      return entries.length < this.ctx.batchSize ? 'some' : 'more';
    } catch (error) {
      // The message could not be parked on the dead-letter topic: refetch it after a pause.
      this.ctx.logger.error(
        { err: error, topic: this.topic, partition: this.partition },
        'bus delivery failed',
      );
      await this.commit();
      return 'some';
    }
  }

  private async deliverBatch(entries: Entry[]): Promise<void> {
    if (this.ctx.handleBatch && this.loop.running && (await this.deliverWhole(entries))) return;
    let lastCommit = Date.now();
    for (const { position, message, purged } of entries) {
      if (!this.loop.running) break;
      if (purged) {
        this.position = position;
        continue;
      }
      const outcome = await deliverWithRetry({
        message,
        handler: this.ctx.handler,
        policy: this.ctx.policy,
        signal: this.abort.signal,
        deadLetter: (message) => this.ctx.deadLetter(this.topic, message),
        logger: this.ctx.logger,
      });
      if (outcome === 'aborted') break;
      this.position = position;
      if (Date.now() - lastCommit >= this.ctx.commitIntervalMs) {
        await this.commit();
        lastCommit = Date.now();
      }
    }
    await this.commit();
  }

  /** One call for the whole batch; false when it failed, so the caller delivers one by one. */
  private async deliverWhole(entries: Entry[]): Promise<boolean> {
    const delivered = entries.filter((entry) => !entry.purged).map((entry) => entry.message);
    try {
      if (delivered.length > 0) await this.ctx.handleBatch!(delivered);
    } catch (error) {
      this.ctx.logger.warn(
        { err: error, topic: this.topic, partition: this.partition, messages: entries.length },
        'bus batch handler failed; delivering the batch one message at a time',
      );
      return false;
    }
    this.position = entries.at(-1)!.position;
    await this.commit();
    return true;
  }

  /**
   * Up to `batchSize` messages after the position, in order. The row at the position itself is
   * fetched again only when a batch ended inside it; its messages up to the position are skipped.
   */
  private async fetch(): Promise<Entry[]> {
    const { tx, seq, index } = this.position;
    const { rows } = await this.ctx.sql.query<Row>(FETCH, [
      this.topic,
      this.partition,
      tx,
      seq,
      this.ctx.batchSize,
      index,
    ]);
    const entries: Entry[] = [];
    for (const row of rows) {
      const records = JSON.parse(row.records) as StoredRecord[];
      const first = row.tx === tx && row.seq === seq ? index + 1 : 0;
      for (let i = first; i < records.length && entries.length < this.ctx.batchSize; i++) {
        entries.push(this.entry(row, i, records[i]!));
      }
      if (entries.length >= this.ctx.batchSize) break;
    }
    return entries;
  }

  private async commit(): Promise<void> {
    if (this.lost) return;
    const { tx, seq, index } = this.position;
    if (tx === this.committed.tx && seq === this.committed.seq && index === this.committed.index) return;
    try {
      const { rowCount } = await this.ctx.sql.query(COMMIT, [
        this.ctx.groupId,
        this.topic,
        this.partition,
        this.ctx.memberId,
        tx,
        seq,
        this.ctx.leaseMs,
        index,
      ]);
      if (rowCount === 0) {
        // The lease expired and another member took over; it resumes from the last commit.
        this.lost = true;
        this.loop.end();
        this.ctx.logger.warn(
          { topic: this.topic, partition: this.partition, groupId: this.ctx.groupId },
          'bus partition lease lost; uncommitted messages will be redelivered',
        );
        return;
      }
      this.committed = { tx, seq, index };
    } catch (error) {
      this.ctx.logger.error(
        { err: error, topic: this.topic, partition: this.partition },
        'bus offset commit failed',
      );
    }
  }

  private entry(row: Row, index: number, record: StoredRecord): Entry {
    return {
      position: { tx: row.tx, seq: row.seq, index },
      message: {
        id: record.id,
        topic: this.topic,
        key: record.key,
        value: record.value,
        headers: record.headers ?? {},
        partition: this.partition,
        offset: `${row.tx}/${row.seq}/${index}`,
        timestamp: new Date(row.created_at),
        attempt: 1,
      },
      purged: record.purged === true,
    };
  }
}
