import { describe, expect, it } from 'vitest';
import type { RiskGroup } from './profiles';
import type { Responses } from './responses';
import {
  calculatePercentile,
  calculateRiskScore,
  comparePrediction,
  describePredictionToAdviser,
  erf,
  IncompleteResponsesError,
  scoreToGroup,
} from './scoring';

const scored = (scores: number[]) =>
  Object.fromEntries(scores.map((score, index) => [`q${index + 1}`, score])) as Responses;

describe('calculateRiskScore', () => {
  it('adds questions 1 to 12 and ignores 13 to 18', () => {
    const responses = { ...scored([1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2]), q13: 5, q18: 5 } as Responses;
    expect(calculateRiskScore(responses)).toBe(33);
  });

  it.each([
    [1, 12],
    [5, 60],
  ] as const)('scores all %i as %i', (score, total) => {
    expect(calculateRiskScore(scored(Array(12).fill(score)))).toBe(total);
  });

  it('throws a typed error listing every missing scored question', () => {
    const responses = scored([3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]);
    delete responses.q4;
    delete responses.q12;
    const error = (() => {
      try {
        calculateRiskScore(responses);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(IncompleteResponsesError);
    expect(error).toMatchObject({ code: 'INCOMPLETE_RESPONSES', missing: [4, 12] });
  });
});

describe('scoreToGroup', () => {
  it.each([
    [12, 1],
    [25, 1],
    [26, 2],
    [35, 2],
    [36, 3],
    [45, 3],
    [46, 4],
    [55, 4],
    [56, 5],
    [60, 5],
  ])('puts %i in group %i', (score, group) => {
    expect(scoreToGroup(score)).toBe(group);
  });

  it('refuses a score that is not a number', () => {
    expect(() => scoreToGroup(Number.NaN)).toThrow(RangeError);
  });
});

describe('calculatePercentile', () => {
  it.each([
    [35, 16],
    [50, 50],
    [60, 75],
    [65, 84],
    [80, 98],
    [85, 99],
  ])('places score %i at the %ith percentile', (score, percentile) => {
    expect(calculatePercentile(score)).toBe(percentile);
  });

  it.each([
    [12, 1],
    [5, 1],
    [0, 1],
    [95, 99],
    [100, 99],
  ])('clamps score %i to %i', (score, percentile) => {
    expect(calculatePercentile(score)).toBe(percentile);
  });

  // Reference: round(100 * Φ((s - 50) / 15)) for s = 12..60, computed with Python's math.erf.
  const reference = [
    1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 12, 13, 14, 16, 18, 19, 21, 23, 25, 27, 30,
    32, 34, 37, 39, 42, 45, 47, 50, 53, 55, 58, 61, 63, 66, 68, 70, 73, 75,
  ];
  it('matches an independent reference for every possible score', () => {
    expect(Array.from({ length: 49 }, (_, i) => calculatePercentile(i + 12))).toEqual(reference);
  });

  it.each([
    [0, 0],
    [0.5, 0.5204998778],
    [1, 0.8427007929],
    [-1, -0.8427007929],
    [2, 0.995322265],
  ])('uses an erf accurate to 1.5e-7 (erf(%f))', (x, expected) => {
    expect(Math.abs(erf(x) - expected)).toBeLessThan(1.5e-7);
  });
});

describe('comparePrediction', () => {
  it('calls an exact match a perfect prediction', () => {
    expect(comparePrediction(3, 3)).toEqual({
      difference: 0,
      direction: 'same',
      text: 'You predicted your risk profile perfectly.',
    });
  });

  it.each([
    [1, 2, 1, 'higher', 'Your actual risk tolerance is slightly higher than you predicted.'],
    [1, 3, 2, 'higher', 'Your actual risk tolerance is higher than you predicted.'],
    [1, 4, 3, 'higher', 'Your actual risk tolerance is significantly higher than you predicted.'],
    [1, 5, 4, 'higher', 'Your actual risk tolerance is significantly higher than you predicted.'],
    [5, 4, 1, 'lower', 'Your actual risk tolerance is slightly lower than you predicted.'],
    [5, 3, 2, 'lower', 'Your actual risk tolerance is lower than you predicted.'],
    [5, 2, 3, 'lower', 'Your actual risk tolerance is significantly lower than you predicted.'],
    [5, 1, 4, 'lower', 'Your actual risk tolerance is significantly lower than you predicted.'],
  ] as const)('predicted %i, actual %i: %i groups %s', (predicted, actual, difference, direction, text) => {
    expect(comparePrediction(predicted as RiskGroup, actual as RiskGroup)).toEqual({
      difference,
      direction,
      text,
    });
  });
});

describe('describePredictionToAdviser', () => {
  it.each([
    [3, 3, 'The client predicted their risk profile perfectly.'],
    [1, 2, "The client's actual risk tolerance is slightly higher than they predicted."],
    [5, 3, "The client's actual risk tolerance is lower than they predicted."],
    [5, 1, "The client's actual risk tolerance is significantly lower than they predicted."],
  ] as const)('predicted %i, actual %i: about the client, not to them', (predicted, actual, text) => {
    expect(describePredictionToAdviser(comparePrediction(predicted as RiskGroup, actual as RiskGroup))).toBe(
      text,
    );
  });
});
