import { accountSessionListSchema } from '@risk-profile/contracts';
import { describeTargets, sqlTargets } from '@risk-profile/platform/testing';
import { expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { adviserServerSuite, DEMO_ENV } from '../../testing/adviser-test-server';
import { SESSION_COOKIE, setCookie } from '../../testing/sign-in-steps';
import { SESSION_NOT_FOUND_MESSAGE } from './end-session.handler';

const [ADMIN, ADVISER, ANALYST] = DEMO_ACCOUNTS;
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148';
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0';

describeTargets(
  sqlTargets(),
  (target) => `the sessions a person can see on ${target.name}`,
  (target) => {
    const suite = adviserServerSuite(target, { env: { ...DEMO_ENV, TRUST_PROXY: 'loopback' } });
    const signIn = async (email: string, password: string, userAgent: string, ip: string) => {
      const res = await fetch(`${suite.server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': userAgent, 'x-forwarded-for': ip },
        body: JSON.stringify({ email, password }),
      });
      expect(res.status).toBe(200);
      return setCookie(res, SESSION_COOKIE)!;
    };
    const call = (method: string, path: string, cookie: string) =>
      suite.server.call(method, path, { cookie });
    const list = async (cookie: string) => {
      const res = await call('GET', '/api/auth/sessions', cookie);
      expect(res.status).toBe(200);
      return accountSessionListSchema.parse(await res.json()).sessions;
    };
    const idOf = async (cookie: string) => (await list(cookie)).find((session) => session.current)!.id;

    it('lists the account’s own sessions: when, from where, which device, how, the current one marked', async () => {
      expect((await fetch(`${suite.server.url}/api/auth/sessions`)).status).toBe(401);
      const phone = await signIn(ADVISER.email, ADVISER.password, PHONE, '203.0.113.7');
      const laptop = await signIn(ADVISER.email, ADVISER.password, LAPTOP, '198.51.100.20');
      await signIn(ANALYST.email, ANALYST.password, LAPTOP, '198.51.100.21');
      const sessions = await list(laptop);
      expect(
        sessions.map(({ ip, userAgent, method, current }) => ({ ip, userAgent, method, current })),
      ).toEqual([
        { ip: '198.51.100.20', userAgent: LAPTOP, method: 'password', current: true },
        { ip: '203.0.113.7', userAgent: PHONE, method: 'password', current: false },
      ]);
      expect((await list(phone)).find((session) => session.current)?.userAgent).toBe(PHONE);
    });

    it('ends one session at once, and only the account’s own', async () => {
      const phone = await signIn(ADVISER.email, ADVISER.password, PHONE, '203.0.113.8');
      const laptop = await signIn(ADVISER.email, ADVISER.password, LAPTOP, '198.51.100.22');
      const analyst = await signIn(ANALYST.email, ANALYST.password, LAPTOP, '198.51.100.23');
      const phoneId = await idOf(phone);
      // Another account's session, an unknown id and a malformed one are all not found.
      for (const id of [phoneId, crypto.randomUUID(), 'not-a-session']) {
        const res = await call('DELETE', `/api/auth/sessions/${id}`, analyst);
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({ error: SESSION_NOT_FOUND_MESSAGE });
      }
      expect((await call('GET', '/api/auth/user', phone)).status).toBe(200);
      const ended = await call('DELETE', `/api/auth/sessions/${phoneId}`, laptop);
      expect(ended.status).toBe(200);
      expect((await call('GET', '/api/auth/user', phone)).status).toBe(401);
      expect((await list(laptop)).map((session) => session.id)).not.toContain(phoneId);
      expect((await call('DELETE', `/api/auth/sessions/${phoneId}`, laptop)).status).toBe(404);
      const audit = await suite.sql.query<{ event: string; detail: string }>(
        `SELECT event, detail FROM auth_audit WHERE event = 'session_ended' ORDER BY id`,
      );
      expect(audit.rows).toEqual([{ event: 'session_ended', detail: `session ${phoneId}` }]);
    });

    it('signs this browser out when it ends its own session, and drops a logged-out one from the list', async () => {
      const laptop = await signIn(ADVISER.email, ADVISER.password, LAPTOP, '198.51.100.24');
      const other = await signIn(ADVISER.email, ADVISER.password, LAPTOP, '198.51.100.25');
      const otherId = await idOf(other);
      expect((await call('POST', '/api/auth/logout', other)).status).toBe(200);
      expect((await list(laptop)).map((session) => session.id)).not.toContain(otherId);
      const res = await call('DELETE', `/api/auth/sessions/${await idOf(laptop)}`, laptop);
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toContain('Max-Age=0');
      expect((await call('GET', '/api/auth/user', laptop)).status).toBe(401);
    });

    it('ends every session of an account an administrator disables', async () => {
      const admin = await signIn(ADMIN.email, ADMIN.password, LAPTOP, '198.51.100.30');
      const first = await signIn(ANALYST.email, ANALYST.password, PHONE, '203.0.113.30');
      const second = await signIn(ANALYST.email, ANALYST.password, LAPTOP, '198.51.100.31');
      const analystId = ((await (await call('GET', '/api/auth/user', first)).json()) as { id: string }).id;
      expect(await list(second)).toHaveLength(4);
      expect((await call('POST', `/api/admin/accounts/${analystId}/disable`, admin)).status).toBe(200);
      for (const cookie of [first, second])
        expect((await call('GET', '/api/auth/user', cookie)).status).toBe(401);
      expect((await call('POST', `/api/admin/accounts/${analystId}/enable`, admin)).status).toBe(200);
      const fresh = await signIn(ANALYST.email, ANALYST.password, LAPTOP, '198.51.100.32');
      expect(await list(fresh)).toEqual([expect.objectContaining({ current: true, ip: '198.51.100.32' })]);
    });
  },
);
