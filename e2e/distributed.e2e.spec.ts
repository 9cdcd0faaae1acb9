import { setTimeout as delay } from 'node:timers/promises';
import { DEMO_ACCOUNTS, DEMO_ADVISER } from '@risk-profile/adviser';
import { yesBody } from '@risk-profile/assessment/testing';
import {
  type ReceivedMail,
  type SmtpTestServer,
  startSmtpTestServer,
} from '@risk-profile/notification/testing';
import { PgSqlClient } from '@risk-profile/platform';
import { describeTargets, eventually } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, expect, it, onTestFailed } from 'vitest';
import { bundlesSkipReason, createTestDatabase, type TestDatabase } from './support/deployables';
import { type DistributedSystem, startDistributedSystem } from './support/distributed-system';

/**
 * The distributed mode as shipped: the built deployables as separate OS processes (gateway, two
 * assessment, one adviser, two notification and one analytics instance) on a fresh database of
 * the PostgreSQL server of TEST_DATABASE_URL, email to a real SMTP server in this process. Clients
 * draft and sign 100 assessments through the gateway from the demo adviser's page while one
 * assessment and one notification instance are killed with SIGKILL and started again. Every
 * signing the product acknowledged must end as one adviser report and one client copy, and the
 * dashboard must count what was stored. Once with the bus on the PostgreSQL log, once on Kafka.
 */

const ASSESSMENTS = Number(process.env.DISTRIBUTED_ASSESSMENTS ?? 100);
const CLIENTS = 6;
const INSTANCES = { assessment: 2, adviser: 1, notification: 2 };
/**
 * On Kafka through librdkafka's mock cluster, a member that joins a group beside a live one (the
 * restarted notification instance) may be refused its SyncGroup; the bus then lets it go on joining
 * in the background (kafka-event-bus.adapter.ts) while the other instance consumes, and the
 * deliveries it claims per row are sent either way.
 */
/** When, by signings acknowledged, each instance is killed (and started again at once). */
const KILL_ASSESSMENT_AT = Math.round(ASSESSMENTS * 0.25);
const KILL_NOTIFICATION_AT = Math.round(ASSESSMENTS * 0.5);
/** Generous: a 2-core CI machine runs the other tiers beside this one. */
const REQUEST_DEADLINE_MS = 120_000;
const SETTLE_DEADLINE_MS = 180_000;
/**
 * How long before a kill the SMTP server may have accepted a message that is then sent again
 * (SMTP's one window, docs/notifications.md; the crash test, report-delivery-crash.int.spec.ts,
 * holds the same rule): the acceptance is journalled once the event loop reads the reply.
 */
const ACCEPTED_BEFORE_KILL_MS = 2_000;
const ADVISER = DEMO_ACCOUNTS[1];
const ADMIN = DEMO_ACCOUNTS[0];

const serverUrl = process.env.TEST_DATABASE_URL;
const bundles = bundlesSkipReason();
const noServer = serverUrl ? undefined : 'no PostgreSQL server configured (set TEST_DATABASE_URL)';
// The product's topic and group names are fixed, so this test needs a cluster no other test uses
// while it runs: CI starts one for it (DISTRIBUTED_KAFKA_BROKERS) beside the shared one.
const kafkaBrokers = process.env.DISTRIBUTED_KAFKA_BROKERS || process.env.KAFKA_BROKERS;

const buses = [
  { name: 'the PostgreSQL log', kafkaBrokers: undefined, skipReason: noServer ?? bundles },
  {
    name: 'Kafka',
    kafkaBrokers,
    skipReason:
      noServer ??
      bundles ??
      (kafkaBrokers
        ? undefined
        : 'no Kafka broker configured (set KAFKA_BROKERS or DISTRIBUTED_KAFKA_BROKERS)'),
  },
];

const SIGN_BODY = {
  investmentExclusions: 'Tobacco',
  investmentPreferences: 'Australian shares',
  confirmed: true,
};

/** A gateway answer that means the request may not have reached a service, or was cut off in one. */
const isUpstreamFailure = (status: number) => status === 502 || status === 503 || status === 504;

interface Answer {
  status: number;
  body: unknown;
  /** Earlier attempts that failed without an answer from a service (a browser's user tries again). */
  failedAttempts: number;
}

describeTargets(
  buses,
  (bus) => `the distributed mode as separate processes, bus on ${bus.name}`,
  (bus) => {
    let smtp: SmtpTestServer;
    let database: TestDatabase;
    let system: DistributedSystem;
    const tag = bus.kafkaBrokers ? 'kafka' : 'pglog';
    const clientEmail = (n: number) => `dist-${tag}-${n}@example.com`;

    beforeAll(async () => {
      smtp = await startSmtpTestServer();
      database = await createTestDatabase(serverUrl!, 'riskprofile_distributed');
      system = await startDistributedSystem({
        databaseUrl: database.url,
        kafkaBrokers: bus.kafkaBrokers,
        smtpUrl: smtp.url,
        instances: INSTANCES,
      });
    }, 240_000);
    afterAll(async () => {
      await system?.stop();
      await database?.drop();
      await smtp?.stop();
    }, 120_000);

    const printLogsOnFailure = () =>
      onTestFailed(() => {
        console.error(`[distributed, bus on ${bus.name}] the processes' last lines:\n${system?.logs()}`);
      });

    /** A request through the gateway, sent again (as a browser's user would) while it fails upstream. */
    async function request(method: string, path: string, body?: unknown, cookie?: string): Promise<Answer> {
      const deadline = Date.now() + REQUEST_DEADLINE_MS;
      let failedAttempts = 0;
      for (;;) {
        try {
          const res = await fetch(`${system.url}${path}`, {
            method,
            headers: {
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              ...(cookie ? { cookie } : {}),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
            signal: AbortSignal.timeout(30_000),
          });
          const text = await res.text();
          if (!isUpstreamFailure(res.status)) {
            return { status: res.status, body: text ? JSON.parse(text) : undefined, failedAttempts };
          }
        } catch (error) {
          if (Date.now() > deadline) throw error;
        }
        failedAttempts += 1;
        if (Date.now() > deadline) throw new Error(`${method} ${path} kept failing upstream`);
        await delay(250);
      }
    }

    async function signIn(path: string, account: { email: string; password: string }): Promise<string> {
      const res = await fetch(`${system.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: account.password }),
      });
      expect(res.status, `${path} as ${account.email}`).toBe(200);
      return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    }

    it("emails an adviser's link to a client, which opens the adviser's page pre-filled", async () => {
      printLogsOnFailure();
      const cookie = await signIn('/api/auth/login', ADVISER);
      const client = {
        clientName: 'Linked Client',
        clientEmail: `link-${tag}@example.com`,
        clientPhone: null,
      };
      const sent = await request(
        'POST',
        '/api/send-questionnaire-link',
        { ...client, method: 'email' },
        cookie,
      );
      expect(sent.status).toBe(200);
      const mail = await eventually(async () => {
        const found = smtp.received.find((m) => m.envelope.to.includes(client.clientEmail));
        if (!found) throw new Error('the link has not arrived yet');
        return found;
      }, SETTLE_DEADLINE_MS);
      expect(mail.parsed.subject).toBe(
        `${DEMO_ADVISER.adviserName} invites you to complete your Risk Profile`,
      );
      const link = new URL(mail.parsed.text?.match(/https?:\/\/\S+token=\S+/)?.[0] ?? 'http://missing');
      expect(`${link.origin}${link.pathname}`).toBe(`${system.url}/${DEMO_ADVISER.slug}`);
      const verified = await request('POST', '/api/questionnaire-links/verify', {
        token: link.searchParams.get('token'),
      });
      expect(verified.status).toBe(200);
      expect(verified.body).toMatchObject({
        name: client.clientName,
        email: client.clientEmail,
        adviserSlug: DEMO_ADVISER.slug,
      });
    }, 300_000);

    it('signs 100 assessments through SIGKILLs of an assessment and a notification instance: one report and one copy each, and the dashboard counts them', async ({
      annotate,
    }) => {
      printLogsOnFailure();
      /** Client n's signed assessment id, by client. */
      const signed = new Map<number, string>();
      const drafted = new Set<string>();
      /** Draft requests that failed upstream: each may have stored a draft nobody signs. */
      let draftsInDoubt = 0;
      const killedNotificationAt: number[] = [];
      const restarts: Promise<void>[] = [];
      let next = 0;
      const loadStarted = Date.now();

      const journey = async () => {
        while (next < ASSESSMENTS) {
          const n = next++;
          // What /demo-adviser asks first: the adviser's public details for its banner.
          const adviser = await request('GET', `/api/advisers/${DEMO_ADVISER.slug}`);
          expect(adviser.status).toBe(200);
          const draft = await request(
            'POST',
            '/api/assessments',
            yesBody({
              clientName: `Distributed Client ${n}`,
              clientEmail: clientEmail(n),
              sessionId: `${tag}-${n}`,
            }),
          );
          expect(draft.status, `draft ${n}: ${JSON.stringify(draft.body)}`).toBe(201);
          draftsInDoubt += draft.failedAttempts;
          const { id } = draft.body as { id: string };
          drafted.add(id);
          const sign = await request('POST', `/api/assessments/${id}/sign`, SIGN_BODY);
          // 409 only after an attempt cut off upstream: that attempt stored the signature.
          if (sign.status === 409) expect(sign.failedAttempts, `sign ${n}`).toBeGreaterThan(0);
          else expect(sign.status, `sign ${n}: ${JSON.stringify(sign.body)}`).toBe(200);
          signed.set(n, id);
        }
      };
      let failed = false;
      const clients = Promise.all(Array.from({ length: CLIENTS }, journey)).catch((error: unknown) => {
        failed = true;
        throw error;
      });
      const killAndRestart = async (
        at: number,
        target: () => { kill(): Promise<void>; restart(): Promise<void> },
        onKill?: () => void,
      ) => {
        while (signed.size < at && !failed) await delay(20);
        if (failed) return;
        onKill?.();
        await target().kill();
        restarts.push(target().restart());
      };
      await Promise.all([
        clients,
        killAndRestart(KILL_ASSESSMENT_AT, () => system.assessment[0]!),
        killAndRestart(
          KILL_NOTIFICATION_AT,
          () => system.notification[0]!,
          () => killedNotificationAt.push(Date.now()),
        ),
      ]);
      await Promise.all(restarts);
      expect(signed.size).toBe(ASSESSMENTS);

      // Every signed assessment's two messages: the client's copy to the client, and the
      // adviser's report to the adviser, whose Reply-To names the client.
      const byClient = () => {
        const copies = new Map<string, ReceivedMail[]>();
        const reports = new Map<string, ReceivedMail[]>();
        for (const mail of smtp.received) {
          for (const to of mail.envelope.to) {
            const [into, key] =
              to === DEMO_ADVISER.email
                ? [reports, mail.parsed.replyTo?.value[0]?.address ?? '']
                : [copies, to];
            into.set(key, [...(into.get(key) ?? []), mail]);
          }
        }
        return { copies, reports };
      };
      const clientsSigned = [...signed.keys()].map(clientEmail);
      await eventually(async () => {
        const { copies, reports } = byClient();
        const missing = clientsSigned.filter((c) => !copies.has(c) || !reports.has(c));
        if (missing.length > 0) throw new Error(`${missing.length} signed assessments still lack a message`);
      }, SETTLE_DEADLINE_MS);
      // Give a duplicate the time to show before counting exactly.
      await delay(3_000);
      const { copies, reports } = byClient();
      const resent: string[] = [];
      for (const [kind, mails] of [
        ['client copy', copies],
        ['adviser report', reports],
      ] as const) {
        for (const client of clientsSigned) {
          const received = mails.get(client) ?? [];
          const label = `${kind} for ${client}`;
          if (received.length === 1) continue;
          // A second copy: the same message, accepted in the moments before the notification kill.
          expect(received, label).toHaveLength(2);
          const [first, second] = received as [ReceivedMail, ReceivedMail];
          expect(second.parsed.messageId, label).toBe(first.parsed.messageId);
          const timeline = `accepted at ${first.receivedAt - loadStarted} and ${second.receivedAt - loadStarted} ms, notification killed at ${killedNotificationAt.map((at) => at - loadStarted).join(', ')} ms`;
          const kill = killedNotificationAt.find((at) => at >= first.receivedAt);
          expect(kill, `${label}: a kill after its first acceptance (${timeline})`).toBeDefined();
          expect(
            kill! - first.receivedAt,
            `${label}: accepted ms before the kill (${timeline})`,
          ).toBeLessThan(ACCEPTED_BEFORE_KILL_MS);
          expect(second.receivedAt, label).toBeGreaterThan(kill!);
          resent.push(label);
        }
      }
      if (resent.length > 0) await annotate(`sent again after the kill: ${resent.join('; ')}`);
      // Nothing else was sent: the link of the test before, and two messages per signing.
      expect(smtp.received).toHaveLength(1 + 2 * ASSESSMENTS + resent.length);

      // The dashboard counts every assessment stored, drafts included: the signed ones, and any
      // draft stored by a request the kill cut off before its answer (the client drafted again).
      const stored = await storedAssessmentIds(database.url);
      const orphans = stored.filter((id) => !drafted.has(id));
      expect(orphans.length, 'drafts stored by requests that failed upstream').toBeLessThanOrEqual(
        draftsInDoubt,
      );
      expect(stored.length).toBe(ASSESSMENTS + orphans.length);
      if (orphans.length > 0)
        await annotate(`${orphans.length} draft(s) stored by a request cut off by the kill`);
      const admin = await signIn('/api/admin/login', ADMIN);
      let total: number | undefined;
      await eventually(async () => {
        const summary = await request('GET', '/api/admin/analytics/summary?period=all', undefined, admin);
        expect(summary.status).toBe(200);
        total = (summary.body as { totalAssessments: number }).totalAssessments;
        expect(total).toBe(ASSESSMENTS + orphans.length);
      }, SETTLE_DEADLINE_MS);
      // Settled, and stays there (a redelivered event counts once).
      await delay(2_000);
      const again = await request('GET', '/api/admin/analytics/summary?period=all', undefined, admin);
      expect((again.body as { totalAssessments: number }).totalAssessments).toBe(
        ASSESSMENTS + orphans.length,
      );
    }, 600_000);
  },
);

/** The ids of every assessment stream in the database (whichever schema the event store uses). */
async function storedAssessmentIds(databaseUrl: string): Promise<string[]> {
  const sql = PgSqlClient.open(databaseUrl, { max: 1 });
  try {
    const { rows: schemas } = await sql.query<{ schema: string }>(
      "SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'es_streams'",
    );
    const ids: string[] = [];
    for (const { schema } of schemas) {
      const { rows } = await sql.query<{ stream_id: string }>(
        `SELECT stream_id FROM "${schema}".es_streams WHERE stream_id LIKE 'assessment-%'`,
      );
      ids.push(...rows.map((row) => row.stream_id.slice('assessment-'.length)));
    }
    return ids;
  } finally {
    await sql.close();
  }
}
