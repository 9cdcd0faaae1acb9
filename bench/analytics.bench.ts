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
import { fork } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import type { AnalyticsServiceModule } from '@risk-profile/analytics';
import { ENDPOINT_ROUTES, type QuestionEvent } from '@risk-profile/contracts';
import { silentLogger } from '@risk-profile/platform';
import { startEmbedded } from '../gateway/src/embedded/start-embedded';
import type { QuestionEventRow } from '../services/analytics/src/store/analytics-store.port';
import { toDateTime64 } from '../services/analytics/src/store/datetime64';
import { balancedAssessment } from '../services/analytics/src/testing/assessment-rows';
import { uuidV7At } from '../services/analytics/src/testing/generated-sessions';
import { TestSessionVerifier } from '../services/analytics/src/testing/test-session-verifier';
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
const DEVICES = ['desktop', 'mobile', 'tablet'] as const;

/**
 * A session id in the page's format: a UUIDv7 (36 characters), the session's start in milliseconds
 * and then bits that look random, here derived from `seed` so the assessments can name their
 * sessions. Short sequential ids would flatter ClickHouse's sorting and lookups.
 */
const sessionIdAt = (startMs: number, seed: string): string =>
  uuidV7At(startMs, createHash('sha1').update(seed).digest('hex'));

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const f0 = (n: number) => Math.round(n).toLocaleString('en-AU');

/** CPU time (ms) of this process's main thread, which the product's JavaScript runs on. */
function mainThreadCpuMs(): number {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Time (ms) the main thread was ready to run but waited for a core (the kernel's schedstat). */
function mainThreadWaitMs(): number {
  return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
}

function status(pid: number, key: string): number {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${key}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) / 1024;
}

function pageEvent(sessionId: string, n: number, at: number): QuestionEvent {
  return {
    sessionId,
    questionId: `q${n}` as QuestionEvent['questionId'],
    questionViewedAt: new Date(at).toISOString(),
    questionAnsweredAt: new Date(at + 4_000).toISOString(),
    timeSpent: 4_000,
    answerChanges: n % 3 === 0 ? 1 : 0,
    finalAnswer: 3,
    deviceType: DEVICES[n % 3]!,
  };
}

/**
 * The machine's speed now: the best of five runs of a fixed piece of the ingest's own kind of work
 * (JSON written and read back, SHA-256 content ids) on this thread, in ms. A shared virtual
 * machine's speed drifts while the code stays the same, so every measurement is printed beside
 * it: a rate is comparable between runs only at a similar figure.
 */
function calibrationMs(): number {
  const batch = JSON.stringify({
    events: Array.from({ length: 100 }, (_, k) =>
      pageEvent('0192b4f8-1111-7abc-8def-0123456789ab', (k % 18) + 1, 1_795_600_000_000 - k * 1000),
    ),
  });
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    let sink = 0;
    for (let i = 0; i < 200; i++) {
      const { events } = JSON.parse(batch) as { events: QuestionEvent[] };
      for (const event of events) {
        sink += createHash('sha256').update(JSON.stringify(event)).digest('hex').length;
      }
      sink += JSON.stringify(events.map((event) => ({ id: i, data: { ...event, n: i } }))).length;
    }
    if (sink === 0) throw new Error('calibration did no work');
    best = Math.min(best, performance.now() - started);
  }
  return best;
}
const calibrationAtStart = calibrationMs();
console.log(
  `machine speed: a fixed piece of ingest work in ${calibrationAtStart.toFixed(1)} ms (best of 5; lower is faster)`,
);

const verifier = new TestSessionVerifier();
const ADMIN = verifier.grant('bench-admin', { role: 'admin' });
const dataDir = mkdtempSync(join(tmpdir(), 'bench-analytics-'));
const system = await startEmbedded(
  {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    DEMO_DATA: 'false',
    // The projector's keys, the background threads' nice value and the embedded autovacuum's
    // interval pass through, to compare settings.
    ...Object.fromEntries(
      Object.entries(process.env).filter(
        ([key]) =>
          key.startsWith('ANALYTICS_') ||
          key === 'BACKGROUND_THREAD_NICE' ||
          key === 'EMBEDDED_AUTOVACUUM_INTERVAL_MS',
      ),
    ),
  },
  { logger: silentLogger(), sessions: verifier },
);
const url = `http://127.0.0.1:${system.running.port}`;
const analytics = system.modules.find((m) => m.name === 'analytics') as AnalyticsServiceModule;
const store = analytics.store;
/**
 * Waits (up to 2 minutes) until ClickHouse has merged no parts for 2 s (it schedules merges a
 * little after the inserts that call for them); answers how long that took.
 */
async function mergesSettled(): Promise<number> {
  const started = performance.now();
  for (let quiet = 0; quiet < 8 && performance.now() - started < 120_000; ) {
    const [merging] = await store.select<{ n: number }>(
      "SELECT count() AS n FROM system.merges WHERE database = 'analytics'",
    );
    quiet = merging?.n === 0 ? quiet + 1 : 0;
    await new Promise((r) => setTimeout(r, 250));
  }
  return performance.now() - started;
}
/** Runs the embedded autovacuum's check now, so the work a load gave it is done before a timing. */
async function settleAutovacuum(when: string): Promise<void> {
  const started = performance.now();
  const vacuumed = await system.platform.autovacuum?.runOnce();
  console.log(
    `embedded autovacuum ${when}: ${vacuumed?.vacuumed.length ?? 0} tables vacuumed, ` +
      `${vacuumed?.analyzed.length ?? 0} analyzed, in ${f0(performance.now() - started)} ms`,
  );
}
const count = async () =>
  (await store.select<{ n: number }>('SELECT count() AS n FROM {db}.question_events FINAL'))[0]!.n;

/**
 * (1) Ingest through the gateway, 100 events a request, 8 requests in flight, from a client in its
 * own process (as the pages are), so its requests are not built on the product's thread.
 */
async function measureIngest(where: string, events = INGEST_EVENTS): Promise<void> {
  const client = fork(
    'bench/support/ingest-client.mjs',
    [url, ENDPOINT_ROUTES.ingestQuestionEvents.path, String(events), '8'],
    { execArgv: [] },
  ); // the product's node flags are not the browsers'
  const fromClient = (key: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      client.once('exit', (code) => reject(new Error(`the ingest client exited with ${code}`)));
      client.on('message', (m: Record<string, unknown>) => key in m && resolve(m));
    });
  // Events with the same content collapse (content ids): the client counts the distinct ones.
  const expected = (await fromClient('ready')).events as number;
  // Its events as they become visible: those received since it started, each once. Polled by a
  // cheap count of rows (reading the received_at column only) and confirmed by distinct event ids
  // once it is reached, as a FINAL or distinct count on every poll would cost the product it
  // measures. Polled only once the client has had every request accepted (all events cannot be
  // visible sooner), since each poll is a chDB query on the product's cores.
  const since = toDateTime64(Date.now());
  const received = async (what: string) =>
    (
      await store.select<{ n: number }>(
        `SELECT ${what} AS n FROM {db}.question_events WHERE received_at >= {since:DateTime64(3, 'UTC')}`,
        { since },
      )
    )[0]!.n;
  const ingested = async () =>
    (await received('count()')) >= expected && (await received('uniqExact(event_id)')) >= expected;
  // The main thread's garbage-collection pauses.
  let gcMs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMs += entry.duration;
  });
  gc.observe({ entryTypes: ['gc'] });
  const started = performance.now();
  const startedCpu = process.cpuUsage();
  const startedMainCpu = mainThreadCpuMs();
  const startedMainWait = mainThreadWaitMs();
  const acceptedAll = fromClient('accepted');
  client.send('go');
  const clientCpuMs = (await acceptedAll).cpuMs as number;
  const accepted = performance.now();
  while (!(await ingested())) await new Promise((r) => setTimeout(r, 25));
  const visible = performance.now();
  await new Promise((r) => setImmediate(r)); // the last pauses' entries
  gc.disconnect();
  const productCpu = process.cpuUsage(startedCpu);
  const mainCpuMs = mainThreadCpuMs() - startedMainCpu;
  const mainWaitMs = mainThreadWaitMs() - startedMainWait;
  const ingestRate = expected / ((visible - started) / 1000);
  console.log(
    `ingest through the gateway into ${where} (batches of 100, 8 in flight, from another process) to visible in ClickHouse: ${f0(ingestRate)} events/s ` +
      `(${f0(expected)} events; all accepted after ${f0(accepted - started)} ms, all visible after ${f0(visible - started)} ms)`,
  );
  const perEvent = (ms: number) => ((ms * 1000) / expected).toFixed(0);
  const productCpuMs = (productCpu.user + productCpu.system) / 1000;
  console.log(
    `CPU time during ingest: product ${f0(productCpuMs)} ms (${perEvent(productCpuMs)} µs an event, chDB's threads included; ` +
      `its main thread ${f0(mainCpuMs)} ms, ${perEvent(mainCpuMs)} µs an event, on the CPU ${Math.round((100 * mainCpuMs) / (visible - started))}% of the time ` +
      `and waiting for a core ${Math.round((100 * mainWaitMs) / (visible - started))}%; ` +
      `garbage-collection pauses ${f0(gcMs)} ms), ` +
      `client ${f0(clientCpuMs)} ms (${perEvent(clientCpuMs)} µs an event); the machine has 2 cores`,
  );
}

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
    // inserts and (3), and 50,000 assessments. The events have the shape the page sends
    // (question-tracker.ts): a view event when a question is first shown, then an answer event when
    // it is answered, both carrying the first view's time.
    let have = 0;
    const fill: QuestionEventRow[] = [];
    const push = async (row: QuestionEventRow) => {
      fill.push(row);
      if (fill.length === 20_000) {
        await store.insertQuestionEvents(fill.splice(0));
        have += 20_000;
      }
    };
    // Loaded session s began at sessionStart(s), over the last 60 days, and reached question
    // 1 + s % 18. The sessions are loaded in the order they began, as their events would have
    // arrived (each answered question has two).
    const sessionStart = (s: number) => now - (s % 60) * 86_400_000 - (s % 1440) * 60_000;
    const loadedSessionId = (s: number) => sessionIdAt(sessionStart(s), `load-${s}`);
    const loaded: number[] = [];
    for (let s = 0, events = 0; events < HISTORY_EVENTS; s++) {
      loaded.push(s);
      events += 2 * (1 + (s % 18)) - (s % 4 === 0 ? 1 : 0);
    }
    loaded.sort((a, b) => sessionStart(a) - sessionStart(b) || a - b);
    for (const s of loaded) {
      if (have + fill.length >= HISTORY_EVENTS) break;
      const start = sessionStart(s);
      const reached = 1 + (s % 18);
      for (let q = 1; q <= reached && have + fill.length < HISTORY_EVENTS; q++) {
        const view: QuestionEventRow = {
          eventId: randomUUID(),
          sessionId: loadedSessionId(s),
          questionId: `q${q}`,
          questionNumber: q,
          deviceType: DEVICES[s % 3]!,
          viewedAt: start + q * 10_000,
          answeredAt: null,
          timeSpentMs: 0,
          answerChanges: 0,
          finalAnswer: null,
          receivedAt: start,
        };
        await push(view);
        const answered = !(q === reached && s % 4 === 0);
        if (answered && have + fill.length < HISTORY_EVENTS) {
          const timeSpentMs = 3_000 + (q % 5) * 2_000;
          await push({
            ...view,
            eventId: randomUUID(),
            answeredAt: view.viewedAt + timeSpentMs,
            timeSpentMs,
            answerChanges: (s + q) % 6 === 0 ? 1 : 0,
            finalAnswer: (q % 5) + 1,
          });
        }
      }
    }
    await store.insertQuestionEvents(fill);
    const assessments = Array.from({ length: LOADED_ASSESSMENTS }, (_, i) =>
      balancedAssessment({
        sessionId: loadedSessionId(i * 3 + 17),
        deviceType: DEVICES[i % 3]!,
        createdAt: now - (i % 60) * 86_400_000,
        signedAt: i % 5 === 0 ? null : now - (i % 60) * 86_400_000 + 60_000,
      }),
    );
    for (let i = 0; i < assessments.length; i += 10_000)
      await store.insertAssessments(assessments.slice(i, i + 10_000));
    await system.platform.sql.query(
      `INSERT INTO analytics_recent_assessments
         (assessment_id, client_name, client_email, created_at, selected_profile, risk_score, stage, signed_at)
       SELECT gen_random_uuid(), 'Client ' || g, 'client' || g || '@example.com',
              now() - make_interval(mins => g), 'Balanced', 36, 2, now()
       FROM generate_series(1, $1::int) AS g`,
      [LOADED_ASSESSMENTS],
    );
    // Loading 60 days in seconds leaves ClickHouse merging for a while, which a store in use
    // finished long ago: the live traffic starts after.
    console.log(`history loaded; background merges settled after ${f0(await mergesSettled())} ms`);
    // Likewise the embedded autovacuum's work on the load (the read model's 50,000 assessments and
    // the bus log of the first two measurements): its next check, every minute, would otherwise
    // fall inside the live traffic's measurement at random.
    await settleAutovacuum('after the history');
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
  const settled = await mergesSettled();
  // Likewise the embedded database's autovacuum, which the load gave work (the read model's 50,000
  // assessments, the bus log): its next check would otherwise fall inside one endpoint's timing
  // at random, as its statements hold up the event loop. In steady use it vacuums a minute's
  // changes at a time.
  await settleAutovacuum('after the load');
  const [parts] = await store.select<{ n: number }>(
    "SELECT count() AS n FROM system.parts WHERE active AND database = 'analytics'",
  );
  console.log(
    `loaded: ${f0(await count())} question events, ${f0(LOADED_ASSESSMENTS)} assessments; ` +
      `background merges settled after ${f0(settled)} ms (${parts?.n} active parts)`,
  );
  const endpoints = [
    ENDPOINT_ROUTES.analyticsSummary.path,
    ENDPOINT_ROUTES.questionDifficulty.path,
    ENDPOINT_ROUTES.dropOff.path,
    ENDPOINT_ROUTES.deviceStats.path,
    ENDPOINT_ROUTES.recentAssessments.path,
  ];
  for (const period of ['all', '7d'] as const) {
    for (const path of endpoints) {
      const times: number[] = [];
      for (let i = 0; i < 43; i++) {
        const t0 = performance.now();
        const res = await fetch(`${url}${path}?period=${period}`, { headers: { cookie: ADMIN } });
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
        await res.arrayBuffer();
        if (i >= 3) times.push(performance.now() - t0); // the first few warm the caches
      }
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
