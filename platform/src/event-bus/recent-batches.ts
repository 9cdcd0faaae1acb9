import type { SqlClient } from '../sql/sql-client.port';

/** How much record text is kept (UTF-16 code units), and for how long. */
const DEFAULT_LIMITS = { maxChars: 8_000_000, ttlMs: 10_000 };

interface Batch {
  partition: string;
  records: string;
  at: number;
  /** Local consumer groups of the topic that have not read it yet. */
  unread: number;
}

/**
 * The `records` text of the batches this process wrote lately, by the row's seq (unique in
 * bus_batches), so a consumer in the same process does not read back from the database what it
 * was handed a moment ago: the fetch names the seqs known here and the database leaves their
 * records out (bench/analytics.bench.ts: reading the records back, detoasted and copied out of
 * the database, was the embedded bus's largest single cost).
 *
 * The database stays the log: the text here is exactly what the row holds (the same string was
 * written), a row is only used once the fetch found it committed, and a consumer in another
 * process, after a restart or after an entry expired reads the row's own records. A batch whose
 * transaction rolled back is never fetched and simply expires. A batch is kept only for the
 * consumer groups of its topic in this process and leaves once each has read it, so the text dies
 * young (kept longer, it would be promoted into V8's old generation for a major GC to collect);
 * the rest leave oldest first after `ttlMs` or when the text kept exceeds `maxChars`.
 */
export class RecentBatches {
  private static readonly bySql = new WeakMap<SqlClient, RecentBatches>();

  /** One per database handle, like LocalNotifier: buses sharing a SqlClient share the rows. */
  static for(sql: SqlClient): RecentBatches {
    let recent = RecentBatches.bySql.get(sql);
    if (!recent) {
      recent = new RecentBatches();
      RecentBatches.bySql.set(sql, recent);
    }
    return recent;
  }

  /** Insertion order is age order: eviction takes from the front. */
  private readonly batches = new Map<number, Batch>();
  /** The seqs of each topic's partition, for the fetch to name. */
  private readonly byPartition = new Map<string, Set<number>>();
  /** Per topic, the consumer groups in this process (with their member count). */
  private readonly readers = new Map<string, Map<string, number>>();
  private chars = 0;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly limits: { maxChars: number; ttlMs: number } = DEFAULT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** A consumer group of `topic` in this process; returns its removal. */
  addReader(topic: string, groupId: string): () => void {
    let groups = this.readers.get(topic);
    if (!groups) {
      groups = new Map();
      this.readers.set(topic, groups);
    }
    groups.set(groupId, (groups.get(groupId) ?? 0) + 1);
    let removed = false;
    const mine = groups;
    return () => {
      if (removed) return;
      removed = true;
      const members = mine.get(groupId)! - 1;
      if (members > 0) mine.set(groupId, members);
      else mine.delete(groupId);
      if (mine.size === 0 && this.readers.get(topic) === mine) this.readers.delete(topic);
    };
  }

  put(topic: string, partition: number, seq: number, records: string): void {
    const unread = this.readers.get(topic)?.size ?? 0;
    if (unread === 0 || records.length > this.limits.maxChars) return;
    const key = partitionKey(topic, partition);
    this.batches.set(seq, { partition: key, records, at: this.now(), unread });
    let seqs = this.byPartition.get(key);
    if (!seqs) {
      seqs = new Set();
      this.byPartition.set(key, seqs);
    }
    seqs.add(seq);
    this.chars += records.length;
    this.evict();
    this.sweeper ??= setInterval(() => this.evict(), this.limits.ttlMs).unref();
  }

  /**
   * The records kept for rows of this partition, by seq: a snapshot, so an eviction while the
   * fetch is in flight cannot take away text the database was told to leave out.
   */
  known(topic: string, partition: number): Map<number, string> {
    const known = new Map<number, string>();
    for (const seq of this.byPartition.get(partitionKey(topic, partition)) ?? []) {
      known.set(seq, this.batches.get(seq)!.records);
    }
    return known;
  }

  /** A group has read the row (from here): once every group has, it is let go. */
  read(seq: number): void {
    const batch = this.batches.get(seq);
    if (batch && --batch.unread <= 0) this.remove(seq, batch);
  }

  get size(): number {
    return this.batches.size;
  }

  private evict(): void {
    const oldest = this.now() - this.limits.ttlMs;
    for (const [seq, batch] of this.batches) {
      if (batch.at > oldest && this.chars <= this.limits.maxChars) break;
      this.remove(seq, batch);
    }
  }

  private remove(seq: number, batch: Batch): void {
    this.batches.delete(seq);
    this.chars -= batch.records.length;
    const seqs = this.byPartition.get(batch.partition)!;
    seqs.delete(seq);
    if (seqs.size === 0) this.byPartition.delete(batch.partition);
    if (this.batches.size === 0 && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }
}

const partitionKey = (topic: string, partition: number) => `${partition}/${topic}`;
