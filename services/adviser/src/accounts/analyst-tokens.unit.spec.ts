import { createHash } from 'node:crypto';
import { ANALYST_TOKEN_PREFIX } from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { hashAnalystToken, isAnalystTokenShape, newAnalystSecret } from './analyst-tokens';

describe('analyst API tokens', () => {
  it('are the prefix and 32 random bytes in base64url, stored as their SHA-256', () => {
    const bytes = Buffer.alloc(32, 0xfb);
    const fresh = newAnalystSecret((size) => (size === 32 ? bytes : Buffer.alloc(0)));
    expect(fresh.secret).toBe(`${ANALYST_TOKEN_PREFIX}${bytes.toString('base64url')}`);
    expect(fresh.secret).toHaveLength(ANALYST_TOKEN_PREFIX.length + 43);
    expect(fresh.hash).toBe(createHash('sha256').update(fresh.secret).digest('hex'));
    expect(fresh.hash).toBe(hashAnalystToken(fresh.secret));
    expect(fresh.hash).not.toContain(bytes.toString('base64url'));
  });

  it('show a short prefix that tells tokens apart without giving the secret away', () => {
    const fresh = newAnalystSecret();
    expect(fresh.prefix).toBe(fresh.secret.slice(0, ANALYST_TOKEN_PREFIX.length + 6));
    expect(fresh.secret.startsWith(ANALYST_TOKEN_PREFIX)).toBe(true);
  });

  it('differ every time', () => {
    const secrets = new Set(Array.from({ length: 100 }, () => newAnalystSecret().secret));
    expect(secrets.size).toBe(100);
  });

  it('are recognised by shape before any lookup', () => {
    expect(isAnalystTokenShape(newAnalystSecret().secret)).toBe(true);
    for (const token of [
      '',
      ANALYST_TOKEN_PREFIX,
      `${ANALYST_TOKEN_PREFIX}${'a'.repeat(42)}`,
      `${ANALYST_TOKEN_PREFIX}${'a'.repeat(44)}`,
      `xyz_${'a'.repeat(43)}`,
      `${ANALYST_TOKEN_PREFIX}${'a'.repeat(42)}=`,
      `${ANALYST_TOKEN_PREFIX}${'a'.repeat(42)}\n`,
      'a'.repeat(47),
    ]) {
      expect(isAnalystTokenShape(token)).toBe(false);
    }
  });
});
