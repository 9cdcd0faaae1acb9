import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { newRecoveryCodes, RECOVERY_CODE_COUNT, recoveryCodeHash } from './recovery-codes';
import { checkTotp, newTotpSecret, otpauthUri, totpCode, totpStep } from './totp';

/** RFC 6238, appendix B: the SHA-1 seed is the ASCII "12345678901234567890". */
const RFC_SECRET = Buffer.from('12345678901234567890', 'ascii');
const RFC_BASE32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_SHA1_VECTORS: readonly [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];
const at = (seconds: number) => new Date(seconds * 1000);

describe('TOTP (RFC 6238, SHA-1, 30-second steps)', () => {
  it('reads the RFC seed from its base32 form', () => {
    expect(Buffer.from(Secret.fromBase32(RFC_BASE32).bytes)).toEqual(RFC_SECRET);
  });

  it.each(RFC_SHA1_VECTORS)('gives the RFC 6238 SHA-1 value at T = %i s', (seconds, code) => {
    expect(totpCode(RFC_BASE32, at(seconds), 8)).toBe(code);
    // Six digits are the last six of the same value (the truncation modulo 10^6).
    expect(totpCode(RFC_BASE32, at(seconds))).toBe(code.slice(2));
  });

  it('accepts the current code and one step either side, nothing further', () => {
    const now = at(1111111111);
    const step = totpStep(now);
    for (const offset of [-1, 0, 1]) {
      const code = totpCode(RFC_BASE32, at(1111111111 + offset * 30));
      expect(checkTotp(RFC_BASE32, code, now, null)).toEqual({ kind: 'accepted', step: step + offset });
    }
    for (const offset of [-2, 2]) {
      const code = totpCode(RFC_BASE32, at(1111111111 + offset * 30));
      expect(checkTotp(RFC_BASE32, code, now, null).kind).toBe('wrong');
    }
    expect(checkTotp(RFC_BASE32, '000000', now, null).kind).toBe('wrong');
  });

  it('refuses a replayed code: its step, or an earlier one, was taken already', () => {
    const now = at(2000000000);
    const code = totpCode(RFC_BASE32, now);
    const first = checkTotp(RFC_BASE32, code, now, null);
    expect(first.kind).toBe('accepted');
    const step = (first as { step: number }).step;
    expect(checkTotp(RFC_BASE32, code, at(2000000010), step)).toEqual({ kind: 'replayed' });
    // The previous step's code, still inside the window, is older than the one taken.
    expect(checkTotp(RFC_BASE32, totpCode(RFC_BASE32, at(2000000000 - 30)), now, step)).toEqual({
      kind: 'replayed',
    });
    // The next step's code is new.
    expect(checkTotp(RFC_BASE32, totpCode(RFC_BASE32, at(2000000030)), at(2000000030), step).kind).toBe(
      'accepted',
    );
  });

  it('makes 160-bit secrets and an otpauth URI with the issuer, the email, SHA-1, 6 digits and 30 s', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(otpauthUri(secret, 'jo@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Risk Profile:jo@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: 'Risk Profile',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes of ten base32 characters, in two groups of five', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  });

  it('are stored as a hash that forgives case, spaces and the dash, and never as the code', () => {
    const [code] = newRecoveryCodes(1) as [string];
    const hash = recoveryCodeHash(code);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(code.replace('-', ''));
    expect(recoveryCodeHash(` ${code.toUpperCase().replace('-', ' ')} `)).toBe(hash);
    expect(recoveryCodeHash(newRecoveryCodes(1)[0]!)).not.toBe(hash);
  });
});
