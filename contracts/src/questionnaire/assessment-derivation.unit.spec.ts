import { describe, expect, it } from 'vitest';
import { deriveAssessment } from './assessment-derivation';
import type { CompleteResponses } from './responses';
import { responsesSchema } from './responses.schema';
import { IncompleteResponsesError } from './scoring';

// q1..q12 sum to 48 (Growth); q18 predicts Balanced; q5 and q6 both high contradict each other.
const responses: CompleteResponses = responsesSchema.parse({
  q1: 4,
  q2: 4,
  q3: 4,
  q4: 4,
  q5: 4,
  q6: 4,
  q7: 3,
  q8: 4,
  q9: 5,
  q10: 4,
  q11: 4,
  q12: 4,
  q13: 5,
  q14: 4,
  q15: 4,
  q16: 3,
  q17: 4,
  q18: 3,
});

describe('deriveAssessment', () => {
  it('derives score, group, profile, percentile, prediction and warnings from the answers', () => {
    const derived = deriveAssessment(responses);
    expect(derived).toMatchObject({
      riskScore: 48,
      riskGroup: 4,
      originalProfile: 'Growth',
      percentile: 45,
      predictedGroup: 3,
      prediction: {
        difference: 1,
        direction: 'higher',
        text: 'Your actual risk tolerance is slightly higher than you predicted.',
      },
    });
    expect(derived.consistencyWarnings.map((w) => w.id)).toEqual(['buying-in-a-fall-vs-cash-kept-back']);
  });

  it('refuses answers without the self-estimate', () => {
    const { q18: _, ...withoutEstimate } = responses;
    expect(() => deriveAssessment(withoutEstimate as CompleteResponses)).toThrow(IncompleteResponsesError);
  });
});
