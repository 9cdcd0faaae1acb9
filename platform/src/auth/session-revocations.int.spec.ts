import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { PgliteSqlClient } from '../sql/pglite-client.adapter';
import { SessionRevocations, sessionStateWrites } from './session-revocations';
import type { SessionClaims } from './session-tokens';

const claimsOf = (sub: string, sv: number): SessionClaims => ({
  sub,
  jti: randomUUID(),
  role: 'admin',
  email: 'admin@example.com',
  name: 'Admin',
  adviserSlug: null,
  sv,
  iat: 0,
  exp: 0,
});

describe('SessionRevocations on PGlite', () => {
  const opened: PgliteSqlClient[] = [];
  afterAll(async () => {
    for (const sql of opened) await sql.close();
  });

  it('accepts a session issued after a version change another cache wrote, and refuses the older one', async () => {
    const sql = await PgliteSqlClient.open();
    opened.push(sql);
    // Two caches over one database: the writer's and a reader's (another service, or the gateway).
    const reader = await SessionRevocations.create(sql, () => 0);
    const user = randomUUID();
    await sessionStateWrites.upsertUser(sql, user, { sessionVersion: 1, disabled: false });
    const before = claimsOf(user, 1);
    expect(await reader.isRevoked(before)).toBe(false);
    // The version is bumped (sessions ended); the reader's cache still says 1 within its window.
    await sessionStateWrites.upsertUser(sql, user, { sessionVersion: 2, disabled: false });
    expect(await reader.isRevoked(claimsOf(user, 2))).toBe(false);
    expect(await reader.isRevoked(before)).toBe(true);
    // A token claiming a version the database never had is refused.
    expect(await reader.isRevoked(claimsOf(user, 3))).toBe(true);
  });
});
