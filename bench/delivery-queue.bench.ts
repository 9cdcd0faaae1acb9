// The notification delivery queue in its place, against pg-boss (the maintained PostgreSQL job
// queue that runs on PGlite too), on the same machine in one run, rounds alternating. Both record
// the deliveries table (the audit trail the records, erasure and the client-copy cap read) in the
// consumer's transaction; ours claims from that table (`claimDue`), pg-boss from its job table,
// a job per delivery inserted in the same transaction. Then both drain: claim up to the sender's
// concurrency, record the sends (`markSent`), and for pg-boss complete the jobs. No transport:
// this is the queue's own cost, which on PGlite is the event loop's.
// Targets: PGlite in memory; the PostgreSQL server when TEST_DATABASE_URL (or DATABASE_URL) is set.
// Usage: node scripts/run-ts.mjs bench/delivery-queue.bench.ts
//   (BENCH_DELIVERIES, default 2,000 a round; BENCH_ROUNDS, default 2 pairs)
import { randomUUID } from 'node:crypto';
import { type Db, fromPglite, type PGliteLike, PgBoss } from 'pg-boss';
import { migrate } from '../platform/src/sql/migrations';
import { PgSqlClient } from '../platform/src/sql/pg-client.adapter';
import { PgliteSqlClient } from '../platform/src/sql/pglite-client.adapter';
import type { SqlClient, SqlExecutor } from '../platform/src/sql/sql-client.port';
import {
  claimDue,
  markSent,
  type NewDelivery,
  recordDeliveries,
} from '../services/notification/src/delivery/deliveries';
import { DELIVERY_MIGRATIONS } from '../services/notification/src/delivery/delivery.migrations';
import { CLAIM_MS, DEFAULT_RETRY_DELAYS_MS } from '../services/notification/src/delivery/sender';

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 2_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/** Deliveries a consumer transaction records (a bus batch's events, two deliveries each). */
const PER_TRANSACTION = 50;
/** The sender's default concurrency: what one round claims at most. */
const CONCURRENCY = 8;
const QUEUE = 'notification-delivery';

interface Opened {
  sql: SqlClient;
  /** pg-boss's own handle on the same database. */
  boss: () => PgBoss;
  close(): Promise<void>;
}

interface Figures {
  enqueuePerSecond: number;
  drainPerSecond: number;
  /** Process CPU for the whole round (enqueue and drain), per delivery. */
  cpuUsPerDelivery: number;
}

const delivery = (i: number): NewDelivery => ({
  eventId: randomUUID(),
  recipientRole: i % 2 === 0 ? 'adviser' : 'client',
  kind: i % 2 === 0 ? 'adviser-report' : 'client-report',
  recipient: `client-${i}@example.com`,
  content: { assessmentId: randomUUID(), clientName: `Client ${i}`, riskScore: 40, profile: 'Balanced' },
  assessmentId: randomUUID(),
});

/** pg-boss statements inside one of our transactions (its `db` option on send and insert). */
const inTransaction = (tx: SqlExecutor): Db => ({
  executeSql: async (text, values) => tx.query(text, values ?? []),
});

async function round(opened: Opened, queue: 'ours' | 'pg-boss'): Promise<Figures> {
  const { sql } = opened;
  const boss = queue === 'pg-boss' ? opened.boss() : undefined;
  if (boss) {
    await boss.start();
    await boss.createQueue(QUEUE, {
      retryLimit: DEFAULT_RETRY_DELAYS_MS.length,
      retryDelay: DEFAULT_RETRY_DELAYS_MS[0]! / 1000,
      retryBackoff: true,
      retryDelayMax: DEFAULT_RETRY_DELAYS_MS.at(-1)! / 1000,
      heartbeatSeconds: CLAIM_MS / 1000,
    });
  }
  const cpu = process.cpuUsage();
  const now = new Date();
  let started = performance.now();
  for (let i = 0; i < DELIVERIES; i += PER_TRANSACTION) {
    const batch = Array.from({ length: Math.min(PER_TRANSACTION, DELIVERIES - i) }, (_, j) =>
      delivery(i + j),
    );
    await sql.transaction(async (tx) => {
      await recordDeliveries(tx, batch, now);
      if (!boss) return;
      // Adopted, recordDeliveries would return the ids (RETURNING); here one more statement.
      const { rows } = await tx.query<{ id: string }>(
        'SELECT id FROM notification_deliveries WHERE event_id = ANY($1::text[])',
        [batch.map((d) => d.eventId)],
      );
      await boss.insert(
        QUEUE,
        rows.map((r) => ({ data: { delivery: r.id } })),
        { db: inTransaction(tx) },
      );
    });
  }
  const enqueueMs = performance.now() - started;
  started = performance.now();
  const claim = {
    by: randomUUID(),
    claimMs: CLAIM_MS,
    delaysMs: DEFAULT_RETRY_DELAYS_MS,
    fallbackMs: CLAIM_MS,
  };
  let sent = 0;
  for (;;) {
    let ids: string[];
    let jobs: string[] = [];
    if (boss) {
      const fetched = await boss.fetch<{ delivery: string }>(QUEUE, { batchSize: CONCURRENCY });
      jobs = fetched.map((j) => j.id);
      // The sender reads each claimed delivery (its content, whether it is still pending).
      const { rows } = await sql.query<{ id: string }>(
        "SELECT id, content FROM notification_deliveries WHERE id = ANY($1::uuid[]) AND status = 'pending'",
        [fetched.map((j) => j.data.delivery)],
      );
      ids = rows.map((r) => r.id);
    } else {
      ids = (await claimDue(sql, new Date(), claim, CONCURRENCY)).map((d) => d.id);
    }
    if (ids.length === 0 && jobs.length === 0) break;
    const at = new Date();
    await markSent(
      sql,
      ids.map((id) => ({ id, subject: 'Your risk profile', providerMessageId: `<${id}@bench>`, sentAt: at })),
    );
    if (boss && jobs.length > 0) await boss.complete(QUEUE, jobs);
    sent += ids.length;
  }
  const drainMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  if (boss) await boss.stop({ graceful: false, close: true });
  if (sent !== DELIVERIES) throw new Error(`${queue}: sent ${sent} of ${DELIVERIES}`);
  return {
    enqueuePerSecond: (DELIVERIES / enqueueMs) * 1000,
    drainPerSecond: (DELIVERIES / drainMs) * 1000,
    cpuUsPerDelivery: (used.user + used.system) / DELIVERIES,
  };
}

async function pglite(): Promise<Opened> {
  const sql = await PgliteSqlClient.open();
  await migrate(sql, 'notification', DELIVERY_MIGRATIONS);
  // pg-boss's PGlite adapter takes the instance itself; the platform's client keeps it private.
  const instance = (sql as unknown as { db: PGliteLike }).db;
  return {
    sql,
    boss: () =>
      new PgBoss({ db: fromPglite(instance), backend: 'pglite', supervise: false, schedule: false }),
    close: () => sql.close(),
  };
}

async function server(url: string): Promise<Opened> {
  const schema = `bench_${process.pid}_${Date.now()}`;
  const admin = PgSqlClient.open(url, { max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const sep = url.includes('?') ? '&' : '?';
  const sql = PgSqlClient.open(`${url}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`, {
    max: 10,
  });
  await migrate(sql, 'notification', DELIVERY_MIGRATIONS);
  return {
    sql,
    boss: () =>
      new PgBoss({
        connectionString: url,
        schema: `${schema}_boss`,
        max: 10,
        supervise: false,
        schedule: false,
      }),
    async close() {
      await sql.close();
      await admin.exec(`DROP SCHEMA ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`);
      await admin.close();
    },
  };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en');
const range = (values: number[]) =>
  Math.min(...values) === Math.max(...values)
    ? fmt(values[0]!)
    : `${fmt(Math.min(...values))}-${fmt(Math.max(...values))}`;

async function measure(target: string, open: () => Promise<Opened>): Promise<void> {
  const results: Record<'ours' | 'pg-boss', Figures[]> = { ours: [], 'pg-boss': [] };
  for (let r = 0; r < ROUNDS; r++) {
    // Alternating, each round on a fresh database, the order swapped every other round.
    const order: ('ours' | 'pg-boss')[] = r % 2 === 0 ? ['ours', 'pg-boss'] : ['pg-boss', 'ours'];
    for (const queue of order) {
      const opened = await open();
      try {
        results[queue].push(await round(opened, queue));
      } finally {
        await opened.close();
      }
    }
  }
  console.log(`\n${target}, ${fmt(DELIVERIES)} deliveries a round, ${ROUNDS} rounds each`);
  for (const queue of ['ours', 'pg-boss'] as const) {
    const f = results[queue];
    console.log(
      `  ${queue.padEnd(8)} enqueue ${range(f.map((x) => x.enqueuePerSecond))}/s, drain ${range(
        f.map((x) => x.drainPerSecond),
      )}/s, CPU ${range(f.map((x) => x.cpuUsPerDelivery))} µs a delivery`,
    );
  }
}

await measure('PGlite in memory', pglite);
const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (url) await measure('PostgreSQL server', () => server(url));
