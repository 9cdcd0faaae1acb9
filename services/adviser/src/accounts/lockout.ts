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

const windowStart = (now: Date) => new Date(now.getTime() - LOCK_WINDOW_MS);

/** The account's latest failures within the window, newest first, at most LOCK_THRESHOLD. */
async function recentFailures(sql: SqlExecutor, key: string, now: Date): Promise<Date[]> {
  const { rows } = await sql.query<{ failed_at: Date }>(
    `SELECT failed_at FROM login_failures WHERE email_key = $1 AND failed_at > $2
     ORDER BY failed_at DESC LIMIT ${LOCK_THRESHOLD}`,
    [key, windowStart(now)],
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
  tx.query('DELETE FROM login_failures WHERE email_key = $1 AND failed_at <= $2', [key, windowStart(now)]);

/** Whether an account is locked, as a check made under its lock (attemptsLock) reads it. */
export interface LockStatus {
  /** Until when the account is locked, or null. */
  until: Date | null;
  /** How many attempts count now. */
  counted: number;
  /** Whether one more failure locks it. */
  lastBeforeLock: boolean;
}

/**
 * The account's lock status as the CTE `lock_status` (counted, oldest: of the latest
 * LOCK_THRESHOLD failures in the window), its parameters numbered from `first`, for a statement
 * that reads it beside a write made only while the account is unlocked (WHILE_UNLOCKED).
 */
export function lockStatusCte(key: string, now: Date, first: number): { text: string; params: unknown[] } {
  return {
    text: `recent_failures AS (
       SELECT failed_at FROM login_failures WHERE email_key = $${first} AND failed_at > $${first + 1}
       ORDER BY failed_at DESC LIMIT ${LOCK_THRESHOLD}),
     lock_status AS (SELECT count(*)::int AS counted, min(failed_at) AS oldest FROM recent_failures)`,
    params: [key, windowStart(now)],
  };
}

/** The condition of a write beside lockStatusCte: the account is not locked. */
export const WHILE_UNLOCKED = `(SELECT counted FROM lock_status) < ${LOCK_THRESHOLD}`;

/** A row of lock_status (lockStatusCte) as a LockStatus. */
export function lockStatusOf(row: { counted: number | string; oldest: Date | string | null }): LockStatus {
  const counted = Number(row.counted);
  const oldest = row.oldest === null ? null : new Date(row.oldest);
  return {
    until: counted >= LOCK_THRESHOLD && oldest ? new Date(oldest.getTime() + LOCK_WINDOW_MS) : null,
    counted,
    lastBeforeLock: counted + 1 >= LOCK_THRESHOLD,
  };
}

/**
 * A check made whole inside one transaction that holds the account's lock (attemptsLock), as a
 * second step's code is: no answer leaves before its transaction commits, so counting the attempt
 * with its outcome counts it as surely as reserving it first. The lock must be held before this
 * statement starts: its snapshot then holds every attempt counted before.
 */
export async function lockStatus(tx: SqlExecutor, key: string, now: Date): Promise<LockStatus> {
  const cte = lockStatusCte(key, now, 1);
  const { rows } = await tx.query<{ counted: number; oldest: Date | null }>(
    `WITH ${cte.text} SELECT counted, oldest FROM lock_status`,
    cte.params,
  );
  return lockStatusOf(rows[0] ?? { counted: 0, oldest: null });
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
  const { text, params } = failuresCleared(key, attempt);
  await sql.query(text, params);
}

/**
 * clearFailures as a DELETE with its parameters numbered from `first`, for a statement that
 * writes it beside another (the session's start: one round trip).
 */
export function failuresCleared(
  key: string,
  attempt: string | null,
  first = 1,
): { text: string; params: unknown[] } {
  return {
    text: `DELETE FROM login_failures WHERE email_key = $${first} AND (NOT checking OR attempt = $${first + 1})`,
    params: [key, attempt],
  };
}
