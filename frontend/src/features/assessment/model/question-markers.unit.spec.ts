import { uniformResponses } from '@risk-profile/contracts/testing';
import { describe, expect, it } from 'vitest';
import { questionMarkers } from './question-markers';

describe('questionMarkers', () => {
  it('marks answered questions completed, the current one current and the rest pending', () => {
    const markers = questionMarkers({ q1: 3, q2: 4, q5: 1 }, 2);
    expect(markers).toHaveLength(18);
    expect(markers.slice(0, 6)).toEqual([
      'completed',
      'completed',
      'current',
      'pending',
      'completed',
      'pending',
    ]);
  });

  it('shows a revisited answered question as current', () => {
    expect(questionMarkers({ q1: 3 }, 0)[0]).toBe('current');
  });

  it('marks all 18 answered, the last one included, once every question is answered', () => {
    const all = uniformResponses();
    expect(questionMarkers(all, 17)).toEqual(Array(18).fill('completed'));
  });
});
