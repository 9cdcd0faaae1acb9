import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildHouseholdReportModel } from '../rendering/household-report-model';
import { householdConfirmed, householdMember } from '../testing/household-fixtures';
import { ERASED_FLAG, ERASED_NAME, eraseMember } from './erase-member';

const jane = householdMember('Jane Citizen', 'jane@example.com');
const john = householdMember('John Citizen', 'john@example.com', '0412 000 111');
const confirmed = householdConfirmed(randomUUID(), [jane, john], 'John Citizen and Jane Citizen').data;
const household = {
  ...confirmed,
  agreed: { ...confirmed.agreed, reason: 'John Citizen will need the money first.' },
};
const AT = '2033-12-01T00:00:00.000Z';

describe('erasing one member of a confirmed household', () => {
  const erased = eraseMember(household, john.assessmentId.toUpperCase(), AT)!;

  it('leaves a marker with their id alone, and everyone else as confirmed', () => {
    expect(erased.members[0]).toEqual(household.members[0]);
    expect(erased.members[1]).toEqual({ memberId: john.memberId, erased: true, erasedAt: AT });
    const text = JSON.stringify(erased);
    for (const gone of ['John Citizen', 'john@example.com', '0412 000 111', john.assessmentId]) {
      expect(text).not.toContain(gone);
    }
  });

  it('takes their answers out of the differences, their flags to a bare mention, their name out of the reason and name', () => {
    expect(erased.differences).toEqual([]);
    expect(erased.flags).toEqual([
      { id: 'profiles-apart', message: ERASED_FLAG },
      {
        id: 'capacity-below-profile',
        memberId: john.memberId,
        otherMemberId: jane.memberId,
        message: ERASED_FLAG,
      },
    ]);
    expect(erased.name).toBe(`${ERASED_NAME} and Jane Citizen`);
    expect(erased.agreed.reason).toBe(`${ERASED_NAME} will need the money first.`);
  });

  it('is null for an assessment of no member, or one erased already', () => {
    expect(eraseMember(household, randomUUID(), AT)).toBeNull();
    expect(eraseMember(erased, john.assessmentId, AT)).toBeNull();
  });

  it('shows in the report as an erased member, and the confirmations keep the others', () => {
    const model = buildHouseholdReportModel({ household: erased, timeZone: 'Australia/Sydney' });
    expect(model.members.map((m) => m.title)).toEqual(['Member 1: Jane Citizen', 'Member 2: Erased member']);
    expect(model.members[1]?.rows).toEqual([
      [
        'Status',
        "This member's personal data and results were erased on request on 1 December 2033 at 11:00 am AEDT.",
      ],
    ]);
    expect(model.confirmations.slice(0, 2)).toEqual([
      ['Jane Citizen', 'Confirmed 23 November 2026 at 3:00 pm AEDT, signed “Jane Citizen”'],
      ['Erased member', 'Confirmed; the signature was erased with the member’s data'],
    ]);
  });
});

describe('the household report model', () => {
  it('names the basis, the members beyond their capacity and the flag', () => {
    const flagged = {
      ...household,
      agreed: {
        ...household.agreed,
        profile: 'Growth' as const,
        basis: 'other' as const,
        flagged: true,
        beyondCapacity: [john.memberId],
      },
    };
    const model = buildHouseholdReportModel({ household: flagged, timeZone: 'Australia/Sydney' });
    expect(model.agreed).toContainEqual(['Basis', 'Another profile, with the reason below']);
    expect(model.agreed).toContainEqual(['Beyond the capacity for loss of', 'John Citizen']);
    expect(model.flagged).toMatch(/^Flagged: /);
    expect(model.members[1]?.rows).toContainEqual(['Capacity for loss', 'Low: bears Conservative at most']);
    expect(model.differences).toEqual([
      {
        title: '3. A fall in value (answers 3 apart)',
        rows: [
          ['Jane Citizen', 'Buy more (score 5 of 5)'],
          ['John Citizen', 'Sell some (score 2 of 5)'],
        ],
      },
    ]);
  });
});
