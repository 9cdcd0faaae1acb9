import { describe, expect, it } from 'vitest';
import { MIN_REVIEW_REASON_LENGTH } from '../questionnaire/capacity';
import { uniformResponses } from '../testing';
import {
  AGREED_OTHER_REASON_MESSAGE,
  AGREED_REASON_REQUIRED_MESSAGE,
  agreedProfileOptions,
  answerDifferences,
  decideAgreedProfile,
  type HouseholdMemberResult,
  householdFlags,
} from './household-rules';

const member = (memberId: string, overrides: Partial<HouseholdMemberResult> = {}): HouseholdMemberResult => ({
  memberId,
  name: memberId === 'a' ? 'Alex' : memberId === 'b' ? 'Sam' : `Member ${memberId}`,
  profile: 'Balanced',
  capacityForLoss: 'high',
  maxGroupForCapacity: 5,
  responses: uniformResponses(3),
  ...overrides,
});

describe('answerDifferences', () => {
  it('lists the questions furthest apart first, then in question order, leaving out agreement', () => {
    const differences = answerDifferences([
      member('a', { responses: uniformResponses(3, { q2: 1, q7: 5, q13: 2, q18: 1 }) }),
      member('b', { responses: uniformResponses(3, { q2: 5, q7: 4, q13: 4, q18: 5 }) }),
    ]);
    expect(differences.map((d) => [d.question, d.spread])).toEqual([
      [2, 4],
      [13, 2],
      [7, 1],
    ]);
    expect(differences[0]!.answers).toEqual([
      { memberId: 'a', score: 1 },
      { memberId: 'b', score: 5 },
    ]);
  });

  it('takes the widest spread among three members and keeps only the first five', () => {
    const responses = (score: 1 | 3 | 5) => uniformResponses(score);
    const differences = answerDifferences([
      member('a', { responses: responses(1) }),
      member('b', { responses: responses(3) }),
      member('c', { responses: responses(5) }),
    ]);
    expect(differences).toHaveLength(5);
    expect(differences.map((d) => d.question)).toEqual([1, 2, 3, 4, 5]);
    expect(differences.every((d) => d.spread === 4 && d.answers.length === 3)).toBe(true);
  });

  it('skips a question only one member has answered', () => {
    const partial = member('b', { responses: { q1: 5 } });
    expect(answerDifferences([member('a'), partial]).map((d) => d.question)).toEqual([1]);
    expect(answerDifferences([member('a', { responses: {} }), partial])).toEqual([]);
  });
});

describe('householdFlags', () => {
  it('flags profiles two or more groups apart, naming who chose what', () => {
    const flags = householdFlags([
      member('a', { profile: 'Moderately Conservative' }),
      member('b', { profile: 'Growth' }),
    ]);
    expect(flags).toEqual([
      {
        id: 'profiles-apart',
        message: 'Sam chose Growth and Alex chose Moderately Conservative: 2 groups apart.',
      },
    ]);
  });

  it('does not flag neighbouring profiles', () => {
    expect(
      householdFlags([member('a', { profile: 'Balanced' }), member('b', { profile: 'Growth' })]),
    ).toEqual([]);
  });

  it("flags a member whose capacity for loss cannot bear the other's profile", () => {
    const flags = householdFlags([
      member('a', { profile: 'Moderately Conservative', capacityForLoss: 'low', maxGroupForCapacity: 2 }),
      member('b', { profile: 'Balanced' }),
    ]);
    expect(flags).toEqual([
      {
        id: 'capacity-below-profile',
        memberId: 'a',
        otherMemberId: 'b',
        message:
          "Alex's capacity for loss (low) can bear Moderately Conservative at most; Sam chose Balanced.",
      },
    ]);
  });

  it('has nothing to compare with one member', () => {
    expect(householdFlags([member('a', { maxGroupForCapacity: 1, profile: 'High Growth' })])).toEqual([]);
  });
});

describe('agreed profile', () => {
  it('offers the lowest profile and the average, rounded to the more cautious group', () => {
    expect(
      agreedProfileOptions([member('a', { profile: 'Conservative' }), member('b', { profile: 'Growth' })]),
    ).toEqual({ lowest: 'Conservative', average: 'Moderately Conservative' });
    expect(
      agreedProfileOptions([
        member('a', { profile: 'Balanced' }),
        member('b', { profile: 'High Growth' }),
        member('c', { profile: 'High Growth' }),
      ]),
    ).toEqual({ lowest: 'Balanced', average: 'Growth' });
    expect(() => agreedProfileOptions([])).toThrow(RangeError);
  });

  const couple = [member('a', { profile: 'Conservative' }), member('b', { profile: 'Growth' })];

  it('records the lowest or the average with any reason, unflagged', () => {
    expect(decideAgreedProfile(couple, { profile: 'Conservative', reason: 'Most cautious.' })).toEqual({
      ok: true,
      decision: { basis: 'lowest', flagged: false, beyondCapacity: [] },
    });
    expect(decideAgreedProfile(couple, { profile: 'Moderately Conservative', reason: 'Middle.' })).toEqual({
      ok: true,
      decision: { basis: 'average', flagged: false, beyondCapacity: [] },
    });
  });

  it('needs a reason for every agreed profile', () => {
    expect(decideAgreedProfile(couple, { profile: 'Conservative', reason: '   ' })).toEqual({
      ok: false,
      error: AGREED_REASON_REQUIRED_MESSAGE,
    });
  });

  it('takes another profile only with the longer reason, and flags it', () => {
    const short = 'x'.repeat(MIN_REVIEW_REASON_LENGTH - 1);
    expect(decideAgreedProfile(couple, { profile: 'Balanced', reason: short })).toEqual({
      ok: false,
      error: AGREED_OTHER_REASON_MESSAGE,
    });
    expect(decideAgreedProfile(couple, { profile: 'Balanced', reason: `${short}y` })).toEqual({
      ok: true,
      decision: { basis: 'other', flagged: true, beyondCapacity: [] },
    });
  });

  it("flags a profile beyond a member's capacity for loss, even the average", () => {
    const cautious = [
      member('a', { profile: 'Conservative', capacityForLoss: 'low', maxGroupForCapacity: 1 }),
      member('b', { profile: 'Balanced' }),
    ];
    expect(decideAgreedProfile(cautious, { profile: 'Moderately Conservative', reason: 'Average.' })).toEqual(
      {
        ok: true,
        decision: { basis: 'average', flagged: true, beyondCapacity: ['a'] },
      },
    );
  });
});
