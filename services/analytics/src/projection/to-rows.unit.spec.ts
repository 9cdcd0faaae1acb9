import {
  type AssessmentSnapshotEvent,
  assessmentLifecycleTopicSchema,
  capacityOutcome,
  capacityRecord,
} from '@risk-profile/contracts';
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
        'capacityWarning',
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

  it('flag a capacity warning: carried, or recomputed from a signed event’s answers; unknown for a draft without it', () => {
    const sessions = generateSessions(200, Date.parse('2026-11-22T12:00:00Z')).filter((s) => s.signed);
    const parse = (event: unknown) => assessmentLifecycleTopicSchema.parse(event) as AssessmentSnapshotEvent;
    // q13 "within 3 years" (every fourth generated session) puts Balanced beyond the horizon.
    const short = sessions.find((s) => s.signed!.data.responses.q13 === 1)!;
    const fits = sessions.find((s) => s.signed!.data.responses.q13 === 3)!;
    expect(assessmentRow(parse(short.signed)).capacityWarning).toBe(true);
    expect(assessmentRow(parse(fits.signed)).capacityWarning).toBe(false);
    expect(assessmentRow(parse(fits.drafted)).capacityWarning).toBeNull();
    // The record carried decides.
    const outcome = capacityOutcome(short.signed!.data.responses, 'Balanced', 'Balanced');
    const carried = { ...capacityRecord(outcome, true), warnings: [] };
    const signed = { ...short.signed!, data: { ...short.signed!.data, capacity: carried } };
    expect(assessmentRow(parse(signed)).capacityWarning).toBe(false);
    const drafted = {
      ...fits.drafted!,
      data: { ...fits.drafted!.data, capacity: capacityRecord(outcome, true) },
    };
    expect(assessmentRow(parse(drafted)).capacityWarning).toBe(true);
  });
});
