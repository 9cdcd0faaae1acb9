// Records figures: the adviser's list (first page, a search, "review due", the next page by
// cursor) and the admin's first page, with 100,000 assessments across 200 advisers in the read
// model (half of them signed, each signed one with its report delivery); then the report PDF on
// demand. Each measured request goes through the notification service's HTTP server with a real
// session cookie; the targets are in bench/RESULTS.md. On PGlite, and on the PostgreSQL server
// when TEST_DATABASE_URL (or DATABASE_URL) is set.
// Usage: node scripts/run-ts.mjs bench/records.bench.ts   (BENCH_RECORDS_REQUESTS, default 300)
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { notificationConfigSchema } from '@risk-profile/notification';
import { signedAssessment } from '@risk-profile/notification/testing';
import { openSessions, type SqlClient, sessionStateWrites } from '@risk-profile/platform';
import { sqlTargets, startServiceUnderTest } from '@risk-profile/platform/testing';
import { createNotificationService } from '../services/notification/src/index';

const ASSESSMENTS = 100_000;
const ADVISERS = 200;
const REQUESTS = Number(process.env.BENCH_RECORDS_REQUESTS ?? 300);
const slug = (n: number) => `adviser-${String(n).padStart(3, '0')}`;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

/** The read model filled directly, in bulk: what years of events would leave in it. */
async function seed(sql: SqlClient): Promise<void> {
  await sql.query(
    `INSERT INTO records_assessments
       (assessment_id, adviser_slug, client_name, client_email, client_phone, client_key, search, status,
        risk_score, risk_group, recommended_profile, selected_profile, profile_changed, started_at, signed_at)
     SELECT gen_random_uuid(), 'adviser-' || lpad(((i % $2) + 1)::text, 3, '0'),
       'Client ' || i, 'client' || i || '@example.com', '0412 ' || lpad((i % 1000000)::text, 6, '0'),
       'email:client' || i || '@example.com',
       lower('Client ' || i) || chr(10) || 'client' || i || '@example.com',
       CASE WHEN i % 2 = 0 THEN 'signed' ELSE 'in_progress' END,
       36, 3, 'Balanced', 'Balanced', false,
       now() - make_interval(mins => i * 7),
       CASE WHEN i % 2 = 0 THEN now() - make_interval(mins => i * 7 - 15) END
     FROM generate_series(1, $1) AS i`,
    [ASSESSMENTS, ADVISERS],
  );
  await sql.query(
    `INSERT INTO notification_deliveries
       (id, event_id, recipient_role, kind, channel, recipient, recipient_key, status, next_attempt_at,
        created_at, sent_at, assessment_id)
     SELECT gen_random_uuid(), gen_random_uuid()::text, 'adviser', 'adviser-report', 'email',
       adviser_slug || '@example.com', adviser_slug || '@example.com', 'sent', signed_at, signed_at, signed_at,
       assessment_id
     FROM records_assessments WHERE status = 'signed'`,
  );
  await sql.query('ANALYZE records_assessments');
  await sql.query('ANALYZE notification_deliveries');
}

for (const target of sqlTargets()) {
  if (target.skipReason) {
    console.log(`${target.name}: skipped (${target.skipReason})`);
    continue;
  }
  const sql = await target.open();
  const dataDir = mkdtempSync(join(tmpdir(), 'records-bench-'));
  const sessions = await openSessions(sql, { secret: 's'.repeat(40), publicUrl: 'http://localhost' });
  const config = notificationConfigSchema.parse({ DATA_DIR: dataDir });
  const service = await startServiceUnderTest(sql, (deps) =>
    // No sender runs (nothing is started): the transports are the outbox folder, never used.
    createNotificationService(deps, config, { sessions: sessions.verifier }),
  );
  const signIn = async (role: 'adviser' | 'admin', adviserSlug: string | null) => {
    const id = randomUUID();
    await sessionStateWrites.upsertUser(sql, id, { sessionVersion: 1, disabled: false });
    const { token } = sessions.tokens.issue({
      id,
      role,
      email: `${id}@example.com`,
      name: id,
      adviserSlug,
      sessionVersion: 1,
    });
    return `${sessions.cookie.name}=${token}`;
  };
  const seeded = performance.now();
  await seed(sql);
  console.log(
    `${target.name}: ${ASSESSMENTS.toLocaleString('en-AU')} assessments across ${ADVISERS} advisers seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );
  const advisers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => signIn('adviser', slug(i * 10 + 1))),
  );
  const admin = await signIn('admin', null);

  const time = async (label: string, request: (i: number) => Promise<Response>, target: number) => {
    for (let i = 0; i < 20; i++) await (await request(i)).arrayBuffer(); // warm up
    const durations: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t = performance.now();
      const res = await request(i);
      await res.arrayBuffer();
      durations.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`${label}: ${res.status}`);
    }
    console.log(
      `${target === 50 ? '  list' : '  pdf '} ${label}: p50 ${pct(durations, 50).toFixed(1)} ms, p95 ${pct(durations, 95).toFixed(1)} ms over ${REQUESTS} (target p95 < ${target} ms)`,
    );
  };
  const get = (path: string, cookie: string) => fetch(`${service.url}${path}`, { headers: { cookie } });
  const page2 = await Promise.all(
    advisers.map(async (cookie) => {
      const first = (await (await get('/api/adviser/assessments', cookie)).json()) as { nextCursor: string };
      return first.nextCursor;
    }),
  );
  await time('adviser, first page', (i) => get('/api/adviser/assessments', advisers[i % 20]!), 50);
  await time(
    'adviser, search',
    (i) => get(`/api/adviser/assessments?q=client%20${i}`, advisers[i % 20]!),
    50,
  );
  await time(
    'adviser, review due',
    (i) => get('/api/adviser/assessments?reviewDue=true', advisers[i % 20]!),
    50,
  );
  await time(
    'adviser, next page',
    (i) => get(`/api/adviser/assessments?cursor=${page2[i % 20]}`, advisers[i % 20]!),
    50,
  );
  await time('admin, first page', () => get('/api/admin/assessments', admin), 50);
  // Across every adviser: no index narrows these, so they read the whole table (figures only).
  await time('admin, search', (i) => get(`/api/admin/assessments?q=client%20${i}`, admin), 50);
  await time('admin, review due', () => get('/api/admin/assessments?reviewDue=true', admin), 50);
  await time(
    'admin, one adviser',
    (i) => get(`/api/admin/assessments?adviser=${slug((i % 200) + 1)}`, admin),
    50,
  );

  // The report on demand: signed records with their events, rendered per request.
  const events = Array.from({ length: 20 }, (_, i) =>
    signedAssessment({ adviserSlug: slug(1), clientName: `Pdf Client ${i}` }),
  );
  for (const event of events) {
    const d = event.data;
    await sql.query(
      `INSERT INTO records_assessments
         (assessment_id, adviser_slug, client_name, client_email, client_phone, client_key, search, status,
          risk_score, risk_group, recommended_profile, selected_profile, profile_changed, started_at, signed_at,
          signed_event_id, record)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'signed', $8, $9, $10, $11, $12, $13, $14, $15, $16::jsonb)`,
      [
        d.assessmentId,
        d.adviserSlug,
        d.clientName,
        d.clientEmail,
        d.clientPhone,
        `email:${d.clientEmail}`,
        d.clientName.toLowerCase(),
        d.riskScore,
        d.riskGroup,
        d.originalProfile,
        d.selectedProfile,
        d.profileChanged,
        d.createdAt,
        d.signedAt,
        event.id,
        JSON.stringify(d),
      ],
    );
  }
  await time(
    'report on demand',
    (i) => get(`/api/adviser/assessments/${events[i % 20]!.data.assessmentId}/report.pdf`, advisers[0]!),
    100,
  );
  await service.stop();
  await sql.close();
  rmSync(dataDir, { recursive: true, force: true });
}
