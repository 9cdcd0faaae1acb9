import { mfaStatusSchema, passkeyListSchema, totpSetupSchema } from '@risk-profile/contracts';
import { describeTargets, sqlTargets } from '@risk-profile/platform/testing';
import { expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { adviserServerSuite, DEMO_ENV, TEST_PUBLIC_URL } from '../../testing/adviser-test-server';
import { passkeySteps, softAuthenticator } from '../../testing/passkey-steps';
import { SESSION_COOKIE, setCookie, signInSteps } from '../../testing/sign-in-steps';
import { MFA_REQUIRED_BY_POLICY_MESSAGE } from './disable-totp.handler';
import { TOTP_DISABLED_MESSAGE } from './disable-totp.route';
import { totpCode } from './totp';

const [ADMIN] = DEMO_ACCOUNTS;
const REQUIRED_BY_POLICY = { error: MFA_REQUIRED_BY_POLICY_MESSAGE, code: 'MFA_REQUIRED_BY_POLICY' };

describeTargets(
  sqlTargets(),
  (target) => `the last second factor of a role that requires one, on ${target.name}`,
  (target) => {
    let now = new Date('2026-11-28T09:00:00.000Z');
    const suite = adviserServerSuite(target, {
      clock: () => now,
      env: { ...DEMO_ENV, MFA_REQUIRED_ROLES: 'admin' },
    });
    const steps = signInSteps(() => suite.server);
    const passkeys = passkeySteps(() => suite.server);
    const call = async (method: string, path: string, cookie: string, body?: unknown) => {
      const res = await suite.server.call(method, path, { cookie, ...(body === undefined ? {} : { body }) });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    /** A code of a step no request has used yet. */
    const nextCode = (secret: string) => {
      now = new Date(now.getTime() + 30_000);
      return totpCode(secret, now);
    };
    const statusOf = async (cookie: string) =>
      mfaStatusSchema.parse((await call('GET', '/api/auth/mfa', cookie)).body);
    const passkeysOf = async (cookie: string) =>
      passkeyListSchema.parse((await call('GET', '/api/auth/passkeys', cookie)).body).passkeys;
    const turnOnApp = async (cookie: string) => {
      const { secret } = totpSetupSchema.parse((await call('POST', '/api/auth/mfa/totp/setup', cookie)).body);
      const confirmed = await suite.server.call('POST', '/api/auth/mfa/totp/confirm', {
        cookie,
        body: { code: nextCode(secret) },
      });
      expect(confirmed.status).toBe(200);
      return { secret, session: setCookie(confirmed, SESSION_COOKIE) ?? cookie };
    };
    const auditOf = async (event: string) =>
      (
        await suite.sql.query<{ outcome: string }>(
          'SELECT outcome FROM auth_audit WHERE event = $1 AND email = $2 ORDER BY at, id',
          [event, ADMIN.email],
        )
      ).rows.map((row) => row.outcome);

    let session = '';
    let secret = '';
    const device = softAuthenticator(TEST_PUBLIC_URL);

    it('keeps the app of a role that requires a second factor while it is the only one, counting no code', async () => {
      const { res } = await steps.password(ADMIN.email, ADMIN.password, '/api/admin/login');
      ({ secret, session } = await turnOnApp(setCookie(res, SESSION_COOKIE)!));
      const failuresBefore = await auditOf('second_factor_check');
      expect(await call('POST', '/api/auth/mfa/totp/disable', session, { code: nextCode(secret) })).toEqual({
        status: 409,
        body: REQUIRED_BY_POLICY,
      });
      // Refused before the code is checked: a refusal the holder cannot help counts nothing.
      expect(await auditOf('second_factor_check')).toEqual(failuresBefore);
      expect(await statusOf(session)).toMatchObject({ totp: true, required: true });
    });

    it('lets the app go while a passkey remains, which then signs in as the second factor', async () => {
      await passkeys.register(device, session, 'Office key');
      expect(await call('POST', '/api/auth/mfa/totp/disable', session, { code: '000000' })).toMatchObject({
        status: 400,
        body: { code: 'INVALID_CODE' },
      });
      expect(await call('POST', '/api/auth/mfa/totp/disable', session, { code: nextCode(secret) })).toEqual({
        status: 200,
        body: { message: TOTP_DISABLED_MESSAGE },
      });
      expect(await statusOf(session)).toMatchObject({ totp: false, recoveryCodesLeft: 0, required: true });
      expect(await auditOf('totp_disabled')).toEqual(['success']);
      expect((await steps.password(ADMIN.email, ADMIN.password, '/api/admin/login')).body).toEqual({
        mfaRequired: true,
        methods: ['passkey'],
      });
    });

    it('keeps the last passkey while the app is off, and lets it go once the app is back on', async () => {
      const [passkey] = await passkeysOf(session);
      expect(await call('DELETE', `/api/auth/passkeys/${passkey!.id}`, session)).toMatchObject({
        status: 409,
        body: { code: 'MFA_REQUIRED_BY_POLICY' },
      });
      ({ secret, session } = await turnOnApp(session));
      expect((await call('DELETE', `/api/auth/passkeys/${passkey!.id}`, session)).status).toBe(200);
      expect(await passkeysOf(session)).toEqual([]);
      // The app is the only factor again: it stays.
      expect(await call('POST', '/api/auth/mfa/totp/disable', session, { code: nextCode(secret) })).toEqual({
        status: 409,
        body: REQUIRED_BY_POLICY,
      });
      expect((await steps.password(ADMIN.email, ADMIN.password, '/api/admin/login')).body).toEqual({
        mfaRequired: true,
        methods: ['totp'],
      });
    });
  },
);
