import type { SqlExecutor } from '@risk-profile/platform';

export type AuditEvent =
  | 'login'
  | 'admin_login'
  | 'logout'
  | 'account_locked'
  | 'account_created'
  | 'account_disabled'
  | 'account_enabled'
  | 'password_reset'
  | 'invitation_sent'
  | 'password_reset_sent'
  | 'password_set'
  | 'adviser_created'
  | 'adviser_updated'
  /** A password checked for /clickhouse (failures and refusals; each query is in the analyst query log). */
  | 'analyst_login'
  | 'analyst_access_given'
  | 'analyst_access_taken'
  /** The second step of a sign-in (a code or a recovery code), or a code checked to turn the app off. */
  | 'second_factor_check'
  | 'totp_enabled'
  | 'totp_disabled'
  /** An administrator removed another account's second factor. */
  | 'second_factor_reset'
  /** A session began (detail: how it was signed in); every sign-in method ends in one. */
  | 'session_started'
  /** Its holder ended one of their sessions from the sessions list. */
  | 'session_ended'
  /** Every outcome of a single sign-on callback (oidc/), and a provider found unavailable. */
  | 'sso_login';

export interface AuditEntry {
  at: Date;
  event: AuditEvent;
  email?: string | null;
  userId?: string | null;
  ip?: string | null;
  outcome: 'success' | 'failure' | 'refused';
  /** A reason in a few words ("wrong password", "locked"), never a password or a token. */
  detail?: string | null;
  /** The administrator who made the change (absent for the holder's own actions and the CLI). */
  actor?: { id: string; email: string } | null;
}

export async function recordAudit(executor: SqlExecutor, entry: AuditEntry): Promise<void> {
  await executor.query(
    `INSERT INTO auth_audit (at, event, email, user_id, ip, outcome, detail, actor_id, actor_email)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      entry.at,
      entry.event,
      entry.email ?? null,
      entry.userId ?? null,
      entry.ip ?? null,
      entry.outcome,
      entry.detail ?? null,
      entry.actor?.id ?? null,
      entry.actor?.email ?? null,
    ],
  );
}
