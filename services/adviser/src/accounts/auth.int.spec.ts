import { errorBodySchema, userResponseSchema, userSchema } from '@risk-profile/contracts';
import { PgliteSqlClient, type SqlClient } from '@risk-profile/platform';
import { capturingLogger, describeTargets, eventually, sqlTargets } from '@risk-profile/platform/testing';
import bcrypt from 'bcrypt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNTS } from '../demo/seed';
import { type AdviserTestServer, startAdviserServer } from '../testing/adviser-test-server';
import { ACCOUNT_LOCKED_MESSAGE, SIGN_IN_REFUSED_MESSAGE } from './auth.routes';
import { accountManager } from './manage-accounts';

const [ADMIN, ADVISER] = DEMO_ACCOUNTS;
const WRONG = 'not-the-password';

describeTargets(
  sqlTargets(),
  (target) => `sign-in and sessions on ${target.name}`,
  (target) => {
    let sql: SqlClient;
    let server: AdviserTestServer;
    const log = capturingLogger();

    beforeAll(async () => {
      sql = await target.open();
      // As behind a gateway on this host, so each test can speak from its own client address.
      server = await startAdviserServer(sql, {
        env: { DEMO_DATA: 'true', TRUST_PROXY: 'loopback', LOGIN_RATE_LIMIT_PER_MINUTE: '10' },
        logger: log.logger,
      });
    });
    afterAll(async () => {
      await server?.stop();
      await sql?.close();
    });

    let ipCounter = 1;
    const freshIp = () => `198.51.100.${ipCounter++}`;
    const login = (email: string, password: string, path = '/api/auth/login', ip = freshIp()) =>
      server.post(path, { email, password }, { 'x-forwarded-for': ip });
    const cookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    const get = (path: string, cookie?: string) =>
      fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} });

    it('signs an adviser in with an httpOnly, SameSite=Lax session cookie for 24 hours', async () => {
      const res = await login(ADVISER.email, ADVISER.password);
      expect(res.status).toBe(200);
      const { user } = userResponseSchema.parse(await res.json());
      expect(user).toMatchObject({
        email: ADVISER.email,
        role: 'adviser',
        name: 'Alex Morgan',
        adviserSlug: 'demo-adviser',
      });
      const setCookie = res.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(/^rp_session=[\w-]+\.[\w-]+\.[\w-]+;/);
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Lax');
      expect(setCookie).toContain('Path=/');
      expect(setCookie).toContain('Max-Age=86400');
      expect(setCookie).not.toContain('Secure');
      const me = await get('/api/auth/user', cookieOf(res));
      expect(me.status).toBe(200);
      expect(userSchema.parse(await me.json())).toEqual(user);
    });

    it('accepts the email in any case', async () => {
      expect((await login(ADMIN.email.toUpperCase(), ADMIN.password)).status).toBe(200);
    });

    it('answers 401 to the current-user call without a session, or with a forged one', async () => {
      expect((await get('/api/auth/user')).status).toBe(401);
      expect((await get('/api/auth/user', 'rp_session=eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.')).status).toBe(
        401,
      );
    });

    it('gives one message and status for an unknown email and a wrong password', async () => {
      const unknown = await login('nobody@example.com', WRONG);
      const wrong = await login(ADVISER.email, WRONG);
      expect(unknown.status).toBe(401);
      expect(wrong.status).toBe(401);
      const bodies = [errorBodySchema.parse(await unknown.json()), errorBodySchema.parse(await wrong.json())];
      expect(bodies[0]).toEqual(bodies[1]);
      expect(bodies[0]!.error).toBe(SIGN_IN_REFUSED_MESSAGE);
    });

    it('lets only administrators sign in at the admin login, and refuses an adviser like a wrong password', async () => {
      const adviser = await login(ADVISER.email, ADVISER.password, '/api/admin/login');
      expect(adviser.status).toBe(401);
      expect(errorBodySchema.parse(await adviser.json()).error).toBe(SIGN_IN_REFUSED_MESSAGE);
      const admin = await login(ADMIN.email, ADMIN.password, '/api/admin/login');
      expect(admin.status).toBe(200);
      const me = await get('/api/admin/me', cookieOf(admin));
      expect(me.status).toBe(200);
      expect(userSchema.parse(await me.json())).toMatchObject({ role: 'admin' });
    });

    it('answers the admin check 401 without a session and 403 for an adviser', async () => {
      expect((await get('/api/admin/me')).status).toBe(401);
      const adviser = cookieOf(await login(ADVISER.email, ADVISER.password));
      expect((await get('/api/admin/me', adviser)).status).toBe(403);
    });

    it('ends the session on logout: the same cookie replayed is refused', async () => {
      const cookie = cookieOf(await login(ADVISER.email, ADVISER.password));
      const out = await server.post('/api/auth/logout', '', { cookie });
      expect(out.status).toBe(200);
      expect(await out.json()).toEqual({ message: 'Logged out' });
      expect(out.headers.get('set-cookie')).toMatch(/^rp_session=; Max-Age=0/);
      expect((await get('/api/auth/user', cookie)).status).toBe(401);
    });

    it('logs out without a session too', async () => {
      const out = await server.post('/api/admin/logout', '');
      expect(out.status).toBe(200);
      expect(await out.json()).toEqual({ message: 'Logged out' });
    });

    it('refuses a state-changing request with a session cookie from another origin', async () => {
      const cookie = cookieOf(await login(ADVISER.email, ADVISER.password));
      const res = await server.post('/api/auth/logout', '', { cookie, origin: 'https://evil.example' });
      expect(res.status).toBe(403);
      expect((await get('/api/auth/user', cookie)).status).toBe(200);
      const same = await server.post('/api/auth/logout', '', { cookie, origin: server.url });
      expect(same.status).toBe(200);
    });

    it('ends every session of an account that is disabled or has its password reset', async () => {
      const accounts = accountManager(sql, () => new Date());
      await accounts.create({
        role: 'admin',
        email: 'ops@example.com',
        name: 'Ops',
        password: 'correct horse battery',
      });
      const first = cookieOf(await login('ops@example.com', 'correct horse battery'));
      await accounts.resetPassword('ops@example.com', 'a new long passphrase');
      // Within the revocation cache's 2 s.
      await eventually(async () => expect((await get('/api/auth/user', first)).status).toBe(401), 5_000);
      expect((await login('ops@example.com', 'correct horse battery')).status).toBe(401);
      const second = cookieOf(await login('ops@example.com', 'a new long passphrase'));
      await accounts.setDisabled('ops@example.com', true);
      // Within the revocation cache's 2 s.
      await eventually(async () => expect((await get('/api/auth/user', second)).status).toBe(401), 5_000);
      expect((await login('ops@example.com', 'a new long passphrase')).status).toBe(401);
      await accounts.setDisabled('ops@example.com', false);
      expect((await login('ops@example.com', 'a new long passphrase')).status).toBe(200);
    });

    it('locks an account after 10 failures for every address, even for the right password', async () => {
      const accounts = accountManager(sql, () => new Date());
      await accounts.create({
        role: 'admin',
        email: 'target@example.com',
        name: 'Target',
        password: 'the real passphrase',
      });
      for (let attempt = 0; attempt < 10; attempt++) {
        expect((await login('target@example.com', WRONG)).status).toBe(401);
      }
      const locked = await login('target@example.com', 'the real passphrase');
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
      expect(errorBodySchema.parse(await locked.json()).error).toBe(ACCOUNT_LOCKED_MESSAGE);
      const { rows } = await sql.query<{ event: string; outcome: string }>(
        `SELECT event, outcome FROM auth_audit WHERE email = 'target@example.com' ORDER BY id`,
      );
      expect(rows.filter((row) => row.outcome === 'failure')).toHaveLength(10);
      expect(rows.some((row) => row.event === 'account_locked')).toBe(true);
      expect(rows.at(-1)).toEqual({ event: 'login', outcome: 'refused' });
    });

    it('checks at most 10 passwords of a burst of 30 parallel wrong ones from 30 addresses, then stays locked', async () => {
      const accounts = accountManager(sql, () => new Date());
      await accounts.create({
        role: 'admin',
        email: 'burst@example.com',
        name: 'Burst',
        password: 'the burst passphrase',
      });
      const compare = vi.spyOn(bcrypt, 'compare');
      try {
        const burst = Promise.all(
          Array.from({ length: 30 }, () => login('burst@example.com', `${WRONG}-burst`)),
        );
        // The right password follows while the burst is still being answered, once its attempts
        // have been counted (a fixed pause may end before they all arrive on a busy machine).
        for (let counted = 0; counted < 10; ) {
          await new Promise((resolve) => setTimeout(resolve, 10));
          const { rows } = await sql.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM login_failures WHERE email_key = $1',
            ['burst@example.com'],
          );
          counted = rows[0]!.n;
        }
        // Another account's genuine sign-in is answered at once, not queued behind the burst.
        const started = Date.now();
        const other = await login(ADMIN.email, ADMIN.password);
        const otherMs = Date.now() - started;
        const right = await login('burst@example.com', 'the burst passphrase');
        const statuses = (await burst).map((res) => res.status);
        expect(otherMs).toBeLessThan(6_000);
        expect([200, 503]).toContain(other.status);
        if (other.status === 503) expect(Number(other.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(right.status).toBe(429);
        expect(errorBodySchema.parse(await right.json()).code).toBe('ACCOUNT_LOCKED');
        expect(statuses).not.toContain(200);
        expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(20);
        const checked = compare.mock.calls.filter(([password]) => password === `${WRONG}-burst`);
        expect(checked.length).toBeGreaterThan(0);
        expect(checked.length).toBeLessThanOrEqual(10);
        expect(compare.mock.calls.some(([password]) => password === 'the burst passphrase')).toBe(false);
        // Once the burst has settled, the right password is still refused.
        expect((await login('burst@example.com', 'the burst passphrase')).status).toBe(429);
      } finally {
        compare.mockRestore();
      }
    });

    it('lets a later success clear the attempts refused as busy, so they never lock a genuine user', async () => {
      const accounts = accountManager(sql, () => new Date());
      await accounts.create({
        role: 'admin',
        email: 'busy@example.com',
        name: 'Busy',
        password: 'the busy passphrase',
      });
      const statuses = (
        await Promise.all(Array.from({ length: 8 }, () => login('busy@example.com', 'the busy passphrase')))
      ).map((res) => res.status);
      expect(statuses).toContain(503);
      expect(statuses).toContain(200);
      const { rows } = await sql.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM login_failures WHERE email_key = $1',
        ['busy@example.com'],
      );
      expect(rows[0]!.n).toBe(0);
    });

    it('limits sign-in attempts per client address', async () => {
      const ip = freshIp();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt++) {
        statuses.push((await login(`someone${attempt}@example.com`, WRONG, '/api/auth/login', ip)).status);
      }
      expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
    });

    it('writes no password and no session token to any log line', async () => {
      const res = await login(ADVISER.email, ADVISER.password);
      const token = cookieOf(res).split('=')[1]!;
      await login(ADVISER.email, 'a-secret-wrong-password');
      const text = log.text();
      expect(text.length).toBeGreaterThan(0);
      for (const secret of [ADVISER.password, ADMIN.password, 'a-secret-wrong-password', token]) {
        expect(text).not.toContain(secret);
      }
    });
  },
);

describe('an https site', () => {
  it('sets a Secure, __Host- prefixed cookie', async () => {
    const sql = await PgliteSqlClient.open();
    const server = await startAdviserServer(sql, {
      env: { DEMO_DATA: 'true', PUBLIC_URL: 'https://risk.example' },
    });
    try {
      const res = await server.post('/api/auth/login', { email: ADMIN.email, password: ADMIN.password });
      expect(res.status).toBe(200);
      const setCookie = res.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(/^__Host-rp_session=/);
      expect(setCookie).toContain('Secure');
      expect(setCookie).not.toContain('Domain');
    } finally {
      await server.stop();
      await sql.close();
    }
  });
});
