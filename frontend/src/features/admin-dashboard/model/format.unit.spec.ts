import { describe, expect, it } from 'vitest';
import {
  ASSESSMENT_STATUS_LABELS,
  capacityWarningShareText,
  completionRateText,
  formatAdminDate,
  mostDifficultText,
  oneDecimal,
} from './format';

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

describe('summary cards', () => {
  it('show N/A rather than 0.0% when no session could complete', () => {
    expect(completionRateText(null)).toBe('N/A');
    expect(capacityWarningShareText(null)).toBe('N/A');
    expect(capacityWarningShareText(0)).toBe('0.0%');
    expect(capacityWarningShareText(33.3)).toBe('33.3%');
    expect(completionRateText(0)).toBe('0.0%');
    expect(completionRateText(100)).toBe('100.0%');
  });

  it('name the most difficult question by its number and short text, or N/A', () => {
    expect(mostDifficultText('q4')).toBe('Q4 · Investment experience');
    expect(mostDifficultText(null)).toBe('N/A');
  });
});

describe('recent assessment status', () => {
  it('labels a draft as started and a signed assessment as signed', () => {
    expect(ASSESSMENT_STATUS_LABELS).toEqual({ started: 'Started', signed: 'Signed' });
  });
});
