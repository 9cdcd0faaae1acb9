import { describe, expect, it } from 'vitest';
import { hashPassword, MAX_PASSWORD_BYTES, verifyPassword, weakPasswordReason } from './passwords';

describe('passwords', () => {
  it('hashes with bcrypt at cost 12 and verifies', async () => {
    const hash = await hashPassword('a long enough passphrase');
    expect(hash).toMatch(/^\$2b\$12\$/);
    expect(await verifyPassword('a long enough passphrase', hash)).toBe(true);
    expect(await verifyPassword('a long enough passphrasf', hash)).toBe(false);
  });

  it('refuses a password over 72 bytes rather than cutting it', async () => {
    const long = 'é'.repeat(37); // 74 bytes in UTF-8
    await expect(hashPassword(long)).rejects.toThrow(RangeError);
    expect(weakPasswordReason(long)).toBe(`The password must be at most ${MAX_PASSWORD_BYTES} bytes.`);
    const hash = await hashPassword('x'.repeat(72));
    // bcrypt alone would accept the 73-byte password, whose first 72 bytes match.
    expect(await verifyPassword(`${'x'.repeat(72)}y`, hash)).toBe(false);
  });

  it('answers an unknown account with false after the same work', async () => {
    expect(await verifyPassword('anything at all here', undefined)).toBe(false);
  });

  it.each([
    ['short1', 'at least 12 characters'],
    ['password1234', 'most common'],
    ['aaaaaaaaaaaaaaaa', 'most common'],
    ['abcdefghijklmn', 'most common'],
  ])('refuses the weak password %s', (password, reason) => {
    expect(weakPasswordReason(password)).toContain(reason);
  });

  it('accepts a long, uncommon passphrase', () => {
    expect(weakPasswordReason('harbour wealth at dawn')).toBeUndefined();
  });
});
