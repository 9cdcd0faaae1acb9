import { describe, expect, it } from 'vitest';
import { pasteIntoMobileNumber } from './mobile-input';

describe('pasteIntoMobileNumber', () => {
  it.each([
    ['+61 412 345 678', '0412 345 678'],
    ['+61412345678', '0412 345 678'],
    ['0412-345-678', '0412 345 678'],
    ['(04) 1234 5678 ext. 9', '0412 345 678'],
  ])('formats a pasted %s in full', (pasted, expected) => {
    expect(pasteIntoMobileNumber('', 0, 0, pasted)).toBe(expected);
  });

  it('replaces the selection and keeps the text around it', () => {
    expect(pasteIntoMobileNumber('0499 999 999', 0, 12, '+61 412 345 678')).toBe('0412 345 678');
    expect(pasteIntoMobileNumber('0412 ', 5, 5, '345678')).toBe('0412 345 678');
  });

  it('never grows past ten digits', () => {
    expect(pasteIntoMobileNumber('0412 345 678', 12, 12, '999')).toBe('0412 345 678');
  });
});
