import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { yesBody } from '@risk-profile/assessment/testing';
import {
  type ReceivedMail,
  type SmtpTestServer,
  startSmtpTestServer,
} from '@risk-profile/notification/testing';
import { eventually } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const ASSESSMENTS = Number(process.env.CRASH_ASSESSMENTS ?? 200);
const ADVISER_EMAIL = 'adviser@example.com';
/**
 * How long before a kill the SMTP server may have accepted a message that is then sent again:
 * the product journals an acceptance as soon as its event loop reads the server's reply, which
 * under this test's load takes milliseconds, rarely more than a few hundred.
 */
const ACCEPTED_BEFORE_KILL_MS = 2_000;
/**
 * With the bus on Kafka (KAFKA_BROKERS inherited), a restarted product joins each consumer group
 * only once the killed member's session has expired, so its start waits for that too.
 */
const READY_TIMEOUT_MS = process.env.KAFKA_BROKERS ? 180_000 : 60_000;
/** The sender has at most this many messages with the transport at once (sender.ts). */
const SENDS_IN_FLIGHT = 8;

const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

/** One client's draft on the demo adviser's page, with a distinct email per client. */
const draftBody = (n: number) =>
  yesBody({ clientName: `Crash Client ${n}`, clientEmail: `crash-${n}@example.com`, sessionId: null });

/**
 * The whole product in its own process (`npm start`'s entry, on PGlite in a data folder),
 * killed with SIGKILL twice while 200 assessments are signed through the gateway, and started
 * again on the same folder. The SMTP server must end with one adviser report and one client copy
 * per signed assessment: nothing lost, and nothing sent twice except in the one window SMTP
 * leaves open (docs/notifications.md): a message the server accepted just before the kill, whose
 * acceptance the product had not yet read. Such a message is sent again with the same
 * `Message-ID`; any other second copy fails the test.
 */
describe('report delivery across two SIGKILLs', () => {
  let smtp: SmtpTestServer;
  let dataDir: string;
  let port: number;
  let child: ChildProcess | undefined;

  const base = () => `http://127.0.0.1:${port}`;

  async function startProduct(): Promise<void> {
    child = spawn(process.execPath, [join(ROOT, 'scripts/run-ts.mjs'), 'gateway/src/embedded/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_DATA: 'true',
        LOG_LEVEL: process.env.CRASH_LOG_LEVEL ?? 'silent',
        RATE_LIMIT_PER_MINUTE: '100000',
        SIGN_RATE_LIMIT_PER_HOUR: '0',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Risk Profile <reports@risk-profile.test>',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await eventually(async () => {
      const res = await fetch(`${base()}/readyz`);
      if (res.status !== 200) throw new Error(`not ready: ${res.status}`);
    }, READY_TIMEOUT_MS);
  }

  const killedAt: number[] = [];

  async function killProduct(): Promise<void> {
    const dying = child;
    if (!dying) return;
    const exited = new Promise((done) => dying.once('exit', done));
    killedAt.push(Date.now());
    dying.kill('SIGKILL');
    await exited;
    child = undefined;
  }

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    dataDir = mkdtempSync(join(tmpdir(), 'risk-profile-crash-'));
    port = await freePort();
    await startProduct();
  }, 90_000);
  afterAll(async () => {
    await killProduct();
    await smtp?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Retries a request while the product is down or restarting. */
  async function request(path: string, body: unknown): Promise<Response> {
    for (;;) {
      try {
        const res = await fetch(`${base()}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        });
        if (res.status < 500) return res;
        await res.body?.cancel();
      } catch {}
      await delay(100);
    }
  }

  it('sends one adviser report and one client copy per signed assessment, again only if accepted just before a kill', async ({
    annotate,
  }) => {
    const signed = new Set<number>();
    let next = 0;
    const client = async () => {
      while (next < ASSESSMENTS) {
        const n = next++;
        const draft = await request('/api/assessments', draftBody(n));
        expect(draft.status).toBe(201);
        const { id } = (await draft.json()) as { id: string };
        const sign = await request(`/api/assessments/${id}/sign`, {
          investmentExclusions: '',
          investmentPreferences: '',
          confirmed: true,
        });
        // 409: the signature of a request whose answer was lost in a crash is already stored.
        expect([200, 409]).toContain(sign.status);
        await sign.body?.cancel();
        signed.add(n);
      }
    };
    let failed = false;
    const clients = Promise.all(Array.from({ length: 4 }, client)).catch((error: unknown) => {
      failed = true;
      throw error;
    });
    for (const at of [Math.round(ASSESSMENTS * 0.3), Math.round(ASSESSMENTS * 0.65)]) {
      while (signed.size < at && !failed) await delay(20);
      if (failed) break;
      await killProduct();
      await startProduct();
    }
    await clients;
    expect(signed.size).toBe(ASSESSMENTS);

    /** Each assessment's messages by recipient: the client's copy, and the adviser's report by its Reply-To. */
    const copies = () => {
      const toClient = new Map<string, ReceivedMail[]>();
      const toAdviser = new Map<string, ReceivedMail[]>();
      for (const mail of smtp.received) {
        for (const to of mail.envelope.to) {
          const [byClient, key] =
            to === ADVISER_EMAIL ? [toAdviser, mail.parsed.replyTo?.value[0]?.address ?? ''] : [toClient, to];
          byClient.set(key, [...(byClient.get(key) ?? []), mail]);
        }
      }
      return { toClient, toAdviser };
    };
    await eventually(async () => {
      const { toClient, toAdviser } = copies();
      expect(toClient.size).toBe(ASSESSMENTS);
      expect(toAdviser.size).toBe(ASSESSMENTS);
    }, 120_000);
    // Give a duplicate the time to show before counting exactly.
    await delay(3_000);
    const { toClient, toAdviser } = copies();
    const resent: string[] = [];
    for (const [kind, byClient] of [
      ['client copy', toClient],
      ['adviser report', toAdviser],
    ] as const) {
      for (let n = 0; n < ASSESSMENTS; n++) {
        const mails = byClient.get(`crash-${n}@example.com`) ?? [];
        const label = `${kind} ${n}`;
        expect(mails.length, label).toBeGreaterThanOrEqual(1);
        if (mails.length === 1) continue;
        // A second copy: the same message, accepted the first time in the moments before a kill.
        expect(mails, label).toHaveLength(2);
        const [first, second] = mails as [ReceivedMail, ReceivedMail];
        expect(second.parsed.messageId, label).toBe(first.parsed.messageId);
        const kill = killedAt.find((at) => at >= first.receivedAt);
        expect(kill, `${label}: a kill after its first acceptance`).toBeDefined();
        expect(kill! - first.receivedAt, `${label}: accepted ms before the kill`).toBeLessThan(
          ACCEPTED_BEFORE_KILL_MS,
        );
        expect(second.receivedAt, label).toBeGreaterThan(kill!);
        resent.push(`${label}, accepted ${kill! - first.receivedAt} ms before a kill`);
      }
    }
    if (resent.length > 0) await annotate(`sent again after a kill: ${resent.join('; ')}`);
    expect(resent.length).toBeLessThanOrEqual(killedAt.length * SENDS_IN_FLIGHT);
    expect(smtp.received).toHaveLength(2 * ASSESSMENTS + resent.length);
  }, 600_000);
});
