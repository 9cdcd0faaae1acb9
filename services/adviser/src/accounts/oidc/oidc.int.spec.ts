import { randomUUID } from 'node:crypto';
import {
  ANALYST_CREDENTIALS_PATH,
  errorBodySchema,
  logoutResponseSchema,
  SSO_REQUIRED_MESSAGE,
  signInOptionsSchema,
  userSchema,
} from '@risk-profile/contracts';
import type { SqlClient } from '@risk-profile/platform';
import { describeTargets, sqlTargets } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import {
  type AdviserTestServer,
  DEMO_ENV,
  startAdviserServer,
  TEST_PUBLIC_URL,
} from '../../testing/adviser-test-server';
import {
  signInAtProvider,
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '../../testing/oidc-test-provider';
import { accountManager } from '../manage-accounts';

const [ADMIN, ADVISER, ANALYST] = DEMO_ACCOUNTS;
const REDIRECT_URI = `${TEST_PUBLIC_URL}/api/auth/oidc/callback`;
const UNVERIFIED = 'unverified@example.com';

describeTargets(
  sqlTargets(),
  (target) => `single sign-on with OpenID Connect on ${target.name}`,
  (target) => {
    let sql: SqlClient;
    let server: AdviserTestServer;
    let provider: TestIdentityProvider;
    // A provider like Microsoft Entra ID: no `email_verified`, its `xms_edov` instead.
    let entra: TestIdentityProvider;
    let entraServer: AdviserTestServer;
    const disabled = `disabled-${randomUUID()}@example.com`;

    beforeAll(async () => {
      provider = await startTestIdentityProvider({ unverifiedEmails: [UNVERIFIED] });
      provider.registerProduct(TEST_PUBLIC_URL);
      sql = await target.open();
      server = await startAdviserServer(sql, {
        env: { ...DEMO_ENV, ...provider.env, SSO_ONLY_ROLES: 'analyst' },
      });
      entra = await startTestIdentityProvider({ verifiedClaim: 'xms_edov' });
      entra.registerProduct(TEST_PUBLIC_URL);
      entraServer = await startAdviserServer(sql, {
        env: { ...DEMO_ENV, ...entra.env, OIDC_EMAIL_VERIFIED_CLAIM: 'xms_edov' },
      });
      const accounts = accountManager(sql, () => new Date());
      await accounts.create({
        role: 'admin',
        email: disabled,
        name: 'Gone',
        password: 'a long passphrase 1',
      });
      await accounts.setDisabled(disabled, true);
    });
    afterAll(async () => {
      await server?.stop();
      await entraServer?.stop();
      await sql?.close();
      await provider?.stop();
      await entra?.stop();
    });

    const cookieNamed = (res: Response, name: string) =>
      res.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
    const pairOf = (cookie: string | undefined) => cookie?.split(';')[0] ?? '';
    const lastSsoAudit = async () =>
      (
        await sql.query<{ email: string | null; outcome: string; detail: string | null }>(
          "SELECT email, outcome, detail FROM auth_audit WHERE event = 'sso_login' ORDER BY id DESC LIMIT 1",
        )
      ).rows[0];

    /** The login redirect, the provider's sign-in as `login`, and the callback with the flow's cookie. */
    async function signInWithOrganisation(
      login: string,
      {
        page = 'user',
        alter = (url: URL) => url,
        via = server,
      }: { page?: string; alter?: (url: URL) => URL; via?: AdviserTestServer } = {},
    ) {
      const start = await fetch(`${via.url}/api/auth/oidc/login?page=${page}`, { redirect: 'manual' });
      expect(start.status).toBe(302);
      const flow = cookieNamed(start, '__Host-rp_oidc');
      const back = alter(await signInAtProvider(start.headers.get('location')!, login, REDIRECT_URI));
      const callback = await fetch(`${via.url}${back.pathname}${back.search}`, {
        redirect: 'manual',
        headers: { cookie: pairOf(flow) },
      });
      expect(callback.status).toBe(302);
      const session = cookieNamed(callback, '__Host-rp_session');
      return { start, flow, callback, location: callback.headers.get('location'), session: pairOf(session) };
    }

    it('offers single sign-on on the sign-in pages', async () => {
      const res = await fetch(`${server.url}/api/auth/sign-in-options`);
      expect(signInOptionsSchema.parse(await res.json())).toEqual({ sso: true });
    });

    it('redirects to the provider with PKCE, state and nonce, keeping them in a short-lived secure cookie', async () => {
      const start = await fetch(`${server.url}/api/auth/oidc/login`, { redirect: 'manual' });
      const to = new URL(start.headers.get('location')!);
      expect(to.origin).toBe(provider.issuer);
      expect(Object.fromEntries(to.searchParams)).toMatchObject({
        client_id: provider.env.OIDC_CLIENT_ID,
        response_type: 'code',
        redirect_uri: REDIRECT_URI,
        scope: 'openid email profile',
        code_challenge_method: 'S256',
      });
      for (const parameter of ['state', 'nonce', 'code_challenge'])
        expect(to.searchParams.get(parameter)).toBeTruthy();
      const flow = cookieNamed(start, '__Host-rp_oidc')!;
      expect(flow).toMatch(/; Max-Age=600; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
      // Encrypted: neither the state nor the verifier can be read from it.
      expect(flow).not.toContain(to.searchParams.get('state'));
    });

    it('signs in the enabled account of the verified email and lands on its page', async () => {
      const { location, session, callback } = await signInWithOrganisation(ADVISER.email);
      expect(location).toBe('/adviser');
      expect(cookieNamed(callback, '__Host-rp_oidc')).toMatch(/^__Host-rp_oidc=; Max-Age=0/);
      const me = await server.call('GET', '/api/auth/user', { cookie: session });
      expect(me.status).toBe(200);
      expect(userSchema.parse(await me.json())).toMatchObject({ email: ADVISER.email, role: 'adviser' });
      expect(await lastSsoAudit()).toEqual({ email: ADVISER.email, outcome: 'success', detail: null });
    });

    it('reads the verification from the claim OIDC_EMAIL_VERIFIED_CLAIM names, and refuses without it', async () => {
      const { location } = await signInWithOrganisation(ADVISER.email, { via: entraServer });
      expect(location).toBe('/adviser');
      expect(await lastSsoAudit()).toEqual({ email: ADVISER.email, outcome: 'success', detail: null });
      // The default claim, email_verified, is absent from this provider's answers: refused.
      const entraAtDefault = await startAdviserServer(sql, { env: { ...DEMO_ENV, ...entra.env } });
      try {
        const refused = await signInWithOrganisation(ADVISER.email, { via: entraAtDefault });
        expect(refused.location).toBe('/login?ssoError=unverified-email');
        expect(await lastSsoAudit()).toMatchObject({ outcome: 'refused', detail: 'email not verified' });
      } finally {
        await entraAtDefault.stop();
      }
    });

    it('takes an administrator from the admin sign-in to the dashboard, and refuses an adviser there', async () => {
      expect((await signInWithOrganisation(ADMIN.email, { page: 'admin' })).location).toBe(
        '/admin/dashboard',
      );
      const adviser = await signInWithOrganisation(ADVISER.email, { page: 'admin' });
      expect(adviser.location).toBe('/admin/login?ssoError=not-admin');
      expect(adviser.session).toBe('');
    });

    it.each([
      ['an unknown email', `stranger-${randomUUID()}@example.com`, 'no-account', 'unknown email'],
      ['an unverified email', UNVERIFIED, 'unverified-email', 'email not verified'],
      ['a disabled account', disabled, 'disabled', 'account disabled'],
    ])(
      'refuses %s with a message on the sign-in page, and audits it',
      async (_case, login, reason, detail) => {
        const { location, session } = await signInWithOrganisation(login);
        expect(location).toBe(`/login?ssoError=${reason}`);
        expect(session).toBe('');
        expect(await lastSsoAudit()).toEqual({ email: login, outcome: 'refused', detail });
      },
    );

    it('refuses a callback whose state is not the one this browser started', async () => {
      const { location, session } = await signInWithOrganisation(ADVISER.email, {
        alter: (url) => {
          url.searchParams.set('state', 'someone-elses-state');
          return url;
        },
      });
      expect(location).toBe('/login?ssoError=expired');
      expect(session).toBe('');
      expect(await lastSsoAudit()).toMatchObject({ outcome: 'refused', detail: 'state mismatch' });
    });

    it('refuses a callback without the flow cookie, or with a forged one', async () => {
      const start = await fetch(`${server.url}/api/auth/oidc/login`, { redirect: 'manual' });
      const back = await signInAtProvider(start.headers.get('location')!, ADVISER.email, REDIRECT_URI);
      for (const cookie of ['', '__Host-rp_oidc=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..x.y.z']) {
        const callback = await fetch(`${server.url}${back.pathname}${back.search}`, {
          redirect: 'manual',
          headers: { cookie },
        });
        expect(callback.status).toBe(302);
        expect(callback.headers.get('location')).toBe('/login?ssoError=expired');
        expect(cookieNamed(callback, '__Host-rp_session')).toBeUndefined();
        expect(await lastSsoAudit()).toMatchObject({
          outcome: 'refused',
          detail: 'missing or expired state',
        });
      }
    });

    it('refuses an error from the provider, and a malformed callback, with a page rather than JSON', async () => {
      const start = await fetch(`${server.url}/api/auth/oidc/login`, { redirect: 'manual' });
      const flow = pairOf(cookieNamed(start, '__Host-rp_oidc'));
      const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
      const denied = await fetch(`${server.url}/api/auth/oidc/callback?error=access_denied&state=${state}`, {
        redirect: 'manual',
        headers: { cookie: flow },
      });
      expect(denied.headers.get('location')).toBe('/login?ssoError=provider');
      const doubled = await fetch(`${server.url}/api/auth/oidc/callback?code=a&code=b&state=${state}`, {
        redirect: 'manual',
        headers: { cookie: flow },
      });
      expect(doubled.status).toBe(302);
      expect(doubled.headers.get('location')).toBe('/login?ssoError=provider');
    });

    it('refuses password sign-in to a role of SSO_ONLY_ROLES, saying to use the organisation, and still signs it in by SSO', async () => {
      const res = await server.post('/api/auth/login', { email: ANALYST.email, password: ANALYST.password });
      expect(res.status).toBe(401);
      expect(errorBodySchema.parse(await res.json())).toMatchObject({
        error: SSO_REQUIRED_MESSAGE,
        code: 'SSO_REQUIRED',
      });
      // A wrong password learns nothing about the account.
      const wrong = await server.post('/api/auth/login', {
        email: ANALYST.email,
        password: 'not-the-password',
      });
      expect(errorBodySchema.parse(await wrong.json()).code).toBe('INVALID_CREDENTIALS');
      expect(
        (await server.post('/api/auth/login', { email: ADVISER.email, password: ADVISER.password })).status,
      ).toBe(200);
      expect((await signInWithOrganisation(ANALYST.email)).location).toBe('/analyst');
      // Nor does that password open /clickhouse (the analytics service's credential check).
      const clickhouse = await server.post(ANALYST_CREDENTIALS_PATH, {
        kind: 'password',
        email: ANALYST.email,
        password: ANALYST.password,
        ip: '203.0.113.9',
      });
      expect(clickhouse.status).toBe(401);
      expect(errorBodySchema.parse(await clickhouse.json()).code).toBe('SSO_REQUIRED');
    });

    it('ends the session on logout and gives the provider’s logout URL with the ID token as hint', async () => {
      const { session } = await signInWithOrganisation(ADVISER.email);
      const out = await server.call('POST', '/api/auth/logout', { cookie: session });
      const { logoutUrl } = logoutResponseSchema.parse(await out.json());
      const url = new URL(logoutUrl!);
      expect(url.origin).toBe(provider.issuer);
      expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${TEST_PUBLIC_URL}/login`);
      expect(url.searchParams.get('id_token_hint')?.split('.')).toHaveLength(3);
      expect((await server.call('GET', '/api/auth/user', { cookie: session })).status).toBe(401);
      // The provider accepts it: its logout page asks to confirm (a 200 page, not an error).
      expect((await fetch(url)).status).toBe(200);
      // The ID token is gone with the session; a password session has none.
      const password = await server.signIn('/api/auth/login', ADVISER.email, ADVISER.password);
      const plain = await server.call('POST', '/api/auth/logout', { cookie: password.cookie });
      expect(logoutResponseSchema.parse(await plain.json()).logoutUrl).toBeUndefined();
    });
  },
);
