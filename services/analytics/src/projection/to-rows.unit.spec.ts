import { randomUUID } from 'node:crypto';
import {
  type AssessmentSnapshotEvent,
  assessmentLifecycleTopicSchema,
  capacityOutcome,
  capacityRecord,
  householdCreatedV1,
  questionEventRecordedV1,
} from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { generateSessions } from '../testing/generated-sessions';
import { assessmentRow, householdLinkRows, questionEventRow } from './to-rows';

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
        'linkId',
        'originalProfile',
        'profileChanged',
        'questionnaireVersion',
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

  it('carry the link the client arrived by, drafted and signed; null without one', () => {
    const session = generateSessions(200, Date.parse('2026-11-22T12:00:00Z')).find((s) => s.signed)!;
    const parse = (event: unknown) => assessmentLifecycleTopicSchema.parse(event) as AssessmentSnapshotEvent;
    const withLink = <E extends { data: object }>(e: E, linkId: string | null | undefined): E => ({
      ...e,
      data: { ...e.data, linkId },
    });
    for (const event of [session.drafted!, session.signed!]) {
      expect(assessmentRow(parse(withLink(event, 'link-1'))).linkId).toBe('link-1');
      expect(assessmentRow(parse(withLink(event, null))).linkId).toBeNull();
      // Events published before the field have none.
      expect(assessmentRow(parse(withLink(event, undefined))).linkId).toBeNull();
    }
  });
});

describe('the questionnaire version on rows for ClickHouse', () => {
  const session = generateSessions(200, Date.parse('2026-11-22T12:00:00Z')).find((s) => s.signed)!;
  const withVersion = <E extends { data: object }>(e: E, questionnaireVersion: number | undefined): E => ({
    ...e,
    data: { ...e.data, questionnaireVersion },
  });

  it("is the assessment's, drafted and signed; 1 for events published before versions", () => {
    const parse = (event: unknown) => assessmentLifecycleTopicSchema.parse(event) as AssessmentSnapshotEvent;
    for (const event of [session.drafted!, session.signed!]) {
      expect(assessmentRow(parse(withVersion(event, 2))).questionnaireVersion).toBe(2);
      expect(assessmentRow(parse(withVersion(event, undefined))).questionnaireVersion).toBe(1);
    }
  });

  it("is the question event's; 1 for an event that names none", () => {
    const event = {
      id: randomUUID(),
      type: 'QuestionEventRecorded',
      version: 1,
      occurredAt: '2026-11-22T12:00:00.000Z',
      correlationId: 'test',
      causationId: null,
      data: { ...session.events[0]!, receivedAt: '2026-11-22T12:00:00.000Z' },
    };
    const parse = (e: unknown) => questionEventRecordedV1.parse(e);
    expect(questionEventRow(parse(withVersion(event, 3))).questionnaireVersion).toBe(3);
    expect(questionEventRow(parse(withVersion(event, undefined))).questionnaireVersion).toBe(1);
  });
});

describe('household link rows for ClickHouse', () => {
  const created = householdCreatedV1.parse({
    id: randomUUID(),
    type: 'HouseholdCreated',
    version: 1,
    occurredAt: '2026-11-22T12:00:00.000Z',
    correlationId: 'test',
    causationId: null,
    data: {
      householdId: randomUUID(),
      adviserSlug: 'harbour',
      name: 'The Example Household',
      members: [
        { name: 'Alex Example', email: 'alex@example.com', phone: null, linkId: 'link-a', inPerson: false },
        { name: 'Sam Example', email: null, phone: '+61 400 000 000', linkId: 'link-b', inPerson: true },
      ].map((m) => ({ ...m, memberId: randomUUID() })),
      createdAt: '2026-11-22T11:59:00.000Z',
    },
  });

  it('are one per member: the link, the household and when, from the event', () => {
    expect(householdLinkRows(created)).toEqual(
      ['link-a', 'link-b'].map((linkId) => ({
        linkId,
        householdId: created.data.householdId,
        createdAt: Date.parse('2026-11-22T11:59:00.000Z'),
        eventId: created.id,
      })),
    );
  });

  it('carry no personal data: no names, emails or phones, of the household or its members', () => {
    const rows = JSON.stringify(householdLinkRows(created));
    for (const personal of ['Example', 'alex@example.com', '+61 400 000 000']) {
      expect(rows).not.toContain(personal);
    }
  });
});
