import { type AssessmentSnapshotEvent, assessmentLifecycleTopicSchema } from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { generateSessions } from '../testing/generated-sessions';
import { assessmentRow } from './to-rows';

describe('assessment rows for ClickHouse', () => {
  it('carry no personal data: no name, email, phone, IP, user agent or free text', () => {
    const signed = generateSessions(200, Date.parse('2026-11-22T12:00:00Z')).find((s) => s.signed)!.signed!;
    const event = assessmentLifecycleTopicSchema.parse(signed) as AssessmentSnapshotEvent;
    const row = JSON.stringify(assessmentRow(event));
    for (const personal of [
      signed.data.clientName,
      signed.data.clientEmail!,
      signed.data.ipAddress,
      signed.data.userAgent,
    ]) {
      expect(row).not.toContain(personal);
    }
    expect(Object.keys(assessmentRow(event)).sort()).toEqual(
      [
        'adviserSlug',
        'assessmentId',
        'createdAt',
        'deviceType',
        'eventId',
        'originalProfile',
        'profileChanged',
        'riskGroup',
        'riskScore',
        'selectedProfile',
        'sessionId',
        'signedAt',
        'stage',
      ].sort(),
    );
  });
});
