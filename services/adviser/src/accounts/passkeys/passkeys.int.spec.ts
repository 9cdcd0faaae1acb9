import { passkeyListSchema, userResponseSchema, userSchema } from '@risk-profile/contracts';
import { describeTargets, sqlTargets } from '@risk-profile/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { adviserServerSuite, DEMO_ENV, TEST_PUBLIC_URL } from '../../testing/adviser-test-server';
import { passkeySteps, softAuthenticator } from '../../testing/passkey-steps';
import { PENDING_COOKIE, SESSION_COOKIE, setCookie, signInSteps } from '../../testing/sign-in-steps';
import { PASSKEY_CHALLENGE_SECONDS } from './passkey-challenges';

const [ADMIN, ADVISER] = DEMO_ACCOUNTS;
const SIGN_IN = '/api/auth/passkeys/sign-in';
const SECOND_STEP = '/api/auth/mfa/passkey';

describeTargets(
  sqlTargets(),
  (target) => `passkeys: registration and sign-in on ${target.name}`,
  (target) => {
    let now = new Date('2026-11-28T09:00:00.000Z');
    const suite = adviserServerSuite(target, { clock: () => now, env: DEMO_ENV });
    const server = () => suite.server;
    const steps = signInSteps(server);
    const passkeys = passkeySteps(server);
    const device = softAuthenticator(TEST_PUBLIC_URL);
    const session = async (email: string, password: string) => {
      const { res } = await steps.password(email, password);
      expect(res.status).toBe(200);
      return setCookie(res, SESSION_COOKIE)!;
    };
    const auditOf = async (userId: string, event: string) =>
      (
        await suite.sql.query<{ outcome: string; detail: string | null }>(
          'SELECT outcome, detail FROM auth_audit WHERE user_id = $1 AND event = $2 ORDER BY id',
          [userId, event],
        )
      ).rows;
    let adviserId = '';
    let adviserSession = '';

    beforeAll(async () => {
      adviserSession = await session(ADVISER.email, ADVISER.password);
      adviserId = userSchema.parse(
        await (await passkeys.call('GET', '/api/auth/user', adviserSession)).json(),
      ).id;
    });

    it('offers creation options for the site: discoverable, user verification required, no attestation', async () => {
      expect((await passkeys.call('POST', '/api/auth/passkeys/register/options')).status).toBe(401);
      const { options, challenge } = await passkeys.registrationOptions(adviserSession);
      expect(challenge).toMatch(/^__Host-rp_passkey=/);
      expect(options.rp).toEqual({ id: 'advice.example.com', name: 'Risk Profile' });
      expect(options.user.name).toBe(ADVISER.email);
      expect(options.user.id).not.toContain(ADVISER.email);
      expect(options.authenticatorSelection).toMatchObject({
        residentKey: 'required',
        userVerification: 'required',
      });
      expect(options.attestation).toBe('none');
    });

    it('refuses a creation without its challenge, replayed, from another origin or RP ID, or without user verification', async () => {
      const attempt = async (ceremony: Parameters<typeof device.register>[1], keepChallenge = true) => {
        const { options, challenge } = await passkeys.registrationOptions(adviserSession);
        const response = softAuthenticator(TEST_PUBLIC_URL).register(options, ceremony);
        const first = await passkeys.registerVerify(adviserSession, keepChallenge ? challenge : undefined, {
          name: 'Laptop',
          response,
        });
        return {
          first,
          replay: () => passkeys.registerVerify(adviserSession, challenge, { name: 'Laptop', response }),
        };
      };
      const noChallenge = await attempt({}, false);
      expect(noChallenge.first.res.status).toBe(400);
      expect(noChallenge.first.body.code).toBe('PASSKEY_PROMPT_EXPIRED');
      for (const ceremony of [
        { origin: 'https://evil.example' },
        { rpId: 'evil.example' },
        { userVerified: false },
      ]) {
        const { first } = await attempt(ceremony);
        expect(first.res.status).toBe(400);
        expect(first.body).toMatchObject({
          code: 'PASSKEY_REFUSED',
          error: expect.stringContaining('could not be added'),
        });
      }
      const once = await attempt({});
      expect(once.first.res.status).toBe(200);
      const replayed = await once.replay();
      expect(replayed.res.status).toBe(400);
      expect(replayed.body.code).toBe('PASSKEY_PROMPT_EXPIRED');
      const bad = await passkeys.registerVerify(adviserSession, undefined, { name: '', response: { id: 1 } });
      expect(bad.res.status).toBe(400);
      expect(typeof bad.body.error).toBe('string');
      const failures = await auditOf(adviserId, 'passkey_registered');
      expect(failures.filter((row) => row.outcome === 'failure')).toHaveLength(3);
      // The one that got through is removed again, so the tests below start with none.
      const list = passkeyListSchema.parse(
        await (await passkeys.call('GET', '/api/auth/passkeys', adviserSession)).json(),
      );
      for (const passkey of list.passkeys) {
        expect(
          (await passkeys.call('DELETE', `/api/auth/passkeys/${passkey.id}`, adviserSession)).status,
        ).toBe(200);
      }
    });

    it('adds a named passkey, listed with when it was added and last used', async () => {
      const { passkey } = await passkeys.register(device, adviserSession, '  Work laptop ');
      expect(passkey).toMatchObject({ name: 'Work laptop', createdAt: now.toISOString(), lastUsedAt: null });
      const list = passkeyListSchema.parse(
        await (await passkeys.call('GET', '/api/auth/passkeys', adviserSession)).json(),
      );
      expect(list.passkeys).toEqual([passkey]);
      expect(await auditOf(adviserId, 'passkey_registered')).toContainEqual({
        outcome: 'success',
        detail: 'Work laptop',
      });
      const { rows } = await suite.sql.query<{ public_key: string }>(
        'SELECT public_key FROM account_passkeys WHERE user_id = $1',
        [adviserId],
      );
      expect(rows).toHaveLength(1);
    });

    it('asks for the passkey after the password, and the passkey completes the sign-in', async () => {
      const first = await steps.password(ADVISER.email, ADVISER.password);
      expect(first.body).toEqual({ mfaRequired: true, methods: ['passkey'] });
      expect((await passkeys.call('GET', '/api/auth/user', first.pending)).status).toBe(401);
      expect((await passkeys.assertionOptions(`${SECOND_STEP}/options`)).res.status).toBe(401);
      const { options, challenge } = await passkeys.assertionOptions(`${SECOND_STEP}/options`, first.pending);
      expect(options?.allowCredentials?.map((credential) => credential.id)).toEqual([
        device.credentials.map((credential) => credential.id.toString('base64url'))[0],
      ]);
      expect(options?.userVerification).toBe('required');
      now = new Date(now.getTime() + 60_000);
      const verified = await passkeys.verify(
        `${SECOND_STEP}/verify`,
        [first.pending, challenge],
        device.assert(options!),
      );
      expect(verified.res.status, JSON.stringify(verified.body)).toBe(200);
      expect(userResponseSchema.parse(verified.body).user.email).toBe(ADVISER.email);
      expect(setCookie(verified.res, PENDING_COOKIE)).toBe(`${PENDING_COOKIE}=`);
      const sessions = (await (
        await passkeys.call('GET', '/api/auth/sessions', verified.session)
      ).json()) as {
        sessions: { method: string; current: boolean }[];
      };
      expect(sessions.sessions.find((entry) => entry.current)?.method).toBe('passkey');
      const list = passkeyListSchema.parse(
        await (await passkeys.call('GET', '/api/auth/passkeys', adviserSession)).json(),
      );
      expect(list.passkeys[0]?.lastUsedAt).toBe(now.toISOString());
    });

    it('refuses the second step without a pending sign-in, with a replayed challenge or a cloned authenticator', async () => {
      const first = await steps.password(ADVISER.email, ADVISER.password);
      const { options, challenge } = await passkeys.assertionOptions(`${SECOND_STEP}/options`, first.pending);
      const response = device.assert(options!);
      const noPending = await passkeys.verify(`${SECOND_STEP}/verify`, [challenge], response);
      expect(noPending.res.status).toBe(401);
      expect(noPending.body.code).toBe('MFA_SIGN_IN_EXPIRED');
      // The challenge was taken by that attempt: it answers no second time.
      const replayed = await passkeys.verify(`${SECOND_STEP}/verify`, [first.pending, challenge], response);
      expect(replayed.res.status).toBe(401);
      expect(replayed.body.code).toBe('PASSKEY_PROMPT_EXPIRED');
      const again = await passkeys.assertionOptions(`${SECOND_STEP}/options`, first.pending);
      // A copy of the key that has not seen the original's last use repeats its counter.
      const { rows } = await suite.sql.query<{ counter: string | number }>(
        'SELECT counter FROM account_passkeys WHERE user_id = $1',
        [adviserId],
      );
      const counter = Number(rows[0]!.counter);
      const cloned = await passkeys.verify(
        `${SECOND_STEP}/verify`,
        [first.pending, again.challenge],
        device.assert(again.options!, { counter }),
      );
      expect(cloned.res.status).toBe(401);
      expect(cloned.body.code).toBe('PASSKEY_REFUSED');
      expect(await auditOf(adviserId, 'second_factor_check')).toContainEqual({
        outcome: 'failure',
        detail: expect.stringContaining('passkey: Response counter value'),
      });
    });

    it('signs in with the passkey alone, as two factors', async () => {
      const { options, challenge } = await passkeys.assertionOptions(`${SIGN_IN}/options`);
      expect(options).toMatchObject({ rpId: 'advice.example.com', userVerification: 'required' });
      expect(options?.allowCredentials ?? []).toEqual([]);
      const signedIn = await passkeys.verify(`${SIGN_IN}/verify`, [challenge], device.assert(options!));
      expect(signedIn.res.status, JSON.stringify(signedIn.body)).toBe(200);
      expect(userResponseSchema.parse(signedIn.body).user.email).toBe(ADVISER.email);
      expect((await passkeys.call('GET', '/api/auth/user', signedIn.session)).status).toBe(200);
      expect(await auditOf(adviserId, 'passkey_login')).toContainEqual({ outcome: 'success', detail: null });
    });

    it('refuses a passwordless sign-in with an unknown passkey, another origin or RP ID, a used or expired challenge', async () => {
      const refusedWith = async (
        response: (options: { challenge: string }) => unknown,
        code: string,
        expire = false,
      ) => {
        const { options, challenge } = await passkeys.assertionOptions(`${SIGN_IN}/options`);
        if (expire) now = new Date(now.getTime() + (PASSKEY_CHALLENGE_SECONDS + 1) * 1000);
        const result = await passkeys.verify(`${SIGN_IN}/verify`, [challenge], response(options!));
        expect(result.res.status).toBe(401);
        expect(result.body.code).toBe(code);
        expect(result.session).toBeUndefined();
        return { challenge, options: options! };
      };
      const stranger = softAuthenticator(TEST_PUBLIC_URL);
      stranger.register({ challenge: 'x', rp: { id: 'advice.example.com' }, user: { id: 'AAAA' } });
      await refusedWith((options) => stranger.assert(options), 'PASSKEY_REFUSED');
      await refusedWith(
        (options) => device.assert(options, { origin: 'https://evil.example' }),
        'PASSKEY_REFUSED',
      );
      await refusedWith((options) => device.assert(options, { rpId: 'evil.example' }), 'PASSKEY_REFUSED');
      await refusedWith((options) => device.assert(options, { userVerified: false }), 'PASSKEY_REFUSED');
      await refusedWith((options) => device.assert(options), 'PASSKEY_PROMPT_EXPIRED', true);
      const { options } = await passkeys.assertionOptions(`${SIGN_IN}/options`);
      const noCookie = await passkeys.verify(`${SIGN_IN}/verify`, [], device.assert(options!));
      expect(noCookie.res.status).toBe(401);
      expect(noCookie.body.code).toBe('PASSKEY_PROMPT_EXPIRED');
      const bad = await passkeys.verify(`${SIGN_IN}/verify`, [], { id: 'not base64url!' });
      expect(bad.res.status).toBe(400);
      expect(typeof bad.body.error).toBe('string');
      const details = (await auditOf(adviserId, 'passkey_login')).map((row) => row.detail);
      expect(details).toEqual(
        expect.arrayContaining([expect.stringContaining('origin'), expect.stringContaining('RP ID')]),
      );
    });

    it('admits only administrators from the admin sign-in page', async () => {
      const { options, challenge } = await passkeys.assertionOptions(`${SIGN_IN}/options`, undefined, {
        page: 'admin',
      });
      const refused = await passkeys.verify(`${SIGN_IN}/verify`, [challenge], device.assert(options!));
      expect(refused.res.status).toBe(401);
      expect(refused.body.code).toBe('NOT_ADMIN');
      const admin = await session(ADMIN.email, ADMIN.password);
      const adminDevice = softAuthenticator(TEST_PUBLIC_URL);
      await passkeys.register(adminDevice, admin, 'Admin key');
      const next = await passkeys.assertionOptions(`${SIGN_IN}/options`, undefined, { page: 'admin' });
      const admitted = await passkeys.verify(
        `${SIGN_IN}/verify`,
        [next.challenge],
        adminDevice.assert(next.options!),
      );
      expect(admitted.res.status).toBe(200);
      expect((await passkeys.call('GET', '/api/admin/me', admitted.session)).status).toBe(200);
    });
  },
);
