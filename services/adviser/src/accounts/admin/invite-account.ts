import type { SqlExecutor } from '@risk-profile/platform';
import { type AdviserRecord, SlugTakenError } from '../../advisers/adviser-repository';
import { issueAccountToken } from '../account-tokens';
import { recordAudit } from '../audit';
import { DuplicateEmailError, emailKey, findUserByEmail, insertUser } from '../user-repository';
import type { Actor, AdminAccountsDeps } from './admin-deps';
import { emailTaken, slugTaken } from './admin-errors';
import { sendAccountLink } from './send-account-link';

export interface InvitedAccount {
  email: string;
  name: string;
  role: 'adviser' | 'analyst';
  /** The firm named in the invitation (an adviser's). */
  companyName: string | null;
  actor: Actor;
  correlationId: string;
  /** The adviser page the account speaks for, written first in the same transaction. */
  adviserPage?: (tx: SqlExecutor, now: Date) => Promise<AdviserRecord>;
}

/**
 * A new account without a password, audited in the transaction that creates it, and the
 * invitation to set one sent once that transaction has committed.
 */
export async function inviteAccount(
  deps: AdminAccountsDeps,
  account: InvitedAccount,
): Promise<{ userId: string; adviser: AdviserRecord | null }> {
  const { sql } = deps;
  const { email, name, role, actor } = account;
  if (await findUserByEmail(sql, email)) throw emailTaken(email);
  const now = deps.clock();
  const created = await sql
    .transaction(async (tx) => {
      const adviser = account.adviserPage ? await account.adviserPage(tx, now) : null;
      const userId = await insertUser(
        tx,
        { email, role, name, passwordHash: null, adviserId: adviser?.id ?? null },
        now,
      );
      const issued = await issueAccountToken(tx, userId, 'invitation', now);
      const audit = { at: now, email: emailKey(email), userId, outcome: 'success', actor } as const;
      if (adviser) await recordAudit(tx, { ...audit, event: 'adviser_created', detail: adviser.slug });
      await recordAudit(tx, { ...audit, event: 'account_created', detail: role });
      await recordAudit(tx, { ...audit, event: 'invitation_sent' });
      return { adviser, userId, issued };
    })
    .catch((error: unknown) => {
      if (error instanceof SlugTakenError) throw slugTaken(error.slug);
      if (error instanceof DuplicateEmailError) throw emailTaken(email);
      throw error;
    });
  await sendAccountLink(deps, {
    user: { id: created.userId, email, name },
    companyName: account.companyName,
    kind: 'invitation',
    issued: created.issued,
    now,
    correlationId: account.correlationId,
  });
  return { userId: created.userId, adviser: created.adviser };
}
