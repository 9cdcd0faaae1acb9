import type { AdminAccount, AdminAdviser } from '@risk-profile/contracts';
import { httpError, type SqlExecutor } from '@risk-profile/platform';
import {
  type AdviserRecord,
  formerSlugs,
  listAdvisers,
  reportAdviserOf,
} from '../../advisers/adviser-repository';
import { openAccountLinks } from '../account-tokens';
import { accountsWithSecondFactor } from '../mfa/second-factor-store';
import { analystAccessOf, emailKey, findUserById, listUsers, type UserRecord } from '../user-repository';
import type { AdminAccountsDeps } from './admin-deps';
import { ACCOUNT_NOT_FOUND_MESSAGE } from './admin-errors';

type ViewDeps = Pick<AdminAccountsDeps, 'sql' | 'clock'>;

async function lastSignIns(sql: SqlExecutor): Promise<Map<string, Date>> {
  const { rows } = await sql.query<{ user_id: string; at: Date }>(
    `SELECT user_id, max(at) AS at FROM auth_audit
     WHERE user_id IS NOT NULL AND outcome = 'success'
       AND (event = 'session_started' OR (event IN ('login', 'admin_login') AND detail IS NULL))
     GROUP BY user_id`,
  );
  return new Map(rows.map((row) => [row.user_id, new Date(row.at)]));
}

/** Every account as the admin pages show it, with the adviser (id) it speaks for. */
async function accountViews(
  sql: SqlExecutor,
  now: Date,
): Promise<{ adviserId: string | null; view: AdminAccount }[]> {
  const [users, links, signIns, secondFactors] = await Promise.all([
    listUsers(sql),
    openAccountLinks(sql),
    lastSignIns(sql),
    accountsWithSecondFactor(sql),
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
      secondFactor: secondFactors.has(user.id),
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
    ...reportAdviserOf(adviser),
    formerSlugs: [...former],
    createdAt: adviser.createdAt.toISOString(),
    account,
  };
}

async function accountsByAdviser(sql: SqlExecutor, now: Date): Promise<Map<string, AdminAccount>> {
  const byAdviser = new Map<string, AdminAccount>();
  for (const { adviserId, view } of await accountViews(sql, now)) {
    if (adviserId) byAdviser.set(adviserId, view);
  }
  return byAdviser;
}

export async function listAdminAdvisers({ sql, clock }: ViewDeps): Promise<AdminAdviser[]> {
  const [advisers, accounts, former] = await Promise.all([
    listAdvisers(sql),
    accountsByAdviser(sql, clock()),
    formerSlugs(sql),
  ]);
  return advisers.map((adviser) =>
    adviserView(adviser, former.get(adviser.id) ?? [], accounts.get(adviser.id) ?? null),
  );
}

export async function listAdminAccounts({ sql, clock }: ViewDeps): Promise<AdminAccount[]> {
  const accounts = (await accountViews(sql, clock())).map((account) => account.view);
  return accounts.sort((a, b) => emailKey(a.email).localeCompare(emailKey(b.email)));
}

/** One adviser as the admin pages show it, with its account. */
export async function adviserWithAccount(
  { sql, clock }: ViewDeps,
  adviser: AdviserRecord,
): Promise<AdminAdviser> {
  const [accounts, former] = await Promise.all([accountsByAdviser(sql, clock()), formerSlugs(sql)]);
  return adviserView(adviser, former.get(adviser.id) ?? [], accounts.get(adviser.id) ?? null);
}

/** One account as the admin pages show it; 404 when there is none. */
export async function accountView({ sql, clock }: ViewDeps, userId: string): Promise<AdminAccount> {
  const view = (await accountViews(sql, clock())).find((account) => account.view.id === userId)?.view;
  if (!view) throw httpError.notFound(ACCOUNT_NOT_FOUND_MESSAGE);
  return view;
}

/** The account an administrator names; 404 when there is none. */
export async function findAccount(sql: SqlExecutor, id: string): Promise<UserRecord> {
  const user = await findUserById(sql, id);
  if (!user) throw httpError.notFound(ACCOUNT_NOT_FOUND_MESSAGE);
  return user;
}
