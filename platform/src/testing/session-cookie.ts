import { randomUUID } from 'node:crypto';
import type { UserRole } from '@risk-profile/contracts';
import { sessionStateWrites } from '../auth/session-revocations';
import type { SessionTokens } from '../auth/session-tokens';
import type { SqlClient } from '../sql/sql-client.port';

/**
 * The session cookie of a new, enabled account of `role` (its session state written to `sql`, as
 * the adviser service keeps it), for tests and benchmarks that call endpoints as staff.
 */
export async function staffCookie(
  sql: SqlClient,
  sessions: { tokens: Pick<SessionTokens, 'issue'>; cookieName: string },
  who: { role: UserRole; email: string; name?: string; adviserSlug: string | null },
): Promise<string> {
  const id = randomUUID();
  await sessionStateWrites.upsertUser(sql, id, { sessionVersion: 1, disabled: false });
  const { token } = sessions.tokens.issue({
    id,
    role: who.role,
    email: who.email,
    name: who.name ?? who.email,
    adviserSlug: who.adviserSlug,
    sessionVersion: 1,
  });
  return `${sessions.cookieName}=${token}`;
}
