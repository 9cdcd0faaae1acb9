import { ANALYST_CREDENTIALS_PATH, recoveryCodesSchema, totpSetupSchema } from '@risk-profile/contracts';
import { MFA_SETUP_REQUIRED_MESSAGE } from '@risk-profile/platform';
import { describeTargets, sqlTargets } from '@risk-profile/platform/testing';
import { expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { adviserServerSuite, DEMO_ENV } from '../../testing/adviser-test-server';
import { SESSION_COOKIE, setCookie, signInSteps } from '../../testing/sign-in-steps';
import { MFA_REQUIRED_BY_POLICY_MESSAGE } from './disable-totp.handler';
import { PASSWORD_ALONE_REFUSED_MESSAGE } from './password-alone';
import { totpCode } from './totp';

const [ADMIN, ADVISER, ANALYST] = DEMO_ACCOUNTS;
const SETUP_REQUIRED = { error: MFA_SETUP_REQUIRED_MESSAGE, code: 'MFA_SETUP_REQUIRED' };

describeTargets(
  sqlTargets(),
  (target) => `MFA_REQUIRED_ROLES on ${target.name}`,
  (target) => {
    let now = new Date('2026-11-28T09:00:00.000Z');
    const suite = adviserServerSuite(target, {
      clock: () => now,
      env: { ...DEMO_ENV, MFA_REQUIRED_ROLES: 'admin,analyst' },
    });
    const steps = signInSteps(() => suite.server);
    const call = (method: string, path: string, cookie: string, body?: unknown) =>
      suite.server.call(method, path, { cookie, ...(body === undefined ? {} : { body }) });

    it('signs a required role without a factor in only to set one up: everything else answers 403 MFA_SETUP_REQUIRED', async () => {
      const { res, body } = await steps.password(ADMIN.email, ADMIN.password, '/api/admin/login');
      expect(res.status).toBe(200);
      expect(body).toMatchObject({ user: { email: ADMIN.email }, mfaSetupRequired: true });
      const cookie = setCookie(res, SESSION_COOKIE)!;
      for (const path of ['/api/auth/user', '/api/admin/me', '/api/admin/accounts', '/api/auth/sessions']) {
        const refused = await call('GET', path, cookie);
        expect(refused.status, path).toBe(403);
        expect(await refused.json()).toEqual(SETUP_REQUIRED);
      }
      expect(
        (await call('POST', '/api/admin/analysts', cookie, { name: 'X', email: 'x@example.com' })).status,
      ).toBe(403);
      expect(await (await call('GET', '/api/auth/mfa', cookie)).json()).toEqual({
        totp: false,
        recoveryCodesLeft: 0,
        required: true,
      });
    });

    it('gives a full session once the factor is confirmed, and ends the limited one', async () => {
      const { res } = await steps.password(ANALYST.email, ANALYST.password);
      const limited = setCookie(res, SESSION_COOKIE)!;
      const { secret } = totpSetupSchema.parse(
        await (await call('POST', '/api/auth/mfa/totp/setup', limited)).json(),
      );
      now = new Date(now.getTime() + 30_000);
      const confirmed = await call('POST', '/api/auth/mfa/totp/confirm', limited, {
        code: totpCode(secret, now),
      });
      expect(confirmed.status).toBe(200);
      recoveryCodesSchema.parse(await confirmed.json());
      const full = setCookie(confirmed, SESSION_COOKIE)!;
      expect((await call('GET', '/api/auth/user', full)).status).toBe(200);
      expect((await call('GET', '/api/auth/mfa', limited)).status).toBe(401);
      // From now on the account signs in with its code, and cannot turn it off.
      now = new Date(now.getTime() + 30_000);
      const next = await steps.withCode(ANALYST.email, ANALYST.password, totpCode(secret, now));
      now = new Date(now.getTime() + 30_000);
      const off = await call('POST', '/api/auth/mfa/totp/disable', next, { code: totpCode(secret, now) });
      expect(off.status).toBe(409);
      expect(await off.json()).toEqual({
        error: MFA_REQUIRED_BY_POLICY_MESSAGE,
        code: 'MFA_REQUIRED_BY_POLICY',
      });
    });

    it('refuses the password alone at /clickhouse for such a role: its tools use an API token', async () => {
      const res = await suite.server.post(ANALYST_CREDENTIALS_PATH, {
        kind: 'password',
        email: ANALYST.email,
        password: ANALYST.password,
        ip: '203.0.113.9',
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        error: PASSWORD_ALONE_REFUSED_MESSAGE,
        code: 'SECOND_FACTOR_REQUIRED',
      });
    });

    it('leaves roles it does not name signing in with a password alone', async () => {
      const { res, body } = await steps.password(ADVISER.email, ADVISER.password);
      expect(body).not.toHaveProperty('mfaSetupRequired');
      expect((await call('GET', '/api/auth/user', setCookie(res, SESSION_COOKIE)!)).status).toBe(200);
    });
  },
);
