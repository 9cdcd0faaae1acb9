import { describe, expect, it } from 'vitest';
import { dateFormats } from './time-zone';

// Issue 42, item 6: the record page said "27 November 2026 at 10:34 pm UTC" (the browser's zone)
// where the PDF said "28 November 2026 at 9:34 am AEDT". Pages write the firm's zone, named.
const SIGNED = '2026-11-27T22:34:00.000Z';

describe("the pages' dates", () => {
  it("are written in the firm's zone the server names, whatever the browser's", () => {
    const dates = dateFormats('Australia/Sydney');
    expect(dates.long(SIGNED)).toBe('28 November 2026 at 9:34 am AEDT');
    expect(dates.short('2026-12-11T22:36:00.000Z')).toBe('12 Dec 2026, 9:36 am AEDT');
    expect(dates.day(SIGNED)).toBe('28 Nov 2026 AEDT');
    expect(dates.admin(SIGNED)).toBe('Nov 28, 2026 9:34 AM AEDT');
    expect(dates.time(SIGNED)).toBe('9:34 am AEDT');
  });

  it('say so when there is no date, and wait for the zone rather than guess it', () => {
    expect(dateFormats('Australia/Sydney').long(null)).toBe('—');
    expect(dateFormats(undefined).long(SIGNED)).toBe('…');
  });
});
