import { randomUUID } from 'node:crypto';
import type { UserRole } from '@risk-profile/contracts';
import { type SqlExecutor, sessionStateWrites } from '@risk-profile/platform';
import { attemptsLock } from './lockout';
import { type TotpFactor, type TotpRow, totpFactorOf } from './mfa/second-factor-store';

export interface UserRecord {
  id: string;
  email: string;
  role: UserRole;
  name: string;
  /** Null for an invited account whose holder has not set a password, or one whose password was reset. */
  passwordHash: string | null;
  adviserId: string | null;
  adviserSlug: string | null;
  /** Given to an administrator explicitly; false for every other role (an analyst has it by role). */
  analystAccess: boolean;
  disabled: boolean;
  sessionVersion: number;
  createdAt: Date;
  changedAt: Date;
}

interface UserRow {
  id: string;
  email: string;
  role: UserRole;
  name: string;
  password_hash: string | null;
  adviser_id: string | null;
  adviser_slug: string | null;
  analyst_access: boolean;
  disabled: boolean;
  session_version: number;
  created_at: Date;
  changed_at: Date;
}

export const emailKey = (email: string): string => email.trim().toLowerCase();

const COLUMNS_FROM = `u.id, u.email, u.role, u.name, u.password_hash, u.adviser_id, a.slug AS adviser_slug,
  u.analyst_access, u.disabled, u.session_version, u.created_at, u.changed_at
  FROM users u LEFT JOIN advisers a ON a.id = u.adviser_id`;
const SELECT = `SELECT ${COLUMNS_FROM}`;

const toRecord = (row: UserRow): UserRecord => ({
  id: row.id,
  email: row.email,
  role: row.role,
  name: row.name,
  passwordHash: row.password_hash,
  adviserId: row.adviser_id,
  adviserSlug: row.adviser_slug,
  analystAccess: row.analyst_access,
  disabled: row.disabled,
  sessionVersion: row.session_version,
  createdAt: new Date(row.created_at),
  changedAt: new Date(row.changed_at),
});

export async function findUserById(sql: SqlExecutor, id: string): Promise<UserRecord | null> {
  const { rows } = await sql.query<UserRow>(`${SELECT} WHERE u.id = $1`, [id]);
  return rows[0] ? toRecord(rows[0]) : null;
}

/**
 * The account and its authenticator app, read by the statement that takes its attempts' lock
 * (lockout.ts) in the caller's transaction: one round trip for the second step of a sign-in. The
 * rows are as the statement found them on starting, before the lock was granted: the lock guards
 * the count of attempts, read after it, and the app's step is taken by a conditional write that
 * sees the newest row (second-factor-store.ts).
 */
export async function findUserAndTotpLockingAttempts(
  tx: SqlExecutor,
  id: string,
): Promise<{ user: UserRecord; totp: TotpFactor | null } | null> {
  const { rows } = await tx.query<UserRow & TotpRow>(
    `SELECT ${attemptsLock('u.email_key')}, t.secret_sealed, t.confirmed_at, t.last_step, ${COLUMNS_FROM}
     LEFT JOIN account_totp t ON t.user_id = u.id WHERE u.id = $1`,
    [id],
  );
  const row = rows[0];
  return row ? { user: toRecord(row), totp: totpFactorOf(row) } : null;
}

export async function findUserByEmail(sql: SqlExecutor, email: string): Promise<UserRecord | null> {
  const { rows } = await sql.query<UserRow>(`${SELECT} WHERE u.email_key = $1`, [emailKey(email)]);
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function listUsers(sql: SqlExecutor): Promise<UserRecord[]> {
  const { rows } = await sql.query<UserRow>(`${SELECT} ORDER BY u.created_at, u.email_key`);
  return rows.map(toRecord);
}

export class DuplicateEmailError extends Error {
  constructor(email: string) {
    super(`An account with the email ${email} already exists.`);
    this.name = 'DuplicateEmailError';
  }
}

/** Inserts the user and its session state in the caller's transaction. */
export async function insertUser(
  tx: SqlExecutor,
  user: {
    email: string;
    role: UserRole;
    name: string;
    passwordHash: string | null;
    adviserId: string | null;
  },
  now: Date,
): Promise<string> {
  const id = randomUUID();
  const { rows } = await tx.query(
    `INSERT INTO users (id, email, email_key, password_hash, role, name, adviser_id, created_at, changed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT (email_key) DO NOTHING RETURNING id`,
    [
      id,
      user.email.trim(),
      emailKey(user.email),
      user.passwordHash,
      user.role,
      user.name,
      user.adviserId,
      now,
    ],
  );
  if (rows.length === 0) throw new DuplicateEmailError(user.email.trim());
  await sessionStateWrites.upsertUser(tx, id, { sessionVersion: 0, disabled: false });
  return id;
}

/** What a user's session and the /api/auth/user answer say about analyst access. */
export const analystAccessOf = (user: Pick<UserRecord, 'role' | 'analystAccess'>): boolean =>
  user.role === 'analyst' || (user.role === 'admin' && user.analystAccess);

/**
 * Disables or enables an account, gives or takes an administrator's analyst access (sessions
 * carry it as a claim), or replaces its password (null: none until a reset link is used). Each
 * bumps the session version, so every session issued before the change is refused:
 * at once by the process that made it (which forgets its cached state), within the revocation
 * cache's 2 s by the others.
 */
export async function changeUser(
  tx: SqlExecutor,
  userId: string,
  change: { disabled?: boolean; passwordHash?: string | null; analystAccess?: boolean },
  now: Date,
): Promise<void> {
  const { rows } = await tx.query<{ session_version: number; disabled: boolean }>(
    `UPDATE users SET disabled = COALESCE($2, disabled),
       password_hash = CASE WHEN $3 THEN $4 ELSE password_hash END,
       analyst_access = COALESCE($6, analyst_access),
       session_version = session_version + 1, changed_at = $5
     WHERE id = $1 RETURNING session_version, disabled`,
    [
      userId,
      change.disabled ?? null,
      change.passwordHash !== undefined,
      change.passwordHash ?? null,
      now,
      change.analystAccess ?? null,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error(`No user ${userId}`);
  await sessionStateWrites.upsertUser(tx, userId, {
    sessionVersion: row.session_version,
    disabled: row.disabled,
  });
}
