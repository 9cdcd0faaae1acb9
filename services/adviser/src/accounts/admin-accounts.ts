import { randomUUID } from 'node:crypto';
import {
  type AdminAccount,
  type AdminAdviser,
  type createAdviserBodySchema,
  type createAnalystBodySchema,
  SET_PASSWORD_PAGE_PATH,
  type updateAdviserBodySchema,
} from '@risk-profile/contracts';
import {
  type EventStore,
  HttpError,
  httpError,
  type SessionRevocations,
  type SqlClient,
  type SqlExecutor,
} from '@risk-profile/platform';
import type { z } from 'zod';
import {
  type AdviserRecord,
  findAdviserBySlug,
  formerSlugs,
  insertAdviser,
  listAdvisers,
  SlugTakenError,
  updateAdviser,
} from '../advisers/adviser-repository';
import { type AccountInvitationRequested, recordAccountLink } from './account-links-relay';
import {
  type AccountLinkKind,
  everUsedALink,
  isAccountTokenShape,
  issueAccountToken,
  lockAccountToken,
  markAccountTokenUsed,
  type NewAccountToken,
  openAccountLinks,
  type TokenVerdict,
  tokenVerdict,
} from './account-tokens';
import { recordAudit } from './audit';
import { hashPassword, weakPasswordReason } from './passwords';
import {
  analystAccessOf,
  changeUser,
  DuplicateEmailError,
  emailKey,
  findUserByEmail,
  findUserById,
  insertUser,
  listUsers,
  type UserRecord,
} from './user-repository';

export const ACCOUNT_NOT_FOUND_MESSAGE = 'Account not found.';
export const ADVISER_NOT_FOUND_MESSAGE = 'Adviser not found.';
export const CANNOT_DISABLE_SELF_MESSAGE =
  'You cannot disable your own account. Ask another administrator to do it.';
export const CANNOT_RESET_SELF_MESSAGE =
  'You cannot reset your own password here: it would sign you out with no way back in. Ask another administrator.';
export const RESET_DISABLED_MESSAGE = 'This account is disabled. Enable it before sending a password reset.';
export const INVALID_LINK_MESSAGE =
  'This link is not valid. Open the whole link from the email, or ask your administrator for a new one.';
export const LINK_REFUSED_MESSAGES: Readonly<Record<Exclude<TokenVerdict, 'usable'>, string>> = {
  used: 'This link has already been used. Sign in with the password you set, or ask your administrator for a new link.',
  replaced: 'A newer link was sent for this account. Please use the link in the most recent email.',
  expired: 'This link has expired: links work for 72 hours. Ask your administrator for a new one.',
};
export const LINK_ACCOUNT_DISABLED_MESSAGE = 'This account is disabled. Please contact your administrator.';
export const ANALYST_ACCESS_ADMINS_ONLY_MESSAGE =
  'Analyst access is given to administrators only: an analyst has it by role, an adviser never.';
export const PASSWORD_SET_MESSAGE = 'Your password is set. You can now sign in.';

export interface Actor {
  id: string;
  email: string;
}

export interface AdminAccountsDeps {
  sql: SqlClient;
  store: EventStore;
  revocations: SessionRevocations;
  clock: () => Date;
  /** The site's address, for the set-password link. */
  publicUrl: () => string;
  /** Wakes the relay once a link is recorded. */
  onStored: () => void;
}

type CreateAdviser = z.output<typeof createAdviserBodySchema>;
type CreateAnalyst = z.output<typeof createAnalystBodySchema>;
type UpdateAdviser = z.output<typeof updateAdviserBodySchema>;

const emailTaken = (email: string) =>
  httpError.conflict(`An account with the email ${emailKey(email)} already exists.`, 'EMAIL_TAKEN');
const slugTaken = (slug: string) =>
  httpError.conflict(
    `The adviser page name "${slug}" is already taken (now or by an earlier rename).`,
    'SLUG_TAKEN',
  );

async function lastSignIns(sql: SqlExecutor): Promise<Map<string, Date>> {
  const { rows } = await sql.query<{ user_id: string; at: Date }>(
    `SELECT user_id, max(at) AS at FROM auth_audit
     WHERE user_id IS NOT NULL AND event IN ('login', 'admin_login') AND outcome = 'success'
     GROUP BY user_id`,
  );
  return new Map(rows.map((row) => [row.user_id, new Date(row.at)]));
}

/** Every account as the admin pages show it, with the adviser (id) it speaks for. */
async function accountViews(
  sql: SqlExecutor,
  now: Date,
): Promise<{ adviserId: string | null; view: AdminAccount }[]> {
  const [users, links, signIns] = await Promise.all([
    listUsers(sql),
    openAccountLinks(sql),
    lastSignIns(sql),
  ]);
  return users.map((user) => {
    const link = links.get(user.id);
    const view: AdminAccount = {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      disabled: user.disabled,
      passwordSet: user.passwordHash !== null,
      pendingLink: link
        ? {
            kind: link.kind,
            sentAt: link.sentAt.toISOString(),
            expiresAt: link.expiresAt.toISOString(),
            expired: now.getTime() >= link.expiresAt.getTime(),
          }
        : null,
      lastSignInAt: signIns.get(user.id)?.toISOString() ?? null,
      createdAt: user.createdAt.toISOString(),
      adviserSlug: user.adviserSlug,
      analystAccess: analystAccessOf(user),
    };
    return { adviserId: user.adviserId, view };
  });
}

function adviserView(
  adviser: AdviserRecord,
  former: readonly string[],
  account: AdminAccount | null,
): AdminAdviser {
  return {
    slug: adviser.slug,
    adviserName: adviser.adviserName,
    companyName: adviser.companyName,
    email: adviser.email,
    licenceNumber: adviser.licenceNumber,
    disclaimer: adviser.disclaimer,
    formerSlugs: [...former],
    createdAt: adviser.createdAt.toISOString(),
    account,
  };
}

/** The administrator's operations on advisers and accounts, and the holder's set-password. */
export function adminAccounts(deps: AdminAccountsDeps) {
  const { sql } = deps;

  const accountsByAdviser = async (now: Date) => {
    const byAdviser = new Map<string, AdminAccount>();
    for (const { adviserId, view } of await accountViews(sql, now)) {
      if (adviserId) byAdviser.set(adviserId, view);
    }
    return byAdviser;
  };

  const adviserWithAccount = async (adviser: AdviserRecord): Promise<AdminAdviser> => {
    const [accounts, former] = await Promise.all([accountsByAdviser(deps.clock()), formerSlugs(sql)]);
    return adviserView(adviser, former.get(adviser.id) ?? [], accounts.get(adviser.id) ?? null);
  };

  const accountView = async (userId: string): Promise<AdminAccount> => {
    const view = (await accountViews(sql, deps.clock())).find((account) => account.view.id === userId)?.view;
    if (!view) throw httpError.notFound(ACCOUNT_NOT_FOUND_MESSAGE);
    return view;
  };

  const findAccount = async (id: string): Promise<UserRecord> => {
    const user = await findUserById(sql, id);
    if (!user) throw httpError.notFound(ACCOUNT_NOT_FOUND_MESSAGE);
    return user;
  };

  /** Publishes the link (after the transaction that issued its token committed). */
  const sendLink = async (
    user: Pick<UserRecord, 'id' | 'email' | 'name'>,
    companyName: string | null,
    kind: AccountLinkKind,
    issued: NewAccountToken,
    now: Date,
    correlationId: string,
  ) => {
    const url = new URL(SET_PASSWORD_PAGE_PATH, deps.publicUrl());
    url.searchParams.set('token', issued.token);
    const data: AccountInvitationRequested['data'] = {
      accountId: user.id,
      kind,
      recipientEmail: user.email,
      recipientName: user.name,
      companyName,
      url: url.toString(),
      expiresAt: issued.expiresAt.toISOString(),
      requestedAt: now.toISOString(),
    };
    await recordAccountLink(deps.store, data, { correlationId, causationId: randomUUID() });
    deps.onStored();
  };

  return {
    async listAdvisers(): Promise<AdminAdviser[]> {
      const [advisers, accounts, former] = await Promise.all([
        listAdvisers(sql),
        accountsByAdviser(deps.clock()),
        formerSlugs(sql),
      ]);
      return advisers.map((adviser) =>
        adviserView(adviser, former.get(adviser.id) ?? [], accounts.get(adviser.id) ?? null),
      );
    },

    async listAccounts(): Promise<AdminAccount[]> {
      const accounts = (await accountViews(sql, deps.clock())).map((account) => account.view);
      return accounts.sort((a, b) => emailKey(a.email).localeCompare(emailKey(b.email)));
    },

    /** The adviser page and its account, without a password, and the invitation to set one. */
    async createAdviser(body: CreateAdviser, actor: Actor, correlationId: string): Promise<AdminAdviser> {
      if (await findUserByEmail(sql, body.email)) throw emailTaken(body.email);
      const now = deps.clock();
      const created = await sql
        .transaction(async (tx) => {
          const adviser = await insertAdviser(tx, body, now);
          const userId = await insertUser(
            tx,
            {
              email: body.email,
              role: 'adviser',
              name: body.adviserName,
              passwordHash: null,
              adviserId: adviser.id,
            },
            now,
          );
          const issued = await issueAccountToken(tx, userId, 'invitation', now);
          const audit = { at: now, email: emailKey(body.email), userId, outcome: 'success', actor } as const;
          await recordAudit(tx, { ...audit, event: 'adviser_created', detail: adviser.slug });
          await recordAudit(tx, { ...audit, event: 'account_created', detail: 'adviser' });
          await recordAudit(tx, { ...audit, event: 'invitation_sent' });
          return { adviser, userId, issued };
        })
        .catch((error: unknown) => {
          if (error instanceof SlugTakenError) throw slugTaken(error.slug);
          if (error instanceof DuplicateEmailError) throw emailTaken(body.email);
          throw error;
        });
      await sendLink(
        { id: created.userId, email: body.email, name: body.adviserName },
        body.companyName,
        'invitation',
        created.issued,
        now,
        correlationId,
      );
      return adviserWithAccount(created.adviser);
    },

    /** An analyst account, without a password, and the invitation to set one (as for an adviser). */
    async createAnalyst(
      body: CreateAnalyst,
      actor: Actor,
      correlationId: string,
    ): Promise<{ id: string; email: string }> {
      if (await findUserByEmail(sql, body.email)) throw emailTaken(body.email);
      const now = deps.clock();
      const created = await sql
        .transaction(async (tx) => {
          const userId = await insertUser(
            tx,
            { email: body.email, role: 'analyst', name: body.name, passwordHash: null, adviserId: null },
            now,
          );
          const issued = await issueAccountToken(tx, userId, 'invitation', now);
          const audit = { at: now, email: emailKey(body.email), userId, outcome: 'success', actor } as const;
          await recordAudit(tx, { ...audit, event: 'account_created', detail: 'analyst' });
          await recordAudit(tx, { ...audit, event: 'invitation_sent' });
          return { userId, issued };
        })
        .catch((error: unknown) => {
          if (error instanceof DuplicateEmailError) throw emailTaken(body.email);
          throw error;
        });
      const email = body.email.trim();
      await sendLink(
        { id: created.userId, email, name: body.name },
        null,
        'invitation',
        created.issued,
        now,
        correlationId,
      );
      return { id: created.userId, email };
    },

    /**
     * Gives an administrator's account analyst access or takes it away. Sessions carry it, so the
     * change ends the account's sessions (as a disable does): none keeps a right taken away, and
     * the next sign-in carries one given.
     */
    async setAnalystAccess(id: string, analystAccess: boolean, actor: Actor): Promise<void> {
      const user = await findAccount(id);
      if (user.role !== 'admin') throw httpError.conflict(ANALYST_ACCESS_ADMINS_ONLY_MESSAGE, 'NOT_AN_ADMIN');
      if (user.analystAccess === analystAccess) return;
      const now = deps.clock();
      await sql.transaction(async (tx) => {
        await changeUser(tx, user.id, { analystAccess }, now);
        await recordAudit(tx, {
          at: now,
          event: analystAccess ? 'analyst_access_given' : 'analyst_access_taken',
          email: emailKey(user.email),
          userId: user.id,
          outcome: 'success',
          actor,
        });
      });
      deps.revocations.forget({ userId: user.id });
    },

    /**
     * Changes an adviser's details. The adviser's account follows the email and the name (it is
     * the same person); a new slug keeps the old one resolving.
     */
    async updateAdviser(slug: string, body: UpdateAdviser, actor: Actor): Promise<AdminAdviser> {
      const current = await findAdviserBySlug(sql, slug);
      if (!current) throw httpError.notFound(ADVISER_NOT_FOUND_MESSAGE);
      const change = Object.fromEntries(
        Object.entries(body).filter(([, value]) => value !== undefined),
      ) as Partial<AdviserRecord>;
      const now = deps.clock();
      const account = (await listUsers(sql)).find((user) => user.adviserId === current.id) ?? null;
      if (change.email && emailKey(change.email) !== emailKey(current.email)) {
        const holder = await findUserByEmail(sql, change.email);
        if (holder && holder.id !== account?.id) throw emailTaken(change.email);
      }
      const updated = await sql
        .transaction(async (tx) => {
          const next = await updateAdviser(tx, current, change, now);
          if (account) {
            const { rows } = await tx.query(
              `UPDATE users SET email = $2, email_key = $3, name = $4, changed_at = $5
               WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users WHERE email_key = $3 AND id <> $1) RETURNING id`,
              [account.id, next.email, emailKey(next.email), next.adviserName, now],
            );
            if (rows.length === 0) throw new DuplicateEmailError(next.email);
          }
          const changed = Object.keys(change)
            .filter((key) => change[key as keyof AdviserRecord] !== current[key as keyof AdviserRecord])
            .sort();
          await recordAudit(tx, {
            at: now,
            event: 'adviser_updated',
            email: emailKey(next.email),
            userId: account?.id ?? null,
            outcome: 'success',
            detail: `${current.slug}: ${changed.join(', ') || 'no change'}${next.slug !== current.slug ? ` (now ${next.slug})` : ''}`,
            actor,
          });
          return next;
        })
        .catch((error: unknown) => {
          if (error instanceof SlugTakenError) throw slugTaken(error.slug);
          if (error instanceof DuplicateEmailError) throw emailTaken(body.email ?? current.email);
          throw error;
        });
      return adviserWithAccount(updated);
    },

    /** Disables (ending every session at once) or enables an account. */
    async setDisabled(id: string, disabled: boolean, actor: Actor): Promise<AdminAccount> {
      const user = await findAccount(id);
      if (disabled && user.id === actor.id)
        throw httpError.unprocessable(CANNOT_DISABLE_SELF_MESSAGE, 'SELF');
      const now = deps.clock();
      await sql.transaction(async (tx) => {
        await changeUser(tx, user.id, { disabled }, now);
        await recordAudit(tx, {
          at: now,
          event: disabled ? 'account_disabled' : 'account_enabled',
          email: emailKey(user.email),
          userId: user.id,
          outcome: 'success',
          actor,
        });
      });
      deps.revocations.forget({ userId: user.id });
      return accountView(user.id);
    },

    /**
     * Ends the account's password and sessions at once and emails a link to set a new one (an
     * invitation again for an account whose holder never set a password): an administrator
     * resets an account because its password is forgotten or may be known to someone else, and
     * in the second case the old password must stop working now, not when the link is used.
     */
    async resetPassword(id: string, actor: Actor, correlationId: string): Promise<AdminAccount> {
      const user = await findAccount(id);
      if (user.id === actor.id) throw httpError.unprocessable(CANNOT_RESET_SELF_MESSAGE, 'SELF');
      if (user.disabled) throw httpError.unprocessable(RESET_DISABLED_MESSAGE, 'ACCOUNT_DISABLED');
      const kind: AccountLinkKind =
        user.passwordHash !== null || (await everUsedALink(sql, user.id)) ? 'reset' : 'invitation';
      const now = deps.clock();
      const issued = await sql.transaction(async (tx) => {
        await changeUser(tx, user.id, { passwordHash: null }, now);
        const token = await issueAccountToken(tx, user.id, kind, now);
        await recordAudit(tx, {
          at: now,
          event: kind === 'reset' ? 'password_reset_sent' : 'invitation_sent',
          email: emailKey(user.email),
          userId: user.id,
          outcome: 'success',
          actor,
        });
        return token;
      });
      deps.revocations.forget({ userId: user.id });
      const adviser = user.adviserSlug ? await findAdviserBySlug(sql, user.adviserSlug) : null;
      await sendLink(user, adviser?.companyName ?? null, kind, issued, now, correlationId);
      return accountView(user.id);
    },

    /**
     * Sets the password with a link's token: once, within 72 hours, and only the newest link of
     * the account. The token is checked before the (costly) hashing, and again under the row's
     * lock, so two uses at once cannot both succeed. Every earlier session of the account ends.
     */
    async setPassword(token: string, password: string, ip: string): Promise<void> {
      if (!isAccountTokenShape(token)) throw httpError.badRequest(INVALID_LINK_MESSAGE);
      const check = async (tx: SqlExecutor) => {
        const stored = await lockAccountToken(tx, token);
        if (!stored) throw httpError.badRequest(INVALID_LINK_MESSAGE);
        const verdict = tokenVerdict(stored, deps.clock());
        if (verdict !== 'usable')
          throw new HttpError(410, LINK_REFUSED_MESSAGES[verdict], `LINK_${verdict.toUpperCase()}`);
        const user = await findUserById(tx, stored.userId);
        if (!user || user.disabled)
          throw new HttpError(410, LINK_ACCOUNT_DISABLED_MESSAGE, 'ACCOUNT_DISABLED');
        return { stored, user };
      };
      await check(sql);
      const weak = weakPasswordReason(password);
      if (weak) throw httpError.badRequest(weak);
      const passwordHash = await hashPassword(password);
      const userId = await sql.transaction(async (tx) => {
        const { stored, user } = await check(tx);
        const now = deps.clock();
        await changeUser(tx, user.id, { passwordHash }, now);
        await markAccountTokenUsed(tx, stored.hash, now);
        await recordAudit(tx, {
          at: now,
          event: 'password_set',
          email: emailKey(user.email),
          userId: user.id,
          ip,
          outcome: 'success',
          detail: stored.kind,
        });
        return user.id;
      });
      deps.revocations.forget({ userId });
    },
  };
}

export type AdminAccounts = ReturnType<typeof adminAccounts>;
