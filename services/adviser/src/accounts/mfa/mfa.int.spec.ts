import {
  mfaStatusSchema,
  recoveryCodesSchema,
  totpSetupSchema,
  userResponseSchema,
} from '@risk-profile/contracts';
import { describeTargets, sqlTargets } from '@risk-profile/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { adviserServerSuite, DEMO_ENV } from '../../testing/adviser-test-server';
import { PENDING_COOKIE, SESSION_COOKIE, setCookie, signInSteps } from '../../testing/sign-in-steps';
import { ACCOUNT_LOCKED_MESSAGE } from '../auth.routes';
import { LOCK_THRESHOLD, LOCK_WINDOW_MS } from '../lockout';
import { INVALID_CODE_MESSAGE } from './mfa-deps';
import { PENDING_SIGN_IN_SECONDS } from './pending-sign-in';
import { totpCode } from './totp';
import { INVALID_SIGN_IN_CODE_MESSAGE, SIGN_IN_EXPIRED_MESSAGE } from './verify-mfa.handler';

const [ADMIN, ADVISER] = DEMO_ACCOUNTS;

describeTargets(
  sqlTargets(),
  (target) => `two-step sign-in (TOTP) on ${target.name}`,
  (target) => {
    let now = new Date('2026-11-28T09:00:00.000Z');
    const suite = adviserServerSuite(target, { clock: () => now, env: DEMO_ENV });
    const server = () => suite.server;
    const steps = signInSteps(server);
    const call = (method: string, path: string, cookie?: string, body?: unknown) =>
      server().call(method, path, { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { body }) });
    /** The next step's code: time moves on 30 s, so every code a test sends is a new one. */
    const nextCode = (secret: string) => {
      now = new Date(now.getTime() + 30_000);
      return totpCode(secret, now);
    };
    const session = async (email: string, password: string) => {
      const { res, body } = await steps.password(email, password);
      expect(res.status).toBe(200);
      expect(body).toHaveProperty('user');
      return setCookie(res, SESSION_COOKIE)!;
    };
    /** Sets up and confirms an app for the account behind `cookie`: its secret and recovery codes. */
    const turnOn = async (cookie: string) => {
      const setup = totpSetupSchema.parse(
        await (await call('POST', '/api/auth/mfa/totp/setup', cookie)).json(),
      );
      const confirm = await call('POST', '/api/auth/mfa/totp/confirm', cookie, {
        code: nextCode(setup.secret),
      });
      expect(confirm.status).toBe(200);
      return { secret: setup.secret, ...recoveryCodesSchema.parse(await confirm.json()) };
    };
    const auditOf = async (userId: string) =>
      (
        await suite.sql.query<{
          event: string;
          outcome: string;
          detail: string | null;
          actor_email: string | null;
        }>('SELECT event, outcome, detail, actor_email FROM auth_audit WHERE user_id = $1 ORDER BY id', [
          userId,
        ])
      ).rows;

    let adviserId = '';
    let adviser = { secret: '', recoveryCodes: [] as string[] };
    beforeAll(async () => {
      const { body } = await steps.password(ADVISER.email, ADVISER.password);
      adviserId = userResponseSchema.parse(body).user.id;
    });

    it('gives a base32 secret and its otpauth URI, to a session only, sealed at rest and no factor until confirmed', async () => {
      expect((await call('POST', '/api/auth/mfa/totp/setup')).status).toBe(401);
      const cookie = await session(ADVISER.email, ADVISER.password);
      const res = await call('POST', '/api/auth/mfa/totp/setup', cookie);
      expect(res.status).toBe(200);
      const { secret, otpauthUri } = totpSetupSchema.parse(await res.json());
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const uri = new URL(otpauthUri);
      expect(`${uri.host}${decodeURIComponent(uri.pathname)}`).toBe(`totp/Risk Profile:${ADVISER.email}`);
      expect(uri.searchParams.get('secret')).toBe(secret);
      expect(uri.searchParams.get('issuer')).toBe('Risk Profile');
      const { rows } = await suite.sql.query<{ secret_sealed: string }>(
        'SELECT secret_sealed FROM account_totp WHERE user_id = $1',
        [adviserId],
      );
      expect(rows[0]!.secret_sealed).not.toContain(secret);
      // Not confirmed: the password alone still signs in, and the status says off.
      await session(ADVISER.email, ADVISER.password);
      expect(mfaStatusSchema.parse(await (await call('GET', '/api/auth/mfa', cookie)).json())).toEqual({
        totp: false,
        recoveryCodesLeft: 0,
        required: false,
      });
    });

    it('turns on with a current code only, answering ten recovery codes kept as hashes; the secret is never shown again', async () => {
      const cookie = await session(ADVISER.email, ADVISER.password);
      const { secret } = totpSetupSchema.parse(
        await (await call('POST', '/api/auth/mfa/totp/setup', cookie)).json(),
      );
      const wrong = await call('POST', '/api/auth/mfa/totp/confirm', cookie, { code: '000000' });
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({ error: INVALID_CODE_MESSAGE, code: 'INVALID_CODE' });
      expect((await call('POST', '/api/auth/mfa/totp/confirm', cookie, { code: '12ab' })).status).toBe(400);
      const res = await call('POST', '/api/auth/mfa/totp/confirm', cookie, { code: nextCode(secret) });
      expect(res.status).toBe(200);
      const { recoveryCodes } = recoveryCodesSchema.parse(await res.json());
      adviser = { secret, recoveryCodes };
      const stored = await suite.sql.query<{ code_hash: string }>(
        'SELECT code_hash FROM account_recovery_codes WHERE user_id = $1',
        [adviserId],
      );
      expect(stored.rows).toHaveLength(10);
      const hashes = stored.rows.map((row) => row.code_hash).join(' ');
      for (const code of recoveryCodes) expect(hashes).not.toContain(code.replace('-', ''));
      const again = await call('POST', '/api/auth/mfa/totp/setup', cookie);
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ code: 'TOTP_ALREADY_ON' });
      expect(await (await call('GET', '/api/auth/mfa', cookie)).json()).toEqual({
        totp: true,
        recoveryCodesLeft: 10,
        required: false,
      });
    });

    it('answers the right password with mfaRequired and no session, the step pending in a short-lived httpOnly cookie', async () => {
      const { res, body, pending } = await steps.password(ADVISER.email, ADVISER.password);
      expect(res.status).toBe(200);
      expect(body).toEqual({ mfaRequired: true, methods: ['totp'] });
      expect(setCookie(res, SESSION_COOKIE)).toBeUndefined();
      const header = res.headers.getSetCookie().find((value) => value.startsWith(`${PENDING_COOKIE}=`))!;
      expect(header).toContain('HttpOnly');
      expect(header).toContain('SameSite=Strict');
      expect(header).toContain(`Max-Age=${PENDING_SIGN_IN_SECONDS}`);
      // The pending step is no session.
      expect((await call('GET', '/api/auth/user', pending)).status).toBe(401);
    });

    it('signs in with the password and a code; the same code is refused a second time', async () => {
      const code = nextCode(adviser.secret);
      const first = await steps.password(ADVISER.email, ADVISER.password);
      const verified = await steps.verify(first.pending, { code });
      expect(verified.res.status).toBe(200);
      expect(userResponseSchema.parse(verified.body).user.email).toBe(ADVISER.email);
      expect((await call('GET', '/api/auth/user', verified.session)).status).toBe(200);
      const replay = await steps.verify((await steps.password(ADVISER.email, ADVISER.password)).pending, {
        code,
      });
      expect(replay.res.status).toBe(401);
      expect(replay.body).toEqual({ error: INVALID_SIGN_IN_CODE_MESSAGE, code: 'INVALID_CODE' });
    });

    it('accepts a code one step either side of now, not two', async () => {
      const { pending } = await steps.password(ADVISER.email, ADVISER.password);
      now = new Date(now.getTime() + 120_000);
      const twoBehind = totpCode(adviser.secret, new Date(now.getTime() - 60_000));
      expect((await steps.verify(pending, { code: twoBehind })).res.status).toBe(401);
      const oneBehind = totpCode(adviser.secret, new Date(now.getTime() - 30_000));
      expect((await steps.verify(pending, { code: oneBehind })).res.status).toBe(200);
      const again = await steps.password(ADVISER.email, ADVISER.password);
      const twoAhead = totpCode(adviser.secret, new Date(now.getTime() + 60_000));
      expect((await steps.verify(again.pending, { code: twoAhead })).res.status).toBe(401);
      const oneAhead = totpCode(adviser.secret, new Date(now.getTime() + 30_000));
      expect((await steps.verify(again.pending, { code: oneAhead })).res.status).toBe(200);
      now = new Date(now.getTime() + 30_000);
    });

    it('takes each recovery code once', async () => {
      const [code] = adviser.recoveryCodes as [string];
      const first = await steps.verify((await steps.password(ADVISER.email, ADVISER.password)).pending, {
        recoveryCode: code.toUpperCase(),
      });
      expect(first.res.status).toBe(200);
      const second = await steps.verify((await steps.password(ADVISER.email, ADVISER.password)).pending, {
        recoveryCode: code,
      });
      expect(second.res.status).toBe(401);
      expect(await (await call('GET', '/api/auth/mfa', first.session)).json()).toMatchObject({
        recoveryCodesLeft: 9,
      });
    });

    it('binds the step to the browser and its minutes: no cookie, a forged one or an expired one is refused', async () => {
      const code = nextCode(adviser.secret);
      const none = await steps.verify(undefined, { code });
      expect(none.res.status).toBe(401);
      expect(none.body).toEqual({ error: SIGN_IN_EXPIRED_MESSAGE, code: 'MFA_SIGN_IN_EXPIRED' });
      const forged = await steps.verify(`${PENDING_COOKIE}=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.x`, { code });
      expect(forged.res.status).toBe(401);
      const { pending } = await steps.password(ADVISER.email, ADVISER.password);
      now = new Date(now.getTime() + (PENDING_SIGN_IN_SECONDS + 30) * 1000);
      const late = await steps.verify(pending, { code: totpCode(adviser.secret, now) });
      expect(late.body).toMatchObject({ code: 'MFA_SIGN_IN_EXPIRED' });
      // A bad body is a 400, never a 500.
      expect((await steps.verify(pending, { code: 'abc' } as never)).res.status).toBe(400);
      expect(
        (await call('POST', '/api/auth/mfa/verify', pending, { code: '123456', recoveryCode: 'x' })).status,
      ).toBe(400);
    });

    it('counts wrong codes towards the lock as wrong passwords, and the right password does not clear them', async () => {
      // A sign-in clears the failures earlier tests left; then half the allowance on wrong
      // passwords, then the right one: its second step is still to come.
      await steps.withCode(ADVISER.email, ADVISER.password, nextCode(adviser.secret));
      for (let i = 0; i < LOCK_THRESHOLD / 2; i++) {
        expect((await steps.password(ADVISER.email, 'not-the-password')).res.status).toBe(401);
      }
      const { pending } = await steps.password(ADVISER.email, ADVISER.password);
      for (let i = 0; i < LOCK_THRESHOLD / 2; i++) {
        expect((await steps.verify(pending, { code: '000000' })).res.status).toBe(401);
      }
      const lastStep = async () =>
        (await suite.sql.query('SELECT last_step FROM account_totp WHERE user_id = $1', [adviserId])).rows;
      const stepBefore = await lastStep();
      const locked = await steps.verify(pending, { code: nextCode(adviser.secret) });
      expect(locked.res.status).toBe(429);
      // A locked account's right code is checked but not taken.
      expect(await lastStep()).toEqual(stepBefore);
      expect(locked.body).toMatchObject({ error: ACCOUNT_LOCKED_MESSAGE, code: 'ACCOUNT_LOCKED' });
      expect((await steps.password(ADVISER.email, ADVISER.password)).res.status).toBe(429);
      const audit = await auditOf(adviserId);
      expect(
        audit.filter((row) => row.event === 'second_factor_check' && row.outcome === 'failure'),
      ).not.toHaveLength(0);
      expect(audit.some((row) => row.event === 'account_locked')).toBe(true);
      now = new Date(now.getTime() + LOCK_WINDOW_MS);
      await steps.withCode(ADVISER.email, ADVISER.password, nextCode(adviser.secret));
    });

    it('turns off only with a current code; then the password alone signs in again', async () => {
      const cookie = await steps.withCode(ADVISER.email, ADVISER.password, nextCode(adviser.secret));
      expect((await call('POST', '/api/auth/mfa/totp/disable', cookie, { code: '000000' })).status).toBe(400);
      const off = await call('POST', '/api/auth/mfa/totp/disable', cookie, {
        code: nextCode(adviser.secret),
      });
      expect(off.status).toBe(200);
      await session(ADVISER.email, ADVISER.password);
      const again = await call('POST', '/api/auth/mfa/totp/disable', cookie, {
        code: nextCode(adviser.secret),
      });
      expect(again.status).toBe(409);
      expect((await auditOf(adviserId)).map((row) => row.event)).toEqual(
        expect.arrayContaining(['totp_enabled', 'totp_disabled', 'session_started', 'second_factor_check']),
      );
    });

    it('asks the administrator for a code at /api/admin/login too, and lets them reset (never read) another account’s factor', async () => {
      const adminCookie = await session(ADMIN.email, ADMIN.password);
      const admin = await turnOn(adminCookie);
      const first = await steps.password(ADMIN.email, ADMIN.password, '/api/admin/login');
      expect(first.body).toEqual({ mfaRequired: true, methods: ['totp'] });
      const verified = await steps.verify(first.pending, { code: nextCode(admin.secret) });
      expect((await call('GET', '/api/admin/me', verified.session)).status).toBe(200);
      const adminSession = verified.session!;

      const adviserCookie = await session(ADVISER.email, ADVISER.password);
      adviser = { ...(await turnOn(adviserCookie)) };
      const adviserSession = await steps.withCode(ADVISER.email, ADVISER.password, nextCode(adviser.secret));
      const reset = await call('POST', `/api/admin/accounts/${adviserId}/reset-second-factor`, adminSession);
      expect(reset.status).toBe(200);
      expect(JSON.stringify(await reset.json())).not.toContain(adviser.secret);
      // Its sessions ended at once; its password alone signs in again.
      expect((await call('GET', '/api/auth/user', adviserSession)).status).toBe(401);
      await session(ADVISER.email, ADVISER.password);
      expect(
        (await call('POST', `/api/admin/accounts/${adviserId}/reset-second-factor`, adminSession)).status,
      ).toBe(409);
      const ownId = ((await (await call('GET', '/api/admin/me', adminSession)).json()) as { id: string }).id;
      const self = await call('POST', `/api/admin/accounts/${ownId}/reset-second-factor`, adminSession);
      expect(self.status).toBe(422);
      const accounts = (await (await call('GET', '/api/admin/accounts', adminSession)).json()) as {
        accounts: { email: string; secondFactor: boolean }[];
      };
      expect(accounts.accounts.find((account) => account.email === ADMIN.email)?.secondFactor).toBe(true);
      expect(accounts.accounts.find((account) => account.email === ADVISER.email)?.secondFactor).toBe(false);
      const resetAudit = (await auditOf(adviserId)).filter((row) => row.event === 'second_factor_reset');
      expect(resetAudit).toEqual([expect.objectContaining({ outcome: 'success', actor_email: ADMIN.email })]);
      expect(
        (await call('POST', `/api/admin/accounts/${adviserId}/reset-second-factor`, adviserCookie)).status,
      ).toBe(401);
    });

    it('writes no secret and no code into the audit trail', async () => {
      const { rows } = await suite.sql.query<{ detail: string | null }>('SELECT detail FROM auth_audit');
      const text = rows.map((row) => row.detail ?? '').join('\n');
      expect(text).not.toContain(adviser.secret);
      for (const code of adviser.recoveryCodes) expect(text).not.toContain(code);
    });
  },
);
