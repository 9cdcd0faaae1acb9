import type { HouseholdView } from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { JORDAN_ID, SAM_ID, signedCouple } from '../testing/fixtures';
import { agreementFlagText, memberContact, memberName, signedOfTotal } from './labels';

type Agreed = NonNullable<HouseholdView['agreed']>;

const agreed: Agreed = {
  profile: 'Balanced',
  reason: 'A long reason for another profile than the lowest or the average.',
  basis: 'other',
  flagged: true,
  beyondCapacity: [SAM_ID],
  agreedBy: 'adviser@example.com',
  agreedAt: '2026-11-28T00:00:00.000Z',
};

describe('household labels', () => {
  it('name an erased member as such, and show no contact for them', () => {
    expect(memberName({ name: null })).toBe('Erased member');
    expect(memberContact({ email: null, phone: null, status: 'erased' })).toBe('Erased');
    expect(memberContact({ email: null, phone: '0412 345 678', status: 'signed' })).toBe('0412 345 678');
  });

  it('count the members who signed', () => {
    expect(signedOfTotal({ signedCount: 1, memberCount: 2 })).toBe('1 of 2 signed');
  });

  it('say why an agreement was flagged', () => {
    const { members } = signedCouple();
    expect(agreementFlagText(agreed, members)).toBe(
      "Yes: another profile than the members' lowest or average; beyond the capacity for loss of Sam Lee",
    );
    expect(
      agreementFlagText({ ...agreed, basis: 'lowest', beyondCapacity: [JORDAN_ID, SAM_ID] }, members),
    ).toBe('Yes: beyond the capacity for loss of Jordan Lee and Sam Lee');
    expect(
      agreementFlagText({ ...agreed, flagged: false, basis: 'average', beyondCapacity: [] }, members),
    ).toBe('No');
  });
});
