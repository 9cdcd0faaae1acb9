import { type HouseholdView, householdViewSchema } from '@risk-profile/contracts';

export const JORDAN_ID = '0b7f8f8e-5a4f-4c1e-9a1e-111111111111';
export const SAM_ID = '0b7f8f8e-5a4f-4c1e-9a1e-222222222222';
const HOUSEHOLD_ID = '0b7f8f8e-5a4f-4c1e-9a1e-333333333333';

/**
 * A couple, both signed: Jordan chose Balanced with moderate capacity, Sam Conservative with low
 * capacity (Moderately Conservative at most). Checked by the contract, so the fixture cannot drift.
 */
export function signedCouple(change: Partial<HouseholdView> = {}): HouseholdView {
  return householdViewSchema.parse({
    id: HOUSEHOLD_ID,
    name: 'Jordan and Sam Lee',
    adviserSlug: 'demo-adviser',
    createdAt: '2026-11-27T22:00:00.000Z',
    status: 'ready_to_agree',
    members: [
      {
        memberId: JORDAN_ID,
        name: 'Jordan Lee',
        email: 'jordan.lee@example.com',
        phone: null,
        status: 'signed',
        assessmentId: '0b7f8f8e-5a4f-4c1e-9a1e-444444444444',
        signedAt: '2026-11-27T22:30:00.000Z',
        riskScore: 36,
        riskGroup: 3,
        recommendedProfile: 'Balanced',
        profile: 'Balanced',
        capacityForLoss: 'moderate',
        maxGroupForCapacity: 4,
        confirmedAt: null,
        inPersonUrl: null,
      },
      {
        memberId: SAM_ID,
        name: 'Sam Lee',
        email: null,
        phone: '0412 345 678',
        status: 'signed',
        assessmentId: '0b7f8f8e-5a4f-4c1e-9a1e-555555555555',
        signedAt: '2026-11-27T22:40:00.000Z',
        riskScore: 25,
        riskGroup: 1,
        recommendedProfile: 'Conservative',
        profile: 'Conservative',
        capacityForLoss: 'low',
        maxGroupForCapacity: 2,
        confirmedAt: null,
        inPersonUrl: null,
      },
    ],
    differences: [],
    flags: [],
    options: { lowest: 'Conservative', average: 'Moderately Conservative' },
    agreed: null,
    confirmedAt: null,
    ...change,
  });
}
