import {
  AGREED_OTHER_REASON_MESSAGE,
  AGREED_REASON_REQUIRED_MESSAGE,
  decideAgreedProfile,
  type HouseholdMemberResult,
  MIN_REVIEW_REASON_LENGTH,
  PROFILE_NAMES,
} from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { signedCouple } from '../testing/fixtures';
import {
  type AgreementValues,
  agreementChoices,
  CHOOSE_OTHER_PROFILE_MESSAGE,
  CHOOSE_PROFILE_MESSAGE,
  checkAgreement,
  membersBeyondCapacity,
  otherProfiles,
} from './agreement';

const OPTIONS = { lowest: 'Conservative', average: 'Moderately Conservative' } as const;
const values = (change: Partial<AgreementValues>): AgreementValues => ({
  choice: null,
  otherProfile: null,
  reason: '',
  ...change,
});

describe('the choices of the agreement form', () => {
  it('are the lowest, the average and another profile, named with their profiles', () => {
    expect(agreementChoices(OPTIONS).map((choice) => choice.label)).toEqual([
      'Lowest: Conservative',
      'Average: Moderately Conservative',
      'Another profile',
    ]);
  });

  it('offer the lowest and the average as one when they are the same profile', () => {
    expect(
      agreementChoices({ lowest: 'Balanced', average: 'Balanced' }).map((choice) => [
        choice.value,
        choice.label,
      ]),
    ).toEqual([
      ['lowest', 'Lowest and average: Balanced'],
      ['other', 'Another profile'],
    ]);
  });

  it('offer under "Another profile" only the profiles that are neither', () => {
    expect(otherProfiles(OPTIONS)).toEqual(['Balanced', 'Growth', 'High Growth']);
  });
});

describe('checking the agreement', () => {
  it('needs a choice and a reason', () => {
    expect(checkAgreement(values({}), OPTIONS)).toEqual({
      ok: false,
      errors: { choice: CHOOSE_PROFILE_MESSAGE, reason: AGREED_REASON_REQUIRED_MESSAGE },
    });
    expect(checkAgreement(values({ choice: 'lowest', reason: '   ' }), OPTIONS)).toEqual({
      ok: false,
      errors: { reason: AGREED_REASON_REQUIRED_MESSAGE },
    });
  });

  it('sends the lowest or the average with any reason, trimmed', () => {
    expect(checkAgreement(values({ choice: 'average', reason: ' Joint savings. ' }), OPTIONS)).toEqual({
      ok: true,
      body: { profile: 'Moderately Conservative', reason: 'Joint savings.' },
      basis: 'average',
    });
  });

  it('needs the other profile chosen, and a reason of the longer length, counted in characters', () => {
    expect(checkAgreement(values({ choice: 'other', reason: 'Because.' }), OPTIONS)).toEqual({
      ok: false,
      errors: { choice: CHOOSE_OTHER_PROFILE_MESSAGE },
    });
    const short = 'é'.repeat(MIN_REVIEW_REASON_LENGTH - 1);
    expect(
      checkAgreement(values({ choice: 'other', otherProfile: 'Growth', reason: short }), OPTIONS),
    ).toEqual({
      ok: false,
      errors: { reason: AGREED_OTHER_REASON_MESSAGE },
    });
    // Forty characters, though the emoji take two UTF-16 units each.
    const enough = '🙂'.repeat(MIN_REVIEW_REASON_LENGTH);
    expect(
      checkAgreement(values({ choice: 'other', otherProfile: 'Growth', reason: enough }), OPTIONS),
    ).toEqual({
      ok: true,
      body: { profile: 'Growth', reason: enough },
      basis: 'other',
    });
  });

  it('decides as the service decides, for every profile and reason length', () => {
    const members: HouseholdMemberResult[] = signedCouple().members.map((member) => ({
      memberId: member.memberId,
      name: member.name!,
      profile: member.profile!,
      capacityForLoss: member.capacityForLoss!,
      maxGroupForCapacity: member.maxGroupForCapacity!,
      responses: {},
    }));
    for (const profile of PROFILE_NAMES) {
      for (const reason of ['Short one.', 'x'.repeat(MIN_REVIEW_REASON_LENGTH)]) {
        const choice =
          profile === OPTIONS.lowest ? 'lowest' : profile === OPTIONS.average ? 'average' : 'other';
        const page = checkAgreement(values({ choice, otherProfile: profile, reason }), OPTIONS);
        const service = decideAgreedProfile(members, { profile, reason });
        expect(page.ok).toBe(service.ok);
        if (page.ok && service.ok) expect(page.basis).toBe(service.decision.basis);
        if (!page.ok && !service.ok) expect(page.errors.reason).toBe(service.error);
      }
    }
  });
});

describe('members beyond their capacity for loss', () => {
  const { members } = signedCouple();

  it("are those whose capacity cannot bear the profile (the service's flag)", () => {
    expect(membersBeyondCapacity(members, 'Moderately Conservative')).toEqual([]);
    expect(membersBeyondCapacity(members, 'Balanced').map((member) => member.name)).toEqual(['Sam Lee']);
    expect(membersBeyondCapacity(members, 'High Growth').map((member) => member.name)).toEqual([
      'Jordan Lee',
      'Sam Lee',
    ]);
  });

  it('leave out an erased member, whose capacity is no longer known', () => {
    const erased = members.map((member, index) =>
      index === 1 ? { ...member, name: null, status: 'erased' as const, maxGroupForCapacity: null } : member,
    );
    expect(membersBeyondCapacity(erased, 'Balanced')).toEqual([]);
  });
});
