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
  /** An account's second factor removed by an administrator, or by `npm run users` (no administrator left). */
  | 'second_factor_reset'
  /** A session began (detail: how it was signed in); every sign-in method ends in one. */
  | 'session_started'
  /** Its holder ended one of their sessions from the sessions list. */
  | 'session_ended'
  /** Every outcome of a single sign-on callback (oidc/), and a provider found unavailable. */
  | 'sso_login'
  /** A passkey added to the account (detail: its name), or a creation refused (detail: why). */
  | 'passkey_registered'
  /** A passkey removed by its holder (detail: its name). */
  | 'passkey_removed'
  /** Every outcome of a sign-in with a passkey instead of a password (passkeys/). */
  | 'passkey_login';

export interface AuditEntry {
  at: Date;
  event: AuditEvent;
  email?: string | null;
  userId?: string | null;
  ip?: string | null;
  outcome: 'success' | 'failure' | 'refused';
  /** A reason in a few words ("wrong password", "locked"), never a password or a token. */
  detail?: string | null;
  /** Who made the change: an administrator, or COMMAND_LINE_ACTOR (absent for the holder's own actions). */
  actor?: AuditActor | null;
}

/** The actor of a change: an administrator's account, or the command line (no account). */
export interface AuditActor {
  id: string | null;
  email: string;
}

/** `npm run users` where its change names an actor (a reset of a second factor). */
export const COMMAND_LINE_ACTOR: AuditActor = { id: null, email: 'command line' };

/**
 * An audit row's INSERT with its parameters numbered from `first`, for a statement that writes it
 * beside another (a CTE: the session's start and its audit in one round trip).
 */
export function auditInsert(entry: AuditEntry, first = 1): { text: string; params: unknown[] } {
  const params = [
    entry.at,
    entry.event,
    entry.email ?? null,
    entry.userId ?? null,
    entry.ip ?? null,
    entry.outcome,
    entry.detail ?? null,
    entry.actor?.id ?? null,
    entry.actor?.email ?? null,
  ];
  const placeholders = params.map((_, i) => `$${first + i}`).join(', ');
  return {
    text: `INSERT INTO auth_audit (at, event, email, user_id, ip, outcome, detail, actor_id, actor_email)
     VALUES (${placeholders})`,
    params,
  };
}

export async function recordAudit(executor: SqlExecutor, entry: AuditEntry): Promise<void> {
  const { text, params } = auditInsert(entry);
  await executor.query(text, params);
}
