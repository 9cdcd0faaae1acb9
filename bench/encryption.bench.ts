// Event encryption's cost per signed assessment: the assessment service's own path (draft, then
// sign, then the relay reading both events and the signed event's history) over the plain event
// store and over the protected one (personal fields sealed with the assessment's data key, the
// key table and the subject index written and read), alternating in short rounds on the same
// database. The difference per assessment is set against the time one assessment takes at the
// throughput of bench/assessments (BENCH_ASSESSMENTS_PER_SECOND, default the embedded figure of
// bench/RESULTS.md). Target: under 5%.
// Targets: PGlite in memory; the PostgreSQL server when TEST_DATABASE_URL (or DATABASE_URL) is set.
// Usage: node scripts/run-ts.mjs bench/encryption.bench.ts
import { randomBytes, randomUUID } from 'node:crypto';
import { deriveAssessment } from '../contracts/src';
import type { EventStore } from '../platform/src/event-store/event-store.port';
import { PostgresEventStore } from '../platform/src/event-store/postgres-event-store.adapter';
import { PgliteSqlClient } from '../platform/src/sql/pglite-client.adapter';
import type { SqlClient } from '../platform/src/sql/sql-client.port';
import { openDataProtection } from '../services/assessment/src/data-protection/data-protection';
import { draftAssessment } from '../services/assessment/src/draft-assessment/draft-assessment.handler';
import { parseDraftBody } from '../services/assessment/src/draft-assessment/parse-draft-body';
import { signAssessment } from '../services/assessment/src/sign-assessment/sign-assessment.handler';
import { yesBody } from '../services/assessment/src/testing/fixtures';
import { onServerSchema } from './support/server-schema';

const ROUNDS = 5;
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 2000);
const ASSESSMENTS_PER_SECOND = Number(process.env.BENCH_ASSESSMENTS_PER_SECOND ?? 235);

/** One signed assessment as the service and its relay handle it; returns nothing. */
async function oneAssessment(store: EventStore, n: number): Promise<void> {
  const body = parseDraftBody(
    yesBody({
      clientName: `Bench Client ${n}`,
      clientEmail: `bench.${n}@example.com`,
      clientPhone: '0412 345 678',
      investmentExclusions: 'No tobacco, no weapons, nothing that harms the reef',
    }),
  );
  const now = new Date();
  const draft = await draftAssessment(store, body, null, { now, correlationId: randomUUID() });
  if (draft.status === 'initial') throw new Error('not drafted');
  const id = draft.assessment.assessmentId;
  await signAssessment(
    store,
    id,
    { confirmed: true, investmentExclusions: body.investmentExclusions, investmentPreferences: '' },
    { now, correlationId: randomUUID(), ipAddress: '203.0.113.9', userAgent: 'Mozilla/5.0 (bench)' },
  );
  // The relay: the page of events it reads (here just this stream's) and the signed one's history.
  const events = await store.readStream(`assessment-${id}`);
  await store.readAll({ after: String(Number(events[0]!.position) - 1), limit: 2 }).catch(() => []);
  await store.readStream(`assessment-${id}`);
}

async function round(store: EventStore, counter: { n: number }): Promise<number> {
  const until = Date.now() + ROUND_MS;
  let done = 0;
  const started = performance.now();
  while (Date.now() < until) {
    await oneAssessment(store, counter.n++);
    done++;
  }
  return (performance.now() - started) / done;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(label: string, sql: SqlClient): Promise<void> {
  const plain = await PostgresEventStore.create(sql);
  const { store: protectedStore } = await openDataProtection(sql, plain, randomBytes(32).toString('base64'));
  const counter = { n: 0 };
  // Warm-up: both paths once, so neither pays for first-use planning or JIT.
  await round(plain, counter);
  await round(protectedStore, counter);
  const plainMs: number[] = [];
  const protectedMs: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    plainMs.push(await round(plain, counter));
    protectedMs.push(await round(protectedStore, counter));
  }
  const base = median(plainMs);
  const encrypted = median(protectedMs);
  const extra = encrypted - base;
  const budget = 1000 / ASSESSMENTS_PER_SECOND;
  console.log(
    `${label}: per signed assessment ${base.toFixed(2)} ms plain, ${encrypted.toFixed(2)} ms encrypted: ` +
      `+${extra.toFixed(2)} ms (+${((extra / base) * 100).toFixed(0)}% of the store path); ` +
      `${((extra / budget) * 100).toFixed(1)}% of an assessment's ${budget.toFixed(2)} ms at ${ASSESSMENTS_PER_SECOND}/s`,
  );
}

/** The crypto alone (no SQL): seal both events' personal fields and open them three times. */
async function cryptoOnly(): Promise<void> {
  const { encryptEvent, decryptEvent } = await import(
    '../services/assessment/src/data-protection/protected-event-store'
  );
  const { MasterKey } = await import('../services/assessment/src/data-protection/master-key');
  const master = new MasterKey(randomBytes(32));
  const body = yesBody();
  const derived = deriveAssessment(body.responses);
  const data = { ...body, ...derived, assessmentId: randomUUID() } as unknown as Record<string, unknown>;
  const n = 20_000;
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const key = MasterKey.newDataKey();
    const wrapped = master.wrap(key, 'id');
    const k = master.unwrap(wrapped, 'id');
    const sealed = encryptEvent('assessment-x', 'AssessmentDrafted', data, k);
    const signed = encryptEvent('assessment-x', 'AssessmentSigned', data, k);
    for (let r = 0; r < 3; r++) {
      const stored = (type: string, d: unknown) => ({
        id: '',
        streamId: 'assessment-x',
        streamVersion: 0,
        type,
        data: d,
        metadata: {},
        recordedAt: new Date(),
        position: '0',
      });
      decryptEvent(stored(sealed.type, sealed.data), master.unwrap(wrapped, 'id'));
      decryptEvent(stored(signed.type, signed.data), k);
    }
  }
  const ms = (performance.now() - started) / n;
  console.log(
    `AES-256-GCM alone (wrap, seal two events, open them three times): ${(ms * 1000).toFixed(0)} µs an assessment`,
  );
}

console.log(`${ROUNDS} alternating rounds of ${ROUND_MS / 1000} s each, medians\n`);
await cryptoOnly();
const pglite = await PgliteSqlClient.open();
await measure('PGlite (in memory)', pglite);
await pglite.close();
await onServerSchema('bench_enc', (sql) => measure('PostgreSQL server', sql), { max: 4 });
