import { describe, expect, it } from 'vitest';
import {
  ASSESSMENT_STATUS_LABELS,
  capacityWarningShareText,
  completionRateText,
  formatAdminDate,
  householdShareText,
  mostDifficultText,
  oneDecimal,
} from './format';

describe('formatAdminDate', () => {
  // Issue 42, item 6: in the firm's zone with the zone named, not the viewer's browser zone.
  it('reads like "Nov 22, 2026 3:04 PM AEDT" in the firm\'s zone', () => {
    expect(formatAdminDate('2026-11-22T04:04:00.000Z', 'Australia/Sydney')).toBe('Nov 22, 2026 3:04 PM AEDT');
    expect(formatAdminDate('2026-11-27T22:34:00.000Z', 'Australia/Sydney')).toBe('Nov 28, 2026 9:34 AM AEDT');
  });

  it('shows midnight and noon as 12 and September as Sep', () => {
    expect(formatAdminDate('2026-08-31T14:05:00.000Z', 'Australia/Sydney')).toBe('Sep 1, 2026 12:05 AM AEST');
    expect(formatAdminDate('2026-09-01T02:00:00.000Z', 'Australia/Sydney')).toBe('Sep 1, 2026 12:00 PM AEST');
  });

  it('waits for the zone rather than guess it', () => {
    expect(formatAdminDate('2026-11-22T04:04:00.000Z', undefined)).toBe('…');
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
    expect(householdShareText(null)).toBe('N/A');
    expect(householdShareText(0)).toBe('0.0%');
    expect(householdShareText(66.7)).toBe('66.7%');
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
