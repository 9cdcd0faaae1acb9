// Complete assessments (draft + sign) per second through the gateway, at 20 concurrent clients,
// with p50/p99 latency, for today's build against a baseline build in the same run. The product
// runs as the built embedded bundle in a child process (the load generator keeps its own core), in
// each mode: embedded with every commit synced before it is acknowledged (EMBEDDED_FSYNC, the
// default), embedded without, and on the PostgreSQL server when TEST_DATABASE_URL or DATABASE_URL
// is set (a fresh database per run, so the two builds' schemas never meet). Rounds alternate the
// builds (baseline, today, today, baseline, ...) so the machine's drift falls on both; each mode
// prints the median rate of each build and their ratio. The rate limits are off for the run.
// Each run also prints the CPU time spent per complete assessment by the product's process (all
// its threads) and, on the server, by PostgreSQL's processes, with the statements per assessment
// where the server loads pg_stat_statements: on a machine whose cores are all busy, the rate can
// only follow the CPU an assessment costs.
//
// The baseline is the commit BENCH_BASELINE (default a0015fd, the last build before the
// workspace and compliance issues), checked out as a git worktree under node_modules/.cache and
// built there on first use (npm ci, npm run build); BENCH_BASELINE=none measures today's only.
// Usage: npm run bench -- assessments   (BENCH_ROUNDS=4 rounds a mode, BENCH_SECONDS=15 each,
// BENCH_MODES=synced,unsynced,server,limits to choose parts)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describeLoad, type LoadResult, percentile, runAssessmentLoad } from './support/assessment-load';
import { commandCpuMs, processCpuMs } from './support/cpu-time';
import { statementCounter } from './support/pg-statements';
import { startProduct } from './support/product';

// npm run bench runs from the repository's root.
const root = process.cwd();
const CONCURRENCY = 20;
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 15) * 1000;
const WARMUP_MS = 3_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const BASELINE = process.env.BENCH_BASELINE ?? 'a0015fd';

interface Build {
  name: string;
  dir: string;
}

/** The baseline commit's checkout, built once and kept for later runs. */
function baselineBuild(): Build | null {
  if (BASELINE === 'none') return null;
  const dir = join(root, 'node_modules', '.cache', 'risk-profile', `bench-${BASELINE}`);
  if (!existsSync(join(dir, 'dist', 'server', 'embedded.mjs'))) {
    console.log(`Building ${BASELINE} in ${dir} (once)...`);
    rmSync(dir, { recursive: true, force: true });
    execFileSync('git', ['worktree', 'prune'], { cwd: root });
    execFileSync('git', ['worktree', 'add', '--detach', dir, BASELINE], { cwd: root, stdio: 'ignore' });
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: dir,
      stdio: 'inherit',
    });
    execFileSync('npm', ['run', 'build'], { cwd: dir, stdio: 'ignore' });
  }
  return { name: BASELINE, dir };
}

/** A fresh database on the server for one run; dropped afterwards. */
async function freshDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_assessments_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

interface Mode {
  label: string;
  env(): Promise<{ env: Record<string, string>; cleanUp(): Promise<void> }>;
}

/** A run's load, and the CPU time spent per complete assessment in the measured part. */
interface Run extends LoadResult {
  productCpuMs: number;
  postgresCpuMs: number;
  /** On the server with pg_stat_statements: statements per assessment, and the costliest. */
  statements: string[];
}

async function runOnce(build: Build, mode: Mode, limits = false, durationMs = DURATION_MS): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-assessments-'));
  const { env, cleanUp } = await mode.env();
  const { url, child, stop } = await startProduct(
    'dist/server/embedded.mjs',
    {
      ...(limits ? {} : { RATE_LIMIT_PER_MINUTE: '0', SIGN_RATE_LIMIT_PER_HOUR: '0' }),
      DATA_DIR: dataDir,
      ...env,
    },
    60_000,
    build.dir,
  );
  // Where the CPU goes: the product's process (every thread), and the server's backends.
  const onServer = env.DATABASE_URL !== undefined;
  const cpu = () => ({
    product: processCpuMs(child.pid!),
    postgres: onServer ? commandCpuMs('postgres') : 0,
  });
  let from = cpu();
  // On the server, which statements the measured part ran (where pg_stat_statements is loaded).
  const statements = onServer ? await statementCounter(env.DATABASE_URL!) : null;
  let reset: Promise<void> = Promise.resolve();
  try {
    const load = await runAssessmentLoad(url, {
      concurrency: CONCURRENCY,
      durationMs,
      warmupMs: WARMUP_MS,
      onMeasuring: () => {
        from = cpu();
        reset = statements?.reset() ?? reset;
      },
    });
    const to = cpu();
    await reset;
    const per = (ms: number) => ms / Math.max(1, load.completed);
    const counts = await statements?.read();
    return {
      ...load,
      productCpuMs: per(to.product - from.product),
      postgresCpuMs: per(to.postgres - from.postgres),
      statements: counts
        ? [
            `statements per assessment: ${per(counts.calls).toFixed(1)}; most time:`,
            ...counts.top.map(
              (t) =>
                `  ${per(t.totalMs).toFixed(3)} ms, ${per(t.calls).toFixed(2)} calls  ${t.query.replace(/\s+/g, ' ').slice(0, 110)}`,
            ),
          ]
        : [],
    };
  } finally {
    await statements?.close();
    await stop();
    await cleanUp();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rate = (r: LoadResult) => r.completed / r.seconds;
const describeCpu = (r: { productCpuMs: number; postgresCpuMs: number }) =>
  `CPU per assessment: product ${r.productCpuMs.toFixed(2)} ms${r.postgresCpuMs > 0 ? `, PostgreSQL ${r.postgresCpuMs.toFixed(2)} ms` : ''}`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const none = async () => {};
const modes: Mode[] = [
  {
    label: 'embedded (PGlite), every commit synced',
    env: async () => ({ env: { EMBEDDED_FSYNC: 'true' }, cleanUp: none }),
  },
  {
    label: 'embedded (PGlite), EMBEDDED_FSYNC=false',
    env: async () => ({ env: { EMBEDDED_FSYNC: 'false' }, cleanUp: none }),
  },
];
if (serverUrl) {
  modes.push({
    label: 'PostgreSQL server',
    env: async () => {
      const db = await freshDatabase(serverUrl);
      return { env: { DATABASE_URL: db.url, DATABASE_POOL_SIZE: '20' }, cleanUp: db.drop };
    },
  });
}

// BENCH_MODES=synced,unsynced,server,limits runs only those parts.
const only = process.env.BENCH_MODES?.split(',');
const keys = ['synced', 'unsynced', 'server'];
const chosen = modes.filter((_, n) => !only || only.includes(keys[n]!));
const today: Build = { name: 'today', dir: root };
const baseline = baselineBuild();
console.log(
  `${CONCURRENCY} concurrent clients, ${DURATION_MS / 1000} s measured after ${WARMUP_MS / 1000} s warm-up, ${ROUNDS} rounds a mode${baseline ? `, alternating with ${baseline.name}` : ''}`,
);
console.log(
  'Targets: embedded synced >= 0.9x the baseline and p99 per request < 250 ms; server >= 1.0x; no 5xx with the default limits\n',
);
if (!serverUrl) console.log('PostgreSQL server: skipped (set TEST_DATABASE_URL)\n');

for (const mode of chosen) {
  const results = new Map<string, Run[]>([
    [today.name, []],
    ...(baseline ? [[baseline.name, []] as [string, Run[]]] : []),
  ]);
  for (let round = 0; round < ROUNDS; round++) {
    // ABBA order: whichever build runs first in a pair alternates.
    const order = baseline ? (round % 2 === 0 ? [baseline, today] : [today, baseline]) : [today];
    for (const build of order) {
      const result = await runOnce(build, mode);
      results.get(build.name)!.push(result);
      console.log(describeLoad(`${mode.label}, ${build.name}, round ${round + 1}`, result));
      for (const line of [describeCpu(result), ...result.statements]) console.log(`  ${line}`);
    }
  }
  const summary = [...results].map(([name, runs]) => {
    const p99 = median(runs.map((r) => percentile(r.requestMs, 99)));
    const failed = runs.reduce((sum, r) => sum + r.failures, 0);
    const cpu = {
      productCpuMs: median(runs.map((r) => r.productCpuMs)),
      postgresCpuMs: median(runs.map((r) => r.postgresCpuMs)),
    };
    return { name, rate: median(runs.map(rate)), p99, failed, cpu };
  });
  console.log(`\n${mode.label}:`);
  for (const s of summary) {
    console.log(
      `  ${s.name}: median ${s.rate.toFixed(1)}/s, median p99 per request ${s.p99.toFixed(0)} ms, ${s.failed} failed; median ${describeCpu(s.cpu)}`,
    );
  }
  if (baseline) {
    const [t, b] = [
      summary.find((s) => s.name === today.name)!,
      summary.find((s) => s.name === baseline.name)!,
    ];
    const cpuOf = (x: typeof t) => x.cpu.productCpuMs + x.cpu.postgresCpuMs;
    console.log(`  ratio today / ${baseline.name}: ${(t.rate / b.rate).toFixed(2)}`);
    console.log(`  CPU per assessment, today / ${baseline.name}: ${(cpuOf(t) / cpuOf(b)).toFixed(2)}\n`);
  }
}

// With the rate limits as configured by default, 20 clients for 30 s: refusals are 429s, never 5xx.
if (!only || only.includes('limits')) {
  const result = await runOnce(today, modes[0]!, true, 30_000);
  console.log(describeLoad(`${modes[0]!.label}, today, default rate limits, 30 s`, result));
  const errors = Object.entries(result.statuses).filter(([status]) => Number(status) >= 500);
  console.log(`  5xx answers: ${errors.reduce((sum, [, count]) => sum + count, 0)}`);
}
