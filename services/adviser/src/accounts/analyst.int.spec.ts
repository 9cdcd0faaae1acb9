import {
  ACCOUNT_INVITATIONS_TOPIC,
  ANALYST_CREDENTIALS_PATH,
  ANALYST_TOKEN_PREFIX,
  adminAccountListSchema,
  analystCredentialsResponses,
  analystTokenSchema,
  errorBodySchema,
  MAX_ANALYST_TOKENS,
  parseIntegrationEvent,
  userSchema,
} from '@risk-profile/contracts';
import type { BusMessage } from '@risk-profile/platform';
import { describeTargets, eventually, sqlTargets } from '@risk-profile/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../demo/seed';
import { type AdviserTestServer, adviserServerSuite } from '../testing/adviser-test-server';
import { ANALYST_ACCESS_ADMINS_ONLY_MESSAGE } from './admin/set-analyst-access.handler';
import { NO_ANALYST_ACCESS_MESSAGE, TOKEN_NOT_FOUND_MESSAGE } from './analyst.routes';
import { LAST_USED_RESOLUTION_MS } from './analyst-tokens';
import { ACCOUNT_LOCKED_MESSAGE, SIGN_IN_REFUSED_MESSAGE } from './auth.routes';
import { LOCK_THRESHOLD } from './lockout';
import { accountManager } from './manage-accounts';

const [ADMIN, ADVISER, ANALYST] = DEMO_ACCOUNTS;
const NEW_PASSWORD = 'correct horse battery staple';

describeTargets(
  sqlTargets(),
  (target) => `analyst accounts, API tokens and the credential check on ${target.name}`,
  (target) => {
    const published: BusMessage[] = [];
    let now = new Date('2026-11-22T10:30:00.000Z');
    let adminCookie = '';
    let adviserCookie = '';
    let analystCookie = '';
    let ipCounter = 1;
    const freshIp = () => `203.0.113.${ipCounter++}`;
    const suite = adviserServerSuite(target, {
      clock: () => now,
      env: { DEMO_DATA: 'true', TRUST_PROXY: 'loopback', LOGIN_RATE_LIMIT_PER_MINUTE: '10' },
      collect: { topic: ACCOUNT_INVITATIONS_TOPIC, into: published },
    });

    const call: AdviserTestServer['call'] = (...args) => suite.server.call(...args);
    const signIn = async (path: string, email: string, password: string) => {
      const { cookie, body } = await suite.server.signIn(path, email, password, {
        'x-forwarded-for': freshIp(),
      });
      return { cookie, user: userSchema.parse((body as { user: unknown }).user) };
    };
    const check = (body: Record<string, unknown>) =>
      call('POST', ANALYST_CREDENTIALS_PATH, { body: { ip: freshIp(), ...body } });
    const password = (email: string, secret: string, ip = freshIp()) =>
      check({ kind: 'password', email, password: secret, ip });
    const accountId = async (email: string) =>
      (
        await suite.sql.query<{ id: string }>('SELECT id FROM users WHERE email_key = $1', [
          email.toLowerCase(),
        ])
      ).rows[0]!.id;
    const auditOf = async (userId: string) =>
      (
        await suite.sql.query<{
          event: string;
          actor_email: string | null;
          outcome: string;
          detail: string | null;
        }>('SELECT event, actor_email, outcome, detail FROM auth_audit WHERE user_id = $1 ORDER BY id', [
          userId,
        ])
      ).rows;

    beforeAll(async () => {
      adminCookie = (await signIn('/api/admin/login', ADMIN.email, ADMIN.password)).cookie;
      adviserCookie = (await signIn('/api/auth/login', ADVISER.email, ADVISER.password)).cookie;
      analystCookie = (await signIn('/api/auth/login', ANALYST.email, ANALYST.password)).cookie;
    });

    it('signs the demo analyst in at /login, with analyst access and no adviser page', async () => {
      const { cookie, user } = await signIn('/api/auth/login', ANALYST.email, ANALYST.password);
      expect(user).toMatchObject({
        role: 'analyst',
        name: 'Demo Analyst',
        adviserSlug: null,
        analystAccess: true,
      });
      const me = await call('GET', '/api/auth/user', { cookie });
      expect(userSchema.parse(await me.json())).toEqual(user);
      const adviser = await call('GET', '/api/auth/user', { cookie: adviserCookie });
      expect(userSchema.parse(await adviser.json())).toMatchObject({ role: 'adviser', analystAccess: false });
    });

    it('keeps analysts out of the admin login and every adviser and admin endpoint', async () => {
      const adminLogin = await suite.server.post(
        '/api/admin/login',
        { email: ANALYST.email, password: ANALYST.password },
        { 'x-forwarded-for': freshIp() },
      );
      expect(adminLogin.status).toBe(401);
      expect(errorBodySchema.parse(await adminLogin.json()).error).toBe(SIGN_IN_REFUSED_MESSAGE);
      expect((await call('GET', '/api/admin/me', { cookie: analystCookie })).status).toBe(403);
      expect((await call('GET', '/api/admin/accounts', { cookie: analystCookie })).status).toBe(403);
      const analystBody = { name: 'Sneaky', email: 'sneaky@example.com' };
      expect(
        (await call('POST', '/api/admin/analysts', { cookie: analystCookie, body: analystBody })).status,
      ).toBe(403);
      // The adviser's one endpoint here: sending a questionnaire link names the signed-in adviser.
      const link = await call('POST', '/api/send-questionnaire-link', {
        cookie: analystCookie,
        body: { clientName: 'Sam', clientEmail: 'sam@example.com' },
      });
      expect(link.status).toBe(403);
      expect(
        (await suite.sql.query('SELECT 1 FROM users WHERE email_key = $1', ['sneaky@example.com'])).rows,
      ).toEqual([]);
    });

    it('keeps API tokens to accounts with analyst access', async () => {
      for (const [cookie, status] of [
        ['', 401],
        [adviserCookie, 403],
        [adminCookie, 403],
      ] as const) {
        expect((await call('GET', '/api/analyst/tokens', { cookie })).status).toBe(status);
        expect((await call('POST', '/api/analyst/tokens', { cookie, body: { name: 'x' } })).status).toBe(
          status,
        );
      }
      const { rows } = await suite.sql.query('SELECT 1 FROM analyst_tokens');
      expect(rows).toEqual([]);
    });

    it('creates a token whose secret is shown once, checks it, and revokes it at once', async () => {
      const created = await call('POST', '/api/analyst/tokens', {
        cookie: analystCookie,
        body: { name: ' Grafana ' },
      });
      expect(created.status).toBe(201);
      const { token, secret } = (await created.json()) as { token: unknown; secret: string };
      const listed = analystTokenSchema.parse(token);
      expect(secret).toMatch(new RegExp(`^${ANALYST_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`));
      expect(listed).toMatchObject({ name: 'Grafana', lastUsedAt: null, createdAt: now.toISOString() });
      expect(secret.startsWith(listed.prefix)).toBe(true);
      expect(listed.prefix.length).toBeLessThan(secret.length / 3);

      // Only a hash is stored.
      const stored = await suite.sql.query<Record<string, unknown>>('SELECT * FROM analyst_tokens');
      expect(JSON.stringify(stored.rows)).not.toContain(secret.slice(ANALYST_TOKEN_PREFIX.length));

      const ok = await check({ kind: 'token', token: secret });
      expect(ok.status).toBe(200);
      expect(analystCredentialsResponses[200].parse(await ok.json())).toEqual({
        analyst: { id: await accountId(ANALYST.email), email: ANALYST.email, name: 'Demo Analyst' },
      });
      const list = async () => {
        const res = await call('GET', '/api/analyst/tokens', { cookie: analystCookie });
        expect(res.status).toBe(200);
        const body = (await res.json()) as { tokens: unknown[] };
        expect(JSON.stringify(body)).not.toContain(secret);
        return body.tokens.map((item) => analystTokenSchema.parse(item));
      };
      expect(await list()).toEqual([{ ...listed, lastUsedAt: now.toISOString() }]);

      // The last use is written at most once a minute.
      const firstUse = now;
      now = new Date(now.getTime() + LAST_USED_RESOLUTION_MS / 2);
      expect((await check({ kind: 'token', token: secret })).status).toBe(200);
      expect((await list())[0]!.lastUsedAt).toBe(firstUse.toISOString());
      now = new Date(firstUse.getTime() + LAST_USED_RESOLUTION_MS);
      expect((await check({ kind: 'token', token: secret })).status).toBe(200);
      expect((await list())[0]!.lastUsedAt).toBe(now.toISOString());

      const revoke = await call('POST', `/api/analyst/tokens/${listed.id}/revoke`, { cookie: analystCookie });
      expect(revoke.status).toBe(200);
      const refused = await check({ kind: 'token', token: secret });
      expect(refused.status).toBe(401);
      expect(errorBodySchema.parse(await refused.json()).error).toBe(SIGN_IN_REFUSED_MESSAGE);
      expect(await list()).toEqual([]);
      for (const id of [listed.id, 'not-an-id']) {
        const again = await call('POST', `/api/analyst/tokens/${id}/revoke`, { cookie: analystCookie });
        expect(again.status).toBe(404);
        expect(errorBodySchema.parse(await again.json()).error).toBe(TOKEN_NOT_FOUND_MESSAGE);
      }
      expect((await check({ kind: 'token', token: `${ANALYST_TOKEN_PREFIX}${'A'.repeat(43)}` })).status).toBe(
        401,
      );
      expect((await check({ kind: 'token', token: 'not a token' })).status).toBe(401);
    });

    it("refuses a blank name, another analyst's token id, and more than the live tokens allowed", async () => {
      const blank = await call('POST', '/api/analyst/tokens', {
        cookie: analystCookie,
        body: { name: '  ' },
      });
      expect(blank.status).toBe(400);
      expect(errorBodySchema.parse(await blank.json()).error).toContain('Name is required.');

      const second = await accountManager(suite.sql, () => now).create({
        role: 'analyst',
        email: 'second-analyst@example.com',
        name: 'Second Analyst',
        password: NEW_PASSWORD,
      });
      const secondCookie = (await signIn('/api/auth/login', 'second-analyst@example.com', NEW_PASSWORD))
        .cookie;
      const theirs = await call('POST', '/api/analyst/tokens', {
        cookie: secondCookie,
        body: { name: 'theirs' },
      });
      const { token } = (await theirs.json()) as { token: { id: string } };
      const steal = await call('POST', `/api/analyst/tokens/${token.id}/revoke`, { cookie: analystCookie });
      expect(steal.status).toBe(404);

      for (let i = 1; i < MAX_ANALYST_TOKENS; i++) {
        const res = await call('POST', '/api/analyst/tokens', {
          cookie: secondCookie,
          body: { name: `t${i}` },
        });
        expect(res.status).toBe(201);
      }
      const over = await call('POST', '/api/analyst/tokens', {
        cookie: secondCookie,
        body: { name: 'one more' },
      });
      expect(over.status).toBe(409);
      errorBodySchema.parse(await over.json());
      // A revoked token frees its place.
      expect(
        (await call('POST', `/api/analyst/tokens/${token.id}/revoke`, { cookie: secondCookie })).status,
      ).toBe(200);
      const replaced = await call('POST', '/api/analyst/tokens', {
        cookie: secondCookie,
        body: { name: 'one more' },
      });
      expect(replaced.status).toBe(201);
      const { secret } = (await replaced.json()) as { secret: string };

      // A disabled account's tokens stop working, and work again once it is enabled.
      await accountManager(suite.sql, () => now).setDisabled('second-analyst@example.com', true);
      expect((await check({ kind: 'token', token: secret })).status).toBe(401);
      expect((await password('second-analyst@example.com', NEW_PASSWORD)).status).toBe(401);
      await accountManager(suite.sql, () => now).setDisabled('second-analyst@example.com', false);
      expect((await check({ kind: 'token', token: secret })).status).toBe(200);
      expect(second).toBe(await accountId('second-analyst@example.com'));
    });

    it('checks passwords: 200 for an analyst, 403 for an adviser or admin, one 401 for the rest', async () => {
      const ok = await password(ANALYST.email.toUpperCase(), ANALYST.password);
      expect(ok.status).toBe(200);
      expect(analystCredentialsResponses[200].parse(await ok.json()).analyst.email).toBe(ANALYST.email);
      for (const account of [ADVISER, ADMIN]) {
        const refused = await password(account.email, account.password);
        expect(refused.status).toBe(403);
        expect(errorBodySchema.parse(await refused.json()).error).toBe(NO_ANALYST_ACCESS_MESSAGE);
      }
      const unknown = await password('nobody@example.com', 'whatever it is');
      const wrong = await password(ANALYST.email, 'not-the-password');
      expect([unknown.status, wrong.status]).toEqual([401, 401]);
      expect(await unknown.json()).toEqual(await wrong.json());
      const audit = await auditOf(await accountId(ANALYST.email));
      expect(audit.filter((entry) => entry.event === 'analyst_login')).toEqual([
        { event: 'analyst_login', actor_email: null, outcome: 'failure', detail: 'wrong password' },
      ]);
      for (const bad of [
        {},
        { kind: 'password', email: ANALYST.email, ip: '1.2.3.4' },
        { kind: 'token', ip: '1.2.3.4' },
        { kind: 'password', email: `x\u0000@example.com`, password: 'p', ip: '1.2.3.4' },
      ]) {
        const res = await call('POST', ANALYST_CREDENTIALS_PATH, { body: bad });
        expect(res.status).toBe(400);
        errorBodySchema.parse(await res.json());
      }
    });

    it('locks an account after repeated wrong passwords, and limits failures per caller address', async () => {
      await accountManager(suite.sql, () => now).create({
        role: 'analyst',
        email: 'locked-analyst@example.com',
        name: 'Locked',
        password: NEW_PASSWORD,
      });
      for (let i = 0; i < LOCK_THRESHOLD; i++) {
        expect((await password('locked-analyst@example.com', 'wrong password!')).status).toBe(401);
      }
      const locked = await password('locked-analyst@example.com', NEW_PASSWORD);
      expect(locked.status).toBe(429);
      expect(errorBodySchema.parse(await locked.json()).error).toBe(ACCOUNT_LOCKED_MESSAGE);
      // The same lock refuses the sign-in page.
      const page = await suite.server.post(
        '/api/auth/login',
        { email: 'locked-analyst@example.com', password: NEW_PASSWORD },
        { 'x-forwarded-for': freshIp() },
      );
      expect(page.status).toBe(429);

      // Failures from one address: the limit (10 a minute here) refuses even the right password.
      const ip = freshIp();
      for (let i = 0; i < 10; i++)
        expect((await password(`nobody${i}@example.com`, 'wrong', ip)).status).toBe(401);
      const limited = await password(ANALYST.email, ANALYST.password, ip);
      expect(limited.status).toBe(429);
      // Successes do not count: a tool sends its credential with every query.
      const busy = freshIp();
      for (let i = 0; i < 15; i++)
        expect((await password(ANALYST.email, ANALYST.password, busy)).status).toBe(200);
      // Over twenty bcrypt checks at cost 12, spaced as passwords.ts spaces them: about 20 s alone,
      // more than the tier's default minute beside other files on a loaded two-core machine.
    }, 180_000);

    it('creates analyst accounts with an invitation, as adviser accounts are invited', async () => {
      const res = await call('POST', '/api/admin/analysts', {
        cookie: adminCookie,
        body: { name: ' Dana Data ', email: ' Dana@Example.com ' },
      });
      expect(res.status).toBe(201);
      const { id, email } = (await res.json()) as { id: string; email: string };
      expect(email).toBe('Dana@Example.com');
      const event = await eventually(async () => {
        const found = published
          .map((message) => parseIntegrationEvent(ACCOUNT_INVITATIONS_TOPIC, message.value))
          .find((item) => item.data.accountId === id);
        if (!found) throw new Error('not published yet');
        return found;
      });
      expect(event.data).toMatchObject({
        kind: 'invitation',
        recipientEmail: email,
        recipientName: 'Dana Data',
      });
      const accounts = adminAccountListSchema.parse(
        await (await call('GET', '/api/admin/accounts', { cookie: adminCookie })).json(),
      );
      expect(accounts.accounts.find((account) => account.id === id)).toMatchObject({
        role: 'analyst',
        analystAccess: true,
        passwordSet: false,
        adviserSlug: null,
        pendingLink: { kind: 'invitation' },
      });
      expect((await auditOf(id)).map((entry) => [entry.event, entry.actor_email])).toEqual([
        ['account_created', ADMIN.email],
        ['invitation_sent', ADMIN.email],
      ]);
      const token = new URL(event.data.url).searchParams.get('token')!;
      expect(
        (await suite.server.post('/api/auth/set-password', { token, password: NEW_PASSWORD })).status,
      ).toBe(200);
      expect((await password('dana@example.com', NEW_PASSWORD)).status).toBe(200);

      const duplicate = await call('POST', '/api/admin/analysts', {
        cookie: adminCookie,
        body: { name: 'Again', email: 'dana@example.com' },
      });
      expect(duplicate.status).toBe(409);
      const invalid = await call('POST', '/api/admin/analysts', {
        cookie: adminCookie,
        body: { name: '', email: 'x' },
      });
      expect(invalid.status).toBe(400);
    });

    it("gives an administrator analyst access and takes it away, audited, ending the admin's sessions", async () => {
      const manager = accountManager(suite.sql, () => now);
      await manager.create({ role: 'admin', email: 'ops@example.com', name: 'Ops', password: NEW_PASSWORD });
      const opsId = await accountId('ops@example.com');
      const before = await signIn('/api/admin/login', 'ops@example.com', NEW_PASSWORD);
      expect(before.user.analystAccess).toBe(false);
      expect((await password('ops@example.com', NEW_PASSWORD)).status).toBe(403);

      const access = (id: string, analystAccess: unknown) =>
        call('POST', `/api/admin/accounts/${id}/analyst-access`, {
          cookie: adminCookie,
          body: { analystAccess },
        });
      expect((await access(opsId, true)).status).toBe(200);
      expect((await call('GET', '/api/admin/me', { cookie: before.cookie })).status).toBe(401);
      const after = await signIn('/api/admin/login', 'ops@example.com', NEW_PASSWORD);
      expect(after.user).toMatchObject({ role: 'admin', analystAccess: true });
      const me = userSchema.parse(
        await (await call('GET', '/api/admin/me', { cookie: after.cookie })).json(),
      );
      expect(me.analystAccess).toBe(true);
      expect((await call('GET', '/api/analyst/tokens', { cookie: after.cookie })).status).toBe(200);
      const ok = await password('ops@example.com', NEW_PASSWORD);
      expect(ok.status).toBe(200);
      const created = await call('POST', '/api/analyst/tokens', {
        cookie: after.cookie,
        body: { name: 'notebook' },
      });
      const { secret } = (await created.json()) as { secret: string };
      expect((await check({ kind: 'token', token: secret })).status).toBe(200);
      const listed = adminAccountListSchema.parse(
        await (await call('GET', '/api/admin/accounts', { cookie: adminCookie })).json(),
      );
      expect(listed.accounts.find((account) => account.id === opsId)?.analystAccess).toBe(true);

      expect((await access(opsId, false)).status).toBe(200);
      expect((await call('GET', '/api/analyst/tokens', { cookie: after.cookie })).status).toBe(401);
      expect((await password('ops@example.com', NEW_PASSWORD)).status).toBe(403);
      expect((await check({ kind: 'token', token: secret })).status).toBe(403);
      expect(
        (await auditOf(opsId))
          .filter((entry) => entry.event.startsWith('analyst_access'))
          .map((entry) => [entry.event, entry.actor_email]),
      ).toEqual([
        ['analyst_access_given', ADMIN.email],
        ['analyst_access_taken', ADMIN.email],
      ]);

      for (const email of [ADVISER.email, ANALYST.email]) {
        const refused = await access(await accountId(email), true);
        expect(refused.status).toBe(409);
        expect(errorBodySchema.parse(await refused.json()).error).toBe(ANALYST_ACCESS_ADMINS_ONLY_MESSAGE);
      }
      expect((await access('00000000-0000-4000-8000-000000000000', true)).status).toBe(404);
      expect((await access('not-an-id', true)).status).toBe(404);
      expect((await access(opsId, 'yes')).status).toBe(400);
      const byAdviser = await call('POST', `/api/admin/accounts/${opsId}/analyst-access`, {
        cookie: adviserCookie,
        body: { analystAccess: true },
      });
      expect(byAdviser.status).toBe(403);
      const row = await suite.sql.query<{ analyst_access: boolean }>(
        'SELECT analyst_access FROM users WHERE id = $1',
        [opsId],
      );
      expect(row.rows[0]!.analyst_access).toBe(false);
    });

    it('refuses analyst access on a non-administrator in the table itself', async () => {
      await expect(
        suite.sql.query('UPDATE users SET analyst_access = true WHERE email_key = $1', [ADVISER.email]),
      ).rejects.toThrow();
    });
  },
);
