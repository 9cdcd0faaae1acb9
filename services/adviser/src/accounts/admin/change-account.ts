import type { SqlExecutor } from '@risk-profile/platform';
import { type AuditActor, type AuditEvent, recordAudit } from '../audit';
import { changeUser, emailKey, type UserRecord } from '../user-repository';
import type { AdminAccountsDeps } from './admin-deps';

export interface AccountChange {
  user: Pick<UserRecord, 'id' | 'email'>;
  change: Parameters<typeof changeUser>[2];
  event: AuditEvent;
  actor: AuditActor;
  /** More of the same change, in its transaction (a second factor's removal). */
  alongside?: (tx: SqlExecutor) => Promise<void>;
}

/**
 * An administrator's change to an account (or `npm run users`'s), with its audit entry in the same transaction; then
 * the account's sessions end (the change bumped its session version), so none outlives it.
 */
export async function changeAccount(
  deps: Pick<AdminAccountsDeps, 'sql' | 'clock' | 'revocations'>,
  { user, change, event, actor, alongside }: AccountChange,
): Promise<void> {
  const now = deps.clock();
  await deps.sql.transaction(async (tx) => {
    await alongside?.(tx);
    await changeUser(tx, user.id, change, now);
    await recordAudit(tx, {
      at: now,
      event,
      email: emailKey(user.email),
      userId: user.id,
      outcome: 'success',
      actor,
    });
  });
  deps.revocations.forget({ userId: user.id });
}
