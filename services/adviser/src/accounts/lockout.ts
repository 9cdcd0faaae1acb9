import { randomUUID } from 'node:crypto';
import type { SqlClient, SqlExecutor } from '@risk-profile/platform';

/** After this many failed sign-ins within the window, the account answers 429 for every IP. */
export const LOCK_THRESHOLD = 10;
export const LOCK_WINDOW_MS = 15 * 60 * 1000;

/**
 * The transaction-scoped advisory lock every check of an account's password or code takes, over
 * an SQL expression of its email key, so the checks of one account take turns in any process.
 */
export const attemptsLock = (emailKeySql: string): string =>
  `pg_advisory_xact_lock(hashtext('login-attempts:' || ${emailKeySql}))`;

/** The account's latest failures within the window, newest first, at most LOCK_THRESHOLD. */
async function recentFailures(sql: SqlExecutor, key: string, now: Date): Promise<Date[]> {
  const { rows } = await sql.query<{ failed_at: Date }>(
    `SELECT failed_at FROM login_failures WHERE email_key = $1 AND failed_at > $2
     ORDER BY failed_at DESC LIMIT ${LOCK_THRESHOLD}`,
    [key, new Date(now.getTime() - LOCK_WINDOW_MS)],
  );
  return rows.map((row) => new Date(row.failed_at));
}

/**
 * Until when an account is locked, or null. Locked while its last LOCK_THRESHOLD attempts all
 * fall within the window, so it unlocks LOCK_WINDOW_MS after the oldest of them. An attempt is
 * counted before its password is checked (reserveAttempt), and a locked account checks none: at
 * most 10 passwords per 15 minutes, 40 an hour, reach the check of one account, however many
 * arrive at once.
 */
function untilOf(recent: readonly Date[]): Date | null {
  if (recent.length < LOCK_THRESHOLD) return null;
  return new Date(recent[recent.length - 1]!.getTime() + LOCK_WINDOW_MS);
}

export type Reservation =
  /** The password may be checked; `locks` when this attempt took the last place before the lock. */
  { kind: 'reserved'; attempt: string; locks: boolean } | { kind: 'locked'; until: Date };

/**
 * Records an attempt on the account as a failure before its password is checked, unless the
 * account is locked. Attempts on one account take turns on a transaction-scoped advisory lock,
 * so parallel attempts, in any process sharing the database, cannot all see the last free place.
 */
export function reserveAttempt(sql: SqlClient, key: string, now: Date): Promise<Reservation> {
  return sql.transaction(async (tx) => {
    await tx.query(`SELECT ${attemptsLock('$1::text')}`, [key]);
    await pruneFailures(tx, key, now);
    const recent = await recentFailures(tx, key, now);
    const until = untilOf(recent);
    if (until) return { kind: 'locked', until };
    const attempt = randomUUID();
    await tx.query(
      'INSERT INTO login_failures (email_key, failed_at, attempt, checking) VALUES ($1, $2, $3, true)',
      [key, now, attempt],
    );
    // Every row left is inside the window (older ones were just deleted): this one makes the count.
    return { kind: 'reserved', attempt, locks: recent.length + 1 >= LOCK_THRESHOLD };
  });
}

const pruneFailures = (tx: SqlExecutor, key: string, now: Date) =>
  tx.query('DELETE FROM login_failures WHERE email_key = $1 AND failed_at <= $2', [
    key,
    new Date(now.getTime() - LOCK_WINDOW_MS),
  ]);

/**
 * A check made whole inside one transaction that holds the account's lock (attemptsLock), as a
 * second step's code is: no answer leaves before its transaction commits, so counting the attempt
 * with its outcome counts it as surely as reserving it first. Until when the account is locked
 * (or null), how many attempts count now, and whether one more failure locks it.
 */
export async function lockStatus(
  tx: SqlExecutor,
  key: string,
  now: Date,
): Promise<{ until: Date | null; counted: number; lastBeforeLock: boolean }> {
  const recent = await recentFailures(tx, key, now);
  return {
    until: untilOf(recent),
    counted: recent.length,
    lastBeforeLock: recent.length + 1 >= LOCK_THRESHOLD,
  };
}

/** Counts a failed check made under the lock (lockStatus), pruning the account's expired failures. */
export async function recordFailure(tx: SqlExecutor, key: string, now: Date): Promise<void> {
  await pruneFailures(tx, key, now);
  await tx.query('INSERT INTO login_failures (email_key, failed_at, checking) VALUES ($1, $2, false)', [
    key,
    now,
  ]);
}

/** The attempt's password was wrong: it stays counted, as a settled failure. */
export async function settleFailure(sql: SqlExecutor, attempt: string): Promise<void> {
  await sql.query('UPDATE login_failures SET checking = false WHERE attempt = $1', [attempt]);
}

/** The attempt does not count (a right password refused for its role): its place is freed. */
export async function releaseAttempt(sql: SqlExecutor, attempt: string): Promise<void> {
  await sql.query('DELETE FROM login_failures WHERE attempt = $1', [attempt]);
}

/**
 * A successful sign-in clears the account's failures and its own attempt (none for a check made
 * under the lock); attempts still being checked beside it stay counted, so a burst gains nothing
 * from a sign-in landing in its midst.
 */
export async function clearFailures(sql: SqlExecutor, key: string, attempt: string | null): Promise<void> {
  await sql.query('DELETE FROM login_failures WHERE email_key = $1 AND (NOT checking OR attempt = $2)', [
    key,
    attempt,
  ]);
}
