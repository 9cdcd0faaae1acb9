import { passkeyListSchema, userSchema } from '@risk-profile/contracts';
import { describeTargets, sqlTargets } from '@risk-profile/platform/testing';
import { expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { adviserServerSuite, DEMO_ENV, TEST_PUBLIC_URL } from '../../testing/adviser-test-server';
import { passkeySteps, softAuthenticator } from '../../testing/passkey-steps';
import { SESSION_COOKIE, setCookie, signInSteps } from '../../testing/sign-in-steps';

const [ADMIN, ADVISER, ANALYST] = DEMO_ACCOUNTS;
const SIGN_IN = '/api/auth/passkeys/sign-in';

describeTargets(
  sqlTargets(),
  (target) => `passkeys: removal, policy, reset and disable on ${target.name}`,
  (target) => {
    const suite = adviserServerSuite(target, {
      clock: () => new Date('2026-11-28T09:00:00.000Z'),
      env: { ...DEMO_ENV, MFA_REQUIRED_ROLES: 'admin' },
    });
    const server = () => suite.server;
    const steps = signInSteps(server);
    const passkeys = passkeySteps(server);
    const session = async (email: string, password: string, path?: string) => {
      const { res, body } = await steps.password(email, password, path);
      expect(res.status).toBe(200);
      return { cookie: setCookie(res, SESSION_COOKIE)!, body };
    };
    const listOf = async (cookie: string) =>
      passkeyListSchema.parse(await (await passkeys.call('GET', '/api/auth/passkeys', cookie)).json())
        .passkeys;
    const remove = async (cookie: string, id: string) => {
      const res = await passkeys.call('DELETE', `/api/auth/passkeys/${id}`, cookie);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const signInWith = async (device: ReturnType<typeof softAuthenticator>, page?: 'admin') => {
      const { options, challenge } = await passkeys.assertionOptions(`${SIGN_IN}/options`, undefined, {
        page,
      });
      return passkeys.verify(`${SIGN_IN}/verify`, [challenge], device.assert(options!));
    };

    /** The demo adviser signed in with a password, and a passkey of theirs on a new device. */
    const adviserWithPasskey = async (name: string) => {
      const adviser = await session(ADVISER.email, ADVISER.password);
      const { passkey } = await passkeys.register(softAuthenticator(TEST_PUBLIC_URL), adviser.cookie, name);
      return { adviser, passkey };
    };

    const adminDevice = softAuthenticator(TEST_PUBLIC_URL);
    let adminSession = '';
    const idOf = async (cookie: string) =>
      userSchema.parse(await (await passkeys.call('GET', '/api/auth/user', cookie)).json()).id;

    it('lets an administrator who must have a second factor enrol a passkey, which gives a full session', async () => {
      const limited = await session(ADMIN.email, ADMIN.password, '/api/admin/login');
      expect(limited.body).toMatchObject({ mfaSetupRequired: true });
      expect((await passkeys.call('GET', '/api/admin/me', limited.cookie)).status).toBe(403);
      const { session: full } = await passkeys.register(adminDevice, limited.cookie, 'Office key');
      adminSession = full!;
      expect((await passkeys.call('GET', '/api/admin/me', adminSession)).status).toBe(200);
      expect((await passkeys.call('GET', '/api/auth/user', limited.cookie)).status).toBe(401);
      expect((await steps.password(ADMIN.email, ADMIN.password, '/api/admin/login')).body).toEqual({
        mfaRequired: true,
        methods: ['passkey'],
      });
    });

    it('keeps the last second factor of a role that must have one, and lets one of two go', async () => {
      const [first] = await listOf(adminSession);
      const refused = await remove(adminSession, first!.id);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('MFA_REQUIRED_BY_POLICY');
      const spare = softAuthenticator(TEST_PUBLIC_URL);
      const { passkey: second } = await passkeys.register(spare, adminSession, 'Spare key');
      expect((await remove(adminSession, first!.id)).status).toBe(200);
      expect((await remove(adminSession, second.id)).body.code).toBe('MFA_REQUIRED_BY_POLICY');
      expect((await listOf(adminSession)).map((passkey) => passkey.name)).toEqual(['Spare key']);
      // The removed passkey no longer signs in; the one kept does.
      expect((await signInWith(adminDevice, 'admin')).res.status).toBe(401);
      expect((await signInWith(spare, 'admin')).res.status).toBe(200);
    });

    it('refuses to remove another account’s passkey or an id that names none (404)', async () => {
      const adviser = await session(ADVISER.email, ADVISER.password);
      expect((await remove(adviser.cookie, 'not-an-id')).status).toBe(404);
      const [adminPasskey] = await listOf(adminSession);
      const other = await remove(adviser.cookie, adminPasskey!.id);
      expect(other.status).toBe(404);
      expect(other.body.error).toBe('No such passkey on your account.');
    });

    it('lets an account whose role needs no second factor remove its last passkey (its password remains)', async () => {
      const { adviser, passkey } = await adviserWithPasskey('Phone');
      expect(await remove(adviser.cookie, passkey.id)).toEqual({
        status: 200,
        body: { message: 'Passkey removed.' },
      });
      expect(await listOf(adviser.cookie)).toEqual([]);
      expect((await steps.password(ADVISER.email, ADVISER.password)).body).toHaveProperty('user');
    });

    it('has an administrator’s reset of the second factor remove the passkeys', async () => {
      const adviser = await session(ADVISER.email, ADVISER.password);
      const device = softAuthenticator(TEST_PUBLIC_URL);
      await passkeys.register(device, adviser.cookie, 'Laptop');
      const adviserId = await idOf(adviser.cookie);
      const reset = await passkeys.call(
        'POST',
        `/api/admin/accounts/${adviserId}/reset-second-factor`,
        adminSession,
      );
      expect(reset.status).toBe(200);
      expect((await passkeys.call('GET', '/api/auth/user', adviser.cookie)).status).toBe(401);
      expect((await signInWith(device)).body.code).toBe('PASSKEY_REFUSED');
      expect((await steps.password(ADVISER.email, ADVISER.password)).body).toHaveProperty('user');
      const again = await passkeys.call(
        'POST',
        `/api/admin/accounts/${adviserId}/reset-second-factor`,
        adminSession,
      );
      expect(again.status).toBe(409);
    });

    it('signs a disabled account in with no passkey', async () => {
      const analyst = await session(ANALYST!.email, ANALYST!.password);
      const device = softAuthenticator(TEST_PUBLIC_URL);
      await passkeys.register(device, analyst.cookie, 'Analyst key');
      const analystId = await idOf(analyst.cookie);
      expect(
        (await passkeys.call('POST', `/api/admin/accounts/${analystId}/disable`, adminSession)).status,
      ).toBe(200);
      const refused = await signInWith(device);
      expect(refused.res.status).toBe(401);
      expect(refused.body.code).toBe('ACCOUNT_DISABLED');
      expect(refused.session).toBeUndefined();
    });

    it('keeps the last passkey of an account without a password', async () => {
      const { adviser, passkey } = await adviserWithPasskey('Only key');
      await suite.sql.query('UPDATE users SET password_hash = NULL WHERE id = $1', [
        await idOf(adviser.cookie),
      ]);
      const refused = await remove(adviser.cookie, passkey.id);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'LAST_SIGN_IN_METHOD',
        error: expect.stringContaining('only way'),
      });
    });
  },
);
