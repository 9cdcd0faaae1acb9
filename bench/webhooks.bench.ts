// The cost of signed webhooks (issue 46) to the assessment rate: the load of bench/assessments (20
// clients drafting and signing flat out through the gateway, the rate limits off) against the
// built product with one active endpoint subscribed to assessment.signed at a local receiver (in
// this process, answering 200), and against the same product with no endpoint. One run alternates
// the two (on, off, off, on, ...) on a fresh data folder each, so the machine's drift falls on
// both; it prints each round, the median rate of each, and the cost in percent of the median
// rate without webhooks (target: under 5%). Each round with webhooks also prints how many of its
// signings the receiver had when the load stopped and how long the rest took: a sender that fell
// behind would look cheap while moving its work past the measured window.
// Usage: npm run bench -- webhooks   (BENCH_ROUNDS=6 rounds in all, BENCH_SECONDS=15 each)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { startWebhookReceiver, type WebhookReceiver } from '@risk-profile/notification/testing';
import { DEMO_ACCOUNTS } from '../services/adviser/src/demo/seed';
import { describeLoad, type LoadResult, runAssessmentLoad } from './support/assessment-load';
import { processCpuMs } from './support/cpu-time';
import { startProduct } from './support/product';

const CONCURRENCY = 20;
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 15) * 1000;
const WARMUP_MS = 3_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const DRAIN_TIMEOUT_MS = 120_000;
const TARGET_COST_PERCENT = 5;
const ADMIN = DEMO_ACCOUNTS[0];

/** Registers the receiver as the product's one endpoint, as an administrator does. */
async function addEndpoint(url: string, receiverUrl: string): Promise<void> {
  const login = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  if (!login.ok) throw new Error(`admin sign-in answered ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((set) => set.split(';')[0])
    .join('; ');
  const created = await fetch(`${url}/api/admin/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ url: receiverUrl, events: ['assessment.signed'], description: 'bench receiver' }),
  });
  if (created.status !== 201)
    throw new Error(`adding the endpoint answered ${created.status}: ${await created.text()}`);
}

interface Round extends LoadResult {
  webhooks: boolean;
  productCpuMs: number;
  /** With webhooks: signings the receiver had got when the load stopped, and the wait for the rest. */
  deliveredAtEnd?: number;
  signed?: number;
  drainMs?: number;
}

async function runRound(webhooks: boolean, receiver: WebhookReceiver): Promise<Round> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-webhooks-'));
  const product = await startProduct('dist/server/embedded.mjs', {
    RATE_LIMIT_PER_MINUTE: '0',
    SIGN_RATE_LIMIT_PER_HOUR: '0',
    DATA_DIR: dataDir,
    // In both halves, so they differ only in the endpoint.
    WEBHOOK_ALLOW_INSECURE_TARGETS: 'true',
  });
  try {
    if (webhooks) await addEndpoint(product.url, receiver.url);
    const firstReceived = receiver.received.length;
    let signed = 0;
    let cpuFrom = processCpuMs(product.child.pid!);
    const load = await runAssessmentLoad(product.url, {
      concurrency: CONCURRENCY,
      durationMs: DURATION_MS,
      warmupMs: WARMUP_MS,
      onMeasuring: () => {
        cpuFrom = processCpuMs(product.child.pid!);
      },
      onSigned: () => {
        signed += 1;
      },
    });
    const productCpuMs = (processCpuMs(product.child.pid!) - cpuFrom) / Math.max(1, load.completed);
    if (!webhooks) return { ...load, webhooks, productCpuMs };
    const received = () => receiver.received.length - firstReceived;
    const deliveredAtEnd = received();
    const drainFrom = Date.now();
    while (received() < signed && Date.now() - drainFrom < DRAIN_TIMEOUT_MS) await delay(100);
    return { ...load, webhooks, productCpuMs, deliveredAtEnd, signed, drainMs: Date.now() - drainFrom };
  } finally {
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rate = (r: LoadResult) => r.completed / r.seconds;
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const label = (webhooks: boolean) => (webhooks ? 'webhooks on' : 'webhooks off');

const receiver = await startWebhookReceiver();
console.log(
  `${CONCURRENCY} concurrent clients, ${DURATION_MS / 1000} s measured after ${WARMUP_MS / 1000} s warm-up, ${ROUNDS} rounds alternating webhooks on (one endpoint at ${receiver.url}) and off`,
);
console.log(`Target: webhooks on cost the assessment rate under ${TARGET_COST_PERCENT}%\n`);
const rounds: Round[] = [];
try {
  for (let n = 0; n < ROUNDS; n++) {
    // ABBA order: on, off, off, on, on, off...
    const webhooks = Math.floor((n + 1) / 2) % 2 === 0;
    const round = await runRound(webhooks, receiver);
    rounds.push(round);
    console.log(describeLoad(`${label(webhooks)}, round ${n + 1}`, round));
    console.log(`  CPU per assessment: product ${round.productCpuMs.toFixed(2)} ms`);
    if (round.signed !== undefined) {
      const late = round.signed - (round.deliveredAtEnd ?? 0);
      console.log(
        `  deliveries: ${round.deliveredAtEnd} of ${round.signed} signings received when the load stopped; the other ${late} within ${(round.drainMs! / 1000).toFixed(1)} s`,
      );
    }
  }
} finally {
  await receiver.stop();
}

const on = rounds.filter((r) => r.webhooks);
const off = rounds.filter((r) => !r.webhooks);
const [rateOn, rateOff] = [median(on.map(rate)), median(off.map(rate))];
const [cpuOn, cpuOff] = [median(on.map((r) => r.productCpuMs)), median(off.map((r) => r.productCpuMs))];
const cost = ((rateOff - rateOn) / rateOff) * 100;
// Each on round against the off round beside it (rounds 1-2, 3-4, 5-6...): drift between pairs cancels.
const pairCosts = rounds.flatMap((round, n) => {
  const other = n % 2 === 0 ? rounds[n + 1] : undefined;
  if (!other) return [];
  const [withHooks, without] = round.webhooks ? [round, other] : [other, round];
  return [((rate(without) - rate(withHooks)) / rate(without)) * 100];
});
console.log(
  `\nwebhooks on: median ${rateOn.toFixed(1)} complete assessments/s, CPU ${cpuOn.toFixed(2)} ms each`,
);
console.log(
  `webhooks off: median ${rateOff.toFixed(1)} complete assessments/s, CPU ${cpuOff.toFixed(2)} ms each`,
);
console.log(
  `cost of webhooks: ${cost.toFixed(1)}% of the assessment rate (target < ${TARGET_COST_PERCENT}%), ${(((cpuOn - cpuOff) / cpuOff) * 100).toFixed(1)}% more CPU per assessment`,
);
console.log(
  `  per pair of neighbouring rounds: ${pairCosts.map((c) => `${c.toFixed(1)}%`).join(', ')}; median ${median(pairCosts).toFixed(1)}%`,
);
