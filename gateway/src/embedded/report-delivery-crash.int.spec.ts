import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { yesBody } from '@risk-profile/assessment/testing';
import { type SmtpTestServer, startSmtpTestServer } from '@risk-profile/notification/testing';
import { eventually } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const ASSESSMENTS = Number(process.env.CRASH_ASSESSMENTS ?? 200);
const ADVISER_EMAIL = 'adviser@example.com';

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
 * again on the same folder. The SMTP server must end with exactly one adviser report and one
 * client copy per signed assessment: nothing lost, nothing sent twice.
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
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Risk Profile <reports@risk-profile.test>',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await eventually(async () => {
      const res = await fetch(`${base()}/readyz`);
      if (res.status !== 200) throw new Error(`not ready: ${res.status}`);
    }, 60_000);
  }

  async function killProduct(): Promise<void> {
    const dying = child;
    if (!dying) return;
    const exited = new Promise((done) => dying.once('exit', done));
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

  it('sends exactly one adviser report and one client copy per signed assessment', async () => {
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

    const count = () => {
      const toClient = new Map<string, number>();
      const toAdviser = new Map<string, number>();
      for (const mail of smtp.received) {
        for (const to of mail.envelope.to) {
          if (to === ADVISER_EMAIL) {
            const replyTo = mail.parsed.replyTo?.value[0]?.address ?? '';
            toAdviser.set(replyTo, (toAdviser.get(replyTo) ?? 0) + 1);
          } else {
            toClient.set(to, (toClient.get(to) ?? 0) + 1);
          }
        }
      }
      return { toClient, toAdviser };
    };
    await eventually(async () => {
      const { toClient, toAdviser } = count();
      expect(toClient.size).toBe(ASSESSMENTS);
      expect(toAdviser.size).toBe(ASSESSMENTS);
    }, 120_000);
    // Give a duplicate the time to show before counting exactly.
    await delay(3_000);
    const { toClient, toAdviser } = count();
    for (let n = 0; n < ASSESSMENTS; n++) {
      expect(toClient.get(`crash-${n}@example.com`), `client copy ${n}`).toBe(1);
      expect(toAdviser.get(`crash-${n}@example.com`), `adviser report ${n}`).toBe(1);
    }
    expect(smtp.received).toHaveLength(2 * ASSESSMENTS);
  }, 600_000);
});
