import { randomUUID } from 'node:crypto';
import {
  type AssessmentErasedV1,
  assessmentErasedV1,
  type HouseholdConfirmedV1,
  type HouseholdProfileAgreedV1,
  householdConfirmedV1,
  householdProfileAgreedV1,
} from '@risk-profile/contracts';
import { ADVISER, envelopeOf } from './fixtures';

/** A member's contact and signed results, as the household events carry them. */
export interface MemberFixture {
  memberId: string;
  assessmentId: string;
  name: string;
  email: string | null;
  phone: string | null;
}

export const householdMember = (
  name: string,
  email: string | null,
  phone: string | null = null,
): MemberFixture => ({
  memberId: randomUUID(),
  assessmentId: randomUUID(),
  name,
  email,
  phone,
});

/** Jane at Growth (high capacity), John at Conservative (low): two groups apart, and flagged. */
function results(members: readonly MemberFixture[]) {
  const [first, second] = members;
  return members.map((m) => ({
    ...m,
    riskScore: m === second ? 22 : 45,
    riskGroup: m === second ? (2 as const) : (4 as const),
    recommendedProfile: m === second ? ('Conservative' as const) : ('Growth' as const),
    profile: m === second ? ('Conservative' as const) : ('Growth' as const),
    capacityForLoss: m === second ? ('low' as const) : ('high' as const),
    maxGroupForCapacity: m === second ? (1 as const) : (5 as const),
    signedAt: m === first ? '2026-11-20T01:00:00.000Z' : '2026-11-21T02:00:00.000Z',
  }));
}

const agreed = () => ({
  profile: 'Moderately Conservative' as const,
  reason: 'Joint money for the house deposit: the cautious side of both profiles.',
  basis: 'average' as const,
  flagged: false,
  beyondCapacity: [],
  agreedBy: ADVISER.email,
  agreedAt: '2026-11-22T03:00:00.000Z',
});

export function householdAgreed(
  householdId: string,
  members: readonly MemberFixture[],
  name = 'The Citizen household',
): HouseholdProfileAgreedV1 {
  return householdProfileAgreedV1.parse({
    ...envelopeOf('HouseholdProfileAgreed', 'req-agree', '2026-11-22T03:00:00.000Z'),
    data: {
      householdId,
      name,
      adviser: ADVISER,
      agreed: agreed(),
      members: results(members).map((m) => ({
        ...m,
        confirmUrl: `https://advice.example.com/household-confirmation?token=${m.memberId}`,
        confirmExpiresAt: '2026-12-06T03:00:00.000Z',
      })),
    },
  });
}

export function householdConfirmed(
  householdId: string,
  members: readonly MemberFixture[],
  name = 'The Citizen household',
): HouseholdConfirmedV1 {
  const [first, second] = members as [MemberFixture, MemberFixture];
  return householdConfirmedV1.parse({
    ...envelopeOf('HouseholdConfirmed', 'req-confirm', '2026-11-23T05:00:00.000Z'),
    data: {
      householdId,
      name,
      adviser: { ...ADVISER, licenceNumber: 'AFSL 246810', disclaimer: 'General advice only.' },
      agreed: agreed(),
      members: results(members).map((m, i) => ({
        ...m,
        signatureName: m.name,
        confirmedAt: `2026-11-23T0${4 + i}:00:00.000Z`,
      })),
      differences: [
        {
          question: 3,
          label: 'A fall in value',
          spread: 3,
          answers: [
            { memberId: first.memberId, score: 5, answer: 'Buy more' },
            { memberId: second.memberId, score: 2, answer: 'Sell some' },
          ],
        },
      ],
      flags: [
        {
          id: 'profiles-apart',
          message: `${first.name} chose Growth and ${second.name} chose Conservative: 2 groups apart.`,
        },
        {
          id: 'capacity-below-profile',
          memberId: second.memberId,
          otherMemberId: first.memberId,
          message: `${second.name}'s capacity for loss (low) can bear Conservative at most; ${first.name} chose Growth.`,
        },
      ],
      confirmedAt: '2026-11-23T05:00:00.000Z',
    },
  });
}

export function assessmentErased(assessmentId: string): AssessmentErasedV1 {
  return assessmentErasedV1.parse({
    ...envelopeOf('AssessmentErased', 'req-erase'),
    data: {
      assessmentId,
      reason: 'request',
      linkId: null,
      adviserSlug: ADVISER.slug,
      erasedAt: new Date().toISOString(),
    },
  });
}
