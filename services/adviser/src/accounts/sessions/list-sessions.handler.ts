import type { AccountSession, SignInMethod } from '@risk-profile/contracts';
import type { SqlExecutor } from '@risk-profile/platform';

interface SessionRow {
  id: string;
  started_at: Date;
  expires_at: Date;
  ip: string | null;
  user_agent: string | null;
  method: SignInMethod;
}

/**
 * The account's sessions that still work: not past their expiry, not ended (logout or the list),
 * and issued at the account's current session version (a disable, password reset, factor reset
 * or change of analyst access ends every earlier one). Newest first; `currentId` is marked.
 */
export async function listSessions(
  sql: SqlExecutor,
  command: { userId: string; currentId: string; now: Date },
): Promise<AccountSession[]> {
  const { rows } = await sql.query<SessionRow>(
    `SELECT s.id, s.started_at, s.expires_at, s.ip, s.user_agent, s.method
     FROM auth_sessions s JOIN users u ON u.id = s.user_id
     WHERE s.user_id = $1 AND s.ended_at IS NULL AND s.expires_at > $2
       AND s.session_version = u.session_version
     ORDER BY s.started_at DESC, s.id`,
    [command.userId, command.now],
  );
  return rows.map((row) => ({
    id: row.id,
    startedAt: new Date(row.started_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
    ip: row.ip,
    userAgent: row.user_agent,
    method: row.method,
    current: row.id === command.currentId,
  }));
}
