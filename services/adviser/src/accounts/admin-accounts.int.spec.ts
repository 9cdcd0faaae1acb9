import {
  ACCOUNT_INVITATIONS_TOPIC,
  type AccountInvitationRequestedV1,
  adminAccountListSchema,
  adminAccountSchema,
  adminAdviserListSchema,
  adminAdviserSchema,
  adviserSchema,
  errorBodySchema,
  parseIntegrationEvent,
  reportAdviserSchema,
} from '@risk-profile/contracts';
import type { BusMessage } from '@risk-profile/platform';
import { describeTargets, eventually, sqlTargets } from '@risk-profile/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_ADVISER } from '../demo/seed';
import {
  type AdviserTestServer,
  adviserServerSuite,
  DEMO_ENV,
  TEST_PUBLIC_URL,
} from '../testing/adviser-test-server';
import { ACCOUNT_LINK_TTL_MS } from './account-tokens';
import { CANNOT_DISABLE_SELF_MESSAGE } from './admin/set-disabled.handler';
import { SIGN_IN_REFUSED_MESSAGE } from './auth.routes';
import { INVALID_LINK_MESSAGE, LINK_REFUSED_MESSAGES } from './set-password/set-password.handler';
import { PASSWORD_SET_MESSAGE } from './set-password/set-password.route';

const [ADMIN, ADVISER] = DEMO_ACCOUNTS;
const NEW_PASSWORD = 'correct horse battery staple';

describeTargets(
  sqlTargets(),
  (target) => `admin advisers and accounts on ${target.name}`,
  (target) => {
    const published: BusMessage[] = [];
    // A clock the test moves: links expire 72 hours after they are sent.
    let now = new Date('2026-11-22T10:30:00.000Z');
    let [adminCookie, adviserCookie] = ['', ''];
    const suite = adviserServerSuite(target, {
      clock: () => now,
      env: DEMO_ENV,
      collect: { topic: ACCOUNT_INVITATIONS_TOPIC, into: published },
    });

    const call: AdviserTestServer['call'] = (...args) => suite.server.call(...args);
    const signIn = async (path: string, email: string, password: string) =>
      (await suite.server.signIn(path, email, password)).cookie;
    const createAdviser = (body: Record<string, unknown>, cookie = adminCookie) =>
      call('POST', '/api/admin/advisers', { cookie, body });
    const createdAdviser = async (body: Record<string, unknown>) =>
      adminAdviserSchema.parse(await (await createAdviser(body)).json());
    /** The link published for an account, the newest of them. */
    const linkFor = (accountId: string, count = 1) =>
      eventually(async () => {
        const events = published
          .map((message) => parseIntegrationEvent(ACCOUNT_INVITATIONS_TOPIC, message.value))
          .filter((event) => event.data.accountId === accountId);
        if (events.length < count) throw new Error('not published yet');
        return events[events.length - 1]! as AccountInvitationRequestedV1;
      });
    const tokenOf = (event: AccountInvitationRequestedV1) =>
      new URL(event.data.url).searchParams.get('token')!;
    const setPassword = (token: string, password = NEW_PASSWORD) =>
      suite.server.post('/api/auth/set-password', { token, password });
    const auditOf = async (userId: string) =>
      (
        await suite.sql.query<{ event: string; actor_email: string | null; actor_id: string | null }>(
          'SELECT event, actor_email, actor_id FROM auth_audit WHERE user_id = $1 ORDER BY id',
          [userId],
        )
      ).rows;

    beforeAll(async () => {
      adminCookie = await signIn('/api/admin/login', ADMIN.email, ADMIN.password);
      adviserCookie = await signIn('/api/auth/login', ADVISER.email, ADVISER.password);
    });

    it('is for administrators only: 401 without a session, 403 for an adviser, changing nothing', async () => {
      const body = { slug: 'no-one', adviserName: 'No One', companyName: 'Nowhere', email: 'no@example.com' };
      for (const [cookie, status] of [
        ['', 401],
        [adviserCookie, 403],
      ] as const) {
        expect((await call('GET', '/api/admin/advisers', { cookie })).status).toBe(status);
        expect((await call('GET', '/api/admin/accounts', { cookie })).status).toBe(status);
        const create = await createAdviser(body, cookie);
        expect(create.status).toBe(status);
        errorBodySchema.parse(await create.json());
        const patch = await call('PATCH', `/api/admin/advisers/${DEMO_ADVISER.slug}`, {
          cookie,
          body: { adviserName: 'Hacked' },
        });
        expect(patch.status).toBe(status);
        const { rows } = await suite.sql.query('SELECT 1 FROM users WHERE id = $1', [
          '00000000-0000-4000-8000-000000000000',
        ]);
        expect(rows).toEqual([]);
        for (const action of ['disable', 'enable', 'reset-password']) {
          expect(
            (await call('POST', `/api/admin/accounts/${crypto.randomUUID()}/${action}`, { cookie })).status,
          ).toBe(status);
        }
      }
      expect((await call('GET', `/api/advisers/no-one`)).status).toBe(404);
      expect((await call('GET', `/api/advisers/${DEMO_ADVISER.slug}`)).status).toBe(200);
      const demo = adviserSchema.parse(
        await (await call('GET', `/api/advisers/${DEMO_ADVISER.slug}`)).json(),
      );
      expect(demo.adviserName).toBe(DEMO_ADVISER.adviserName);
    });

    it('creates an adviser with an account and no password, publishes the invitation, and the link sets the password once', async () => {
      const res = await createAdviser({
        slug: 'jane-smith',
        adviserName: 'Jane Smith',
        companyName: 'Smith Advice',
        email: 'Jane@Example.com',
        licenceNumber: 'AFSL 123456',
      });
      expect(res.status).toBe(201);
      const created = adminAdviserSchema.parse(await res.json());
      expect(created).toMatchObject({
        slug: 'jane-smith',
        adviserName: 'Jane Smith',
        companyName: 'Smith Advice',
        email: 'Jane@Example.com',
        licenceNumber: 'AFSL 123456',
        disclaimer: null,
        formerSlugs: [],
        account: {
          email: 'Jane@Example.com',
          name: 'Jane Smith',
          role: 'adviser',
          disabled: false,
          passwordSet: false,
          lastSignInAt: null,
          adviserSlug: 'jane-smith',
          pendingLink: {
            kind: 'invitation',
            sentAt: now.toISOString(),
            expiresAt: new Date(now.getTime() + ACCOUNT_LINK_TTL_MS).toISOString(),
            expired: false,
          },
        },
      });
      const accountId = created.account!.id;

      // No password works before the invitation is used, not even an empty one.
      const early = await suite.server.post('/api/auth/login', {
        email: 'jane@example.com',
        password: NEW_PASSWORD,
      });
      expect(early.status).toBe(401);
      expect(errorBodySchema.parse(await early.json()).error).toBe(SIGN_IN_REFUSED_MESSAGE);

      const event = await linkFor(accountId);
      const message = published.find((m) => m.id === event.id)!;
      expect(message.key).toBe(accountId);
      expect(event.data).toMatchObject({
        kind: 'invitation',
        recipientEmail: 'Jane@Example.com',
        recipientName: 'Jane Smith',
        companyName: 'Smith Advice',
        expiresAt: created.account!.pendingLink!.expiresAt,
      });
      const url = new URL(event.data.url);
      expect(`${url.origin}${url.pathname}`).toBe(`${TEST_PUBLIC_URL}/set-password`);
      const token = tokenOf(event);
      // The database keeps only the token's hash.
      const stored = await suite.sql.query<{ token_hash: string }>(
        'SELECT token_hash FROM account_tokens WHERE user_id = $1',
        [accountId],
      );
      expect(stored.rows).toHaveLength(1);
      expect(stored.rows[0]!.token_hash).not.toBe(token);
      expect(JSON.stringify(stored.rows)).not.toContain(token);

      const weak = await setPassword(token, 'short');
      expect(weak.status).toBe(400);
      expect(errorBodySchema.parse(await weak.json()).error).toBe(
        'The password must be at least 12 characters.',
      );
      const common = await setPassword(token, 'password1234');
      expect(common.status).toBe(400);

      const set = await setPassword(token);
      expect(set.status).toBe(200);
      expect(await set.json()).toEqual({ message: PASSWORD_SET_MESSAGE });
      await signIn('/api/auth/login', 'jane@example.com', NEW_PASSWORD);

      const again = await setPassword(token, 'another long password');
      expect(again.status).toBe(410);
      expect(errorBodySchema.parse(await again.json()).error).toBe(LINK_REFUSED_MESSAGES.used);
      await signIn('/api/auth/login', 'jane@example.com', NEW_PASSWORD);

      const listed = adminAdviserListSchema.parse(
        await (await call('GET', '/api/admin/advisers', { cookie: adminCookie })).json(),
      );
      expect(listed.advisers.find((a) => a.slug === 'jane-smith')?.account).toMatchObject({
        passwordSet: true,
        pendingLink: null,
        lastSignInAt: now.toISOString(),
      });

      const audit = await auditOf(accountId);
      const adminId = (
        await suite.sql.query<{ id: string }>("SELECT id FROM users WHERE email_key = 'admin@example.com'")
      ).rows[0]!.id;
      for (const change of ['adviser_created', 'account_created', 'invitation_sent']) {
        expect(audit).toContainEqual({ event: change, actor_email: ADMIN.email, actor_id: adminId });
      }
      // The holder's own change names no administrator.
      expect(audit).toContainEqual({ event: 'password_set', actor_email: null, actor_id: null });
    });

    it('refuses an unknown or malformed token with 400', async () => {
      for (const token of ['nope', 'A'.repeat(43)]) {
        const res = await setPassword(token);
        expect(res.status).toBe(400);
        expect(errorBodySchema.parse(await res.json()).error).toBe(INVALID_LINK_MESSAGE);
      }
      expect((await suite.server.post('/api/auth/set-password', { password: NEW_PASSWORD })).status).toBe(
        400,
      );
    });

    it('refuses an invitation after 72 hours, and one replaced by a newer link', async () => {
      const created = await createdAdviser({
        slug: 'late-larry',
        adviserName: 'Larry Late',
        companyName: 'Late Co',
        email: 'larry@example.com',
      });
      const accountId = created.account!.id;
      const first = tokenOf(await linkFor(accountId));
      const sentAt = now;
      now = new Date(sentAt.getTime() + ACCOUNT_LINK_TTL_MS);
      // Sessions do not last 72 hours: sign in again at the new time.
      adminCookie = await signIn('/api/admin/login', ADMIN.email, ADMIN.password);
      adviserCookie = await signIn('/api/auth/login', ADVISER.email, ADVISER.password);
      try {
        const expired = await setPassword(first);
        expect(expired.status).toBe(410);
        expect(errorBodySchema.parse(await expired.json()).error).toBe(LINK_REFUSED_MESSAGES.expired);
        const listed = adminAccountListSchema.parse(
          await (await call('GET', '/api/admin/accounts', { cookie: adminCookie })).json(),
        );
        expect(listed.accounts.find((a) => a.id === accountId)?.pendingLink).toMatchObject({ expired: true });

        // A new invitation (the account never had a password) replaces the expired one.
        const resend = await call('POST', `/api/admin/accounts/${accountId}/reset-password`, {
          cookie: adminCookie,
        });
        expect(resend.status).toBe(200);
        expect(adminAccountSchema.parse(await resend.json()).pendingLink).toMatchObject({
          kind: 'invitation',
          expired: false,
        });
        const second = tokenOf(await linkFor(accountId, 2));
        expect(second).not.toBe(first);
        const third = await call('POST', `/api/admin/accounts/${accountId}/reset-password`, {
          cookie: adminCookie,
        });
        expect(third.status).toBe(200);
        const latest = tokenOf(await linkFor(accountId, 3));

        const replaced = await setPassword(second);
        expect(replaced.status).toBe(410);
        expect(errorBodySchema.parse(await replaced.json()).error).toBe(LINK_REFUSED_MESSAGES.replaced);
        now = new Date(now.getTime() + ACCOUNT_LINK_TTL_MS - 1);
        expect((await setPassword(latest)).status).toBe(200);
      } finally {
        now = new Date(now.getTime() + 60_000);
        adminCookie = await signIn('/api/admin/login', ADMIN.email, ADMIN.password);
        adviserCookie = await signIn('/api/auth/login', ADVISER.email, ADVISER.password);
      }
    });

    const FRESH = {
      slug: 'fresh-face',
      adviserName: 'Fresh Face',
      companyName: 'Fresh Co',
      email: 'fresh@example.com',
    };
    it('answers 409 when the slug or the email is taken, and 400 with a clear message for bad input', async () => {
      const base = FRESH;
      const slugTaken = await createAdviser({ ...base, slug: DEMO_ADVISER.slug });
      expect(slugTaken.status).toBe(409);
      expect(errorBodySchema.parse(await slugTaken.json()).error).toContain(
        `"${DEMO_ADVISER.slug}" is already taken`,
      );
      const emailTaken = await createAdviser({ ...base, email: 'ADVISER@example.com' });
      expect(emailTaken.status).toBe(409);
      expect(errorBodySchema.parse(await emailTaken.json()).error).toBe(
        'An account with the email adviser@example.com already exists.',
      );
      const bad = await createAdviser({ ...base, email: 'not-an-email' });
      expect(bad.status).toBe(400);
      expect(errorBodySchema.parse(await bad.json()).error).toBe('Please enter a valid email address.');
      expect((await call('GET', '/api/advisers/fresh-face')).status).toBe(404);
    });

    it('edits an adviser; a renamed slug keeps resolving, and cannot be taken by another adviser', async () => {
      const created = await createdAdviser({
        slug: 'old-name',
        adviserName: 'Rita Rename',
        companyName: 'Rename Co',
        email: 'rita@example.com',
      });
      const res = await call('PATCH', '/api/admin/advisers/old-name', {
        cookie: adminCookie,
        body: { slug: 'new-name', companyName: 'Rename Partners', disclaimer: 'General advice only.' },
      });
      expect(res.status).toBe(200);
      expect(adminAdviserSchema.parse(await res.json())).toMatchObject({
        slug: 'new-name',
        companyName: 'Rename Partners',
        adviserName: 'Rita Rename',
        disclaimer: 'General advice only.',
        formerSlugs: ['old-name'],
        account: { id: created.account!.id, adviserSlug: 'new-name' },
      });
      for (const slug of ['old-name', 'new-name']) {
        const page = await call('GET', `/api/advisers/${slug}`);
        expect(page.status).toBe(200);
        expect(adviserSchema.parse(await page.json())).toEqual({
          slug: 'new-name',
          companyName: 'Rename Partners',
          adviserName: 'Rita Rename',
        });
        const internal = await call('GET', `/internal/advisers/${slug}`);
        expect(reportAdviserSchema.parse(await internal.json())).toMatchObject({
          slug: 'new-name',
          email: 'rita@example.com',
        });
      }
      const taken = await createAdviser({
        slug: 'old-name',
        adviserName: 'Other',
        companyName: 'Other Co',
        email: 'other@example.com',
      });
      expect(taken.status).toBe(409);
      const renameOnto = await call('PATCH', `/api/admin/advisers/${DEMO_ADVISER.slug}`, {
        cookie: adminCookie,
        body: { slug: 'old-name' },
      });
      expect(renameOnto.status).toBe(409);
      // Its own former slug can be taken back.
      const back = await call('PATCH', '/api/admin/advisers/new-name', {
        cookie: adminCookie,
        body: { slug: 'old-name' },
      });
      expect(adminAdviserSchema.parse(await back.json())).toMatchObject({
        slug: 'old-name',
        formerSlugs: ['new-name'],
      });

      const emailTaken = await call('PATCH', '/api/admin/advisers/old-name', {
        cookie: adminCookie,
        body: { email: ADMIN.email },
      });
      expect(emailTaken.status).toBe(409);
      const unknownField = await call('PATCH', '/api/admin/advisers/old-name', {
        cookie: adminCookie,
        body: { role: 'admin' },
      });
      expect(unknownField.status).toBe(400);
      const nothing = await call('PATCH', '/api/admin/advisers/old-name', { cookie: adminCookie, body: {} });
      expect(errorBodySchema.parse(await nothing.json()).error).toBe('Send at least one detail to change.');
      expect(
        (
          await call('PATCH', '/api/admin/advisers/no-such-adviser', {
            cookie: adminCookie,
            body: { adviserName: 'X' },
          })
        ).status,
      ).toBe(404);

      const audit = await auditOf(created.account!.id);
      expect(
        audit
          .filter((row) => row.event === 'adviser_updated')
          .every((row) => row.actor_email === ADMIN.email),
      ).toBe(true);
    });

    it('disables an account, ending its session at once, and enables it again; an admin cannot disable themselves', async () => {
      const accounts = adminAccountListSchema.parse(
        await (await call('GET', '/api/admin/accounts', { cookie: adminCookie })).json(),
      ).accounts;
      const adviser = accounts.find((a) => a.email === ADVISER.email)!;
      const admin = accounts.find((a) => a.email === ADMIN.email)!;
      expect((await call('GET', '/api/auth/user', { cookie: adviserCookie })).status).toBe(200);

      const disabled = await call('POST', `/api/admin/accounts/${adviser.id}/disable`, {
        cookie: adminCookie,
      });
      expect(disabled.status).toBe(200);
      expect(adminAccountSchema.parse(await disabled.json()).disabled).toBe(true);
      // The very next request with the old cookie is refused: no cache window.
      expect((await call('GET', '/api/auth/user', { cookie: adviserCookie })).status).toBe(401);
      expect(
        (await suite.server.post('/api/auth/login', { email: ADVISER.email, password: ADVISER.password }))
          .status,
      ).toBe(401);
      const reset = await call('POST', `/api/admin/accounts/${adviser.id}/reset-password`, {
        cookie: adminCookie,
      });
      expect(reset.status).toBe(422);

      const enabled = await call('POST', `/api/admin/accounts/${adviser.id}/enable`, { cookie: adminCookie });
      expect(adminAccountSchema.parse(await enabled.json()).disabled).toBe(false);
      expect((await call('GET', '/api/auth/user', { cookie: adviserCookie })).status).toBe(401);
      adviserCookie = await signIn('/api/auth/login', ADVISER.email, ADVISER.password);

      const self = await call('POST', `/api/admin/accounts/${admin.id}/disable`, { cookie: adminCookie });
      expect(self.status).toBe(422);
      expect(errorBodySchema.parse(await self.json()).error).toBe(CANNOT_DISABLE_SELF_MESSAGE);
      expect(
        (await call('POST', `/api/admin/accounts/${admin.id}/reset-password`, { cookie: adminCookie }))
          .status,
      ).toBe(422);
      expect((await call('GET', '/api/admin/me', { cookie: adminCookie })).status).toBe(200);
      expect(
        (await call('POST', '/api/admin/accounts/not-a-uuid/disable', { cookie: adminCookie })).status,
      ).toBe(404);
      expect(
        (await call('POST', `/api/admin/accounts/${crypto.randomUUID()}/enable`, { cookie: adminCookie }))
          .status,
      ).toBe(404);

      const audit = await auditOf(adviser.id);
      expect(audit).toContainEqual({
        event: 'account_disabled',
        actor_email: ADMIN.email,
        actor_id: admin.id,
      });
      expect(audit).toContainEqual({
        event: 'account_enabled',
        actor_email: ADMIN.email,
        actor_id: admin.id,
      });
    });

    it('resets a password: the old password and session end at once, and the reset link sets a new one', async () => {
      const adviser = adminAccountListSchema
        .parse(await (await call('GET', '/api/admin/accounts', { cookie: adminCookie })).json())
        .accounts.find((a) => a.email === ADVISER.email)!;
      const res = await call('POST', `/api/admin/accounts/${adviser.id}/reset-password`, {
        cookie: adminCookie,
      });
      expect(res.status).toBe(200);
      expect(adminAccountSchema.parse(await res.json())).toMatchObject({
        passwordSet: false,
        pendingLink: { kind: 'reset' },
      });
      expect((await call('GET', '/api/auth/user', { cookie: adviserCookie })).status).toBe(401);
      expect(
        (await suite.server.post('/api/auth/login', { email: ADVISER.email, password: ADVISER.password }))
          .status,
      ).toBe(401);
      const event = await linkFor(adviser.id);
      expect(event.data).toMatchObject({ kind: 'reset', companyName: DEMO_ADVISER.companyName });
      expect((await setPassword(tokenOf(event))).status).toBe(200);
      await signIn('/api/auth/login', ADVISER.email, NEW_PASSWORD);
      expect(await auditOf(adviser.id)).toContainEqual({
        event: 'password_reset_sent',
        actor_email: ADMIN.email,
        actor_id: expect.any(String),
      });
    });
  },
);
