import { describe, expect, it } from 'vitest';
import { longestMarkRun, MAX_COMBINING_MARKS, withinCombiningMarkLimit } from './combining-marks';

const marks = (n: number) => '\u0301\u0300\u0308'.repeat(n).slice(0, n);

describe('combining marks per character', () => {
  it('counts the longest run of marks', () => {
    expect(longestMarkRun('Nguyễn Thị Ánh')).toBeLessThanOrEqual(1);
    expect(longestMarkRun(`Z${marks(90)}`)).toBe(90);
    expect(longestMarkRun(`a${marks(3)}b${marks(5)}`)).toBe(5);
  });

  it('allows the stream-safe 30 and refuses 31', () => {
    expect(withinCombiningMarkLimit(`Z${marks(MAX_COMBINING_MARKS)}`)).toBe(true);
    expect(withinCombiningMarkLimit(`Z${marks(MAX_COMBINING_MARKS + 1)}`)).toBe(false);
    expect(withinCombiningMarkLimit('Ｚ̸̢̛ ordinary text\u0301')).toBe(true);
  });
});
