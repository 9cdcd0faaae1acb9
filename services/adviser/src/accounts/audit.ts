import type { SqlExecutor } from '@risk-profile/platform';

export type AuditEvent =
  | 'login'
  | 'admin_login'
  | 'logout'
  | 'account_locked'
  | 'account_created'
  | 'account_disabled'
  | 'account_enabled'
  | 'password_reset';

export interface AuditEntry {
  at: Date;
  event: AuditEvent;
  email?: string | null;
  userId?: string | null;
  ip?: string | null;
  outcome: 'success' | 'failure' | 'refused';
  /** A reason in a few words ("wrong password", "locked"), never a password or a token. */
  detail?: string | null;
}

export async function recordAudit(executor: SqlExecutor, entry: AuditEntry): Promise<void> {
  await executor.query(
    `INSERT INTO auth_audit (at, event, email, user_id, ip, outcome, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      entry.at,
      entry.event,
      entry.email ?? null,
      entry.userId ?? null,
      entry.ip ?? null,
      entry.outcome,
      entry.detail ?? null,
    ],
  );
}
