import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_LINK_TTL_MS,
  hashAccountToken,
  isAccountTokenShape,
  newAccountToken,
  tokenVerdict,
} from './account-tokens';

const now = new Date('2026-01-10T09:00:00.000Z');

describe('newAccountToken', () => {
  it('is 32 random bytes, URL-safe, stored only as its SHA-256', () => {
    const issued = newAccountToken(now);
    expect(issued.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(encodeURIComponent(issued.token)).toBe(issued.token);
    expect(Buffer.from(issued.token, 'base64url')).toHaveLength(32);
    expect(issued.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(issued.hash).toBe(hashAccountToken(issued.token));
    expect(issued.hash).not.toContain(issued.token);
  });

  it('is different every time', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => newAccountToken(now).token));
    expect(tokens.size).toBe(50);
  });

  it('is made from the random source it is given, and expires 72 hours later', () => {
    const issued = newAccountToken(now, (size) => Buffer.alloc(size, 0xff));
    expect(issued.token).toBe(`${'_'.repeat(42)}8`);
    expect(issued.expiresAt.toISOString()).toBe('2026-01-13T09:00:00.000Z');
    expect(ACCOUNT_LINK_TTL_MS).toBe(72 * 3600 * 1000);
  });
});

describe('hashAccountToken', () => {
  it('is the hex SHA-256 of the token', () => {
    expect(hashAccountToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('isAccountTokenShape', () => {
  it.each([
    ['a token', newAccountToken(now).token, true],
    ['a short string', 'abc', false],
    ['padding', `${'a'.repeat(42)}=`, false],
    ['a token with a space', `${'a'.repeat(42)} `, false],
  ])('%s: %s', (_, token, expected) => {
    expect(isAccountTokenShape(token)).toBe(expected);
  });
});

describe('tokenVerdict', () => {
  const open = { expiresAt: new Date(now.getTime() + ACCOUNT_LINK_TTL_MS), usedAt: null, replacedAt: null };

  it('allows an open token until the moment it expires', () => {
    expect(tokenVerdict(open, now)).toBe('usable');
    expect(tokenVerdict(open, new Date(open.expiresAt.getTime() - 1))).toBe('usable');
    expect(tokenVerdict(open, open.expiresAt)).toBe('expired');
  });

  it('refuses a used token, even before it expires (single use)', () => {
    expect(tokenVerdict({ ...open, usedAt: now }, now)).toBe('used');
  });

  it('refuses a token replaced by a newer one', () => {
    expect(tokenVerdict({ ...open, replacedAt: now }, now)).toBe('replaced');
  });
});
