import { describe, expect, it } from 'vitest';
import { decideHousehold, evolveHousehold, HouseholdError, initialHouseholdState } from './household.decider';
import type { HouseholdCreated, HouseholdEvent, HouseholdProfileAgreed } from './household.events';

const HOUSEHOLD = '0b6a9a8e-1c1d-4c4e-8f8f-000000000001';
const ALEX = '0b6a9a8e-1c1d-4c4e-8f8f-00000000000a';
const SAM = '0b6a9a8e-1c1d-4c4e-8f8f-00000000000b';
const AGREEMENT = '0b6a9a8e-1c1d-4c4e-8f8f-0000000000a1';
const NEWER = '0b6a9a8e-1c1d-4c4e-8f8f-0000000000a2';

const created: HouseholdCreated = {
  type: 'HouseholdCreated',
  data: {
    householdId: HOUSEHOLD,
    adviserSlug: 'demo-adviser',
    name: 'The Lees',
    members: [ALEX, SAM].map((memberId, index) => ({
      memberId,
      name: index === 0 ? 'Alex Lee' : 'Sam Lee',
      email: null,
      phone: `0412 000 00${index}`,
      linkId: `link-${index}`,
      inPerson: false,
    })),
    createdAt: '2026-11-01T00:00:00.000Z',
  },
};

const result = (memberId: string, name: string) =>
  ({
    memberId,
    name,
    email: null,
    phone: null,
    assessmentId: '0b6a9a8e-1c1d-4c4e-8f8f-0000000000f1',
    riskScore: 36,
    riskGroup: 3,
    recommendedProfile: 'Balanced',
    profile: 'Balanced',
    capacityForLoss: 'moderate',
    maxGroupForCapacity: 4,
    signedAt: '2026-11-02T00:00:00.000Z',
    confirmUrl: 'https://advice.example.com/household-confirm?token=t',
    confirmExpiresAt: '2026-11-16T00:00:00.000Z',
  }) as const;

const agreed = (agreementId: string): HouseholdProfileAgreed => ({
  type: 'HouseholdProfileAgreed',
  data: {
    householdId: HOUSEHOLD,
    name: 'The Lees',
    adviser: {
      slug: 'demo-adviser',
      adviserName: 'Dee Adviser',
      companyName: 'Demo Advice',
      email: 'd@example.com',
    },
    agreed: {
      profile: 'Balanced',
      reason: 'Both chose Balanced.',
      basis: 'lowest',
      flagged: false,
      beyondCapacity: [],
      agreedBy: 'Dee Adviser',
      agreedAt: '2026-11-03T00:00:00.000Z',
    },
    members: [result(ALEX, 'Alex Lee'), result(SAM, 'Sam Lee')],
    agreementId,
    differences: [],
    flags: [],
  },
});

const confirm = (memberId: string, agreementId = AGREEMENT, confirmedAt = '2026-11-04T00:00:00.000Z') =>
  ({
    type: 'ConfirmHouseholdProfile',
    data: { agreementId, memberId, signatureName: memberId === ALEX ? 'Alex Lee' : 'Sam Lee', confirmedAt },
  }) as const;

const given = (...events: HouseholdEvent[]) => events.reduce(evolveHousehold, initialHouseholdState());
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof HouseholdError) return error.code;
    throw error;
  }
  throw new Error('not refused');
};

describe('no household', () => {
  it('creates it', () => {
    expect(decideHousehold({ type: 'CreateHousehold', data: created.data }, given())).toEqual([created]);
  });
  it('refuses an agreement or a confirmation as not found', () => {
    expect(
      refusal(() =>
        decideHousehold({ type: 'AgreeHouseholdProfile', data: agreed(AGREEMENT).data }, given()),
      ),
    ).toBe('HOUSEHOLD_NOT_FOUND');
    expect(refusal(() => decideHousehold(confirm(ALEX), given()))).toBe('HOUSEHOLD_NOT_FOUND');
  });
});

describe('a created household', () => {
  it('is not created twice', () => {
    expect(
      refusal(() => decideHousehold({ type: 'CreateHousehold', data: created.data }, given(created))),
    ).toBe('HOUSEHOLD_EXISTS');
  });
  it('records an agreement', () => {
    const events = decideHousehold(
      { type: 'AgreeHouseholdProfile', data: agreed(AGREEMENT).data },
      given(created),
    );
    expect(events).toEqual([agreed(AGREEMENT)]);
  });
  it('has nothing to confirm yet', () => {
    expect(refusal(() => decideHousehold(confirm(ALEX), given(created)))).toBe('AGREEMENT_REPLACED');
  });
});

describe('an agreed household', () => {
  const state = given(created, agreed(AGREEMENT));

  it('records the first confirmation alone', () => {
    expect(decideHousehold(confirm(ALEX), state)).toEqual([
      {
        type: 'HouseholdMemberConfirmed',
        data: {
          householdId: HOUSEHOLD,
          memberId: ALEX,
          signatureName: 'Alex Lee',
          confirmedAt: '2026-11-04T00:00:00.000Z',
        },
      },
    ]);
  });

  it('writes the confirmed record with the last confirmation', () => {
    const first = decideHousehold(confirm(ALEX), state);
    const events = decideHousehold(
      confirm(SAM, AGREEMENT, '2026-11-05T00:00:00.000Z'),
      given(created, agreed(AGREEMENT), ...first),
    );
    expect(events.map((event) => event.type)).toEqual(['HouseholdMemberConfirmed', 'HouseholdConfirmed']);
    const record = events[1]!.data as Extract<HouseholdEvent, { type: 'HouseholdConfirmed' }>['data'];
    expect(record.confirmedAt).toBe('2026-11-05T00:00:00.000Z');
    expect(record.members.map((m) => [m.memberId, m.signatureName, m.confirmedAt])).toEqual([
      [ALEX, 'Alex Lee', '2026-11-04T00:00:00.000Z'],
      [SAM, 'Sam Lee', '2026-11-05T00:00:00.000Z'],
    ]);
    expect(record.members[0]).not.toHaveProperty('confirmUrl');
    const after = given(created, agreed(AGREEMENT), ...first, ...events);
    expect(after.status).toBe('confirmed');
  });

  it('refuses a second confirmation by the same member', () => {
    const first = decideHousehold(confirm(ALEX), state);
    expect(refusal(() => decideHousehold(confirm(ALEX), given(created, agreed(AGREEMENT), ...first)))).toBe(
      'MEMBER_CONFIRMED',
    );
  });

  it('refuses a link of a replaced agreement, and a member the agreement does not name', () => {
    const replaced = given(created, agreed(AGREEMENT), agreed(NEWER));
    expect(refusal(() => decideHousehold(confirm(ALEX), replaced))).toBe('AGREEMENT_REPLACED');
    expect(refusal(() => decideHousehold(confirm(HOUSEHOLD), state))).toBe('MEMBER_NOT_FOUND');
  });

  it('starts the confirmations again when agreed again', () => {
    const first = decideHousehold(confirm(ALEX), state);
    const again = given(created, agreed(AGREEMENT), ...first, agreed(NEWER));
    expect(again.status === 'agreed' && again.confirmations).toEqual({});
    expect(decideHousehold(confirm(ALEX, NEWER), again)).toHaveLength(1);
  });
});

describe('a confirmed household', () => {
  const first = decideHousehold(confirm(ALEX), given(created, agreed(AGREEMENT)));
  const last = decideHousehold(confirm(SAM), given(created, agreed(AGREEMENT), ...first));
  const state = given(created, agreed(AGREEMENT), ...first, ...last);

  it('refuses another agreement', () => {
    expect(
      refusal(() => decideHousehold({ type: 'AgreeHouseholdProfile', data: agreed(NEWER).data }, state)),
    ).toBe('HOUSEHOLD_CONFIRMED');
  });
  it('refuses a confirmation again', () => {
    expect(refusal(() => decideHousehold(confirm(SAM), state))).toBe('MEMBER_CONFIRMED');
  });
});
