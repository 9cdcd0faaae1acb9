import { describe, expect, it } from 'vitest';
import { formatAdminDate, oneDecimal } from './format';

describe('formatAdminDate', () => {
  it('reads like "Nov 22, 2026 3:04 PM"', () => {
    expect(formatAdminDate(new Date(2026, 10, 22, 15, 4).toISOString())).toBe('Nov 22, 2026 3:04 PM');
  });

  it('shows midnight and noon as 12 and September as Sep', () => {
    expect(formatAdminDate(new Date(2026, 8, 1, 0, 5).toISOString())).toBe('Sep 1, 2026 12:05 AM');
    expect(formatAdminDate(new Date(2026, 8, 1, 12, 0).toISOString())).toBe('Sep 1, 2026 12:00 PM');
  });
});

describe('oneDecimal', () => {
  it('always shows one decimal', () => {
    expect(oneDecimal(2)).toBe('2.0');
    expect(oneDecimal(0.25)).toBe('0.3');
  });
});
