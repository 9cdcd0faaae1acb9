import { describe, expect, it } from 'vitest';
import { createLinkTokenSigner } from '../links/link-token-signer';
import { createHouseholdConfirmTokens } from './household-confirm-token';

const SECRET = 'unit-test-link-token-secret-0123456789';
const ISSUED = new Date('2026-11-01T09:00:00.000Z');
const DAY = 24 * 60 * 60_000;
const SUBJECT = {
  householdId: '0b6a9a8e-1c1d-4c4e-8f8f-000000000001',
  memberId: '0b6a9a8e-1c1d-4c4e-8f8f-00000000000a',
  agreementId: '0b6a9a8e-1c1d-4c4e-8f8f-0000000000a1',
};
const tokensAt = (at: Date) => createHouseholdConfirmTokens(SECRET, () => at, { ttlDays: 14 });

describe('a household confirmation token', () => {
  const { token, expiresAt } = tokensAt(ISSUED).sign(SUBJECT);

  it('names the household, member and agreement until just before it expires', () => {
    expect(expiresAt).toBe('2026-11-15T09:00:00.000Z');
    expect(tokensAt(new Date(ISSUED.getTime() + 14 * DAY - 1000)).verify(token)).toEqual({
      ok: true,
      subject: SUBJECT,
      expiresAt,
    });
    expect(tokensAt(new Date(ISSUED.getTime() + 14 * DAY)).verify(token)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('shows nothing of what it names', () => {
    for (const id of Object.values(SUBJECT)) expect(token).not.toContain(id.slice(0, 8));
  });

  it('is refused when changed, under another secret, or as a questionnaire link, and vice versa', () => {
    const changed = `${token.slice(0, -2)}${token.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(tokensAt(ISSUED).verify(changed).ok).toBe(false);
    const rotated = createHouseholdConfirmTokens(`${SECRET}-rotated`, () => ISSUED, { ttlDays: 14 });
    expect(rotated.verify(token)).toEqual({ ok: false, reason: 'tampered' });
    const links = createLinkTokenSigner(SECRET, () => ISSUED);
    expect(links.verify(token).ok).toBe(false);
    expect(tokensAt(ISSUED).verify(links.sign({ name: 'Jo Client' })).ok).toBe(false);
    expect(tokensAt(ISSUED).verify('not-a-token')).toEqual({ ok: false, reason: 'malformed' });
  });
});
