// Household figures (issue 45): the household view (GET /api/adviser/households/:id) and the
// household report (GET /api/adviser/households/:id/report.pdf) with 10,000 households in the
// records, for random households of the signed-in demo adviser: p50, p95 and p99 after a warm-up,
// one request at a time and 4 at a time (the target is in bench/RESULTS.md and the printed lines).
//
// The product runs as `npm start` runs it (bench/support/embedded-entry.ts from the sources, in a
// child process, so the load generator keeps its own core): on PGlite, and on a fresh database
// of the PostgreSQL server when TEST_DATABASE_URL (or DATABASE_URL) is set. It starts once on an
// empty data folder (migrations, demo accounts), stops, is seeded, and starts again to be measured.
//
// Seeding: 10,000 households through the HTTP flow (links, two assessments, agree, two
// confirmations, three emails with a PDF each) is 80,000 requests and 30,000 PDFs, so:
//  - each household's events are what the product's own decider decides (householdDecider, with
//    the agreement's comparison from the view's compareMembers and decideAgreedProfile), appended
//    one stream at a time through the adviser service's store (members' fields sealed, as it seals them);
//  - the read models those events would leave are written in bulk SQL into their own tables
//    (households and household_members as the adviser projection writes them, records_households
//    with the HouseholdConfirmed snapshot as the notification consumer stores it);
//  - the adviser relay's checkpoint is moved past the seeded events, so the product does not
//    publish them again (which would send 30,000 emails, each with a PDF).
// Mix: 6 in 10 confirmed, 2 agreed with one member confirmed, 1 ready to agree, 1 with one member
// still answering. Two members each, answers drawn around a leaning of their own, so most pairs
// differ and many are flagged.
// Usage: node scripts/run-ts.mjs bench/households.bench.ts
//   (BENCH_HOUSEHOLD_REQUESTS, default 300 timed requests a figure)
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AnswerScore,
  agreedProfileOptions,
  type CompleteResponses,
  decideAgreedProfile,
  deriveAssessment,
  deriveCapacity,
  RESPONSE_KEYS,
  type ReportAdviser,
} from '@risk-profile/contracts';
import { PgliteSqlClient, PgSqlClient, PostgresEventStore, type SqlClient } from '@risk-profile/platform';
import pg from 'pg';
import { DEMO_ADVISER } from '../services/adviser/src/demo/seed';
import {
  type HouseholdCommand,
  type HouseholdState,
  householdDecider,
} from '../services/adviser/src/households/household.decider';
import { type HouseholdEvent, householdStreamId } from '../services/adviser/src/households/household.events';
import { openHouseholdDataProtection } from '../services/adviser/src/households/household-data-protection';
import { isSigned, type MemberRow } from '../services/adviser/src/households/household-members';
import { compareMembers } from '../services/adviser/src/households/household-view/household-view';
import { ADVISER_RELAY_NAME } from '../services/adviser/src/integration/adviser-relay';
import { startProduct } from './support/product';
import { measureRequests } from './support/timed-requests';

const HOUSEHOLDS = 10_000;
/** The demo adviser is one of these; the others' households are the rest of the records. */
const ADVISERS = 20;
const REQUESTS = Number(process.env.BENCH_HOUSEHOLD_REQUESTS ?? 300);
/** The product's HOUSEHOLD_ENCRYPTION_KEY here, so the seeded events are sealed as the product seals them. */
const HOUSEHOLD_KEY = Buffer.alloc(32, 5).toString('base64');
const WARM_UP = 30;
const CONCURRENCY = 4;
const TARGET_MS = 100;
const BATCH = 500;
const ENTRY = ['scripts/run-ts.mjs', 'bench/support/embedded-entry.ts'];
const DEMO_LOGIN = { email: 'adviser@example.com', password: 'adviser-demo-2026' };

/** A fixed sequence, so every run seeds the same mix of answers. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(45);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;

/** Answers around the member's own leaning (1 cautious .. 5 adventurous), a step either way. */
function answers(leaning: number): CompleteResponses {
  const score = () => Math.min(5, Math.max(1, leaning + Math.floor(random() * 3) - 1)) as AnswerScore;
  return Object.fromEntries(RESPONSE_KEYS.map((key) => [key, score()])) as CompleteResponses;
}

/** A row as jsonb_populate_recordset takes it: the columns are the fields' names in snake case. */
const snakeCase = (row: object) =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]),
  );

type Seeded = Record<'householdRows' | 'memberRows' | 'snapshots', unknown[]> & { events: HouseholdEvent[] };

/** One household: its members' signed results, and the events its decisions leave. */
function household(n: number, adviser: ReportAdviser, at: Date): Seeded {
  const id = randomUUID();
  const kind = Math.floor(n / ADVISERS) % 10; // 0-5 confirmed, 6-7 one confirmation, 8 ready to agree, 9 one signed
  const surname = pick(['Nguyen', 'Smith', 'Chen', 'Patel', 'Williams', 'Kelly', 'Rossi', 'Brown']);
  const members: MemberRow[] = [0, 1].map((position) => {
    const responses = answers(1 + Math.floor(random() * 5));
    const derived = deriveAssessment(responses);
    const capacity = deriveCapacity(responses);
    const signed = !(kind === 9 && position === 1);
    const { q18: _guess, ...kept } = responses;
    const name = `${pick(['Ana', 'Ben', 'Chloe', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana'])} ${surname} ${n}`;
    return {
      memberId: randomUUID(),
      householdId: id,
      linkId: `bench-link-${n}-${position}`,
      name,
      email: `member${n}-${position}@example.com`,
      phone: null,
      status: signed ? 'signed' : 'in_progress',
      assessmentId: randomUUID(),
      signedAt: signed ? new Date(at.getTime() + (position + 1) * 86_400_000) : null,
      riskScore: signed ? derived.riskScore : null,
      riskGroup: signed ? derived.riskGroup : null,
      recommendedProfile: signed ? derived.originalProfile : null,
      profile: signed ? derived.originalProfile : null,
      capacityForLoss: signed ? capacity.capacityForLoss : null,
      maxGroupForCapacity: signed ? capacity.maxGroupForCapacity : null,
      responses: signed ? kept : null,
      questionnaireVersion: 1,
    };
  });
  const name = `The ${surname} household ${n}`;
  let state: HouseholdState = householdDecider.initialState();
  const events: HouseholdEvent[] = [];
  const decide = (command: HouseholdCommand) => {
    for (const event of householdDecider.decide(command, state)) {
      state = householdDecider.evolve(state, event);
      events.push(event);
    }
  };
  decide({
    type: 'CreateHousehold',
    data: {
      householdId: id,
      adviserSlug: adviser.slug,
      name,
      members: members.map((m) => ({
        memberId: m.memberId,
        name: m.name!,
        email: m.email,
        phone: m.phone,
        linkId: m.linkId,
        inPerson: false,
      })),
      createdAt: at.toISOString(),
    },
  });
  const signed = members.filter(isSigned);
  const agreedAt = new Date(at.getTime() + 3 * 86_400_000);
  let confirmedAt: Date | null = null;
  if (kind < 8) {
    const profile = agreedProfileOptions(signed).lowest;
    const reason = 'Joint money for the house: the more cautious of their two profiles.';
    const decided = decideAgreedProfile(signed, { profile, reason });
    if (!decided.ok) throw new Error(decided.error);
    const agreementId = randomUUID();
    decide({
      type: 'AgreeHouseholdProfile',
      data: {
        householdId: id,
        name,
        adviser,
        agreed: {
          profile,
          reason,
          ...decided.decision,
          agreedBy: adviser.adviserName,
          agreedAt: agreedAt.toISOString(),
        },
        // Each member's results as the handler takes them from the read model.
        members: signed.map(({ householdId: _h, linkId: _l, status: _s, responses: _r, signedAt, ...m }) => ({
          ...m,
          signedAt: signedAt.toISOString(),
          confirmUrl: `http://localhost/household-confirm?token=bench-${m.memberId}`,
          confirmExpiresAt: new Date(agreedAt.getTime() + 14 * 86_400_000).toISOString(),
        })),
        agreementId,
        ...compareMembers(signed),
      },
    });
    for (const [i, m] of signed.entries()) {
      if (kind >= 6 && i === 1) break;
      confirmedAt = new Date(agreedAt.getTime() + (i + 1) * 3_600_000);
      decide({
        type: 'ConfirmHouseholdProfile',
        data: {
          agreementId,
          memberId: m.memberId,
          signatureName: m.name,
          confirmedAt: confirmedAt.toISOString(),
        },
      });
    }
  }
  const record = events.find((e) => e.type === 'HouseholdConfirmed');
  return {
    householdRows: [
      snakeCase({
        id,
        adviserSlug: adviser.slug,
        name,
        createdAt: at,
        agreedAt: kind < 8 ? agreedAt : null,
        confirmedAt: record ? confirmedAt : null,
      }),
    ],
    memberRows: members.map((m, position) => ({ ...snakeCase(m), position })),
    snapshots: record
      ? [
          {
            ...snakeCase({ householdId: id, adviserSlug: adviser.slug, name, confirmedAt }),
            snapshot: record.data,
          },
        ]
      : [],
    events,
  };
}

/** Seeds the stopped product's database; returns the demo adviser's households, by kind. */
async function seed(sql: SqlClient): Promise<{ views: string[]; reports: string[] }> {
  // Through the product's store, so each member's fields are sealed under a key of their own.
  const store = openHouseholdDataProtection(sql, await PostgresEventStore.create(sql), HOUSEHOLD_KEY).store;
  const views: string[] = [];
  const reports: string[] = [];
  const started = Date.now() - HOUSEHOLDS * 3_600_000;
  for (let from = 0; from < HOUSEHOLDS; from += BATCH) {
    const batch: Seeded[] = [];
    for (let n = from; n < Math.min(HOUSEHOLDS, from + BATCH); n++) {
      const own = n % ADVISERS === 0;
      const adviser = own
        ? DEMO_ADVISER
        : { ...DEMO_ADVISER, slug: `adviser-${n % ADVISERS}`, email: `adviser-${n % ADVISERS}@example.com` };
      const seeded = household(n, adviser, new Date(started + n * 3_600_000));
      batch.push(seeded);
      const id = seeded.events[0]!.data.householdId;
      if (own) views.push(id);
      if (own && seeded.snapshots.length > 0) reports.push(id);
    }
    for (const { events } of batch) {
      await store.appendToStream(
        householdStreamId(events[0]!.data.householdId),
        events.map((e) => ({ type: e.type, data: e.data, metadata: { correlationId: 'bench-seed' } })),
        { expectedVersion: 'no_stream' },
      );
    }
    await sql.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO households SELECT * FROM jsonb_populate_recordset(null::households, $1::jsonb)`,
        [JSON.stringify(batch.flatMap((s) => s.householdRows))],
      );
      await tx.query(
        `INSERT INTO household_members SELECT * FROM jsonb_populate_recordset(null::household_members, $1::jsonb)`,
        [JSON.stringify(batch.flatMap((s) => s.memberRows))],
      );
      await tx.query(
        `INSERT INTO records_households SELECT * FROM jsonb_populate_recordset(null::records_households, $1::jsonb)`,
        [JSON.stringify(batch.flatMap((s) => s.snapshots))],
      );
    });
  }
  // Everything seeded counts as published: the relay carries on after the last event.
  const { rows } = await sql.query<{ position: string }>(
    `SELECT transaction_id::text || ':' || global_position AS position FROM es_events
     ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
  );
  await sql.query(
    `INSERT INTO relay_checkpoints (name, position) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, updated_at = now()`,
    [ADVISER_RELAY_NAME, rows[0]!.position],
  );
  for (const table of ['households', 'household_members', 'records_households', 'es_events', 'es_streams'])
    await sql.query(`ANALYZE ${table}`);
  return { views, reports };
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(DEMO_LOGIN),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function run(
  label: string,
  env: Record<string, string>,
  openSql: (dataDir: string) => Promise<SqlClient>,
): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-households-'));
  const productEnv = {
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: '0',
    HOUSEHOLD_ENCRYPTION_KEY: HOUSEHOLD_KEY,
    ...env,
  };
  try {
    // The first start makes the schema and the demo accounts, as on a new installation.
    await (await startProduct(ENTRY, productEnv, 120_000)).stop();
    const sql = await openSql(dataDir);
    const seeding = performance.now();
    const { views, reports } = await seed(sql).finally(() => sql.close());
    console.log(
      `${label}: ${HOUSEHOLDS.toLocaleString('en-AU')} households seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s; the demo adviser's: ${views.length}, ${reports.length} confirmed`,
    );
    const product = await startProduct(ENTRY, productEnv, 120_000);
    try {
      const cookie = await signIn(product.url);
      const pid = product.child.pid!;
      const get = (path: string) => fetch(`${product.url}${path}`, { headers: { cookie } });
      const timing = { productPid: pid, pick, warmUp: WARM_UP, requests: REQUESTS, targetMs: TARGET_MS };
      for (const concurrency of [1, CONCURRENCY]) {
        await measureRequests({
          ...timing,
          label: 'household view',
          ids: views,
          request: (id) => get(`/api/adviser/households/${id}`),
          concurrency,
        });
        await measureRequests({
          ...timing,
          label: 'household report PDF',
          ids: reports,
          request: (id) => get(`/api/adviser/households/${id}/report.pdf`),
          concurrency,
        });
      }
    } finally {
      await product.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`${REQUESTS} timed requests a figure after ${WARM_UP} to warm up`);
await run('embedded (PGlite)', {}, (dataDir) =>
  // Where the product keeps its database in its data folder (platform open-platform.ts).
  PgliteSqlClient.open(join(dataDir, 'pglite'), { durable: false }),
);
const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!serverUrl) console.log('PostgreSQL server: skipped (set TEST_DATABASE_URL)');
else {
  // A fresh database, as a new installation on the server has.
  const name = `bench_households_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    await run('PostgreSQL server', { DATABASE_URL: url.toString() }, async () =>
      PgSqlClient.open(url.toString(), { max: 2 }),
    );
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
