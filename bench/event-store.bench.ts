// Event store append rate against the raw single-row INSERT rate into a table of the same
// columns, constraints and indexes, so the ratio is the cost of the event store itself (stream
// version claim, optimistic concurrency). One "assessment" is a new stream: one append with
// no_stream, then one with expected version 0, as the assessment service does.
// Targets: PGlite in memory and on disk; the PostgreSQL server when TEST_DATABASE_URL (or
// DATABASE_URL) is set, at concurrency 1 and 20 (pool of 20). On the server a peer runs in the
// same alternating rounds: emmett's PostgreSQL event store (@event-driven-io/emmett-postgresql,
// a bench-only dependency) on its own pool of 20, with the same stream-per-assessment workload.
// Usage: node scripts/run-ts.mjs bench/event-store.bench.ts
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import pg from 'pg';
import { PostgresEventStore } from '../platform/src/event-store/postgres-event-store.adapter';
import { PgSqlClient } from '../platform/src/sql/pg-client.adapter';
import { PgliteSqlClient } from '../platform/src/sql/pglite-client.adapter';
import { prepared, type SqlClient } from '../platform/src/sql/sql-client.port';

// The machine is shared, so the two sides alternate in short rounds and each reports its median.
const ROUNDS = 3;
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 1500);
const WARM_UP_MS = 300;

const RAW_TABLE = `CREATE TABLE bench_raw (
  global_position bigserial NOT NULL,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id text NOT NULL,
  stream_version bigint NOT NULL,
  event_id uuid NOT NULL UNIQUE,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}',
  recorded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_id, stream_version)
);
CREATE INDEX ON bench_raw (transaction_id, global_position)`;

// Prepared on the server like the event store's own statements, so the ratio compares the work.
const RAW_INSERT = prepared(
  'bench_raw_insert',
  'INSERT INTO bench_raw (stream_id, stream_version, event_id, type, data, metadata) VALUES ($1, 0, $2, $3, $4, $5)',
);

const payload = { questionId: 7, answer: 'C', sessionId: randomUUID(), deviceType: 'mobile' };
const metadata = { correlationId: randomUUID(), causationId: randomUUID() };

interface Row {
  target: string;
  concurrency: number;
  rawPerSecond: number;
  eventsPerSecond: number;
  /** emmett's appends of the same workload, where the peer runs (the PostgreSQL server). */
  peerPerSecond?: number;
}

type Op = () => Promise<number>;

/** Runs `op` on `concurrency` workers for `ms`; returns units done per second. */
async function rate(concurrency: number, ms: number, op: () => Promise<number>): Promise<number> {
  const started = performance.now();
  const deadline = started + ms;
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        // Not `done += await op()`: that reads `done` before awaiting and loses the other workers' counts.
        const n = await op();
        done += n;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function measure(target: string, sql: SqlClient, concurrencies: number[], peer?: Op): Promise<Row[]> {
  await sql.exec(RAW_TABLE);
  const store = await PostgresEventStore.create(sql);
  const insert = async () => {
    await sql.query(RAW_INSERT, [
      randomUUID(),
      randomUUID(),
      'QuestionAnswered',
      JSON.stringify(payload),
      JSON.stringify(metadata),
    ]);
    return 1;
  };
  const assessment = async () => {
    const streamId = `assessment-${randomUUID()}`;
    const event = { type: 'QuestionAnswered', data: payload, metadata };
    await store.appendToStream(streamId, [event], { expectedVersion: 'no_stream' });
    await store.appendToStream(streamId, [event], { expectedVersion: 0 });
    return 2;
  };
  const rows: Row[] = [];
  for (const concurrency of concurrencies) {
    await rate(concurrency, WARM_UP_MS, insert);
    await rate(concurrency, WARM_UP_MS, assessment);
    if (peer) await rate(concurrency, WARM_UP_MS, peer);
    const raw: number[] = [];
    const events: number[] = [];
    const peers: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      raw.push(await rate(concurrency, ROUND_MS, insert));
      events.push(await rate(concurrency, ROUND_MS, assessment));
      if (peer) peers.push(await rate(concurrency, ROUND_MS, peer));
    }
    rows.push({
      target,
      concurrency,
      rawPerSecond: median(raw),
      eventsPerSecond: median(events),
      ...(peer ? { peerPerSecond: median(peers) } : {}),
    });
    console.log(`  measured ${target}, concurrency ${concurrency}`);
  }
  return rows;
}

async function pglite(target: string, dataDir: string | undefined): Promise<Row[]> {
  const sql = await PgliteSqlClient.open(dataDir);
  try {
    return await measure(target, sql, [1]);
  } finally {
    await sql.close();
  }
}

async function server(url: string): Promise<Row[]> {
  const schema = `bench_${process.pid}_${Date.now()}`;
  const admin = PgSqlClient.open(url, { max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const sep = url.includes('?') ? '&' : '?';
  const scoped = `${url}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const sql = PgSqlClient.open(scoped, { max: 20 });
  // The peer gets a pool of the same size on the same schema, and creates its tables up front.
  const pool = new pg.Pool({ connectionString: scoped, max: 20 });
  const emmett = getPostgreSQLEventStore(scoped, { connectionOptions: { pool } });
  await emmett.schema.migrate();
  const peer = async () => {
    const streamName = `assessment-${randomUUID()}`;
    const event = { type: 'QuestionAnswered', data: payload, metadata };
    await emmett.appendToStream(streamName, [event], { expectedStreamVersion: 'STREAM_DOES_NOT_EXIST' });
    await emmett.appendToStream(streamName, [event], { expectedStreamVersion: 1n });
    return 2;
  };
  try {
    return await measure('PostgreSQL server', sql, [1, 20], peer);
  } finally {
    await emmett.close();
    await pool.end().catch(() => {});
    await sql.close();
    await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
  }
}

function print(rows: Row[]): void {
  const header = [
    'target',
    'concurrency',
    'raw INSERT rows/s',
    'event store events/s',
    'ratio',
    'emmett events/s',
    'ours / emmett',
  ];
  const lines = rows.map((r) => [
    r.target,
    String(r.concurrency),
    r.rawPerSecond.toFixed(0),
    r.eventsPerSecond.toFixed(0),
    `${((100 * r.eventsPerSecond) / r.rawPerSecond).toFixed(0)}%${r.eventsPerSecond >= r.rawPerSecond / 2 ? '' : ' (below 50%)'}`,
    r.peerPerSecond === undefined ? '-' : r.peerPerSecond.toFixed(0),
    r.peerPerSecond === undefined
      ? '-'
      : `${(r.eventsPerSecond / r.peerPerSecond).toFixed(2)}x${r.eventsPerSecond >= r.peerPerSecond ? '' : ' (slower)'}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\n${format(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const line of lines) console.log(format(line));
  console.log(
    `\nMedian of ${ROUNDS} alternating rounds of ${ROUND_MS} ms per figure. An event is one single-event`,
    'append: a new stream (no_stream / STREAM_DOES_NOT_EXIST), then a second event expecting its version.',
  );
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  rows.push(...(await pglite('PGlite (memory)', undefined)));
  const dir = mkdtempSync(join(tmpdir(), 'es-bench-'));
  try {
    rows.push(...(await pglite('PGlite (disk)', join(dir, 'pglite'))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (url) rows.push(...(await server(url)));
  else console.log('  PostgreSQL server skipped: set TEST_DATABASE_URL (or DATABASE_URL) to include it');
  print(rows);
}

await main();
