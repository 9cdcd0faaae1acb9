import { type SqlExecutor, sessionStateWrites } from '@risk-profile/platform';

/**
 * Ends a session for good inside the caller's transaction: its id revoked until the token would
 * have expired (every service refuses it) and its row closed (the sessions list drops it).
 */
export async function endSessionNow(
  tx: SqlExecutor,
  session: { id: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await sessionStateWrites.revokeSession(tx, session.id, session.expiresAt, now);
  await tx.query('UPDATE auth_sessions SET ended_at = $2 WHERE id = $1 AND ended_at IS NULL', [
    session.id,
    now,
  ]);
}
