import { describe, expect, it } from 'vitest';
import { fnv1a32, partitionOf } from './partitioner';

describe('fnv1a32', () => {
  // Reference values of the FNV-1a 32-bit specification.
  it.each([
    ['', 0x811c9dc5],
    ['a', 0xe40c292c],
    ['foobar', 0xbf9cf968],
    // Over UTF-8 bytes (checked against Python's hash of str.encode('utf-8')).
    ['0190a3b2-7c4d-7e8f-9a0b-1c2d3e4f5a6b', 0xc21db7ad],
    ['é', 0x1e9de8c1],
    ['session-é-1', 0x34e7f92c],
    ['😀', 0x33a29608],
  ])('hashes %j to the reference value', (input, expected) => {
    expect(fnv1a32(input)).toBe(expected);
  });

  it('hashes the UTF-8 bytes, so non-ASCII keys are stable across platforms', () => {
    const utf8 = (key: string) => {
      let hash = 0x811c9dc5;
      for (const byte of Buffer.from(key, 'utf8')) hash = Math.imul(hash ^ byte, 0x01000193);
      return hash >>> 0;
    };
    for (const key of ['é', 'ascii then é', 'é then ascii', 'ß∑😀', 'a\u007fb', 'a\u0080b']) {
      expect(fnv1a32(key)).toBe(utf8(key));
    }
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
