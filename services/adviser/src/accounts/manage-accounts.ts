import type { UserRole } from '@risk-profile/contracts';
import { HttpError, type SessionRevocations, type SqlClient } from '@risk-profile/platform';
import { upsertAdviser } from '../advisers/adviser-repository';
import { removeAccountSecondFactor } from './admin/reset-second-factor.handler';
import { COMMAND_LINE_ACTOR, recordAudit } from './audit';
import { hashPassword, weakPasswordReason } from './passwords';
import { changeUser, emailKey, findUserByEmail, insertUser, type UserRecord } from './user-repository';

export class AccountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AccountError';
  }
}

export interface NewAccount {
  role: UserRole;
  email: string;
  name: string;
  password: string;
  /** An adviser account speaks for an adviser page (other roles have none). */
  adviser?: { slug: string; companyName: string; adviserName: string };
}

/**
 * Account changes, each in one transaction with its audit entry and the session state every
 * service checks. Used by `npm run users` and the demo seed.
 */
export function accountManager(sql: SqlClient, clock: () => Date) {
  const find = async (email: string): Promise<UserRecord> => {
    const user = await findUserByEmail(sql, email);
    if (!user) throw new AccountError(`No account with the email ${emailKey(email)}.`);
    return user;
  };
  return {
    async create(account: NewAccount, options: { checkStrength?: boolean } = {}): Promise<string> {
      if (options.checkStrength !== false) {
        const weak = weakPasswordReason(account.password);
        if (weak) throw new AccountError(weak);
      }
      if (account.role === 'adviser' && !account.adviser)
        throw new AccountError('An adviser account needs an adviser page: slug, company and adviser name.');
      if (await findUserByEmail(sql, account.email))
        throw new AccountError(`An account with the email ${emailKey(account.email)} already exists.`);
      const passwordHash = await hashPassword(account.password);
      const now = clock();
      return sql.transaction(async (tx) => {
        const adviser =
          account.role === 'adviser' && account.adviser
            ? await upsertAdviser(tx, { ...account.adviser, email: account.email.trim() }, now)
            : null;
        const id = await insertUser(
          tx,
          {
            email: account.email,
            role: account.role,
            name: account.name,
            passwordHash,
            adviserId: adviser?.id ?? null,
          },
          now,
        );
        await recordAudit(tx, {
          at: now,
          event: 'account_created',
          email: emailKey(account.email),
          userId: id,
          outcome: 'success',
          detail: account.role,
        });
        return id;
      });
    },
    async setDisabled(email: string, disabled: boolean): Promise<void> {
      const user = await find(email);
      const now = clock();
      await sql.transaction(async (tx) => {
        await changeUser(tx, user.id, { disabled }, now);
        await recordAudit(tx, {
          at: now,
          event: disabled ? 'account_disabled' : 'account_enabled',
          email: emailKey(email),
          userId: user.id,
          outcome: 'success',
        });
      });
    },
    /** Gives an administrator analyst access or takes it away, ending the account's sessions. */
    async setAnalystAccess(email: string, analystAccess: boolean): Promise<void> {
      const user = await find(email);
      if (user.role !== 'admin')
        throw new AccountError(
          `${emailKey(email)} is an ${user.role} account: analyst access is given to administrators only (an analyst has it by role).`,
        );
      if (user.analystAccess === analystAccess) return;
      const now = clock();
      await sql.transaction(async (tx) => {
        await changeUser(tx, user.id, { analystAccess }, now);
        await recordAudit(tx, {
          at: now,
          event: analystAccess ? 'analyst_access_given' : 'analyst_access_taken',
          email: emailKey(email),
          userId: user.id,
          outcome: 'success',
        });
      });
    },
    async resetPassword(email: string, password: string): Promise<void> {
      const weak = weakPasswordReason(password);
      if (weak) throw new AccountError(weak);
      const user = await find(email);
      const passwordHash = await hashPassword(password);
      const now = clock();
      await sql.transaction(async (tx) => {
        await changeUser(tx, user.id, { passwordHash }, now);
        await recordAudit(tx, {
          at: now,
          event: 'password_reset',
          email: emailKey(email),
          userId: user.id,
          outcome: 'success',
        });
      });
    },
    /**
     * What an administrator's reset of a second factor does, for a site with no administrator
     * left to do it: the app and recovery codes removed, the sessions ended, the command line
     * named as the actor.
     */
    async resetSecondFactor(email: string, revocations: SessionRevocations): Promise<void> {
      const user = await find(email);
      await removeAccountSecondFactor({ sql, clock, revocations }, { user, actor: COMMAND_LINE_ACTOR }).catch(
        (error: unknown) => {
          throw error instanceof HttpError && error.status < 500 ? new AccountError(error.message) : error;
        },
      );
    },
  };
}

export type AccountManager = ReturnType<typeof accountManager>;
