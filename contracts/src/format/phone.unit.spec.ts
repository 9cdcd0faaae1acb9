import { describe, expect, it } from 'vitest';
import { formatMobileNumber, isPlausibleMobile, MOBILE_INPUT_MAX_LENGTH } from './phone';

describe('formatMobileNumber', () => {
  it.each([
    ['+61 412 345 678', '0412 345 678'],
    ['61412345678', '0412 345 678'],
    ['+61 0412 345 678', '0412 345 678'],
    ['0412345678', '0412 345 678'],
    ['0412 345 678', '0412 345 678'],
    ['(0412) 345-678', '0412 345 678'],
    ['412345678', '0412 345 678'],
    ['04123456789999', '0412 345 678'],
    ['abc', ''],
    ['', ''],
    ['04a12', '0412'],
  ])('formats %j as %j', (input, expected) => {
    expect(formatMobileNumber(input)).toBe(expected);
  });

  it.each([
    ['0', '0'],
    ['04', '04'],
    ['0412', '0412'],
    ['04123', '0412 3'],
    ['0412 34', '0412 34'],
    ['0412 3456', '0412 345 6'],
    ['+', ''],
    ['+6', '6'],
    ['+61', '61'],
    ['+61 4', '04'],
    ['4', '04'],
  ])('formats the partly typed %j as %j', (input, expected) => {
    expect(formatMobileNumber(input)).toBe(expected);
  });

  it('never produces more characters than the input allows', () => {
    expect(formatMobileNumber('9'.repeat(30)).length).toBeLessThanOrEqual(MOBILE_INPUT_MAX_LENGTH);
    expect(MOBILE_INPUT_MAX_LENGTH).toBe(12);
  });
});

describe('isPlausibleMobile', () => {
  it.each([
    ['0412 345 678', true],
    ['0412345678', true],
    ['0412 345 67', false],
    ['0312 345 678', false],
    ['+61 412 345 678', false],
    ['0412 345 6789', false],
    ['', false],
  ])('%j is %s', (value, expected) => {
    expect(isPlausibleMobile(value)).toBe(expected);
  });
});
