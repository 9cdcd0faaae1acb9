import { describe, expect, it } from 'vitest';
import { markerState, stepPercent } from './progress';

describe('stepPercent', () => {
  it.each([
    [0, 20],
    [1, 40],
    [2, 60],
    [3, 80],
    [4, 100],
  ])('step %i of 5 is %i%% complete', (index, percent) => {
    expect(stepPercent(index, 5)).toBe(percent);
  });
});

describe('markerState', () => {
  it('marks earlier steps done, this one current and later ones upcoming', () => {
    expect([0, 1, 2, 3, 4].map((index) => markerState(index, 2))).toEqual([
      'done',
      'done',
      'current',
      'upcoming',
      'upcoming',
    ]);
  });
});
