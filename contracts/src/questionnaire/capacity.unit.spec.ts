import { describe, expect, it } from 'vitest';
import { uniformResponses } from '../testing';
import { deriveAssessment } from './assessment-derivation';
import {
  CAPACITY_ACKNOWLEDGEMENT_STATEMENT,
  type CapacityForLoss,
  capacityOutcome,
  capacityRecord,
  capacityRecordOf,
  capacityWarnings,
  deriveCapacity,
  MIN_REVIEW_REASON_LENGTH,
  NO_PROFILE_FITS_HORIZON,
  noProfileFitsHorizon,
  type OverrideGrade,
  overrideGrade,
} from './capacity';
import { capacityRecordSchema } from './capacity.schema';
import { noProfileFitsHorizonText } from './capacity-words';
import { PROFILE_NAMES, type ProfileName, RISK_PROFILES } from './profiles';
import type { AnswerScore, CompleteResponses } from './responses';

/*
 * An oracle written from the tables of docs/product-rules.md ("Capacity for loss"), sharing no
 * code or constant with capacity.ts, checked against it over every answer of questions 13-17.
 */
const ORACLE = {
  // Q13 score 1..5: the band and the years it counts.
  bands: [
    ['under-3', 0],
    ['3-5', 3],
    ['5-7', 5],
    ['7-10', 7],
    ['over-10', 10],
  ] as const,
  // By profile, Conservative .. High Growth.
  minimumHorizon: [3, 4, 5, 7, 10],
  badYear: [8, 15, 22, 30, 40],
  bears: { low: 15, moderate: 30, high: 40 } as Record<CapacityForLoss, number>,
};

function oracleCapacity(q14: number, q15: number, q16: number, q17: number): CapacityForLoss {
  const score = q14 + q15 + q16 + q17;
  if (score <= 10 || q14 === 1 || (q16 === 1 && (q15 === 1 || q15 === 2))) return 'low';
  if (score >= 16 && Math.min(q14, q15, q16, q17) >= 3) return 'high';
  return 'moderate';
}

function oracleWarnings(q13: number, capacity: CapacityForLoss, profileIndex: number): string[] {
  const warnings: string[] = [];
  // Conservative, the most cautious profile, is no overreach even when no profile suits the horizon.
  if (profileIndex > 0 && ORACLE.minimumHorizon[profileIndex]! > ORACLE.bands[q13 - 1]![1])
    warnings.push('horizon');
  if (ORACLE.badYear[profileIndex]! > ORACLE.bears[capacity]) warnings.push('capacity-for-loss');
  return warnings;
}

const SCORES: readonly AnswerScore[] = [1, 2, 3, 4, 5];

function* everyCapacityAnswer(): Generator<CompleteResponses> {
  for (const q13 of SCORES)
    for (const q14 of SCORES)
      for (const q15 of SCORES)
        for (const q16 of SCORES)
          for (const q17 of SCORES) yield uniformResponses(3, { q13, q14, q15, q16, q17 });
}

describe('capacity for loss over every answer of questions 13 to 17', () => {
  const all = [...everyCapacityAnswer()];

  it('covers all 3,125 combinations', () => {
    expect(all).toHaveLength(5 ** 5);
    expect(new Set(all.map((r) => [r.q13, r.q14, r.q15, r.q16, r.q17].join())).size).toBe(3125);
  });

  it('gives the band, score and capacity of the documented tables', () => {
    for (const responses of all) {
      const { q13, q14, q15, q16, q17 } = responses;
      const capacity = deriveCapacity(responses);
      const expected = oracleCapacity(q14, q15, q16, q17);
      const [band, years] = ORACLE.bands[q13 - 1]!;
      expect({
        band: capacity.timeHorizon.id,
        years: capacity.timeHorizon.years,
        score: capacity.capacityScore,
        level: capacity.capacityForLoss,
      }).toEqual({ band, years, score: q14 + q15 + q16 + q17, level: expected });
      // The highest group each allows: the profiles-within columns of the tables.
      const withinHorizon = ORACLE.minimumHorizon.filter((minimum) => minimum <= years).length;
      const withinCapacity = ORACLE.badYear.filter((fall) => fall <= ORACLE.bears[expected]).length;
      expect([capacity.maxGroupForHorizon, capacity.maxGroupForCapacity]).toEqual([
        withinHorizon,
        withinCapacity,
      ]);
    }
  });

  it('warns for every profile exactly as the tables say', () => {
    for (const responses of all) {
      const capacity = deriveCapacity(responses);
      PROFILE_NAMES.forEach((profile, index) => {
        const ids = capacityWarnings(capacity, profile).map((warning) => warning.id);
        expect(ids, `${JSON.stringify(responses)} ${profile}`).toEqual(
          oracleWarnings(responses.q13, capacity.capacityForLoss, index),
        );
      });
    }
  });

  it('reaches each capacity level and each warning somewhere', () => {
    const levels = new Set(all.map((responses) => deriveCapacity(responses).capacityForLoss));
    expect([...levels].sort()).toEqual(['high', 'low', 'moderate']);
  });

  it('never changes the risk score, group or recommended profile (tolerance stays apart)', () => {
    const base = deriveAssessment(uniformResponses(3));
    for (const responses of all) {
      const derived = deriveAssessment(responses);
      expect([derived.riskScore, derived.riskGroup, derived.originalProfile]).toEqual([
        base.riskScore,
        base.riskGroup,
        base.originalProfile,
      ]);
    }
  });
});

describe('the capacity rule at its edges', () => {
  const capacityOf = (q14: AnswerScore, q15: AnswerScore, q16: AnswerScore, q17: AnswerScore) =>
    deriveCapacity(uniformResponses(3, { q14, q15, q16, q17 })).capacityForLoss;

  it.each<[string, [AnswerScore, AnswerScore, AnswerScore, AnswerScore], CapacityForLoss]>([
    ['a score of 10', [3, 3, 2, 2], 'low'],
    ['a score of 11', [3, 3, 3, 2], 'moderate'],
    ['complete reliance, whatever else', [1, 5, 5, 5], 'low'],
    ['no reserve and a likely withdrawal', [5, 2, 1, 5], 'low'],
    ['no reserve but a withdrawal only possible', [5, 3, 1, 5], 'moderate'],
    ['a score of 16 with every answer 3 or more', [4, 4, 4, 4], 'high'],
    ['a score of 15', [4, 4, 4, 3], 'moderate'],
    ['a score of 17 with one answer of 2', [5, 5, 5, 2], 'moderate'],
  ])('is as documented for %s', (_, [q14, q15, q16, q17], level) => {
    expect(capacityOf(q14, q15, q16, q17)).toBe(level);
  });

  it("uses the profiles' own published horizons and bad years", () => {
    for (const [index, profile] of RISK_PROFILES.entries()) {
      expect(Number.parseInt(profile.minimumHorizon, 10)).toBe(ORACLE.minimumHorizon[index]);
      expect(profile.badYear.endsWith(`${ORACLE.badYear[index]}%`)).toBe(true);
    }
  });
});

describe('the warnings in plain words', () => {
  it('names the profile, its minimum horizon and the client’s own horizon', () => {
    const capacity = deriveCapacity(uniformResponses(3, { q13: 2 }));
    const [warning] = capacityWarnings(capacity, 'Balanced');
    expect(warning).toEqual({
      id: 'horizon',
      title: 'Time horizon shorter than the profile needs',
      message:
        'The Balanced profile suits money that can stay invested for at least 5 years, but you expect to need most of this money in 3 to 5 years. If you need it before a fall in value has had time to recover, you could lose part of it.',
    });
  });

  it('names the fall of a bad year and what the capacity bears', () => {
    const capacity = deriveCapacity(uniformResponses(3, { q13: 5, q14: 1 }));
    expect(capacityWarnings(capacity, 'Growth')).toEqual([
      {
        id: 'capacity-for-loss',
        title: 'Losses beyond your capacity for loss',
        message:
          'In a bad year the Growth profile can fall by as much as 30%. Your answers about how much you rely on this money, how soon you may need it, your emergency savings and your income give a low capacity for loss, which can bear a fall of about 15% at most without affecting your standard of living or your plans.',
      },
    ]);
  });

  it('asks the client to confirm a statement that says what they accept', () => {
    expect(CAPACITY_ACKNOWLEDGEMENT_STATEMENT).toMatch(/could lose money I need/);
  });
});

describe('overrideGrade over all 25 pairs', () => {
  const expected = (recommended: number, chosen: number): OverrideGrade =>
    chosen === recommended ? 'none' : chosen - recommended >= 2 ? 'review' : 'noted';

  it('is none when kept, review two or more groups up, noted otherwise', () => {
    const table: string[] = [];
    PROFILE_NAMES.forEach((recommended, r) => {
      PROFILE_NAMES.forEach((chosen, c) => {
        expect(overrideGrade(recommended, chosen), `${recommended} -> ${chosen}`).toBe(expected(r, c));
        table.push(overrideGrade(recommended, chosen));
      });
    });
    expect(table).toHaveLength(25);
    expect(table.filter((grade) => grade === 'review')).toHaveLength(6);
    expect(table.filter((grade) => grade === 'none')).toHaveLength(5);
  });

  it('needs a reason of 40 characters for a review', () => {
    expect(MIN_REVIEW_REASON_LENGTH).toBe(40);
    expect(overrideGrade('Conservative', 'High Growth')).toBe('review');
    expect(overrideGrade('High Growth', 'Conservative')).toBe('noted');
  });
});

describe('capacityOutcome, capacityRecord and capacityRecordOf', () => {
  const shortHorizon = uniformResponses(3, { q13: 1 });

  it('recomputes the warnings for the chosen profile and flags a review', () => {
    const outcome = capacityOutcome(shortHorizon, 'Balanced', 'High Growth');
    expect(outcome.warnings.map((warning) => warning.id)).toEqual(['horizon', 'capacity-for-loss']);
    expect(outcome).toMatchObject({ overrideGrade: 'review', adviserReview: true });
    expect(capacityOutcome(shortHorizon, 'Balanced', 'Growth')).toMatchObject({
      overrideGrade: 'noted',
      adviserReview: false,
    });
  });

  it('records the outcome in the shape the events carry, acknowledged only with warnings', () => {
    const outcome = capacityOutcome(shortHorizon, 'Balanced', 'Balanced');
    const record = capacityRecord(outcome, true);
    expect(record).toEqual({
      timeHorizon: 'under-3',
      capacityForLoss: 'moderate',
      capacityScore: 12,
      warnings: outcome.warnings.map(({ id, title, message }) => ({ id, title, message })),
      acknowledged: true,
      overrideGrade: 'none',
      adviserReview: false,
      noProfileFitsHorizon: true,
    });
    expect(capacityRecordSchema.parse(record)).toEqual(record);
    expect(capacityRecord(outcome, false).acknowledged).toBe(false);
    const none = capacityRecord(capacityOutcome(uniformResponses(3), 'Balanced', 'Balanced'), true);
    expect(none).toMatchObject({ warnings: [], acknowledged: false });
  });

  it('passes every combination and profile through the record schema', () => {
    for (const responses of everyCapacityAnswer()) {
      for (const chosen of PROFILE_NAMES) {
        const record = capacityRecord(capacityOutcome(responses, 'Balanced', chosen), true);
        expect(capacityRecordSchema.safeParse(record).success).toBe(true);
      }
    }
  });

  it("takes an event's own record, or recomputes one never acknowledged for an older event", () => {
    const event = {
      responses: shortHorizon,
      originalProfile: 'Balanced' as ProfileName,
      selectedProfile: 'Growth' as ProfileName,
    };
    const stored = capacityRecord(capacityOutcome(shortHorizon, 'Balanced', 'Growth'), true);
    expect(capacityRecordOf({ ...event, capacity: stored })).toBe(stored);
    expect(capacityRecordOf(event)).toEqual({ ...stored, acknowledged: false });
    expect(capacityRecordOf({ ...event, capacity: undefined })).toEqual({ ...stored, acknowledged: false });
  });
});

describe('when no profile suits the time horizon (question 13 "Within 3 years")', () => {
  const conservative = uniformResponses(2, { q7: 3, q13: 1 });

  it('asks no acknowledgement for Conservative, the most cautious profile, and records why instead', () => {
    const capacity = deriveCapacity(conservative);
    expect(noProfileFitsHorizon(capacity)).toBe(true);
    expect(capacityWarnings(capacity, 'Conservative')).toEqual([]);
    const outcome = capacityOutcome(conservative, 'Conservative', 'Conservative');
    expect(outcome).toMatchObject({ warnings: [], noProfileFitsHorizon: true });
    expect(capacityRecord(outcome, false)).toMatchObject({
      timeHorizon: 'under-3',
      warnings: [],
      acknowledged: false,
      noProfileFitsHorizon: true,
    });
  });

  it('still warns of a riskier profile, which goes beyond the horizon further than it need', () => {
    const capacity = deriveCapacity(conservative);
    expect(capacityWarnings(capacity, 'Moderately Conservative').map((w) => w.id)).toEqual(['horizon']);
  });

  it('says so plainly to the client, and tells the adviser why', () => {
    expect(NO_PROFILE_FITS_HORIZON.title).toBe('No Risk Profile suits money you need within 3 years');
    expect(NO_PROFILE_FITS_HORIZON.message).toContain('cash or term deposits');
    expect(NO_PROFILE_FITS_HORIZON.message).toContain('talk to your adviser');
    expect(noProfileFitsHorizonText({ timeHorizon: 'under-3' })).toContain('cash or term deposits');
    // Records stored before the field existed read it from their horizon.
    expect(noProfileFitsHorizonText({ timeHorizon: '3-5' })).toBeNull();
    expect(noProfileFitsHorizonText({ timeHorizon: 'under-3', noProfileFitsHorizon: true })).not.toBeNull();
  });

  it('is never said where some profile suits the horizon', () => {
    for (const q13 of [2, 3, 4, 5] as const) {
      const capacity = deriveCapacity(uniformResponses(3, { q13 }));
      expect(noProfileFitsHorizon(capacity)).toBe(false);
      expect(
        capacityRecord(capacityOutcome(uniformResponses(3, { q13 }), 'Balanced', 'Balanced'), false),
      ).toMatchObject({ noProfileFitsHorizon: false });
    }
  });
});
