import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { ANALYST_TOKEN_PREFIX, type AnalystToken, MAX_ANALYST_TOKENS } from '@risk-profile/contracts';
import type { SqlClient, SqlExecutor } from '@risk-profile/platform';
import { findUserById, type UserRecord } from './user-repository';

/**
 * API tokens an analyst's tools sign in to /clickhouse with: ANALYST_TOKEN_PREFIX, then 32 random
 * bytes in base64url. Only the SHA-256 of a token is stored, so a copy of the database signs
 * nobody in. A fast hash is enough here, unlike for passwords: a 256-bit random secret cannot be
 * guessed from its hash however many guesses a second an attacker makes, so bcrypt's slowness
 * would buy nothing and would cost every query its time.
 */
const SECRET_BYTES = 32;
const TOKEN_SHAPE = new RegExp(`^${ANALYST_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);
/** The prefix and this many characters of the secret: enough to tell tokens apart, useless to guess. */
const DISPLAY_CHARACTERS = 6;
/** A token's last use is written at most this often, so a busy tool does not write on every query. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export const hashAnalystToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Whether a string could be a token at all, checked before any lookup. */
export const isAnalystTokenShape = (token: string): boolean => TOKEN_SHAPE.test(token);

export interface NewAnalystSecret {
  /** Shown to the analyst once, never stored. */
  secret: string;
  hash: string;
  prefix: string;
}

export function newAnalystSecret(random: (size: number) => Buffer = randomBytes): NewAnalystSecret {
  const secret = ANALYST_TOKEN_PREFIX + random(SECRET_BYTES).toString('base64url');
  return {
    secret,
    hash: hashAnalystToken(secret),
    prefix: secret.slice(0, ANALYST_TOKEN_PREFIX.length + DISPLAY_CHARACTERS),
  };
}

interface TokenRow {
  id: string;
  name: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
}

const toToken = (row: TokenRow): AnalystToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
});

export class TooManyTokensError extends Error {
  constructor() {
    super(`You have ${MAX_ANALYST_TOKENS} API tokens already: revoke one you no longer use first.`);
    this.name = 'TooManyTokensError';
  }
}

/** The account's live (unrevoked) tokens, newest first. */
export async function listAnalystTokens(sql: SqlExecutor, userId: string): Promise<AnalystToken[]> {
  const { rows } = await sql.query<TokenRow>(
    `SELECT id, name, prefix, created_at, last_used_at FROM analyst_tokens
     WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC, id`,
    [userId],
  );
  return rows.map(toToken);
}

/**
 * Creates a token, unless the account has MAX_ANALYST_TOKENS live ones. The count and the insert
 * share a transaction-scoped lock per account, so tokens created at once cannot pass the cap.
 */
export async function createAnalystToken(
  sql: SqlClient,
  userId: string,
  name: string,
  now: Date,
  random?: (size: number) => Buffer,
): Promise<{ token: AnalystToken; secret: string }> {
  const fresh = newAnalystSecret(random);
  return sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`analyst-tokens:${userId}`]);
    const { rows } = await tx.query<{ live: number }>(
      'SELECT count(*)::int AS live FROM analyst_tokens WHERE user_id = $1 AND revoked_at IS NULL',
      [userId],
    );
    if ((rows[0]?.live ?? 0) >= MAX_ANALYST_TOKENS) throw new TooManyTokensError();
    const inserted = await tx.query<TokenRow>(
      `INSERT INTO analyst_tokens (id, user_id, name, token_hash, prefix, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, name, prefix, created_at, last_used_at`,
      [randomUUID(), userId, name, fresh.hash, fresh.prefix, now],
    );
    return { token: toToken(inserted.rows[0]!), secret: fresh.secret };
  });
}

/** Revokes one of the account's live tokens; false when it has none by that id. */
export async function revokeAnalystToken(
  sql: SqlExecutor,
  userId: string,
  id: string,
  now: Date,
): Promise<boolean> {
  const { rows } = await sql.query(
    `UPDATE analyst_tokens SET revoked_at = $3 WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL
     RETURNING id`,
    [id, userId, now],
  );
  return rows.length > 0;
}

/**
 * The account a live token belongs to, or null for a token of no shape, unknown or revoked. Its
 * last use is recorded when the one stored is older than LAST_USED_RESOLUTION_MS.
 */
export async function accountOfAnalystToken(
  sql: SqlExecutor,
  token: string,
  now: Date,
): Promise<UserRecord | null> {
  if (!isAnalystTokenShape(token)) return null;
  const { rows } = await sql.query<{ id: string; user_id: string; last_used_at: Date | null }>(
    'SELECT id, user_id, last_used_at FROM analyst_tokens WHERE token_hash = $1 AND revoked_at IS NULL',
    [hashAnalystToken(token)],
  );
  const row = rows[0];
  if (!row) return null;
  const lastUsed = row.last_used_at ? new Date(row.last_used_at).getTime() : null;
  if (lastUsed === null || now.getTime() - lastUsed >= LAST_USED_RESOLUTION_MS) {
    await sql.query(
      `UPDATE analyst_tokens SET last_used_at = $2
       WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2)`,
      [row.id, now],
    );
  }
  return findUserById(sql, row.user_id);
}
