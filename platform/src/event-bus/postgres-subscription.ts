import { randomUUID } from 'node:crypto';
import type { Subscription } from './event-bus.port';
import type { LocalNotifier } from './local-notifier';
import { PartitionWorker, type PartitionWorkerContext } from './postgres-partition-worker';

/** The member's settings, which its partition workers share, and the member's own. */
export interface SubscriptionContext extends Omit<PartitionWorkerContext, 'memberId'> {
  notifier: LocalNotifier;
  /** Every subscribed topic with its partition count. */
  topics: ReadonlyMap<string, number>;
  fromBeginning: boolean;
  onStopped: (subscription: PostgresSubscription) => void;
}

const LEASE = `now() + make_interval(secs => $3::float8 / 1000)`;

/**
 * One member of a consumer group. Partitions are shared through leases in bus_consumer_offsets:
 * each member claims at most its fair share (partitions / live members, rounded up), renews its
 * leases on every heartbeat, and hands back partitions beyond its share when members join. A
 * member that dies stops renewing; its partitions become claimable when the lease runs out.
 */
export class PostgresSubscription implements Subscription {
  private readonly memberId = randomUUID();
  private readonly workers = new Map<string, PartitionWorker>();
  private readonly unsubscribe: Array<() => void> = [];
  private heartbeat: NodeJS.Timeout | undefined;
  private rebalancing: Promise<void> = Promise.resolve();
  private stopped = false;
  private stopping: Promise<void> | undefined;

  constructor(private readonly ctx: SubscriptionContext) {}

  async start(): Promise<void> {
    await this.createOffsets();
    for (const topic of this.ctx.topics.keys()) {
      this.unsubscribe.push(
        this.ctx.notifier.onPublished(topic, (partitions) => {
          for (const partition of partitions) this.workers.get(`${topic}/${partition}`)?.wake();
        }),
      );
    }
    this.unsubscribe.push(this.ctx.notifier.onGroupChanged(this.ctx.groupId, () => this.requestRebalance()));
    this.requestRebalance();
    await this.rebalancing;
    this.ctx.notifier.groupChanged(this.ctx.groupId);
    this.heartbeat = setInterval(
      () => this.requestRebalance(),
      Math.max(50, Math.floor(this.ctx.leaseMs / 3)),
    );
  }

  stop(): Promise<void> {
    this.stopping ??= this.shutdown();
    return this.stopping;
  }

  private async shutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.heartbeat);
    for (const off of this.unsubscribe) off();
    await this.rebalancing;
    await Promise.all([...this.workers.values()].map((worker) => worker.stop()));
    this.workers.clear();
    try {
      await this.ctx.sql.query(
        `UPDATE bus_consumer_offsets SET owner = NULL, lease_until = NULL WHERE group_id = $1 AND owner = $2`,
        [this.ctx.groupId, this.memberId],
      );
      await this.ctx.sql.query(`DELETE FROM bus_group_members WHERE group_id = $1 AND member_id = $2`, [
        this.ctx.groupId,
        this.memberId,
      ]);
    } catch (error) {
      // The leases expire on their own; the other members wait at most one lease period.
      this.ctx.logger.warn(
        { err: error, groupId: this.ctx.groupId },
        'bus subscription could not release leases',
      );
    }
    this.ctx.notifier.groupChanged(this.ctx.groupId);
    this.ctx.onStopped(this);
  }

  /** Offset rows for every partition; a new group starts at the beginning or at the current end. */
  private async createOffsets(): Promise<void> {
    const topics: string[] = [];
    const partitions: number[] = [];
    for (const [topic, count] of this.ctx.topics) {
      for (let p = 0; p < count; p++) {
        topics.push(topic);
        partitions.push(p);
      }
    }
    // pg_snapshot_xmax is the first transaction id not yet started: "the end" excludes every
    // message committed or in flight now, and includes everything written from here on.
    await this.ctx.sql.query(
      `INSERT INTO bus_consumer_offsets (group_id, topic, partition, offset_tx)
       SELECT $1, t.topic, t.partition,
              CASE WHEN $4::boolean THEN '0'::xid8 ELSE pg_snapshot_xmax(pg_current_snapshot()) END
       FROM unnest($2::text[], $3::int[]) AS t(topic, partition)
       ON CONFLICT (group_id, topic, partition) DO NOTHING`,
      [this.ctx.groupId, topics, partitions, this.ctx.fromBeginning],
    );
  }

  private requestRebalance(): void {
    if (this.stopped) return;
    this.rebalancing = this.rebalancing
      .then(() => this.rebalance())
      .catch((error) =>
        this.ctx.logger.error({ err: error, groupId: this.ctx.groupId }, 'bus rebalance failed'),
      );
  }

  private async rebalance(): Promise<void> {
    if (this.stopped) return;
    const { sql, groupId, leaseMs } = this.ctx;
    const { rows } = await sql.query<{ others: number }>(
      `WITH me AS (
         INSERT INTO bus_group_members (group_id, member_id, lease_until) VALUES ($1, $2, ${LEASE})
         ON CONFLICT (group_id, member_id) DO UPDATE SET lease_until = EXCLUDED.lease_until),
       gone AS (DELETE FROM bus_group_members WHERE group_id = $1 AND lease_until < now())
       SELECT count(*)::int AS others FROM bus_group_members
       WHERE group_id = $1 AND member_id <> $2 AND lease_until >= now()`,
      [groupId, this.memberId, leaseMs],
    );
    const members = (rows[0]?.others ?? 0) + 1;

    const renewed = await sql.query<{ topic: string; partition: number }>(
      `UPDATE bus_consumer_offsets SET lease_until = ${LEASE}
       WHERE group_id = $1 AND owner = $2 RETURNING topic, partition`,
      [groupId, this.memberId, leaseMs],
    );
    const held = new Set(renewed.rows.map((r) => `${r.topic}/${r.partition}`));
    for (const [id, worker] of this.workers) {
      if (held.has(id) && !worker.isLost) continue;
      this.workers.delete(id);
      await worker.abandon();
    }

    const total = [...this.ctx.topics.values()].reduce((sum, n) => sum + n, 0);
    const share = Math.ceil(total / members);
    if (this.workers.size > share) await this.release([...this.workers.keys()].slice(share));
    else if (this.workers.size < share && !this.stopped) await this.claim(share - this.workers.size);
  }

  private async release(ids: string[]): Promise<void> {
    for (const id of ids) {
      const worker = this.workers.get(id)!;
      this.workers.delete(id);
      await worker.stop();
      await this.ctx.sql.query(
        `UPDATE bus_consumer_offsets SET owner = NULL, lease_until = NULL
         WHERE group_id = $1 AND topic = $2 AND partition = $3 AND owner = $4`,
        [this.ctx.groupId, worker.topic, worker.partition, this.memberId],
      );
    }
    this.ctx.notifier.groupChanged(this.ctx.groupId);
  }

  private async claim(count: number): Promise<void> {
    const { rows } = await this.ctx.sql.query<{
      topic: string;
      partition: number;
      tx: string;
      seq: number;
      index: number;
    }>(
      `UPDATE bus_consumer_offsets o SET owner = $2, lease_until = ${LEASE}
       FROM (SELECT topic, partition FROM bus_consumer_offsets
             WHERE group_id = $1 AND topic = ANY($4::text[]) AND (owner IS NULL OR lease_until < now())
             ORDER BY topic, partition LIMIT $5 FOR UPDATE SKIP LOCKED) free
       WHERE o.group_id = $1 AND o.topic = free.topic AND o.partition = free.partition
       RETURNING o.topic, o.partition, o.offset_tx::text AS tx, o.offset_seq AS seq, o.offset_index AS index`,
      [this.ctx.groupId, this.memberId, this.ctx.leaseMs, [...this.ctx.topics.keys()], count],
    );
    for (const row of rows) {
      const worker = new PartitionWorker({ ...this.ctx, memberId: this.memberId }, row.topic, row.partition, {
        tx: row.tx,
        seq: row.seq,
        index: row.index,
      });
      this.workers.set(`${row.topic}/${row.partition}`, worker);
      worker.start();
    }
  }
}
