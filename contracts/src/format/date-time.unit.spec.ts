import { describe, expect, it } from 'vitest';
import {
  calendarDate,
  formatAdminDateTime,
  formatLongDateTime,
  formatShortDate,
  formatShortDateTime,
  formatTimeOfDay,
  isKnownTimeZone,
} from './date-time';

// 22:34 UTC on 27 November is 9:34 am on 28 November in Sydney (daylight time, UTC+11).
const SIGNED = '2026-11-27T22:34:00.000Z';

describe('dates in the firm zone', () => {
  it('writes the day and time of the zone, not UTC, with its abbreviation', () => {
    expect(formatLongDateTime(SIGNED, 'Australia/Sydney')).toBe('28 November 2026 at 9:34 am AEDT');
    expect(formatShortDateTime(SIGNED, 'Australia/Sydney')).toBe('28 Nov 2026, 9:34 am AEDT');
    expect(formatShortDate(SIGNED, 'Australia/Sydney')).toBe('28 Nov 2026 AEDT');
    expect(formatAdminDateTime(SIGNED, 'Australia/Sydney')).toBe('Nov 28, 2026 9:34 AM AEDT');
    expect(calendarDate(SIGNED, 'Australia/Sydney')).toBe('2026-11-28');
    expect(formatTimeOfDay(SIGNED, 'Australia/Sydney')).toBe('9:34 am AEDT');
    expect(formatTimeOfDay('2026-11-28T00:05:00Z', 'UTC')).toBe('12:05 am UTC');
  });

  it('follows daylight saving and another zone', () => {
    expect(formatLongDateTime('2026-06-30T14:00:00Z', 'Australia/Sydney')).toBe(
      '1 July 2026 at 12:00 am AEST',
    );
    expect(formatAdminDateTime('2026-09-05T12:05:00Z', 'UTC')).toBe('Sep 5, 2026 12:05 PM UTC');
    expect(formatShortDate('2026-09-05T12:05:00Z', 'UTC')).toBe('5 Sept 2026 UTC');
    expect(calendarDate(SIGNED, 'UTC')).toBe('2026-11-27');
  });

  it('knows an IANA zone from a made-up one', () => {
    expect(isKnownTimeZone('Australia/Perth')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
  });
});
