// Reports under the assessment load of bench/assessments (20 clients drafting and signing flat
// out through the gateway): the time from sending the sign request to a real SMTP server (in this
// process, the `smtp-server` package) accepting the adviser's report, and the assessment
// throughput with the notification service on, against the same product without it. Each
// assessment asks for two emails with the PDF: the adviser's report and the client's copy.
// Targets: p95 signing → adviser report accepted < 2 s; throughput with reports ≥ 80% of without.
// Usage: node scripts/run-ts.mjs bench/report-delivery.bench.ts
//   (BENCH_SECONDS, default 15; BENCH_RATE, default 20; BENCH_ROUNDS, default 2; BENCH_PACED_ONLY=1;
//   BENCH_COMPOSE_ON_LOOP=1 renders on the event loop instead of the composer's worker thread)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeLoad, type LoadResult, percentile, runAssessmentLoad } from './support/assessment-load';
import { startProduct } from './support/product';
import { newArrivals, startSmtpSink } from './support/smtp-sink';

const CONCURRENCY = 20;
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 15) * 1000;
const WARMUP_MS = 3_000;
const DRAIN_TIMEOUT_MS = 180_000;
/** Runs the load against a fresh product; the product keeps running until `stop` is called. */
async function run(
  label: string,
  env: Record<string, string>,
  load: { ratePerSecond?: number; onSigning?: (n: number, at: number, measured: boolean) => void } = {},
): Promise<{ result: LoadResult; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-reports-'));
  const product = await startProduct(['scripts/run-ts.mjs', 'bench/support/embedded-entry.ts'], {
    RATE_LIMIT_PER_MINUTE: '0',
    SIGN_RATE_LIMIT_PER_HOUR: '0',
    DATA_DIR: dataDir,
    ...env,
  });
  const stop = async () => {
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const result = await runAssessmentLoad(product.url, {
      concurrency: CONCURRENCY,
      durationMs: DURATION_MS,
      warmupMs: WARMUP_MS,
      ...load,
    });
    console.log(describeLoad(label, result));
    return { result, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The load with reports going to a real SMTP server, then the wait for every measured report. */
async function withReports(label: string, ratePerSecond?: number): Promise<LoadResult> {
  const arrivals = newArrivals();
  const sink = await startSmtpSink(arrivals);
  const signedAt = new Map<number, number>();
  const loadStarted = Date.now();
  const reporting = await run(
    label,
    { SMTP_URL: sink.url },
    {
      ratePerSecond,
      onSigning: (n, at, measured) => {
        if (measured) signedAt.set(n, at);
      },
    },
  );
  const loadEnded = Date.now();
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  const outstanding = () =>
    [...signedAt.keys()].filter((n) => !arrivals.adviserReport.has(n) || !arrivals.clientCopy.has(n)).length;
  while (outstanding() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const drained = Date.now();
  await reporting.stop();
  await sink.stop();

  const latencies = [...signedAt]
    .filter(([n]) => arrivals.adviserReport.has(n))
    .map(([n, at]) => arrivals.adviserReport.get(n)! - at)
    .sort((a, b) => a - b);
  const emails = arrivals.adviserReport.size + arrivals.clientCopy.size;
  console.log(
    `  signing → adviser report accepted (${latencies.length} of ${signedAt.size} measured assessments): ` +
      `p50 ${percentile(latencies, 50)} ms, p95 ${percentile(latencies, 95)} ms, max ${latencies.at(-1)} ms`,
  );
  console.log(
    `  emails accepted: ${emails} (${(arrivals.bytes / emails / 1024).toFixed(0)} KB each), ` +
      `${(emails / ((drained - loadStarted) / 1000)).toFixed(0)}/s; the last ${((drained - loadEnded) / 1000).toFixed(1)} s after the load stopped` +
      (outstanding() > 0
        ? `; ${outstanding()} assessments still without both emails after ${DRAIN_TIMEOUT_MS / 1000} s`
        : ''),
  );
  return reporting.result;
}

const RATE = Number(process.env.BENCH_RATE ?? 20);
console.log(
  `${CONCURRENCY} concurrent clients, ${DURATION_MS / 1000} s measured after ${WARMUP_MS / 1000} s warm-up, embedded (PGlite)`,
);
console.log(
  'Targets: p95 signing → adviser report accepted by SMTP < 2 s; throughput with reports ≥ 80% of without\n',
);
// The machine's speed drifts between phases as much as the gap being measured: the two products
// take turns (without, with; then with, without; ...) and the ratio is of the summed rates.
const ROUNDS = process.env.BENCH_PACED_ONLY === '1' ? 0 : Number(process.env.BENCH_ROUNDS ?? 2);
const rate = (result: LoadResult) => result.completed / result.seconds;
const pct = (ratio: number) => `${(ratio * 100).toFixed(0)}%`;
let withoutTotal = 0;
let withTotal = 0;
for (let round = 1; round <= ROUNDS; round++) {
  const prefix = ROUNDS > 1 ? `Round ${round}: ` : '';
  const without = async () => {
    const baseline = await run(`${prefix}without the notification service, flat out`, {
      BENCH_WITHOUT_NOTIFICATIONS: '1',
    });
    await baseline.stop();
    return rate(baseline.result);
  };
  const withIt = async () => rate(await withReports(`${prefix}with reports to SMTP, flat out`));
  let withoutRate: number;
  let withRate: number;
  if (round % 2 === 1) {
    withoutRate = await without();
    withRate = await withIt();
  } else {
    withRate = await withIt();
    withoutRate = await without();
  }
  withoutTotal += withoutRate;
  withTotal += withRate;
  console.log(`  throughput with reports: ${pct(withRate / withoutRate)} of without in this round\n`);
}
if (ROUNDS > 0) {
  console.log(
    `Throughput with reports over ${ROUNDS} alternating round(s): ${pct(withTotal / withoutTotal)} of without\n`,
  );
}
await withReports(`With reports to SMTP, paced at ${RATE} assessments/s (BENCH_RATE)`, RATE);
