// Analytics figures: (1) question events ingested through the gateway in batches of 100 until
// they are visible in ClickHouse, into a new store (after a warm-up of 20,000 events) and again
// into the store with (2)'s history (where ClickHouse's merges cost more), beside the raw insert
// rate of the same store; (2) each dashboard endpoint's p50/p95 with 1,000,000 question events
// and 50,000 assessments loaded; (3) the delay from one ingest request to its event being
// visible; (4) idle memory of `npm start`'s bundle with chDB loaded (RssAnon, the private memory,
// beside RSS, which counts chDB's mapped library). (1)-(3) run the product in this process (the
// store is read directly, and the admin endpoints need a session verifier); (4) runs the built
// bundle in a child process.
// Usage: node scripts/run-ts.mjs bench/analytics.bench.ts   (after npm run build)
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnalyticsServiceModule } from '@risk-profile/analytics';
import { ENDPOINT_ROUTES } from '@risk-profile/contracts';
import type { QuestionEventRow } from '../services/analytics/src/store/analytics-store.port';
import { TestSessionVerifier } from '../services/analytics/src/testing/test-session-verifier';
import {
  calibrationMs,
  DASHBOARD_PATHS,
  DEVICES,
  dashboardTimes,
  f0,
  loadHistory,
  measureIngest as measureIngestAt,
  mergesSettled,
  pageEvent,
  pct,
  sessionIdAt,
  settleAutovacuum,
  startAnalyticsBench,
} from './support/analytics-load';
import { startProduct } from './support/product';

/**
 * Events a measurement of (1) sends: 60,000 by default, which keeps (2)'s million events mostly
 * in the page's shape. Such a short run is largely start and end (the JIT warming up, the last
 * events waiting out the projector's flush), so it reads lower than the sustained rate, which
 * `BENCH_ANALYTICS_INGEST=200000` with BENCH_ANALYTICS_INGEST_ONLY=1 measures.
 */
const INGEST_EVENTS = Number(process.env.BENCH_ANALYTICS_INGEST ?? 60_000);
/**
 * Events sent through the same path before (1) is first measured, reported but not counted: a
 * product that has run for a while has its ingest path compiled, while a new process spends its
 * first second or so in the interpreter and the JIT. `BENCH_ANALYTICS_WARMUP=0` measures from cold.
 */
const WARMUP_EVENTS = Number(process.env.BENCH_ANALYTICS_WARMUP ?? 20_000);
/** BENCH_ANALYTICS_INGEST_ONLY=1: measure (1) and (3) only, for quick turns on the pipeline. */
const INGEST_ONLY = process.env.BENCH_ANALYTICS_INGEST_ONLY === '1';
const LOADED_EVENTS = 1_000_000;
const LOADED_ASSESSMENTS = 50_000;

function status(pid: number, key: string): number {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${key}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) / 1024;
}

const calibrationAtStart = calibrationMs();
console.log(
  `machine speed: a fixed piece of ingest work in ${calibrationAtStart.toFixed(1)} ms (best of 5; lower is faster)`,
);

const verifier = new TestSessionVerifier();
const ADMIN = verifier.grant('bench-admin', { role: 'admin' });
const dataDir = mkdtempSync(join(tmpdir(), 'bench-analytics-'));
const system = await startAnalyticsBench(dataDir, verifier, { DEMO_DATA: 'false' });
const url = `http://127.0.0.1:${system.running.port}`;
const analytics = system.modules.find((m) => m.name === 'analytics') as AnalyticsServiceModule;
const store = analytics.store;
const count = async () =>
  (await store.select<{ n: number }>('SELECT count() AS n FROM {db}.question_events FINAL'))[0]!.n;

/** (1) Ingest through the gateway into this product's store (bench/support/analytics-load.ts). */
const measureIngest = (where: string, events = INGEST_EVENTS) => measureIngestAt(url, store, where, events);

try {
  const now = Date.now();
  const rawRows = 200_000;
  const DELAY_EVENTS = 40;
  if (WARMUP_EVENTS > 0) await measureIngest('an empty store, to warm up', WARMUP_EVENTS);
  await measureIngest(WARMUP_EVENTS > 0 ? 'the store after the warm-up' : 'an empty store');
  if (!INGEST_ONLY) {
    const HISTORY_EVENTS = LOADED_EVENTS - WARMUP_EVENTS - 2 * INGEST_EVENTS - rawRows - DELAY_EVENTS;
    // (2) Sixty days of history, as a store in use has it when live traffic (1 again, raw inserts,
    // 3) arrives: question events up to 1,000,000 with those of (1) and its warm-up, the raw
    // inserts and (3), and 50,000 assessments.
    await loadHistory(system, store, { events: HISTORY_EVENTS, assessments: LOADED_ASSESSMENTS, now });
  }

  if (!INGEST_ONLY) await measureIngest('the store with 60 days of history');

  // Raw insert rate of the same store: rows straight into ClickHouse in batches of 5,000, one per
  // question of sessions begun in the last hour.
  const rawStart = (i: number) => now - (Math.floor(i / 18) % 60) * 60_000;
  const rows: QuestionEventRow[] = Array.from({ length: rawRows }, (_, i) => ({
    eventId: randomUUID(),
    sessionId: sessionIdAt(rawStart(i), `raw-${Math.floor(i / 18)}`),
    questionId: `q${(i % 18) + 1}`,
    questionNumber: (i % 18) + 1,
    deviceType: DEVICES[i % 3]!,
    viewedAt: rawStart(i) + (i % 18) * 10_000,
    answeredAt: i % 7 === 0 ? null : rawStart(i) + (i % 18) * 10_000 + 5_000,
    timeSpentMs: i % 7 === 0 ? 0 : 5_000 + (i % 40) * 1_000,
    answerChanges: i % 5 === 0 ? 1 : 0,
    finalAnswer: i % 7 === 0 ? null : (i % 5) + 1,
    receivedAt: now,
  }));
  const rawCpuStarted = process.cpuUsage();
  const rawStarted = performance.now();
  for (let i = 0; i < rows.length; i += 5_000) await store.insertQuestionEvents(rows.slice(i, i + 5_000));
  const rawRate = rawRows / ((performance.now() - rawStarted) / 1000);
  const rawCpu = process.cpuUsage(rawCpuStarted);
  console.log(
    `raw insert into the same store (batches of 5,000): ${f0(rawRate)} rows/s, ` +
      `${(((rawCpu.user + rawCpu.system) * 1) / rawRows).toFixed(0)} µs of CPU a row`,
  );

  // (3) Ingest-to-visible delay: one event a request, one request every 100 ms.
  const delays: number[] = [];
  for (let i = 0; i < DELAY_EVENTS; i++) {
    const sessionId = sessionIdAt(Date.now(), `delay-${i}`);
    const t0 = performance.now();
    await fetch(`${url}${ENDPOINT_ROUTES.ingestQuestionEvents.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(pageEvent(sessionId, 1, Date.now())),
    });
    for (;;) {
      const [row] = await store.select<{ n: number }>(
        // Whether it is there (a duplicate does not matter), by the sorting key's prefix: a FINAL
        // count every 10 ms over the million events would slow the product it measures.
        'SELECT count() AS n FROM {db}.question_events WHERE question_number = 1 AND session_id = {s:String}',
        { s: sessionId },
      );
      if (row!.n > 0) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    delays.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(
    `ingest-to-visible delay (40 single events): p50 ${f0(pct(delays, 50))} ms, p95 ${f0(pct(delays, 95))} ms`,
  );

  console.log(
    `machine speed after the ingest measurements: ${calibrationMs().toFixed(1)} ms (${calibrationAtStart.toFixed(1)} ms at the start)`,
  );
  if (INGEST_ONLY) {
    await system.stop();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
  // The live traffic leaves ClickHouse merging parts for a while; a dashboard in steady use
  // reads between merges. Time the endpoints once those merges are done.
  const settled = await mergesSettled(store);
  // Likewise the embedded database's autovacuum, which the load gave work (the read model's 50,000
  // assessments, the bus log): its next check would otherwise fall inside one endpoint's timing
  // at random, as its statements hold up the event loop. In steady use it vacuums a minute's
  // changes at a time.
  await settleAutovacuum(system, 'after the load');
  const [parts] = await store.select<{ n: number }>(
    "SELECT count() AS n FROM system.parts WHERE active AND database = 'analytics'",
  );
  console.log(
    `loaded: ${f0(await count())} question events, ${f0(LOADED_ASSESSMENTS)} assessments; ` +
      `background merges settled after ${f0(settled)} ms (${parts?.n} active parts)`,
  );
  for (const period of ['all', '7d'] as const) {
    for (const path of DASHBOARD_PATHS) {
      const times = await dashboardTimes(url, ADMIN, `${path}?period=${period}`, 40);
      console.log(`${path}?period=${period}: p50 ${f0(pct(times, 50))} ms, p95 ${f0(pct(times, 95))} ms`);
    }
  }
} finally {
  await system.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

// (4) Idle memory of the built product (chDB loaded by the analytics service), early and at rest.
const idleDir = mkdtempSync(join(tmpdir(), 'bench-analytics-idle-'));
const product = await startProduct('dist/server/embedded.mjs', { DATA_DIR: idleDir });
try {
  await fetch(`${product.url}/`);
  const pid = product.child.pid!;
  // 5 s after the first page, and 30 s after it: by then V8's memory reducer has run (it waits
  // for the allocation rate to drop after start-up) and handed back the young generation the
  // start-up grew. Both are printed; the second is the product at rest.
  for (const [wait, when] of [
    [5_000, '5 s after the first page'],
    [25_000, '30 s after it'],
  ] as const) {
    await new Promise((r) => setTimeout(r, wait));
    console.log(
      `idle product with chDB loaded, ${when}: RssAnon ${f0(status(pid, 'RssAnon'))} MB, RSS ${f0(status(pid, 'VmRSS'))} MB`,
    );
  }
} finally {
  await product.stop();
  rmSync(idleDir, { recursive: true, force: true });
}
