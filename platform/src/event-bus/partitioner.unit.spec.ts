import { describe, expect, it } from 'vitest';
import { fnv1a32, partitionOf } from './partitioner';

describe('fnv1a32', () => {
  // Reference values of the FNV-1a 32-bit specification.
  it.each([
    ['', 0x811c9dc5],
    ['a', 0xe40c292c],
    ['foobar', 0xbf9cf968],
  ])('hashes %j to the reference value', (input, expected) => {
    expect(fnv1a32(input)).toBe(expected);
  });

  it('hashes the UTF-8 bytes, so non-ASCII keys are stable across platforms', () => {
    expect(fnv1a32('é')).toBe(fnv1a32(String.fromCharCode(0xe9)));
    expect(fnv1a32('é')).not.toBe(fnv1a32('e'));
  });
});

describe('partitionOf', () => {
  it('puts one key in one partition and spreads many keys over all partitions', () => {
    const keys = Array.from({ length: 400 }, (_, i) => `assessment-${i}`);
    const counts = [0, 0, 0, 0];
    for (const key of keys) {
      const p = partitionOf(key, 4);
      expect(partitionOf(key, 4)).toBe(p);
      counts[p]! += 1;
    }
    for (const count of counts) expect(count).toBeGreaterThan(60);
  });
});
