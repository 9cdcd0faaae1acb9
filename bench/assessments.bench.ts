// Complete assessments (draft + sign) per second through the gateway, at 20 concurrent clients,
// with p50/p99 latency. The product runs as the real embedded bundle in a child process (the
// load generator gets its own core); once on embedded PGlite, and once on the PostgreSQL server
// when TEST_DATABASE_URL or DATABASE_URL is set. The rate limiter is off for the run (it would
// otherwise answer 429 to one IP sending thousands of requests a minute).
// Usage: node scripts/run-ts.mjs bench/assessments.bench.ts   (after npm run build)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { yesBody } from '@risk-profile/assessment/testing';
import { startProduct } from './support/product';

const CONCURRENCY = 20;
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 15) * 1000;
const WARMUP_MS = 3_000;

/** What the page sends on the YES path, one client per assessment. */
function draftBody(n: number) {
  return JSON.stringify(
    yesBody({
      clientName: `Bench Client ${n}`,
      clientEmail: `client${n}@example.com`,
      signatureData: `draft_${Date.now()}`,
      sessionId: `bench-${n}`,
    }),
  );
}

const signBody = JSON.stringify({
  investmentExclusions: 'Tobacco',
  investmentPreferences: 'Australian shares',
  confirmed: true,
});

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function run(label: string, env: Record<string, string>): Promise<void> {
  const { url, stop } = await startProduct('dist/server/embedded.mjs', {
    RATE_LIMIT_PER_MINUTE: '0',
    ...env,
  });
  try {
    const requestMs: number[] = [];
    const assessmentMs: number[] = [];
    let completed = 0;
    let failures = 0;
    let counter = 0;
    let measuring = false;
    const post = async (path: string, body: string) => {
      const t0 = performance.now();
      const res = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const json = (await res.json()) as { id?: string };
      if (measuring) requestMs.push(performance.now() - t0);
      return { status: res.status, json };
    };
    const client = async (until: number) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const draft = await post('/api/assessments', draftBody(counter++));
        const signed =
          draft.status === 201 ? await post(`/api/assessments/${draft.json.id}/sign`, signBody) : draft;
        if (!measuring) continue;
        if (draft.status === 201 && signed.status === 200) {
          completed++;
          assessmentMs.push(performance.now() - t0);
        } else failures++;
      }
    };
    const warmupEnd = performance.now() + WARMUP_MS;
    await Promise.all(Array.from({ length: CONCURRENCY }, () => client(warmupEnd)));
    measuring = true;
    const start = performance.now();
    const end = start + DURATION_MS;
    await Promise.all(Array.from({ length: CONCURRENCY }, () => client(end)));
    const seconds = (performance.now() - start) / 1000;
    requestMs.sort((a, b) => a - b);
    assessmentMs.sort((a, b) => a - b);
    const f = (x: number) => `${x.toFixed(1)} ms`;
    console.log(
      `${label}: ${(completed / seconds).toFixed(0)} complete assessments/s (${completed} in ${seconds.toFixed(1)} s, ${failures} failed)`,
    );
    console.log(
      `  per request (draft or sign): p50 ${f(percentile(requestMs, 50))}, p99 ${f(percentile(requestMs, 99))}`,
    );
    console.log(
      `  per assessment (draft + sign): p50 ${f(percentile(assessmentMs, 50))}, p99 ${f(percentile(assessmentMs, 99))}`,
    );
  } finally {
    await stop();
  }
}

console.log(
  `${CONCURRENCY} concurrent clients, ${DURATION_MS / 1000} s measured after ${WARMUP_MS / 1000} s warm-up`,
);
console.log('Targets: >= 200 complete assessments/s embedded, p99 < 100 ms\n');
const dataDir = mkdtempSync(join(tmpdir(), 'bench-assessments-'));
try {
  await run('Embedded (PGlite)', { DATA_DIR: dataDir });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
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
