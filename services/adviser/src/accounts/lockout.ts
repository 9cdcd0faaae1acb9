import type { SqlExecutor } from '@risk-profile/platform';

/** After this many failed sign-ins within the window, the account answers 429 for every IP. */
export const LOCK_THRESHOLD = 10;
export const LOCK_WINDOW_MS = 15 * 60 * 1000;

/**
 * Until when an account is locked, or null. Locked while its last LOCK_THRESHOLD failures all
 * fall within the window, so it unlocks LOCK_WINDOW_MS after the oldest of them. Failures are only
 * counted when a password was checked, and a locked account checks none: at most 10 failures per
 * 15 minutes, 40 an hour, reach the password check of one account.
 */
export async function lockedUntil(sql: SqlExecutor, key: string, now: Date): Promise<Date | null> {
  const { rows } = await sql.query<{ failed_at: Date }>(
    `SELECT failed_at FROM login_failures WHERE email_key = $1 AND failed_at > $2
     ORDER BY failed_at DESC LIMIT ${LOCK_THRESHOLD}`,
    [key, new Date(now.getTime() - LOCK_WINDOW_MS)],
  );
  if (rows.length < LOCK_THRESHOLD) return null;
  const oldest = new Date(rows[rows.length - 1]!.failed_at);
  return new Date(oldest.getTime() + LOCK_WINDOW_MS);
}

/** Records a failure; returns true when it is the one that locks the account. */
export async function recordFailure(sql: SqlExecutor, key: string, now: Date): Promise<boolean> {
  await sql.query('INSERT INTO login_failures (email_key, failed_at) VALUES ($1, $2)', [key, now]);
  await sql.query('DELETE FROM login_failures WHERE email_key = $1 AND failed_at <= $2', [
    key,
    new Date(now.getTime() - LOCK_WINDOW_MS),
  ]);
  return (await lockedUntil(sql, key, now)) !== null;
}

export async function clearFailures(sql: SqlExecutor, key: string): Promise<void> {
  await sql.query('DELETE FROM login_failures WHERE email_key = $1', [key]);
}
