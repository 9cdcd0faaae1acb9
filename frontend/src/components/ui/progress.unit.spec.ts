import { describe, expect, it } from 'vitest';
import {
  COMPACT_ENTER_SCROLL,
  COMPACT_LEAVE_SCROLL,
  itemPercent,
  markerState,
  nextCompact,
  stepPercent,
} from './progress';

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

describe('itemPercent', () => {
  it('is full when every item is done and empty when none is', () => {
    expect(itemPercent(18, 18)).toBe(100);
    expect(itemPercent(0, 18)).toBe(0);
    expect(itemPercent(9, 18)).toBe(50);
  });
});

describe('nextCompact', () => {
  it('turns compact once scrolled past the entry point', () => {
    expect(nextCompact(false, 0)).toBe(false);
    expect(nextCompact(false, COMPACT_ENTER_SCROLL)).toBe(false);
    expect(nextCompact(false, COMPACT_ENTER_SCROLL + 1)).toBe(true);
  });

  it('stays compact when the content moves up by the height the header gave up, until near the top', () => {
    expect(nextCompact(true, COMPACT_ENTER_SCROLL + 1 - 110)).toBe(true);
    expect(nextCompact(true, COMPACT_LEAVE_SCROLL + 1)).toBe(true);
    expect(nextCompact(true, COMPACT_LEAVE_SCROLL)).toBe(false);
  });

  it('leaves a gap between the thresholds wider than the header shrinks by', () => {
    expect(COMPACT_ENTER_SCROLL - COMPACT_LEAVE_SCROLL).toBeGreaterThan(120);
  });
});
