import { type Migration, SESSION_TTL_SECONDS, type SqlExecutor } from '@risk-profile/platform';

/**
 * The ID token of each session begun by single sign-on, kept server-side until that session
 * ends: RP-initiated logout sends it to the provider as id_token_hint. A row lives no longer
 * than its session; expired rows go as new ones arrive.
 */
export const OIDC_MIGRATIONS: readonly Migration[] = [
  {
    id: '001-create-oidc-sign-ins',
    sql: `
      CREATE TABLE oidc_sign_ins (
        session_id text PRIMARY KEY,
        user_id uuid NOT NULL,
        id_token text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX oidc_sign_ins_expiry ON oidc_sign_ins (expires_at);
    `,
  },
];

export async function recordOidcSignIn(
  sql: SqlExecutor,
  entry: { sessionId: string; userId: string; idToken: string; now: Date },
): Promise<void> {
  await sql.query('DELETE FROM oidc_sign_ins WHERE expires_at < $1', [entry.now]);
  await sql.query(
    `INSERT INTO oidc_sign_ins (session_id, user_id, id_token, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [
      entry.sessionId,
      entry.userId,
      entry.idToken,
      entry.now,
      // No longer than the session it belongs to could live.
      new Date(entry.now.getTime() + SESSION_TTL_SECONDS * 1000),
    ],
  );
}

/** The ID token of a session begun by single sign-on, removed as it is read (logout ends the session). */
export async function takeOidcSignIn(sql: SqlExecutor, sessionId: string): Promise<string | null> {
  const { rows } = await sql.query<{ id_token: string }>(
    'DELETE FROM oidc_sign_ins WHERE session_id = $1 RETURNING id_token',
    [sessionId],
  );
  return rows[0]?.id_token ?? null;
}
