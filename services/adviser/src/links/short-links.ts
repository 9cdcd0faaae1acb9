import { randomInt } from 'node:crypto';
import { SHORT_LINK_CODE_ALPHABET, SHORT_LINK_CODE_LENGTH } from '@risk-profile/contracts';
import { type Migration, PG_UNIQUE_VIOLATION, type SqlExecutor, sqlState } from '@risk-profile/platform';

/**
 * Short links of SMS invitations: a random code standing for the signed token of one link. The
 * token stays sealed (only this service opens it), so the table holds nothing readable beyond
 * the adviser's slug; a row lives as long as its link and is swept once expired.
 */
export const SHORT_LINK_MIGRATIONS: readonly Migration[] = [
  {
    id: '001-create-short-links',
    sql: `
      CREATE TABLE questionnaire_short_links (
        code text PRIMARY KEY,
        link_id text NOT NULL CONSTRAINT questionnaire_short_links_link_unique UNIQUE,
        adviser_slug text NOT NULL,
        token text NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX questionnaire_short_links_expiry ON questionnaire_short_links (expires_at);
    `,
  },
];

/**
 * Ten characters, each drawn uniformly from the 62 (randomInt rejects the biased tail, unlike a
 * byte taken modulo 62).
 */
export function generateShortCode(): string {
  let code = '';
  for (let i = 0; i < SHORT_LINK_CODE_LENGTH; i++) code += SHORT_LINK_CODE_ALPHABET[randomInt(62)];
  return code;
}

export interface ShortLink {
  code: string;
  linkId: string;
  adviserSlug: string;
  token: string;
  expiresAt: Date;
}

/** A collision among 62^10 codes is all but impossible; a few fresh draws settle one anyway. */
const CODE_ATTEMPTS = 5;

/** Stores a new short link under a fresh code, sweeping links that have expired; returns the code. */
export async function createShortLink(
  sql: SqlExecutor,
  link: Omit<ShortLink, 'code'>,
  now: Date,
  newCode: () => string = generateShortCode,
): Promise<string> {
  await sql.query('DELETE FROM questionnaire_short_links WHERE expires_at <= $1', [now.toISOString()]);
  for (let attempt = 1; ; attempt++) {
    const code = newCode();
    try {
      await sql.query(
        `INSERT INTO questionnaire_short_links (code, link_id, adviser_slug, token, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [code, link.linkId, link.adviserSlug, link.token, link.expiresAt.toISOString(), now.toISOString()],
      );
      return code;
    } catch (error) {
      if (sqlState(error) !== PG_UNIQUE_VIOLATION || attempt >= CODE_ATTEMPTS) throw error;
    }
  }
}

/** The live short link with this code; null when unknown or expired. */
export async function findShortLink(sql: SqlExecutor, code: string, now: Date): Promise<ShortLink | null> {
  const { rows } = await sql.query<{
    code: string;
    link_id: string;
    adviser_slug: string;
    token: string;
    expires_at: Date | string;
  }>(
    `SELECT code, link_id, adviser_slug, token, expires_at FROM questionnaire_short_links
     WHERE code = $1 AND expires_at > $2`,
    [code, now.toISOString()],
  );
  const row = rows[0];
  return row
    ? {
        code: row.code,
        linkId: row.link_id,
        adviserSlug: row.adviser_slug,
        token: row.token,
        expiresAt: new Date(row.expires_at),
      }
    : null;
}

/** Removes the short link of a request that was refused after its code was stored. */
export async function deleteShortLink(sql: SqlExecutor, code: string): Promise<void> {
  await sql.query('DELETE FROM questionnaire_short_links WHERE code = $1', [code]);
}
