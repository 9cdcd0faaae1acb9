// The analytics benchmarks' shared pieces: the machine-speed probe, the 60-day history of question
// events and assessments, ingest through the gateway until visible in ClickHouse, and the waits
// for ClickHouse's merges and the embedded autovacuum, so every analytics figure is taken on the
// same store in the same way.
import { fork } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import { ENDPOINT_ROUTES, type QuestionEvent } from '@risk-profile/contracts';
import { type SessionVerifier, silentLogger } from '@risk-profile/platform';
import { type EmbeddedSystem, startEmbedded } from '../../gateway/src/embedded/start-embedded';
import type {
  AnalyticsStore,
  QuestionEventRow,
} from '../../services/analytics/src/store/analytics-store.port';
import { toDateTime64 } from '../../services/analytics/src/store/datetime64';
import { balancedAssessment } from '../../services/analytics/src/testing/assessment-rows';
import { uuidV7At } from '../../services/analytics/src/testing/generated-sessions';

export const DEVICES = ['desktop', 'mobile', 'tablet'] as const;

/**
 * A session id in the page's format: a UUIDv7 (36 characters), the session's start in milliseconds
 * and then bits that look random, here derived from `seed` so the assessments can name their
 * sessions. Short sequential ids would flatter ClickHouse's sorting and lookups.
 */
export const sessionIdAt = (startMs: number, seed: string): string =>
  uuidV7At(startMs, createHash('sha1').update(seed).digest('hex'));

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
export const f0 = (n: number) => Math.round(n).toLocaleString('en-AU');

/**
 * The whole product in this process, as the analytics benchmarks run it (they read the store
 * directly, and the admin endpoints take `sessions`'s synthetic administrators), on `dataDir`,
 * with no rate limit; `env` adds or overrides settings.
 */
export function startAnalyticsBench(
  dataDir: string,
  sessions: SessionVerifier,
  env: Record<string, string>,
  /** The analysts' engine bundle, for a benchmark that queries /clickhouse (analystWorkerBeside). */
  analystWorker?: URL,
): Promise<EmbeddedSystem> {
  return startEmbedded(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '0',
      ...env,
      // The projector's and the analysts' keys, the background threads' nice value and the
      // embedded autovacuum's interval pass through, to compare settings.
      ...Object.fromEntries(
        Object.entries(process.env).filter(
          ([key]) =>
            key.startsWith('ANALYTICS_') ||
            key.startsWith('ANALYST_') ||
            key === 'BACKGROUND_THREAD_NICE' ||
            key === 'EMBEDDED_AUTOVACUUM_INTERVAL_MS',
        ),
      ),
    },
    { logger: silentLogger(), sessions, analystWorker },
  );
}

/** CPU time (ms) of this process's main thread, which the product's JavaScript runs on. */
function mainThreadCpuMs(): number {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, in clock ticks: Linux reports them at USER_HZ, 100 a second.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Time (ms) the main thread was ready to run but waited for a core (the kernel's schedstat). */
function mainThreadWaitMs(): number {
  return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
}

export function pageEvent(sessionId: string, n: number, at: number): QuestionEvent {
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
export function calibrationMs(): number {
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

/** The admin dashboard's endpoints, each timed with a `period`. */
export const DASHBOARD_PATHS = [
  ENDPOINT_ROUTES.analyticsSummary.path,
  ENDPOINT_ROUTES.questionDifficulty.path,
  ENDPOINT_ROUTES.dropOff.path,
  ENDPOINT_ROUTES.deviceStats.path,
  ENDPOINT_ROUTES.recentAssessments.path,
] as const;

/**
 * Times `requests` GETs of a dashboard endpoint (`pathAndQuery`) one after another as the
 * administrator whose session `cookie` names, after 3 untimed ones that warm the caches; answers
 * each one's ms.
 */
export async function dashboardTimes(
  url: string,
  cookie: string,
  pathAndQuery: string,
  requests: number,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < requests + 3; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}${pathAndQuery}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${pathAndQuery} answered ${res.status}`);
    await res.arrayBuffer();
    if (i >= 3) times.push(performance.now() - t0);
  }
  return times;
}

/**
 * Waits (up to 2 minutes) until ClickHouse has merged no parts for 2 s (it schedules merges a
 * little after the inserts that call for them); answers how long that took.
 */
export async function mergesSettled(store: AnalyticsStore): Promise<number> {
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
export async function settleAutovacuum(system: EmbeddedSystem, when: string): Promise<void> {
  const started = performance.now();
  const vacuumed = await system.platform.autovacuum?.runOnce();
  console.log(
    `embedded autovacuum ${when}: ${vacuumed?.vacuumed.length ?? 0} tables vacuumed, ` +
      `${vacuumed?.analyzed.length ?? 0} analyzed, in ${f0(performance.now() - started)} ms`,
  );
}

/**
 * Ingest through the gateway at `url`, 100 events a request, 8 requests in flight, from a client
 * in its own process (as the pages are), so its requests are not built on the product's thread;
 * timed until every event is visible in `store`. Prints the rate and the CPU it cost, and answers
 * the rate (events/s).
 */
export async function measureIngest(
  url: string,
  store: AnalyticsStore,
  where: string,
  events: number,
): Promise<number> {
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
  return ingestRate;
}

/**
 * Sixty days of history before `now`, as a store in use has it: `events` question events in the
 * shape the page sends (question-tracker.ts: a view event when a question is first shown, then an
 * answer event when it is answered, both carrying the first view's time), `assessments` signed
 * and drafted assessments in ClickHouse naming some of those sessions, and as many rows in the
 * recent assessments read model. Then waits for ClickHouse's merges and the embedded autovacuum,
 * which a store in use finished long ago.
 */
export async function loadHistory(
  system: EmbeddedSystem,
  store: AnalyticsStore,
  { events, assessments, now }: { events: number; assessments: number; now: number },
): Promise<void> {
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
  for (let s = 0, n = 0; n < events; s++) {
    loaded.push(s);
    n += 2 * (1 + (s % 18)) - (s % 4 === 0 ? 1 : 0);
  }
  loaded.sort((a, b) => sessionStart(a) - sessionStart(b) || a - b);
  for (const s of loaded) {
    if (have + fill.length >= events) break;
    const start = sessionStart(s);
    const reached = 1 + (s % 18);
    for (let q = 1; q <= reached && have + fill.length < events; q++) {
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
      if (answered && have + fill.length < events) {
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
  const rows = Array.from({ length: assessments }, (_, i) =>
    balancedAssessment({
      sessionId: loadedSessionId(i * 3 + 17),
      deviceType: DEVICES[i % 3]!,
      createdAt: now - (i % 60) * 86_400_000,
      signedAt: i % 5 === 0 ? null : now - (i % 60) * 86_400_000 + 60_000,
    }),
  );
  for (let i = 0; i < rows.length; i += 10_000) await store.insertAssessments(rows.slice(i, i + 10_000));
  await system.platform.sql.query(
    `INSERT INTO analytics_recent_assessments
       (assessment_id, client_name, client_email, created_at, selected_profile, risk_score, stage, signed_at)
     SELECT gen_random_uuid(), 'Client ' || g, 'client' || g || '@example.com',
            now() - make_interval(mins => g), 'Balanced', 36, 2, now()
     FROM generate_series(1, $1::int) AS g`,
    [assessments],
  );
  // Loading 60 days in seconds leaves ClickHouse merging for a while, which a store in use
  // finished long ago: the live traffic starts after.
  console.log(`history loaded; background merges settled after ${f0(await mergesSettled(store))} ms`);
  // Likewise the embedded autovacuum's work on the load (the read model's assessments and the bus
  // log of the ingest so far): its next check, every minute, would otherwise fall inside the live
  // traffic's measurement at random.
  await settleAutovacuum(system, 'after the history');
}
