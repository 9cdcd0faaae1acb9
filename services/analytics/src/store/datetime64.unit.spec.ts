import { describe, expect, it } from 'vitest';
import { toDateTime64 } from './datetime64';

/** The reference: the ISO text of the same instant, reshaped. */
const reference = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

describe('toDateTime64', () => {
  it('writes a time as ClickHouse reads a DateTime64(3): UTC, date, space, time to the ms', () => {
    expect(toDateTime64(Date.UTC(2026, 10, 24, 3, 4, 5, 6))).toBe('2026-11-24 03:04:05.006');
    expect(toDateTime64(Date.UTC(2026, 10, 24, 23, 59, 59, 999))).toBe('2026-11-24 23:59:59.999');
    expect(toDateTime64(Date.UTC(2026, 10, 25, 0, 0, 0, 0))).toBe('2026-11-25 00:00:00.000');
    expect(toDateTime64(Date.UTC(2026, 10, 25, 12, 30, 0, 40))).toBe('2026-11-25 12:30:00.040');
  });

  it('gives the reference text for edges: the epoch, before it, leap days, years 0 and 9999', () => {
    const edges = [
      0,
      -1,
      -86_400_000,
      -86_400_001,
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2000, 1, 29, 0, 0, 0, 0),
      Date.UTC(1900, 1, 28, 12, 0, 0, 1),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      -62_167_219_200_000, // 0000-01-01
    ];
    for (const ms of edges) expect(toDateTime64(ms), String(ms)).toBe(reference(ms));
  });

  it('falls back to the general form outside years 0-9999 and for fractions of a ms', () => {
    expect(toDateTime64(Date.UTC(10_000, 0, 1))).toBe('+010000-01-01 00:00:00.000');
    expect(toDateTime64(-62_167_219_200_001)).toBe('-000001-12-31 23:59:59.999');
    expect(toDateTime64(1.7)).toBe('1970-01-01 00:00:00.001');
    expect(toDateTime64(1.7)).toBe(reference(1.7));
  });

  it('matches the reference for random times, whichever day it formatted before', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 20_000; i++) {
      // Mostly within a few days of each other (the cache's case), some across millennia.
      const ms =
        i % 10 === 0
          ? Math.floor((random() - 0.5) * 2 * 250_000_000_000_000)
          : Date.UTC(2026, 10, 24) + Math.floor((random() - 0.5) * 4 * 86_400_000);
      expect(toDateTime64(ms)).toBe(reference(ms));
    }
  });

  it('throws for an invalid time, as the ISO form does', () => {
    expect(() => toDateTime64(Number.NaN)).toThrow(RangeError);
    expect(() => toDateTime64(8.64e15 + 1)).toThrow(RangeError);
  });
});
