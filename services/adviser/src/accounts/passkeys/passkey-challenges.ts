import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type SqlExecutor, siteCookie } from '@risk-profile/platform';

/** How long a passkey prompt may take before its challenge is void (the browser's own timeout is shorter). */
export const PASSKEY_CHALLENGE_SECONDS = 5 * 60;
/** The browser's timeout of a passkey prompt. */
export const PASSKEY_PROMPT_TIMEOUT_MS = 2 * 60 * 1000;

export type ChallengePurpose = 'register' | 'sign-in-user' | 'sign-in-admin' | 'second-step';

export interface IssuedChallenge {
  challenge: string;
  purpose: ChallengePurpose;
  /** The account it was issued to (registration, second step); null for a passwordless sign-in. */
  userId: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * WebAuthn challenges kept server-side, one row each, named by a random id that only the browser
 * that asked holds (an httpOnly cookie). Taking one deletes it in the same statement, so it
 * answers once however many requests race, and any instance of the service can take it.
 */
export function passkeyChallenges(publicUrl: string) {
  const cookie = siteCookie('rp_passkey', publicUrl, PASSKEY_CHALLENGE_SECONDS);
  return {
    /** Stores the challenge and answers the Set-Cookie that binds it to this browser. */
    async issue(sql: SqlExecutor, issued: IssuedChallenge & { now: Date }): Promise<string> {
      const id = randomUUID();
      await sql.query('DELETE FROM passkey_challenges WHERE expires_at <= $1', [issued.now]);
      await sql.query(
        `INSERT INTO passkey_challenges (id, challenge, purpose, user_id, expires_at)
         VALUES ($1, $2, $3, $4, $5)`,
        [
          id,
          issued.challenge,
          issued.purpose,
          issued.userId,
          new Date(issued.now.getTime() + PASSKEY_CHALLENGE_SECONDS * 1000),
        ],
      );
      return cookie.set(id);
    },
    /**
     * This browser's challenge, taken for good: null when it holds none, or one used, expired or
     * issued for something else (which is spent all the same).
     */
    async take(
      sql: SqlExecutor,
      req: IncomingMessage,
      purposes: readonly ChallengePurpose[],
      now: Date,
    ): Promise<IssuedChallenge | null> {
      const id = cookie.read(req);
      if (!id || !UUID.test(id)) return null;
      const { rows } = await sql.query<{
        challenge: string;
        purpose: ChallengePurpose;
        user_id: string | null;
        expires_at: Date;
      }>('DELETE FROM passkey_challenges WHERE id = $1 RETURNING challenge, purpose, user_id, expires_at', [
        id,
      ]);
      const row = rows[0];
      if (!row || !purposes.includes(row.purpose) || new Date(row.expires_at) <= now) return null;
      return { challenge: row.challenge, purpose: row.purpose, userId: row.user_id };
    },
    clear: cookie.clear,
  };
}

export type PasskeyChallenges = ReturnType<typeof passkeyChallenges>;
