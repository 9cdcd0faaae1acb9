// The distributed mode as shipped: the built deployables as separate processes on one PostgreSQL
// server (bus on its log), driven through the gateway.
//  1. Complete assessments per second at 20 clients (the load of bench/assessments), against the
//     single process (dist/server/embedded.mjs) on the same server, with each process's CPU per
//     assessment: on this 2-core machine more processes add no cores, and the CPU figures say what
//     the scale-out on more cores can reach.
//  2. Report drain: a backlog of signed assessments queued while notification is stopped, then
//     sent to an SMTP server by one notification instance and, on a fresh backlog, by two.
//  3. Signing to SMTP acceptance of the adviser's report at a sustained 50 signings a second, one
//     notification instance.
// Targets: distributed ≥ 0.8 of the single process; at 50 signings/s, p95 signing → report accepted < 2 s.
// Usage: TEST_DATABASE_URL=postgres://… node scripts/run-ts.mjs bench/distributed.bench.ts
//   (after npm run build; BENCH_SECONDS, default 15; BENCH_BACKLOG, default 2000;
//   BENCH_SUSTAINED_SECONDS, default 60; BENCH_RATE, default 50; BENCH_PARTS, default 1,2,3)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { createTestDatabase, type Deployable, startDeployable } from '../e2e/support/deployables';
import { type DistributedSystem, startDistributedSystem } from '../e2e/support/distributed-system';
import {
  describeLoad,
  draftBody,
  type LoadResult,
  percentile,
  runAssessmentLoad,
  signBody,
} from './support/assessment-load';
import { startProduct } from './support/product';
import { type Arrivals, newArrivals, startSmtpSink } from './support/smtp-sink';

const CONCURRENCY = 20;
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 15) * 1000;
const WARMUP_MS = 3_000;
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 2000);
const SUSTAINED_MS = Number(process.env.BENCH_SUSTAINED_SECONDS ?? 60) * 1000;
const RATE = Number(process.env.BENCH_RATE ?? 50);
const DRAIN_TIMEOUT_MS = 600_000;
/** Each service's pool; the server's connections are shared with whatever else runs. */
const POOL_SIZE = 8;

const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!serverUrl) {
  console.log('skipped: needs a PostgreSQL server (set TEST_DATABASE_URL)');
  process.exit(0);
}
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** CPU seconds (user + system) the process has used so far, from /proc/<pid>/stat. */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

interface Process {
  label: string;
  pid: number | undefined;
}

/** CPU per unit of work of each process over `work`, and of this load generator. */
async function measureCpu<T>(
  processes: readonly Process[],
  work: () => Promise<T>,
): Promise<{ result: T; cpu: Map<string, number> }> {
  const before = processes.map((p) => cpuSeconds(p.pid));
  const self = process.cpuUsage();
  const result = await work();
  const cpu = new Map<string, number>();
  for (const [i, p] of processes.entries()) cpu.set(p.label, cpuSeconds(p.pid) - before[i]!);
  const own = process.cpuUsage(self);
  cpu.set('load generator (this process)', (own.user + own.system) / 1e6);
  return { result, cpu };
}

function describeCpu(cpu: Map<string, number>, units: number, unit: string): string {
  const ms = (seconds: number) => `${((seconds / units) * 1000).toFixed(2)} ms`;
  const lines = [...cpu].map(([label, seconds]) => `    ${label}: ${ms(seconds)}`);
  const product = [...cpu].filter(([label]) => !label.startsWith('load')).reduce((sum, [, s]) => sum + s, 0);
  return [`  CPU per ${unit}:`, ...lines, `    product total: ${ms(product)}`].join('\n');
}

/** The flat-out load, warm-up apart, so the CPU window holds only the measured assessments. */
async function measuredLoad(url: string, processes: readonly Process[]) {
  await runAssessmentLoad(url, { concurrency: CONCURRENCY, durationMs: WARMUP_MS, warmupMs: 0 });
  return measureCpu(processes, () =>
    runAssessmentLoad(url, { concurrency: CONCURRENCY, durationMs: DURATION_MS, warmupMs: 0 }),
  );
}

const rate = (result: LoadResult) => result.completed / result.seconds;

async function withDatabase<T>(prefix: string, body: (url: string) => Promise<T>): Promise<T> {
  const database = await createTestDatabase(serverUrl!, prefix);
  try {
    return await body(database.url);
  } finally {
    await database.drop();
  }
}

function distributed(databaseUrl: string, smtpUrl?: string): Promise<DistributedSystem> {
  return startDistributedSystem({ databaseUrl, smtpUrl, poolSize: POOL_SIZE, logLevel: 'warn' });
}

const processesOf = (system: DistributedSystem): Process[] =>
  system.all().map((d) => ({ label: d.label, pid: d.pid }));

async function throughput(): Promise<void> {
  console.log(
    `1. Throughput: ${CONCURRENCY} clients flat out, ${DURATION_MS / 1000} s measured after ${WARMUP_MS / 1000} s warm-up; reports to the outbox folder`,
  );
  const separate = await withDatabase('bench_distributed', async (databaseUrl) => {
    const system = await distributed(databaseUrl);
    try {
      const { result, cpu } = await measuredLoad(system.url, processesOf(system));
      console.log(describeLoad('Separate processes (gateway + 4 services)', result));
      console.log(describeCpu(cpu, result.completed, 'complete assessment'));
      return rate(result);
    } finally {
      await system.stop();
    }
  });
  const single = await withDatabase('bench_embedded', async (databaseUrl) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-embedded-'));
    const product = await startProduct('dist/server/embedded.mjs', {
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: String(POOL_SIZE * 2),
      DATA_DIR: dataDir,
      KAFKA_BROKERS: '',
      RATE_LIMIT_PER_MINUTE: '0',
      SIGN_RATE_LIMIT_PER_HOUR: '0',
    });
    try {
      const { result, cpu } = await measuredLoad(product.url, [
        { label: 'embedded', pid: product.child.pid },
      ]);
      console.log(describeLoad('Single process (embedded bundle)', result));
      console.log(describeCpu(cpu, result.completed, 'complete assessment'));
      return rate(result);
    } finally {
      await product.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
  console.log(`  separate processes: ${(separate / single).toFixed(2)} of the single process\n`);
}

/** Drafts and signs `count` assessments (clients 0..count-1) through the gateway. */
async function signMany(url: string, count: number): Promise<void> {
  let next = 0;
  const post = async (path: string, body: string) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const json = (await res.json()) as { id?: string };
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const client = async () => {
    while (next < count) {
      const n = next++;
      const { id } = await post('/api/assessments', draftBody(n));
      await post(`/api/assessments/${id}/sign`, signBody);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
}

async function waitForAll(arrivals: Arrivals, count: number): Promise<boolean> {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (arrivals.adviserReport.size >= count && arrivals.clientCopy.size >= count) return true;
    await delay(50);
  }
  return false;
}

async function drain(instances: 1 | 2): Promise<void> {
  await withDatabase('bench_drain', async (databaseUrl) => {
    const arrivals = newArrivals();
    const sink = await startSmtpSink(arrivals);
    const system = await distributed(databaseUrl, sink.url);
    const extra: Deployable[] = [];
    try {
      const [first] = system.notification as [Deployable];
      await first.stop();
      const queuedFrom = Date.now();
      await signMany(system.url, BACKLOG);
      console.log(
        `  ${BACKLOG} assessments signed with notification stopped (${((Date.now() - queuedFrom) / 1000).toFixed(1)} s)`,
      );
      const started = Date.now();
      await Promise.all([
        first.restart(),
        ...Array.from({ length: instances - 1 }, async (_, i) => {
          extra.push(
            await startDeployable('notification', { label: `notification-${i + 2}`, env: first.env }),
          );
        }),
      ]);
      const ready = Date.now();
      const senders = [first, ...extra].map((d) => ({ label: d.label, pid: d.pid }));
      const { result: drained, cpu } = await measureCpu(senders, () => waitForAll(arrivals, BACKLOG));
      const seconds = (Date.now() - ready) / 1000;
      const messages = arrivals.messages;
      console.log(
        `${instances} notification instance${instances > 1 ? 's' : ''}: ${messages} messages (${BACKLOG} reports + ${BACKLOG} copies) in ${seconds.toFixed(1)} s once ready ` +
          `(${((ready - started) / 1000).toFixed(1)} s to start): ${(messages / seconds).toFixed(0)} messages/s, ${(BACKLOG / seconds).toFixed(0)} assessments' reports/s` +
          (drained ? '' : `; NOT DRAINED after ${DRAIN_TIMEOUT_MS / 1000} s`),
      );
      cpu.delete('load generator (this process)');
      console.log(describeCpu(cpu, messages, 'message sent'));
    } finally {
      await Promise.all(extra.map((d) => d.dispose()));
      await system.stop();
      await sink.stop();
    }
  });
}

async function sustained(): Promise<void> {
  await withDatabase('bench_sustained', async (databaseUrl) => {
    const arrivals = newArrivals();
    const sink = await startSmtpSink(arrivals);
    const system = await distributed(databaseUrl, sink.url);
    try {
      const signedAt = new Map<number, number>();
      const result = await runAssessmentLoad(system.url, {
        concurrency: CONCURRENCY,
        durationMs: SUSTAINED_MS,
        warmupMs: WARMUP_MS,
        ratePerSecond: RATE,
        onSigned: (n, at, measured) => {
          if (measured) signedAt.set(n, at);
        },
      });
      console.log(describeLoad(`Paced at ${RATE} assessments/s`, result));
      const duringLoad = arrivals.messages;
      const loadEnded = Date.now();
      const deadline = Date.now() + DRAIN_TIMEOUT_MS;
      const outstanding = () =>
        [...signedAt.keys()].filter((n) => !arrivals.adviserReport.has(n) || !arrivals.clientCopy.has(n))
          .length;
      while (outstanding() > 0 && Date.now() < deadline) await delay(100);
      const latency = (from: Map<number, number>) =>
        [...signedAt]
          .filter(([n]) => from.has(n))
          .map(([n, at]) => from.get(n)! - at)
          .sort((a, b) => a - b);
      for (const [label, from] of [
        ["adviser's report", arrivals.adviserReport],
        ["client's copy", arrivals.clientCopy],
      ] as const) {
        const sorted = latency(from);
        console.log(
          `  signing answered → ${label} accepted (${sorted.length} of ${signedAt.size}): ` +
            `p50 ${percentile(sorted, 50)} ms, p95 ${percentile(sorted, 95)} ms, max ${sorted.at(-1)} ms`,
        );
      }
      console.log(
        `  messages accepted while the load ran: ${duringLoad}; the last one ${((Date.now() - loadEnded) / 1000).toFixed(1)} s after it stopped`,
      );
      if (outstanding() > 0) console.log(`  ${outstanding()} assessments still without both messages`);
    } finally {
      await system.stop();
      await sink.stop();
    }
  });
}

console.log('Separate processes on one PostgreSQL server, bus on its log; this machine has 2 cores.');
console.log(
  'Targets: separate processes ≥ 0.8 of the single process; at 50 signings/s p95 signing → report < 2 s\n',
);
const parts = (process.env.BENCH_PARTS ?? '1,2,3').split(',');
if (parts.includes('1')) await throughput();
if (parts.includes('2')) {
  console.log(
    `2. Report drain: ${BACKLOG} signed assessments queued while notification is stopped, then sent`,
  );
  await drain(1);
  await drain(2);
}
if (parts.includes('3')) {
  console.log(
    `\n3. Sustained ${RATE} signings/s for ${SUSTAINED_MS / 1000} s, one notification instance, reports to SMTP`,
  );
  await sustained();
}
