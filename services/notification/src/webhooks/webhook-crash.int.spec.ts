import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { PgliteSqlClient, PgSqlClient, type SqlClient } from '@risk-profile/platform';
import { describeTargets, eventually, sqlTargets } from '@risk-profile/platform/testing';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bundle } from '../../../../scripts/lib/bundle.mjs';
import { type NotificationUnderTest, startNotificationUnderTest } from '../testing/notification-under-test';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver';

const root = resolve(import.meta.dirname, '../../../..');
const src = resolve(import.meta.dirname, '..');
const KEY = Buffer.alloc(32, 5).toString('base64');
const ENV = { WEBHOOK_ENCRYPTION_KEY: KEY, WEBHOOK_ALLOW_INSECURE_TARGETS: 'true' };
// A short claim, so the restart makes the killed attempt again within the test; long enough that
// the child, on a loaded machine, cannot take its own held attempt back before it is killed.
const CLAIM_MS = 5000;

/**
 * The notification service in a process of its own: it registers an endpoint at RECEIVER_URL,
 * consumes a signing and starts delivering it, then is killed with SIGKILL while the receiver
 * holds the request (ADR 0027: at-least-once, from the event log).
 */
const CHILD = `
import { PgliteSqlClient, PgSqlClient } from ${JSON.stringify(join(root, 'platform/src/index.ts'))};
import { startNotificationUnderTest } from ${JSON.stringify(join(src, 'testing/notification-under-test.ts'))};
import { signedAssessment } from ${JSON.stringify(join(src, 'testing/fixtures.ts'))};
const sql = process.env.DB_URL ? PgSqlClient.open(process.env.DB_URL) : await PgliteSqlClient.open(process.env.PGLITE_DIR);
const service = await startNotificationUnderTest(sql, ${JSON.stringify(ENV)}, {
  webhooks: { claimMs: ${CLAIM_MS}, pollIntervalMs: 50, timeoutMs: 120_000 },
});
const admin = await service.signIn('admin', null, 'admin@example.com');
const res = await service.post('/api/admin/webhooks', { url: process.env.RECEIVER_URL, events: ['assessment.signed'] }, { cookie: admin });
const { secret } = await res.json();
const signed = signedAssessment();
await service.publish(signed);
console.log(JSON.stringify({ secret, eventId: signed.id }));
setInterval(() => {}, 60_000);
`;

let dir = '';
let entry = '';
beforeAll(async () => {
  mkdirSync(join(root, 'dist'), { recursive: true });
  dir = mkdtempSync(join(root, 'dist', '.test-webhook-crash-'));
  writeFileSync(join(dir, 'child.ts'), CHILD);
  await bundle({ child: join(dir, 'child.ts') }, dir);
  entry = join(dir, 'child.mjs');
}, 120_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describeTargets(
  sqlTargets(),
  (target) => `a webhook sender killed mid-delivery, on ${target.name}`,
  (target) => {
    let receiver: WebhookReceiver;
    let child: ChildProcess | undefined;
    let sql: SqlClient | undefined;
    let service: NotificationUnderTest | undefined;
    afterAll(async () => {
      child?.kill('SIGKILL');
      await service?.stop();
      await sql?.close();
      await receiver?.stop();
    });

    it('delivers the killed attempt again after a restart, with the same id and bytes, once', async () => {
      receiver = await startWebhookReceiver();
      receiver.answerNext('hang');
      const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
      let open: () => Promise<SqlClient>;
      const childEnv: Record<string, string> = { RECEIVER_URL: receiver.url };
      if (target.name === 'PGlite') {
        const pglite = join(dir, `pglite-${Date.now()}`);
        childEnv.PGLITE_DIR = pglite;
        open = () => PgliteSqlClient.open(pglite);
      } else {
        const schema = `t_${process.pid}_crash_${Math.random().toString(36).slice(2, 8)}`;
        const admin = PgSqlClient.open(url!, { max: 1 });
        await admin.exec(`CREATE SCHEMA ${schema}`);
        await admin.close();
        const sep = url!.includes('?') ? '&' : '?';
        childEnv.DB_URL = `${url}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
        open = async () => PgSqlClient.open(childEnv.DB_URL!);
      }
      child = spawn(process.execPath, [entry], {
        cwd: root,
        env: { ...process.env, ...childEnv, LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const [line] = await new Promise<string[]>((done, fail) => {
        const lines = createInterface({ input: child!.stdout! });
        lines.once('line', (first) => done([first]));
        child!.once('exit', (code) => fail(new Error(`the child exited (${code}) before it published`)));
      });
      const { secret, eventId } = JSON.parse(line!) as { secret: string; eventId: string };
      const id = `msg_${eventId}`;
      // The first attempt is under way, its request held by the receiver: kill -9 now.
      await eventually(async () => expect(receiver.withId(id)).toHaveLength(1), 90_000);
      const exited = new Promise((done) => child!.once('exit', done));
      child.kill('SIGKILL');
      await exited;
      child = undefined;

      sql = await open();
      service = await startNotificationUnderTest(sql, ENV, {
        webhooks: { claimMs: CLAIM_MS, pollIntervalMs: 50 },
      });
      const [killed, again] = await eventually(async () => {
        const got = receiver.withId(id);
        if (got.length < 2) throw new Error('not made again yet');
        return got;
      }, 90_000);
      expect(again!.body).toBe(killed!.body);
      new Webhook(secret).verify(again!.body, again!.headers as Record<string, string>);
      const row = await eventually(async () => {
        const { rows } = await sql!.query<{ status: string; attempts: number }>(
          'SELECT status, attempts FROM webhook_deliveries WHERE id = $1',
          [id],
        );
        expect(rows).toEqual([{ status: 'delivered', attempts: 2 }]);
        return rows[0];
      });
      expect(row).toBeDefined();
      // Nothing more follows: one event, one delivery, two attempts.
      await new Promise((done) => setTimeout(done, CLAIM_MS + 500));
      expect(receiver.received).toHaveLength(2);
    }, 240_000);
  },
);
