import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_LINK_TTL_HOURS } from '@risk-profile/contracts';
import type { SqlExecutor } from '@risk-profile/platform';

/**
 * The tokens of invitation and password-reset links: 32 random bytes, base64url (43 characters,
 * safe in a URL as is). Only the SHA-256 of a token is stored, so a copy of the database cannot
 * set anyone's password; a plain hash is enough because the token is random, not chosen by a
 * person. A token works once, for 72 hours, and only while no newer one was issued for its account.
 */
export type AccountLinkKind = 'invitation' | 'reset';

export const ACCOUNT_LINK_TTL_MS = ACCOUNT_LINK_TTL_HOURS * 60 * 60_000;
const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const hashAccountToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface NewAccountToken {
  /** Goes into the link, never into the database. */
  token: string;
  hash: string;
  expiresAt: Date;
}

export function newAccountToken(now: Date, random: (size: number) => Buffer = randomBytes): NewAccountToken {
  const token = random(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashAccountToken(token), expiresAt: new Date(now.getTime() + ACCOUNT_LINK_TTL_MS) };
}

/** Whether a string could be a token at all, checked before any lookup. */
export const isAccountTokenShape = (token: string): boolean => TOKEN_SHAPE.test(token);

export interface AccountTokenState {
  expiresAt: Date;
  usedAt: Date | null;
  replacedAt: Date | null;
}

export type TokenVerdict = 'usable' | 'used' | 'replaced' | 'expired';

/** What a stored token allows at `now`; used and replaced are told apart from expired for the message. */
export function tokenVerdict(token: AccountTokenState, now: Date): TokenVerdict {
  if (token.usedAt) return 'used';
  if (token.replacedAt) return 'replaced';
  if (now.getTime() >= token.expiresAt.getTime()) return 'expired';
  return 'usable';
}

/** Issues a token for the account in the caller's transaction, replacing any still open. */
export async function issueAccountToken(
  tx: SqlExecutor,
  userId: string,
  kind: AccountLinkKind,
  now: Date,
): Promise<NewAccountToken> {
  await tx.query(
    'UPDATE account_tokens SET replaced_at = $2 WHERE user_id = $1 AND used_at IS NULL AND replaced_at IS NULL',
    [userId, now],
  );
  const issued = newAccountToken(now);
  await tx.query(
    `INSERT INTO account_tokens (token_hash, user_id, kind, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    [issued.hash, userId, kind, now, issued.expiresAt],
  );
  return issued;
}

export interface StoredAccountToken extends AccountTokenState {
  userId: string;
  kind: AccountLinkKind;
  hash: string;
}

interface TokenRow {
  token_hash: string;
  user_id: string;
  kind: AccountLinkKind;
  expires_at: Date;
  used_at: Date | null;
  replaced_at: Date | null;
}

const at = (value: Date | null) => (value === null ? null : new Date(value));

/** The stored token behind a link, locked until the caller's transaction ends, or null. */
export async function lockAccountToken(tx: SqlExecutor, token: string): Promise<StoredAccountToken | null> {
  const { rows } = await tx.query<TokenRow>(
    `SELECT token_hash, user_id, kind, expires_at, used_at, replaced_at FROM account_tokens
     WHERE token_hash = $1 FOR UPDATE`,
    [hashAccountToken(token)],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    hash: row.token_hash,
    userId: row.user_id,
    kind: row.kind,
    expiresAt: new Date(row.expires_at),
    usedAt: at(row.used_at),
    replacedAt: at(row.replaced_at),
  };
}

export async function markAccountTokenUsed(tx: SqlExecutor, hash: string, now: Date): Promise<void> {
  await tx.query('UPDATE account_tokens SET used_at = $2 WHERE token_hash = $1', [hash, now]);
}

/** The open (unused, not replaced) link of each account, expired or not, by account id. */
export async function openAccountLinks(
  sql: SqlExecutor,
): Promise<Map<string, { kind: AccountLinkKind; sentAt: Date; expiresAt: Date }>> {
  const { rows } = await sql.query<{
    user_id: string;
    kind: AccountLinkKind;
    created_at: Date;
    expires_at: Date;
  }>(
    `SELECT user_id, kind, created_at, expires_at FROM account_tokens
     WHERE used_at IS NULL AND replaced_at IS NULL`,
  );
  return new Map(
    rows.map((row) => [
      row.user_id,
      { kind: row.kind, sentAt: new Date(row.created_at), expiresAt: new Date(row.expires_at) },
    ]),
  );
}

/** Whether the account's holder ever set a password through a link (a reset then says "reset"). */
export async function everUsedALink(sql: SqlExecutor, userId: string): Promise<boolean> {
  const { rows } = await sql.query(
    'SELECT 1 FROM account_tokens WHERE user_id = $1 AND used_at IS NOT NULL LIMIT 1',
    [userId],
  );
  return rows.length > 0;
}
