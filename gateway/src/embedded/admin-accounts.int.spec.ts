import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminAdviserSchema, errorBodySchema, userSchema } from '@risk-profile/contracts';
import { type SmtpTestServer, startSmtpTestServer } from '@risk-profile/notification/testing';
import { silentLogger } from '@risk-profile/platform';
import { eventually } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedSystem, startEmbedded } from './start-embedded';

const PASSWORD = 'a long and private passphrase';

/**
 * The whole product: an administrator creates an adviser through the gateway, the invitation
 * reaches the SMTP server through the bus and the notification service, its link sets the
 * password once, the adviser signs in, and a disabled account's session stops at once.
 */
describe('advisers and accounts through the gateway', () => {
  let smtp: SmtpTestServer;
  let system: EmbeddedSystem;
  let dataDir: string;
  let base = '';

  const call = (method: string, path: string, options: { cookie?: string; body?: unknown } = {}) =>
    fetch(`${base}${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
  const signIn = async (path: string, email: string, password: string) => {
    const res = await call('POST', path, { body: { email, password } });
    expect(res.status).toBe(200);
    return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  };

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    dataDir = mkdtempSync(join(tmpdir(), 'admin-accounts-'));
    system = await startEmbedded(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Risk Profile <no-reply@risk-profile.test>',
      },
      { logger: silentLogger() },
    );
    base = `http://127.0.0.1:${system.running.port}`;
  }, 120_000);
  afterAll(async () => {
    await system?.stop();
    await smtp?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('invites an adviser by email, whose link sets the password once; disabling ends the session', async () => {
    const admin = await signIn('/api/admin/login', 'admin@example.com', 'admin-demo-2026');
    const adviserCookie = await signIn('/api/auth/login', 'adviser@example.com', 'adviser-demo-2026');
    expect((await call('GET', '/api/admin/advisers', { cookie: adviserCookie })).status).toBe(403);

    const created = await call('POST', '/api/admin/advisers', {
      cookie: admin,
      body: { slug: 'sam-lee', adviserName: 'Sam Lee', companyName: 'Lee Wealth', email: 'sam@example.com' },
    });
    expect(created.status).toBe(201);
    const adviser = adminAdviserSchema.parse(await created.json());

    const mail = await eventually(async () => {
      const found = smtp.received.find((m) => m.envelope.to.includes('sam@example.com'));
      if (!found) throw new Error('not sent yet');
      return found;
    }, 60_000);
    expect(mail.parsed.subject).toBe('Your Risk Profile account: set your password');
    const url = new URL(
      /https?:\/\/\S+\/set-password\?token=[A-Za-z0-9_-]+/.exec(mail.parsed.text ?? '')![0],
    );
    expect(url.pathname).toBe('/set-password');
    const token = url.searchParams.get('token')!;

    const set = await call('POST', '/api/auth/set-password', { body: { token, password: PASSWORD } });
    expect(set.status).toBe(200);
    const again = await call('POST', '/api/auth/set-password', { body: { token, password: PASSWORD } });
    expect(again.status).toBe(410);
    errorBodySchema.parse(await again.json());

    const sam = await signIn('/api/auth/login', 'sam@example.com', PASSWORD);
    const me = await call('GET', '/api/auth/user', { cookie: sam });
    expect(userSchema.parse(await me.json())).toMatchObject({ email: 'sam@example.com', role: 'adviser' });

    const renamed = await call('PATCH', '/api/admin/advisers/sam-lee', {
      cookie: admin,
      body: { slug: 'sam-lee-wealth' },
    });
    expect(renamed.status).toBe(200);
    expect((await call('GET', '/api/advisers/sam-lee')).status).toBe(200);

    const disabled = await call('POST', `/api/admin/accounts/${adviser.account!.id}/disable`, {
      cookie: admin,
    });
    expect(disabled.status).toBe(200);
    expect((await call('GET', '/api/auth/user', { cookie: sam })).status).toBe(401);
  });
});
