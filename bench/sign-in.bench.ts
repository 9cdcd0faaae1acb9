// Sign-ins per second at bcrypt cost 12, and what a sign-in storm does to everyone else: the
// product's event-loop delay (p99, measured inside its process) and the complete assessments per
// second beside it, against the same assessment load without sign-ins. The product runs as the
// real embedded bundle in a child process; both the IP and the account limits are set aside for
// the run (one IP signing in flat out would be refused, as it should be).
// Targets: event-loop p99 < 20 ms during the storm; assessments with the storm >= 80% of without.
// Usage: node scripts/run-ts.mjs bench/sign-in.bench.ts   (after npm run build)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { yesBody } from '@risk-profile/assessment/testing';
import { startProduct } from './support/product';

const PHASE_MS = Number(process.env.BENCH_SECONDS ?? 12) * 1000;
const ASSESSMENT_CLIENTS = 10;
const SIGN_IN_CLIENTS = 8;
const ADVISER = { email: 'adviser@example.com', password: 'adviser-demo-2026' };

interface Phase {
  assessmentsPerSecond: number;
  signInsPerSecond: number;
  /** Sign-ins answered 503 because too many password checks were waiting. */
  busyRefusals: number;
  loop: { p50: number; p99: number; max: number };
  signInP50: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function run(label: string, env: Record<string, string>): Promise<void> {
  console.log(`\n${label}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-sign-in-'));
  const probeFile = join(dataDir, 'event-loop.json');
  const product = await startProduct('dist/server/embedded.mjs', {
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: '0',
    LOGIN_RATE_LIMIT_PER_MINUTE: '0',
    // The assessment clients sign from one address: the per-address signing limit would refuse them.
    SIGN_RATE_LIMIT_PER_HOUR: '0',
    EVENT_LOOP_PROBE_FILE: probeFile,
    NODE_OPTIONS: `--import=${resolve('bench/support/event-loop-probe.mjs')}`,
    ...env,
  });
  const post = (path: string, body: unknown) =>
    fetch(`${product.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const probe = async () => {
    product.child.kill('SIGUSR2');
    await new Promise((r) => setTimeout(r, 200));
    return JSON.parse(readFileSync(probeFile, 'utf8')) as Phase['loop'];
  };

  async function phase(withSignIns: boolean): Promise<Phase> {
    let assessments = 0;
    let signIns = 0;
    let busyRefusals = 0;
    const signInMs: number[] = [];
    let n = 0;
    await probe(); // starts the delay histogram afresh
    const end = performance.now() + PHASE_MS;
    const assessmentClient = async () => {
      while (performance.now() < end) {
        const draft = await post(
          '/api/assessments',
          yesBody({ clientName: `Bench ${n++}`, sessionId: `b-${n}` }),
        );
        const { id } = (await draft.json()) as { id: string };
        const signed = await post(`/api/assessments/${id}/sign`, {
          investmentExclusions: '',
          investmentPreferences: '',
          confirmed: true,
        });
        await signed.body?.cancel();
        if (draft.status === 201 && signed.status === 200) assessments++;
      }
    };
    const signInClient = async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const res = await post('/api/auth/login', ADVISER);
        await res.body?.cancel();
        // Refused at once when too many checks wait: the client waits as told and tries again.
        if (res.status === 503) {
          busyRefusals++;
          await new Promise((done) => setTimeout(done, Number(res.headers.get('retry-after') ?? 1) * 1000));
          continue;
        }
        if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
        signIns++;
        signInMs.push(performance.now() - t0);
      }
    };
    const started = performance.now();
    await Promise.all([
      ...Array.from({ length: ASSESSMENT_CLIENTS }, assessmentClient),
      ...(withSignIns ? Array.from({ length: SIGN_IN_CLIENTS }, signInClient) : []),
    ]);
    const seconds = (performance.now() - started) / 1000;
    return {
      assessmentsPerSecond: assessments / seconds,
      signInsPerSecond: signIns / seconds,
      busyRefusals,
      loop: await probe(),
      signInP50: percentile(signInMs, 50),
    };
  }

  try {
    await phase(false); // warm-up
    // Quiet phases before and after the storm: background work (the relay, the analytics
    // projector) started by one phase spills into the next, so the storm is set against both.
    const before = await phase(false);
    const storm = await phase(true);
    const after = await phase(false);
    const quietRate = (before.assessmentsPerSecond + after.assessmentsPerSecond) / 2;
    const ratio = storm.assessmentsPerSecond / quietRate;
    console.log(
      `Assessments only (${ASSESSMENT_CLIENTS} clients), before / after the storm: ${before.assessmentsPerSecond.toFixed(0)} / ${after.assessmentsPerSecond.toFixed(0)} complete assessments/s; event loop p99 ${before.loop.p99} / ${after.loop.p99} ms`,
    );
    console.log(
      `With ${SIGN_IN_CLIENTS} clients signing in flat out: ${storm.signInsPerSecond.toFixed(1)} sign-ins/s (bcrypt cost 12, p50 ${storm.signInP50.toFixed(0)} ms each, ${storm.busyRefusals} refused as busy), ` +
        `${storm.assessmentsPerSecond.toFixed(0)} complete assessments/s (${(100 * ratio).toFixed(0)}% of the quiet phases' mean)`,
    );
    console.log(
      `  event loop during the storm: p50 ${storm.loop.p50} ms, p99 ${storm.loop.p99} ms, max ${storm.loop.max} ms`,
    );
    console.log(
      `Targets: event-loop p99 < 20 ms (${storm.loop.p99 < 20 ? 'met' : 'missed'}); assessments >= 80% of without (${ratio >= 0.8 ? 'met' : 'missed'})`,
    );
  } finally {
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Embedded, PGlite runs its queries on the event loop's own thread (WASM), so the assessment
// traffic itself delays the loop; on a PostgreSQL server the queries leave the process.
await run('Embedded (PGlite)', {});
const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (serverUrl) await run('PostgreSQL server', { DATABASE_URL: serverUrl, DATABASE_POOL_SIZE: '20' });
else console.log('\nPostgreSQL server: skipped (set TEST_DATABASE_URL)');
