import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';

// Issue 42, item 6: "27 November 2026 at 10:34 pm UTC" on the record page against the PDF's
// "28 November 2026 at 9:34 am AEDT"; the sent links' "expires 11 Dec 2026" against the email's
// "12 December 2026". The records' dates are the firm's zone's, named.
describe("the records' dates", () => {
  it("are the firm's, whatever zone the browser is in", () => {
    expect(formatDateTime('2026-11-27T22:34:00.000Z', 'Australia/Sydney')).toBe(
      '28 November 2026 at 9:34 am AEDT',
    );
    expect(formatDate('2026-12-11T22:36:00.000Z', 'Australia/Sydney')).toBe('12 Dec 2026 AEDT');
    expect(formatDate(null, 'Australia/Sydney')).toBe('—');
  });
});
