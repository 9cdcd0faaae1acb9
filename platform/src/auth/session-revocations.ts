import { type Migration, migrate } from '../sql/migrations';
import type { SqlClient, SqlExecutor } from '../sql/sql-client.port';
import type { SessionClaims } from './session-tokens';

/**
 * The little every service needs to refuse an ended session, kept apart from the users table
 * (no hashes, no emails): a user's session version and disabled flag, and the ids of sessions
 * ended by logout until they would have expired anyway. The adviser service writes them; every
 * service that serves a protected endpoint reads them through a cache of at most CACHE_MS.
 */
const MIGRATIONS: readonly Migration[] = [
  {
    id: '001-create-session-state',
    sql: `
      CREATE TABLE auth_session_state (
        user_id uuid PRIMARY KEY,
        session_version integer NOT NULL,
        disabled boolean NOT NULL
      );
      CREATE TABLE auth_revoked_sessions (
        jti uuid PRIMARY KEY,
        expires_at timestamptz NOT NULL
      );
    `,
  },
];

/** How stale a cached answer may be: a revoked session is refused everywhere within this. */
export const REVOCATION_CACHE_MS = 2_000;
const MAX_CACHED = 10_000;

interface Cached<T> {
  value: T;
  at: number;
}

export class SessionRevocations {
  private readonly users = new Map<string, Cached<{ version: number; disabled: boolean } | null>>();
  private readonly sessions = new Map<string, Cached<boolean>>();

  private constructor(
    private readonly sql: SqlClient,
    private readonly now: () => number,
  ) {}

  static async create(sql: SqlClient, now: () => number = Date.now): Promise<SessionRevocations> {
    await migrate(sql, 'auth-sessions', MIGRATIONS);
    return new SessionRevocations(sql, now);
  }

  /** True when the session was logged out, or its user was disabled or reset since it was issued. */
  async isRevoked(claims: SessionClaims): Promise<boolean> {
    const load = async () => {
      const { rows } = await this.sql.query<{ session_version: number; disabled: boolean }>(
        'SELECT session_version, disabled FROM auth_session_state WHERE user_id = $1',
        [claims.sub],
      );
      return rows[0] ? { version: rows[0].session_version, disabled: rows[0].disabled } : null;
    };
    let user = await this.cached(this.users, claims.sub, load);
    // Versions only grow: a token newer than the cached version was issued after a change this
    // process has not seen yet (another instance, or another cache in this process), so the
    // cache is stale, not the token.
    if (user && user.version < claims.sv) {
      this.users.delete(claims.sub);
      user = await this.cached(this.users, claims.sub, load);
    }
    // A token for a user the adviser service does not know (deleted, or another database) is void.
    if (!user || user.disabled || user.version !== claims.sv) return true;
    return this.cached(this.sessions, claims.jti, async () => {
      const { rows } = await this.sql.query('SELECT 1 FROM auth_revoked_sessions WHERE jti = $1', [
        claims.jti,
      ]);
      return rows.length > 0;
    });
  }

  /** Drops what this process cached about a user or session, after writing a change to it. */
  forget(key: { userId?: string; jti?: string }): void {
    if (key.userId) this.users.delete(key.userId);
    if (key.jti) this.sessions.delete(key.jti);
  }

  private async cached<T>(map: Map<string, Cached<T>>, key: string, load: () => Promise<T>): Promise<T> {
    const hit = map.get(key);
    const now = this.now();
    if (hit && now - hit.at < REVOCATION_CACHE_MS) return hit.value;
    const value = await load();
    if (map.size >= MAX_CACHED) map.clear();
    map.set(key, { value, at: now });
    return value;
  }
}

/** The adviser service's writes, inside its own transactions. */
export const sessionStateWrites = {
  async upsertUser(
    executor: SqlExecutor,
    userId: string,
    state: { sessionVersion: number; disabled: boolean },
  ): Promise<void> {
    await executor.query(
      `INSERT INTO auth_session_state (user_id, session_version, disabled) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET session_version = EXCLUDED.session_version, disabled = EXCLUDED.disabled`,
      [userId, state.sessionVersion, state.disabled],
    );
  },
  async revokeSession(executor: SqlExecutor, jti: string, expiresAt: Date, now: Date): Promise<void> {
    await executor.query(
      'INSERT INTO auth_revoked_sessions (jti, expires_at) VALUES ($1, $2) ON CONFLICT (jti) DO NOTHING',
      [jti, expiresAt],
    );
    // Ids past their token's expiry protect nothing any more.
    await executor.query('DELETE FROM auth_revoked_sessions WHERE expires_at < $1', [now]);
  },
};
