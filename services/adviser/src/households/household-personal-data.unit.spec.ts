import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ERASED,
  ERASED_MEMBER,
  openHouseholdEvent,
  plainTypeOfSealed,
  sealHouseholdEvent,
} from './household-personal-data';

const STREAM = 'household-5f0c5b7e-8d0a-4d8e-9d55-0d6a1c1e2f30';
const KIM = '11111111-1111-4111-8111-111111111111';
const LOU = '22222222-2222-4222-8222-222222222222';
const keys = new Map([
  [KIM, randomBytes(32)],
  [LOU, randomBytes(32)],
]);
const withoutKim = new Map([[LOU, keys.get(LOU)!]]);

const confirmed = {
  householdId: '5f0c5b7e-8d0a-4d8e-9d55-0d6a1c1e2f30',
  name: 'Kim Park and Lou Park',
  agreed: { profile: 'Balanced', reason: 'Lou Park prefers less risk than Kim Park.', flagged: true },
  members: [
    {
      memberId: KIM,
      name: 'Kim Park',
      email: 'kim@example.com',
      phone: null,
      signatureName: 'Kim Park',
      score: 30,
    },
    {
      memberId: LOU,
      name: 'Lou Park',
      email: null,
      phone: '0412 111 222',
      signatureName: 'L. Park',
      score: 20,
    },
  ],
  flags: [
    {
      id: 'profiles-apart',
      message: 'Kim Park chose Growth and Lou Park chose Conservative: 2 groups apart.',
    },
  ],
  differences: [{ question: 3, answers: [{ memberId: KIM, score: 4, answer: 'Often' }] }],
};

describe('sealing a household event per member', () => {
  it('stores no member name, email, phone or signature, and opens to the event as it was', () => {
    const stored = sealHouseholdEvent(STREAM, 'HouseholdConfirmed', confirmed, keys);
    expect(stored.type).toBe('HouseholdConfirmedSealed');
    expect(plainTypeOfSealed(stored.type)).toBe('HouseholdConfirmed');
    const text = JSON.stringify(stored.data);
    for (const personal of ['Kim Park', 'Lou Park', 'kim@example.com', '0412 111 222', 'L. Park']) {
      expect(text).not.toContain(personal);
    }
    // What is not personal stays readable as it was.
    expect(stored.data).toMatchObject({
      householdId: confirmed.householdId,
      differences: confirmed.differences,
    });
    expect(openHouseholdEvent(STREAM, 'HouseholdConfirmed', stored.data, keys)).toEqual(confirmed);
  });

  it('reads a member whose key is gone as erased, and keeps every other member and the rest', () => {
    const stored = sealHouseholdEvent(STREAM, 'HouseholdConfirmed', confirmed, keys);
    const opened = openHouseholdEvent(
      STREAM,
      'HouseholdConfirmed',
      stored.data,
      withoutKim,
    ) as typeof confirmed;
    expect(opened.members[0]).toEqual({
      memberId: KIM,
      name: ERASED,
      email: null,
      phone: null,
      signatureName: ERASED,
      score: 30,
    });
    expect(opened.members[1]).toEqual(confirmed.members[1]);
    expect(opened.name).toBe(`${ERASED_MEMBER} and Lou Park`);
    expect(opened.agreed).toEqual({
      ...confirmed.agreed,
      reason: `Lou Park prefers less risk than ${ERASED_MEMBER}.`,
    });
    expect(opened.flags[0]!.message).toBe(
      `${ERASED_MEMBER} chose Growth and Lou Park chose Conservative: 2 groups apart.`,
    );
  });

  it("seals one member's confirmation under that member's key alone", () => {
    const data = {
      householdId: confirmed.householdId,
      memberId: LOU,
      signatureName: 'Lou Park',
      confirmedAt: 'now',
    };
    const stored = sealHouseholdEvent(STREAM, 'HouseholdMemberConfirmed', data, keys);
    expect(JSON.stringify(stored.data)).not.toContain('Lou Park');
    expect(openHouseholdEvent(STREAM, 'HouseholdMemberConfirmed', stored.data, keys)).toEqual(data);
    expect(openHouseholdEvent(STREAM, 'HouseholdMemberConfirmed', stored.data, new Map())).toEqual({
      ...data,
      signatureName: ERASED,
    });
  });

  it('writes a member already without a key as erased: nothing of theirs is stored', () => {
    const stored = sealHouseholdEvent(STREAM, 'HouseholdConfirmed', confirmed, withoutKim);
    expect(JSON.stringify(stored.data)).not.toContain('kim@example.com');
    const opened = openHouseholdEvent(STREAM, 'HouseholdConfirmed', stored.data, keys) as typeof confirmed;
    expect(opened.members[0]!.name).toBe(ERASED);
    expect(opened.members[1]!.name).toBe('Lou Park');
  });

  it('refuses a sealed value moved to another stream or changed: that is corruption, not erasure', () => {
    const stored = sealHouseholdEvent(STREAM, 'HouseholdConfirmed', confirmed, keys);
    expect(() => openHouseholdEvent('household-other', 'HouseholdConfirmed', stored.data, keys)).toThrow();
    const otherKey = new Map([...keys].map(([id]) => [id, randomBytes(32)]));
    expect(() => openHouseholdEvent(STREAM, 'HouseholdConfirmed', stored.data, otherKey)).toThrow();
  });
});
