// PostgreSQL event bus throughput: publish N messages in batches of 1,000 across 4 partitions,
// then consume them with one consumer group; then both at once (end to end). Then publishes in
// the analytics ingest's shape, batches of 100, one after another and 8 at a time (the bus writes
// the publishes of one turn of the event loop in one statement).
// Targets: PGlite in memory; the PostgreSQL server when TEST_DATABASE_URL (or DATABASE_URL) is set.
// Target figure: >= 20,000 messages/s publish-and-consume on the server.
// Usage: node scripts/run-ts.mjs bench/event-bus.bench.ts   (BENCH_MESSAGES=100000 by default)
import { randomUUID } from 'node:crypto';
import type { OutgoingMessage } from '../platform/src/event-bus/event-bus.port';
import { PostgresEventBus } from '../platform/src/event-bus/postgres-event-bus.adapter';
import { silentLogger } from '../platform/src/logging/logger';
import { PgSqlClient } from '../platform/src/sql/pg-client.adapter';
import { PgliteSqlClient } from '../platform/src/sql/pglite-client.adapter';
import type { SqlClient } from '../platform/src/sql/sql-client.port';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
const BATCH = 1_000;
const TARGET_PER_SECOND = 20_000;

interface Row {
  target: string;
  publish: number;
  /** Batches of 100, one publish after another, and 8 publishes at a time. */
  small: number;
  smallConcurrent: number;
  consume: number;
  endToEnd: number;
}

function batches(size = BATCH): OutgoingMessage[][] {
  const sessionId = randomUUID();
  const all: OutgoingMessage[] = Array.from({ length: MESSAGES }, (_, i) => ({
    id: randomUUID(),
    key: `assessment-${i % 1_000}`,
    value: {
      type: 'QuestionAnswered',
      version: 1,
      data: {
        sessionId,
        questionId: (i % 18) + 1,
        answer: 'C',
        deviceType: 'mobile',
        at: new Date().toISOString(),
      },
    },
    headers: { 'event-type': 'QuestionAnswered' },
  }));
  const out: OutgoingMessage[][] = [];
  for (let i = 0; i < all.length; i += size) out.push(all.slice(i, i + size));
  return out;
}

async function publishAll(bus: PostgresEventBus, topic: string, size = BATCH, inFlight = 1): Promise<number> {
  const all = batches(size);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < all.length) await bus.publish(topic, all[next++]!);
    }),
  );
  return performance.now() - started;
}

/** Subscribes one group; `finished` gives the elapsed time once every message was handled. */
async function consumeAll(
  bus: PostgresEventBus,
  topic: string,
  started: () => number,
): Promise<{ finished: Promise<number> }> {
  let handled = 0;
  let done: (ms: number) => void = () => {};
  const finished = new Promise<number>((resolve) => {
    done = resolve;
  });
  const subscription = await bus.subscribe({
    groupId: `bench-${randomUUID()}`,
    topics: [topic],
    handler: async () => {
      handled++;
      if (handled === MESSAGES) done(performance.now() - started());
    },
  });
  // Wrapped: an async function returning a bare promise would wait for it.
  return {
    finished: finished.then(async (ms) => {
      await subscription.stop();
      return ms;
    }),
  };
}

async function measure(target: string, sql: SqlClient): Promise<Row> {
  const bus = await PostgresEventBus.create(sql, { partitions: 4, logger: silentLogger() });
  const perSecond = (ms: number) => MESSAGES / (ms / 1000);
  try {
    const stored = `bench-${randomUUID()}`;
    const publishMs = await publishAll(bus, stored);
    console.log(`  ${target}: published ${MESSAGES} in ${publishMs.toFixed(0)} ms`);
    const consumeStart = performance.now();
    const consumeMs = await (await consumeAll(bus, stored, () => consumeStart)).finished;
    console.log(`  ${target}: consumed ${MESSAGES} in ${consumeMs.toFixed(0)} ms`);

    const live = `bench-${randomUUID()}`;
    let e2eStart = 0;
    const { finished: consumed } = await consumeAll(bus, live, () => e2eStart);
    e2eStart = performance.now();
    await publishAll(bus, live);
    const e2eMs = await consumed;
    console.log(`  ${target}: published and consumed ${MESSAGES} concurrently in ${e2eMs.toFixed(0)} ms`);
    const smallMs = await publishAll(bus, `bench-${randomUUID()}`, 100);
    const smallConcurrentMs = await publishAll(bus, `bench-${randomUUID()}`, 100, 8);
    console.log(
      `  ${target}: published ${MESSAGES} in batches of 100 in ${smallMs.toFixed(0)} ms one at a time, ${smallConcurrentMs.toFixed(0)} ms 8 at a time`,
    );
    return {
      target,
      publish: perSecond(publishMs),
      small: perSecond(smallMs),
      smallConcurrent: perSecond(smallConcurrentMs),
      consume: perSecond(consumeMs),
      endToEnd: perSecond(e2eMs),
    };
  } finally {
    await bus.close();
  }
}

async function server(url: string): Promise<Row> {
  const schema = `bench_bus_${process.pid}_${Date.now()}`;
  const admin = PgSqlClient.open(url, { max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const sep = url.includes('?') ? '&' : '?';
  const sql = PgSqlClient.open(`${url}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`);
  try {
    return await measure('PostgreSQL server', sql);
  } finally {
    await sql.close();
    await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
  }
}

function print(rows: Row[]): void {
  const header = [
    'target',
    'publish msg/s',
    'by 100s, 1 at a time',
    'by 100s, 8 at a time',
    'consume msg/s',
    'publish+consume msg/s',
  ];
  const lines = rows.map((r) => [
    r.target,
    r.publish.toFixed(0),
    r.small.toFixed(0),
    r.smallConcurrent.toFixed(0),
    r.consume.toFixed(0),
    `${r.endToEnd.toFixed(0)}${r.target === 'PostgreSQL server' && r.endToEnd < TARGET_PER_SECOND ? '  (below the 20,000/s target)' : ''}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\n${format(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const line of lines) console.log(format(line));
  console.log(
    `\n${MESSAGES} messages in batches of ${BATCH} (by 100s: batches of 100, published one after another or 8 at a time), 4 partitions, one consumer group with a no-op handler.`,
    'publish+consume: the group is subscribed first and the clock runs from the first publish to the last delivery.',
  );
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const pglite = await PgliteSqlClient.open();
  try {
    rows.push(await measure('PGlite (memory)', pglite));
  } finally {
    await pglite.close();
  }
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (url) rows.push(await server(url));
  else console.log('  PostgreSQL server skipped: set TEST_DATABASE_URL (or DATABASE_URL) to include it');
  print(rows);
}

await main();
