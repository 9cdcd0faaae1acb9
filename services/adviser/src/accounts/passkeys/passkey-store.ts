import type { Passkey, SecondFactorMethod } from '@risk-profile/contracts';
import type { SqlExecutor } from '@risk-profile/platform';

/** A stored credential, as the library verifies an assertion against it. */
export interface StoredPasskey {
  id: string;
  userId: string;
  credentialId: string;
  /** COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
}

export interface NewPasskey extends Omit<StoredPasskey, 'id'> {
  name: string;
  deviceType: string;
  backedUp: boolean;
}

const STORED_COLUMNS = 'id, user_id, credential_id, public_key, counter, transports';

interface StoredRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  counter: string | number;
  transports: string;
}

const storedOf = (row: StoredRow): StoredPasskey => ({
  id: row.id,
  userId: row.user_id,
  credentialId: row.credential_id,
  publicKey: row.public_key,
  counter: Number(row.counter),
  transports: JSON.parse(row.transports) as string[],
});

export async function insertPasskey(
  sql: SqlExecutor,
  passkey: NewPasskey & { id: string; now: Date },
): Promise<void> {
  await sql.query(
    `INSERT INTO account_passkeys (id, user_id, credential_id, public_key, counter, transports, device_type,
       backed_up, name, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      passkey.id,
      passkey.userId,
      passkey.credentialId,
      passkey.publicKey,
      passkey.counter,
      JSON.stringify(passkey.transports),
      passkey.deviceType,
      passkey.backedUp,
      passkey.name,
      passkey.now,
    ],
  );
}

export async function findPasskeyByCredential(
  sql: SqlExecutor,
  credentialId: string,
): Promise<StoredPasskey | null> {
  const { rows } = await sql.query<StoredRow>(
    `SELECT ${STORED_COLUMNS} FROM account_passkeys WHERE credential_id = $1`,
    [credentialId],
  );
  return rows[0] ? storedOf(rows[0]) : null;
}

export async function passkeysOf(sql: SqlExecutor, userId: string): Promise<StoredPasskey[]> {
  const { rows } = await sql.query<StoredRow>(
    `SELECT ${STORED_COLUMNS} FROM account_passkeys WHERE user_id = $1 ORDER BY created_at`,
    [userId],
  );
  return rows.map(storedOf);
}

/** The account page's list: names and dates, nothing of the key. */
export async function listPasskeys(sql: SqlExecutor, userId: string): Promise<Passkey[]> {
  const { rows } = await sql.query<{ id: string; name: string; created_at: Date; last_used_at: Date | null }>(
    'SELECT id, name, created_at, last_used_at FROM account_passkeys WHERE user_id = $1 ORDER BY created_at',
    [userId],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  }));
}

/**
 * Records a use at the counter the authenticator reported, only if the counter still is what the
 * check saw: of two answers verified at once, one moves it and the other is refused.
 */
export async function recordUse(
  sql: SqlExecutor,
  use: { id: string; seenCounter: number; newCounter: number; now: Date },
): Promise<boolean> {
  const { rows } = await sql.query(
    `UPDATE account_passkeys SET counter = $3, last_used_at = $4
     WHERE id = $1 AND counter = $2 RETURNING 1`,
    [use.id, use.seenCounter, use.newCounter, use.now],
  );
  return rows.length > 0;
}

export async function deletePasskey(sql: SqlExecutor, userId: string, id: string): Promise<string | null> {
  const { rows } = await sql.query<{ name: string }>(
    'DELETE FROM account_passkeys WHERE id = $1 AND user_id = $2 RETURNING name',
    [id, userId],
  );
  return rows[0]?.name ?? null;
}

/** Removes every passkey of the account (an administrator's reset of its second factor): how many. */
export async function removePasskeys(sql: SqlExecutor, userId: string): Promise<number> {
  const { rows } = await sql.query('DELETE FROM account_passkeys WHERE user_id = $1 RETURNING 1', [userId]);
  return rows.length;
}

/**
 * The second factors an account finishes a sign-in with: a confirmed app, passkeys. One
 * statement, so the password step asks the database once as it did for the app alone.
 */
export async function secondFactorsOf(sql: SqlExecutor, userId: string): Promise<SecondFactorMethod[]> {
  const { rows } = await sql.query<{ totp: boolean; passkey: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM account_totp WHERE user_id = $1 AND confirmed_at IS NOT NULL) AS totp,
            EXISTS (SELECT 1 FROM account_passkeys WHERE user_id = $1) AS passkey`,
    [userId],
  );
  const row = rows[0];
  return [...(row?.totp ? (['totp'] as const) : []), ...(row?.passkey ? (['passkey'] as const) : [])];
}
