import { describe, expect, it } from 'vitest';
import { formatDuration, formatPercent } from './duration';

describe('formatDuration', () => {
  it.each([
    [0, '0ms'],
    [850, '850ms'],
    [999, '999ms'],
    [999.6, '1.0s'],
    [1000, '1.0s'],
    [12_345, '12.3s'],
    [59_940, '59.9s'],
    [59_999, '1.0m'],
    [60_000, '1.0m'],
    [125_000, '2.1m'],
    [150_000, '2.5m'],
    [3_600_000, '60.0m'],
  ])('shows %f ms as %s', (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('refuses %f', (ms) => {
    expect(() => formatDuration(ms)).toThrow(RangeError);
  });
});

describe('formatPercent', () => {
  it.each([
    [0, '0.0%'],
    [66.6667, '66.7%'],
    [100, '100.0%'],
    [12.34, '12.3%'],
  ])('shows %f as %s', (value, expected) => {
    expect(formatPercent(value)).toBe(expected);
  });
});
