import { describe, expect, it } from 'vitest';
import { RecentBatches } from './recent-batches';

function cache(limits = { maxChars: 100, ttlMs: 1_000 }) {
  let now = 0;
  const recent = new RecentBatches(limits, () => now);
  const advance = (ms: number) => {
    now += ms;
  };
  return { recent, advance };
}

describe('RecentBatches', () => {
  it('keeps nothing for a topic no group in this process reads', () => {
    const { recent } = cache();
    recent.put('t', 0, 1, '[1]');
    expect(recent.size).toBe(0);
    expect(recent.known('t', 0).size).toBe(0);
  });

  it('hands a partition its own rows only, by seq', () => {
    const { recent } = cache();
    recent.addReader('t', 'g');
    recent.addReader('u', 'g');
    recent.put('t', 0, 1, '[1]');
    recent.put('t', 1, 2, '[2]');
    recent.put('u', 0, 3, '[3]');
    expect([...recent.known('t', 0)]).toEqual([[1, '[1]']]);
    expect([...recent.known('t', 1)]).toEqual([[2, '[2]']]);
    expect([...recent.known('u', 0)]).toEqual([[3, '[3]']]);
  });

  it('lets a row go once every local group has read it', () => {
    const { recent } = cache();
    recent.addReader('t', 'a');
    recent.addReader('t', 'b');
    recent.addReader('t', 'b'); // a second member of b counts once: a group reads a row once
    recent.put('t', 0, 1, '[1]');
    recent.read(1);
    expect(recent.known('t', 0).has(1)).toBe(true);
    recent.read(1);
    expect(recent.known('t', 0).has(1)).toBe(false);
    expect(recent.size).toBe(0);
    recent.read(1); // a second read of a row already gone changes nothing
  });

  it('stops keeping rows once the last local group is gone', () => {
    const { recent } = cache();
    const removeA = recent.addReader('t', 'a');
    const removeB = recent.addReader('t', 'a');
    removeA();
    removeA();
    recent.put('t', 0, 1, '[1]');
    expect(recent.size).toBe(1);
    removeB();
    recent.put('t', 0, 2, '[2]');
    expect([...recent.known('t', 0).keys()]).toEqual([1]);
  });

  it('lets rows nobody read go after the time to live, oldest first', () => {
    const { recent, advance } = cache();
    recent.addReader('t', 'g');
    recent.put('t', 0, 1, '[1]');
    advance(600);
    recent.put('t', 0, 2, '[2]');
    advance(500);
    recent.put('t', 0, 3, '[3]');
    expect([...recent.known('t', 0).keys()]).toEqual([2, 3]);
  });

  it('keeps at most maxChars of text, dropping the oldest, and never a batch larger than that', () => {
    const { recent } = cache({ maxChars: 10, ttlMs: 60_000 });
    recent.addReader('t', 'g');
    recent.put('t', 0, 1, '[1,2,3]'); // 7
    recent.put('t', 0, 2, '[4,5]'); // 5: 12 > 10, seq 1 goes
    expect([...recent.known('t', 0).keys()]).toEqual([2]);
    recent.put('t', 0, 3, '[1,2,3,4,5,6]'); // 13 alone: not kept
    expect([...recent.known('t', 0).keys()]).toEqual([2]);
  });

  it('gives a snapshot: rows it named stay readable after they leave', () => {
    const { recent } = cache();
    recent.addReader('t', 'g');
    recent.put('t', 0, 1, '[1]');
    const known = recent.known('t', 0);
    recent.read(1);
    expect(recent.size).toBe(0);
    expect(known.get(1)).toBe('[1]');
  });
});
