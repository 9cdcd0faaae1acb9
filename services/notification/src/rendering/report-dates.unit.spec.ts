import { describe, expect, it } from 'vitest';
import { linkRequested, signedAssessment } from '../testing/fixtures';
import { linkSms } from './link-sms';
import { formatReportDate, reportPdfFileName } from './report-model';

// Issue 42, item 6: one instant, one clock. 22:34 UTC on 27 November is 9:34 am on 28 November in
// Sydney; every date a person reads is the firm's (REPORT_TIME_ZONE), with the zone named.
const SIGNED = '2026-11-27T22:34:00.000Z';

describe("report and message dates in the firm's zone", () => {
  it("names the PDF by the day of signing in the firm's zone, not UTC's", () => {
    const event = signedAssessment({ clientName: 'Casey Short', signedAt: SIGNED });
    const input = { assessment: event.data, adviser: event.data.adviser, timeZone: 'Australia/Sydney' };
    expect(reportPdfFileName(input)).toBe('risk-profile-casey-short-2026-11-28.pdf');
    expect(reportPdfFileName({ ...input, timeZone: 'UTC' })).toBe('risk-profile-casey-short-2026-11-27.pdf');
    // Without a zone given, the product's default (Australia/Sydney), as the report's own dates.
    expect(reportPdfFileName({ assessment: event.data, adviser: null })).toBe(
      'risk-profile-casey-short-2026-11-28.pdf',
    );
  });

  it('writes report dates with the zone named', () => {
    expect(formatReportDate(SIGNED, 'Australia/Sydney')).toBe('28 November 2026 at 9:34 am AEDT');
  });

  it("names the zone of the link's expiry in the SMS", () => {
    const link = linkRequested({ method: 'sms', expiresAt: '2026-12-11T22:36:00.000Z' }).data;
    expect(linkSms(link, 'Australia/Sydney')).toMatch(/expires 12 Dec 2026 AEDT/);
  });
});
