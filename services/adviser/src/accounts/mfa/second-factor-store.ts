import type { SecretBoxUse, SqlExecutor } from '@risk-profile/platform';
import { type LockStatus, lockStatusCte, lockStatusOf, WHILE_UNLOCKED } from '../lockout';

/**
 * Seals TOTP secrets at rest under a key derived from MFA_ENCRYPTION_KEY, bound to the account
 * (a sealed secret copied onto another account's row does not open). Without the key nothing can
 * be sealed or opened: setting up answers 503, and so does a code check of an existing factor.
 */
export const TOTP_SECRETS: SecretBoxUse = {
  keyName: 'MFA_ENCRYPTION_KEY',
  context: 'totp',
  feature: 'Two-step sign-in',
  code: 'MFA_UNAVAILABLE',
};

/** Runs a conditional write: whether it changed a row (its statement says RETURNING). */
const wrote = async (sql: SqlExecutor, text: string, params: unknown[]): Promise<boolean> =>
  (await sql.query(text, params)).rows.length > 0;

export interface TotpFactor {
  sealedSecret: string;
  /** Null until a first code proved the app holds the secret: until then it is not a factor. */
  confirmedAt: Date | null;
  lastStep: number | null;
}

/** A row of account_totp as read (all null when a join found none). */
export interface TotpRow {
  secret_sealed: string | null;
  confirmed_at: Date | null;
  last_step: string | number | null;
}

export const totpFactorOf = (row: TotpRow): TotpFactor | null =>
  row.secret_sealed === null
    ? null
    : {
        sealedSecret: row.secret_sealed,
        confirmedAt: row.confirmed_at ? new Date(row.confirmed_at) : null,
        lastStep: row.last_step === null ? null : Number(row.last_step),
      };

export async function findTotp(sql: SqlExecutor, userId: string): Promise<TotpFactor | null> {
  const { rows } = await sql.query<TotpRow>(
    'SELECT secret_sealed, confirmed_at, last_step FROM account_totp WHERE user_id = $1',
    [userId],
  );
  return rows[0] ? totpFactorOf(rows[0]) : null;
}

/** Whether the account signs in with a second factor (a confirmed app). */
export async function hasSecondFactor(sql: SqlExecutor, userId: string): Promise<boolean> {
  const { rows } = await sql.query(
    'SELECT 1 FROM account_totp WHERE user_id = $1 AND confirmed_at IS NOT NULL',
    [userId],
  );
  return rows.length > 0;
}

/** The accounts that have one (an app or a passkey), for the admin list. */
export async function accountsWithSecondFactor(sql: SqlExecutor): Promise<Set<string>> {
  const { rows } = await sql.query<{ user_id: string }>(
    'SELECT user_id FROM account_totp WHERE confirmed_at IS NOT NULL UNION SELECT user_id FROM account_passkeys',
  );
  return new Set(rows.map((row) => row.user_id));
}

/** A new secret awaiting its first code, replacing one not yet confirmed; false when one is confirmed. */
export async function saveUnconfirmedTotp(
  sql: SqlExecutor,
  userId: string,
  sealedSecret: string,
  now: Date,
): Promise<boolean> {
  return wrote(
    sql,
    `INSERT INTO account_totp (user_id, secret_sealed, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET secret_sealed = EXCLUDED.secret_sealed, created_at = EXCLUDED.created_at,
       last_step = NULL
     WHERE account_totp.confirmed_at IS NULL
     RETURNING 1`,
    [userId, sealedSecret, now],
  );
}

/**
 * Takes the time step of an accepted code, once: a step at or before the last one taken (two
 * requests with one code at once included) changes nothing and answers false.
 */
export async function takeStep(
  sql: SqlExecutor,
  userId: string,
  step: number,
  confirmAt: Date | null,
): Promise<boolean> {
  return wrote(
    sql,
    `UPDATE account_totp SET last_step = $2, confirmed_at = COALESCE(confirmed_at, $3)
     WHERE user_id = $1 AND (last_step IS NULL OR last_step < $2)
       AND (confirmed_at IS NOT NULL) = ($3::timestamptz IS NULL)
     RETURNING 1`,
    [userId, step, confirmAt],
  );
}

/**
 * takeStep for a sign-in's code, made under the account's lock (lockout.ts) by the statement that
 * reads the lock's count: the step is taken only while the account is unlocked, so a locked
 * account's right code is worth nothing, and the second step costs one round trip, not two.
 */
export async function takeStepUnlessLocked(
  tx: SqlExecutor,
  command: { userId: string; step: number; emailKey: string; now: Date },
): Promise<{ status: LockStatus; taken: boolean }> {
  const lock = lockStatusCte(command.emailKey, command.now, 3);
  const { rows } = await tx.query<{ counted: number; oldest: Date | null; taken: boolean }>(
    `WITH ${lock.text},
       taken AS (
         UPDATE account_totp SET last_step = $2
         WHERE user_id = $1 AND confirmed_at IS NOT NULL AND (last_step IS NULL OR last_step < $2)
           AND ${WHILE_UNLOCKED}
         RETURNING 1)
     SELECT counted, oldest, EXISTS (SELECT 1 FROM taken) AS taken FROM lock_status`,
    [command.userId, command.step, ...lock.params],
  );
  const row = rows[0] ?? { counted: 0, oldest: null, taken: false };
  return { status: lockStatusOf(row), taken: row.taken === true };
}

export async function replaceRecoveryCodes(
  sql: SqlExecutor,
  userId: string,
  hashes: readonly string[],
  now: Date,
): Promise<void> {
  await sql.query('DELETE FROM account_recovery_codes WHERE user_id = $1', [userId]);
  for (const hash of hashes) {
    await sql.query(
      'INSERT INTO account_recovery_codes (code_hash, user_id, created_at) VALUES ($1, $2, $3)',
      [hash, userId, now],
    );
  }
}

/** Uses one unused recovery code of the account: true once, false for a used, unknown or other account's code. */
export const useRecoveryCode = (
  sql: SqlExecutor,
  userId: string,
  hash: string,
  now: Date,
): Promise<boolean> =>
  wrote(
    sql,
    `UPDATE account_recovery_codes SET used_at = $3
     WHERE code_hash = $1 AND user_id = $2 AND used_at IS NULL RETURNING 1`,
    [hash, userId, now],
  );

export async function recoveryCodesLeft(sql: SqlExecutor, userId: string): Promise<number> {
  const { rows } = await sql.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM account_recovery_codes WHERE user_id = $1 AND used_at IS NULL',
    [userId],
  );
  return Number(rows[0]?.n ?? 0);
}

/** Removes the app and the recovery codes (turned off, or reset by an administrator). */
export async function removeSecondFactor(sql: SqlExecutor, userId: string): Promise<boolean> {
  await sql.query('DELETE FROM account_recovery_codes WHERE user_id = $1', [userId]);
  return wrote(sql, 'DELETE FROM account_totp WHERE user_id = $1 RETURNING 1', [userId]);
}
