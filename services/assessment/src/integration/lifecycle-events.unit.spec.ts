import {
  assessmentDraftedV1,
  assessmentLifecycleTopicSchema,
  assessmentSignedV1,
} from '@risk-profile/contracts';
import { registerQuestionnaireV2Fixture } from '@risk-profile/contracts/testing';
import type { StoredEvent } from '@risk-profile/platform';
import { describe, expect, it } from 'vitest';
import type { AssessmentEvent } from '../domain/assessment.events';
import { CHOSE_GROWTH, draftedEvent, FIXTURE, signedEvent } from '../testing/domain-fixtures';
import { adviserContact, consistentResponses } from '../testing/fixtures';
import { toLifecycleEvent } from './lifecycle-events';

const { assessmentId: ID, draftedAt: DRAFTED_AT, signedAt: SIGNED_AT } = FIXTURE;

const drafted: AssessmentEvent = draftedEvent({
  ...CHOSE_GROWTH,
  deviceType: 'tablet',
});
const signed: AssessmentEvent = signedEvent(drafted, { investmentPreferences: '' });

const stored = (event: AssessmentEvent, version: number, id: string): StoredEvent => ({
  id,
  streamId: `assessment-${ID}`,
  streamVersion: version,
  type: event.type,
  data: event.data,
  metadata: { correlationId: 'req-1', causationId: `command-${version}` },
  recordedAt: new Date('2026-01-10T10:00:00.000Z'),
  position: String(version),
});

const draftedStored = stored(drafted, 0, '11111111-1111-4111-8111-111111111111');
const signedStored = stored(signed, 1, '22222222-2222-4222-8222-222222222222');

describe('the lifecycle event of a stored AssessmentDrafted', () => {
  it('is an AssessmentDrafted v1 envelope with the stored event id, trace ids and draft time', () => {
    const event = toLifecycleEvent(draftedStored, [draftedStored]);
    expect(assessmentLifecycleTopicSchema.parse(event)).toEqual({
      id: draftedStored.id,
      type: 'AssessmentDrafted',
      version: 1,
      occurredAt: DRAFTED_AT.toISOString(),
      correlationId: 'req-1',
      causationId: 'command-0',
      data: {
        assessmentId: ID,
        clientName: 'Jo Client',
        clientEmail: 'jo@example.com',
        clientPhone: null,
        adviserSlug: 'demo-adviser',
        linkId: null,
        questionnaireVersion: 1,
        riskScore: 36,
        riskGroup: 3,
        originalProfile: 'Balanced',
        selectedProfile: 'Growth',
        profileChanged: true,
        capacity: {
          timeHorizon: '5-7',
          capacityForLoss: 'moderate',
          capacityScore: 12,
          warnings: [expect.objectContaining({ id: 'horizon' })],
          acknowledged: true,
          overrideGrade: 'noted',
          adviserReview: false,
          noProfileFitsHorizon: false,
        },
        sessionId: 'session-1',
        deviceType: 'tablet',
        createdAt: DRAFTED_AT.toISOString(),
      },
    });
  });
});

describe('the lifecycle event of a stored AssessmentSigned', () => {
  it('carries the whole signed snapshot', () => {
    const event = toLifecycleEvent(signedStored, [draftedStored, signedStored]);
    expect(event).toMatchObject({
      id: signedStored.id,
      type: 'AssessmentSigned',
      occurredAt: SIGNED_AT.toISOString(),
      causationId: 'command-1',
      data: {
        assessmentId: ID,
        responses: consistentResponses(),
        percentile: 18,
        profileChangeReason: 'Long horizon.',
        investmentExclusions: 'Tobacco',
        signedAt: SIGNED_AT.toISOString(),
        ipAddress: '203.0.113.7',
        digest: 'ab'.repeat(32),
        createdAt: DRAFTED_AT.toISOString(),
        riskAcknowledged: true,
        adviser: adviserContact('demo-adviser'),
      },
    });
  });

  it('carries the contradiction notes shown during the questionnaire, and none for a draft stored before them', () => {
    const withNotes = draftedEvent({
      consistencyNotes: [{ id: 'buying-in-a-fall-vs-cash-kept-back', changedQuestions: [6] }],
    });
    const event = toLifecycleEvent(stored(signedEvent(withNotes), 1, signedStored.id), [
      stored(withNotes, 0, draftedStored.id),
      stored(signedEvent(withNotes), 1, signedStored.id),
    ]);
    expect(event?.type === 'AssessmentSigned' && event.data.consistencyNotes).toEqual([
      expect.objectContaining({
        id: 'buying-in-a-fall-vs-cash-kept-back',
        questions: [5, 6],
        changedQuestions: [6],
      }),
    ]);
    const older = toLifecycleEvent(signedStored, [draftedStored, signedStored]);
    expect(older?.type === 'AssessmentSigned' && older.data.consistencyNotes).toBeUndefined();
  });

  it('carries the questionnaire version of the draft, and version 1 for a draft stored before versions', () => {
    const v2 = draftedEvent({ questionnaireVersion: 2, questionnaire: registerQuestionnaireV2Fixture() });
    const signedV2 = signedEvent(v2, { questionnaireVersion: 2, currentQuestionnaireVersion: 2 });
    const event = toLifecycleEvent(stored(signedV2, 1, signedStored.id), [
      stored(v2, 0, draftedStored.id),
      stored(signedV2, 1, signedStored.id),
    ]);
    expect(event?.type === 'AssessmentSigned' && event.data.questionnaireVersion).toBe(2);
    const { questionnaireVersion: _none, ...older } = draftedStored.data as Record<string, unknown>;
    const olderDraft = { ...draftedStored, data: older };
    const fromOlder = toLifecycleEvent(signedStored, [olderDraft, signedStored]);
    expect(fromOlder?.type === 'AssessmentSigned' && fromOlder.data.questionnaireVersion).toBe(1);
  });

  it("carries the firm's licence number and disclaimer recorded with the adviser in the draft", () => {
    const event = toLifecycleEvent(signedStored, [draftedStored, signedStored]);
    expect(event?.type === 'AssessmentSigned' && event.data.adviser).toMatchObject({
      companyName: 'demo-adviser Advice Pty Ltd',
      licenceNumber: 'AFSL 120000',
      disclaimer: 'General advice only, from demo-adviser.',
    });
  });

  it('names no adviser for a draft stored before the adviser was recorded in it', () => {
    const { adviser: _adviser, ...older } = draftedStored.data as Record<string, unknown>;
    const olderDraft = { ...draftedStored, data: older };
    const event = toLifecycleEvent(signedStored, [olderDraft, signedStored]);
    expect(event?.type === 'AssessmentSigned' && event.data).toMatchObject({
      adviserSlug: 'demo-adviser',
      adviser: null,
    });
  });

  it('names the link the client arrived by, and none for a draft stored before links were recorded', () => {
    const linkId = '5f0c3b7e-2d4a-4c1e-9b8f-0a1b2c3d4e5f';
    const byLink = { ...draftedStored, data: { ...(draftedStored.data as object), linkId } };
    expect((toLifecycleEvent(byLink, [byLink])!.data as { linkId?: string }).linkId).toBe(linkId);
    expect((toLifecycleEvent(signedStored, [byLink, signedStored])!.data as { linkId?: string }).linkId).toBe(
      linkId,
    );
    const { linkId: _none, ...older } = draftedStored.data as Record<string, unknown>;
    const olderDraft = { ...draftedStored, data: older };
    const event = toLifecycleEvent(signedStored, [olderDraft, signedStored]);
    expect((event!.data as { linkId?: string }).linkId).toBeUndefined();
    expect(assessmentLifecycleTopicSchema.safeParse(event).success).toBe(true);
  });

  it('carries the capacity record as signed, and the one the answers give for a draft stored before capacity', () => {
    const event = toLifecycleEvent(signedStored, [draftedStored, signedStored]);
    expect(event?.type === 'AssessmentSigned' && event.data.capacity).toEqual(
      (signed.data as { capacity: unknown }).capacity,
    );
    const { capacity: _none, ...older } = draftedStored.data as Record<string, unknown>;
    const olderDraft = { ...draftedStored, data: older };
    const { capacity: _notSigned, ...olderSignature } = signedStored.data as Record<string, unknown>;
    const olderSigned = { ...signedStored, data: olderSignature };
    const recomputed = toLifecycleEvent(olderSigned, [olderDraft, olderSigned]);
    expect(recomputed?.type === 'AssessmentSigned' && recomputed.data.capacity).toMatchObject({
      timeHorizon: '5-7',
      warnings: [{ id: 'horizon' }],
      // Nobody asked the client, so nothing was acknowledged.
      acknowledged: false,
      overrideGrade: 'noted',
    });
    const olderDrafted = toLifecycleEvent(olderDraft, [olderDraft]);
    expect(olderDrafted?.type === 'AssessmentDrafted' && olderDrafted.data.capacity).toMatchObject({
      acknowledged: false,
    });
  });

  it('cannot be built without the draft before it', () => {
    expect(() => toLifecycleEvent(signedStored, [signedStored])).toThrow();
  });
});

describe('a stored event this service does not publish', () => {
  it('has no lifecycle event', () => {
    const other = { ...draftedStored, type: 'SomethingInternal' };
    expect(toLifecycleEvent(other, [])).toBeUndefined();
  });
});

// A field added to an event's contract fails here until the relay carries it, in the contract's order.
describe('the data of each lifecycle event', () => {
  it('has every field of its contract, in its order', () => {
    const draftedData = toLifecycleEvent(draftedStored, [draftedStored])?.data;
    const signedData = toLifecycleEvent(signedStored, [draftedStored, signedStored])?.data;
    expect(Object.keys(draftedData ?? {})).toEqual(Object.keys(assessmentDraftedV1.shape.data.shape));
    expect(Object.keys(signedData ?? {})).toEqual(Object.keys(assessmentSignedV1.shape.data.shape));
  });
});
