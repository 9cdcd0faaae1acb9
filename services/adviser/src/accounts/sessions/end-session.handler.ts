import { httpError, type SessionRevocations, type SqlClient } from '@risk-profile/platform';
import { recordAudit } from '../audit';
import { emailKey } from '../user-repository';
import { endSessionNow } from './end-session-now';

export const SESSION_NOT_FOUND_MESSAGE = 'Session not found. It may have ended already.';

/**
 * Ends one of the account's own sessions at once: its id is revoked as logout revokes it (every
 * service refuses it within the revocation cache's 2 s, this one at once) and its row closed.
 * Another account's session, or one ended already, is not found.
 */
export async function endSession(
  deps: { sql: SqlClient; revocations: SessionRevocations },
  command: { user: { id: string; email: string }; sessionId: string; ip: string; now: Date },
): Promise<void> {
  const { user, sessionId, now } = command;
  const ended = await deps.sql.transaction(async (tx) => {
    const { rows } = await tx.query<{ expires_at: Date }>(
      `SELECT expires_at FROM auth_sessions
       WHERE id = $1 AND user_id = $2 AND ended_at IS NULL AND expires_at > $3 FOR UPDATE`,
      [sessionId, user.id, now],
    );
    const row = rows[0];
    if (!row) return false;
    await endSessionNow(tx, { id: sessionId, expiresAt: new Date(row.expires_at) }, now);
    await recordAudit(tx, {
      at: now,
      event: 'session_ended',
      email: emailKey(user.email),
      userId: user.id,
      ip: command.ip,
      outcome: 'success',
      detail: `session ${sessionId}`,
    });
    return true;
  });
  if (!ended) throw httpError.notFound(SESSION_NOT_FOUND_MESSAGE);
  deps.revocations.forget({ jti: sessionId });
}
