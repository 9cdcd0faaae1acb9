import { CAPACITY_ACKNOWLEDGEMENT_STATEMENT, capacityOutcome, capacityRecord } from '@risk-profile/contracts';
import { uniformResponses } from '@risk-profile/contracts/testing';
import { describe, expect, it } from 'vitest';
import { CAPACITY_BADGE_DESCRIPTIONS, capacityBadges, capacityFacts } from './capacity';

describe('capacity badges', () => {
  it('names each flag in words, both when both are set, none when neither is', () => {
    expect(capacityBadges({ adviserReview: true, capacityWarning: true })).toEqual([
      'Review required',
      'Capacity warning',
    ]);
    expect(capacityBadges({ adviserReview: false, capacityWarning: true })).toEqual(['Capacity warning']);
    expect(capacityBadges({ adviserReview: true, capacityWarning: false })).toEqual(['Review required']);
    expect(capacityBadges({ adviserReview: false, capacityWarning: false })).toEqual([]);
    for (const badge of capacityBadges({ adviserReview: true, capacityWarning: true })) {
      expect(CAPACITY_BADGE_DESCRIPTIONS[badge]).toBeTruthy();
    }
  });
});

describe('the capacity section', () => {
  it('gives the horizon, the capacity, the override grade and the acknowledgement as the report does', () => {
    const outcome = capacityOutcome(uniformResponses(3), 'Balanced', 'High Growth');
    expect(capacityFacts(capacityRecord(outcome, true))).toEqual([
      ['Time horizon', 'In 5 to 7 years'],
      ['Capacity for loss', 'Moderate'],
      ['Override', "Flagged for the adviser's review: two or more groups above the recommendation"],
      ['Warnings acknowledged', `Acknowledged: "${CAPACITY_ACKNOWLEDGEMENT_STATEMENT}"`],
    ]);
    expect(capacityFacts(capacityRecord(outcome, false))[3]).toEqual([
      'Warnings acknowledged',
      'Not acknowledged',
    ]);
  });
});

describe('the capacity section when no profile suits the time horizon', () => {
  it('says why, and that nothing was acknowledged', () => {
    const outcome = capacityOutcome(uniformResponses(2, { q7: 3, q13: 1 }), 'Conservative', 'Conservative');
    const facts = capacityFacts(capacityRecord(outcome, false));
    expect(facts.find(([label]) => label === 'Time horizon fit')?.[1]).toMatch(
      /^No Risk Profile suits the client's time horizon: .*cash or term deposits/,
    );
    expect(facts.find(([label]) => label === 'Warnings acknowledged')?.[1]).toBe(
      'No warnings to acknowledge',
    );
    expect(
      capacityFacts(capacityRecord(capacityOutcome(uniformResponses(3), 'Balanced', 'Balanced'), false)),
    ).toHaveLength(4);
  });
});
