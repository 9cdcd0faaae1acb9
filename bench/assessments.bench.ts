// Complete assessments (draft + sign) per second through the gateway, at 20 concurrent clients,
// with p50/p99 latency. The product runs as the real embedded bundle in a child process (the
// load generator gets its own core); once on embedded PGlite, and once on the PostgreSQL server
// when TEST_DATABASE_URL or DATABASE_URL is set. Embedded runs twice: with each commit synced to
// the disk (EMBEDDED_FSYNC, the default) and without, to show what durability costs. The rate limiter is off for the run (it would
// otherwise answer 429 to one IP sending thousands of requests a minute).
// Usage: node scripts/run-ts.mjs bench/assessments.bench.ts   (after npm run build)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeLoad, runAssessmentLoad } from './support/assessment-load';
import { startProduct } from './support/product';

const CONCURRENCY = 20;
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 15) * 1000;
const WARMUP_MS = 3_000;

async function run(label: string, env: Record<string, string>): Promise<void> {
  const { url, stop } = await startProduct('dist/server/embedded.mjs', {
    RATE_LIMIT_PER_MINUTE: '0',
    SIGN_RATE_LIMIT_PER_HOUR: '0',
    ...env,
  });
  try {
    const result = await runAssessmentLoad(url, {
      concurrency: CONCURRENCY,
      durationMs: DURATION_MS,
      warmupMs: WARMUP_MS,
    });
    console.log(describeLoad(label, result));
  } finally {
    await stop();
  }
}

console.log(
  `${CONCURRENCY} concurrent clients, ${DURATION_MS / 1000} s measured after ${WARMUP_MS / 1000} s warm-up`,
);
console.log('Targets: >= 200 complete assessments/s embedded, p99 < 100 ms\n');
for (const [label, fsync] of [
  ['Embedded (PGlite, commits synced to disk)', 'true'],
  ['Embedded (PGlite, EMBEDDED_FSYNC=false)', 'false'],
] as const) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-assessments-'));
  try {
    await run(label, { DATA_DIR: dataDir, EMBEDDED_FSYNC: fsync });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (serverUrl) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-assessments-pg-'));
  try {
    await run('PostgreSQL server', { DATA_DIR: dir, DATABASE_URL: serverUrl, DATABASE_POOL_SIZE: '20' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
} else {
  console.log('\nPostgreSQL server: skipped (set TEST_DATABASE_URL)');
}
