import { randomUUID } from 'node:crypto';
import {
  type AssessmentLifecycleTopicEvent,
  assessmentLifecycleTopicSchema,
  assessmentSchema,
  errorBodySchema,
  isAssessmentSnapshot,
  MESSAGES,
} from '@risk-profile/contracts';
import { uniformResponses } from '@risk-profile/contracts/testing';
import type { BusMessage } from '@risk-profile/platform';
import { describeTargets, sqlTargets, storedEventCount } from '@risk-profile/platform/testing';
import { expect, it } from 'vitest';
import type { AssessmentDrafted } from '../domain/assessment.events';
import { assessmentServerSuite, waitUntil } from '../testing/assessment-test-server';
import { CHOSE_GROWTH, draftedEvent } from '../testing/domain-fixtures';
import { changedBody, consistentResponses, yesBody } from '../testing/fixtures';

// Every answer 3 but question 13 at "within 3 years": shorter than any profile's minimum horizon.
const SHORT_HORIZON = consistentResponses({ q13: 1 });
const REVIEW_REASON = 'I have other savings and will not touch this money for 15 years.';

describeTargets(
  sqlTargets(),
  (target) => `capacity for loss at drafting and signing on ${target.name}`,
  (target) => {
    const received: BusMessage<AssessmentLifecycleTopicEvent>[] = [];
    const suite = assessmentServerSuite(target, { background: true, collect: received });

    const eventCount = () => storedEventCount(suite.sql);
    const about = (id: string) => received.filter((message) => message.key === id);
    // The capacity of each drafted or signed event published about `id`, in order.
    const publishedCapacity = (id: string) =>
      about(id).map((message) => {
        const event = assessmentLifecycleTopicSchema.parse(message.value);
        return isAssessmentSnapshot(event) ? event.data.capacity : undefined;
      });

    /**
     * Nothing reached the bus since `count` messages: the relay publishes in store order, so once a
     * later draft's event has arrived, anything stored before it would have arrived first.
     */
    async function expectNothingPublishedSince(count: number) {
      const marker = assessmentSchema.parse(
        await (await suite.server.post('/api/assessments', yesBody())).json(),
      );
      await waitUntil(() => about(marker.id).length === 1);
      expect(received.slice(count).map((message) => message.key)).toEqual([marker.id]);
    }

    async function expectRefused(path: string, body: unknown, code: string, message: string) {
      const before = await eventCount();
      const published = received.length;
      const response = await suite.server.post(path, body);
      expect(response.status).toBe(422);
      expect(errorBodySchema.parse(await response.json())).toMatchObject({ error: message, code });
      expect(await eventCount()).toBe(before);
      await expectNothingPublishedSince(published);
    }

    it('refuses (422) a draft beyond the horizon without the acknowledgement and stores nothing', async () => {
      await expectRefused(
        '/api/assessments',
        yesBody({ responses: SHORT_HORIZON }),
        'CAPACITY_ACKNOWLEDGEMENT_REQUIRED',
        MESSAGES.capacityAcknowledgementRequired,
      );
      await expectRefused(
        '/api/assessments',
        changedBody({ capacityAcknowledged: false }),
        'CAPACITY_ACKNOWLEDGEMENT_REQUIRED',
        MESSAGES.capacityAcknowledgementRequired,
      );
    });

    it('refuses (422) a move two groups up with a short reason and stores nothing', async () => {
      await expectRefused(
        '/api/assessments',
        changedBody({ selectedProfile: 'High Growth', profileChangeReason: 'yolo' }),
        'REVIEW_REASON_TOO_SHORT',
        MESSAGES.reviewReasonTooShort(40),
      );
    });

    it('drafts with the acknowledgement, and the response and both lifecycle events carry the capacity', async () => {
      const drafted = await suite.server.post(
        '/api/assessments',
        changedBody({ selectedProfile: 'High Growth', profileChangeReason: REVIEW_REASON }),
      );
      expect(drafted.status).toBe(201);
      const draft = assessmentSchema.parse(await drafted.json());
      const capacity = {
        timeHorizon: '5-7',
        capacityForLoss: 'moderate',
        capacityScore: 12,
        warnings: [
          expect.objectContaining({ id: 'horizon' }),
          expect.objectContaining({ id: 'capacity-for-loss' }),
        ],
        acknowledged: true,
        overrideGrade: 'review',
        adviserReview: true,
        noProfileFitsHorizon: false,
      };
      expect(draft.capacity).toEqual(capacity);
      const signed = await suite.server.post(`/api/assessments/${draft.id}/sign`, { confirmed: true });
      expect(signed.status).toBe(200);
      expect(assessmentSchema.parse(await signed.json()).capacity).toEqual(capacity);
      await waitUntil(() => about(draft.id).length === 2);
      expect(publishedCapacity(draft.id)).toEqual([capacity, capacity]);
    });

    it('drafts and signs Conservative for money needed within 3 years with no acknowledgement, recording why', async () => {
      // Every answer 2 but question 7 at 3 (consistent): 25, Conservative; question 13 "Within 3 years".
      const responses = uniformResponses(2, { q7: 3, q13: 1 });
      const consistencyNotes = [{ id: 'managing-vs-staying-invested', changedQuestions: [7] }];
      const drafted = await suite.server.post('/api/assessments', yesBody({ responses, consistencyNotes }));
      expect(drafted.status).toBe(201);
      const draft = assessmentSchema.parse(await drafted.json());
      expect(draft.selectedProfile).toBe('Conservative');
      expect(draft.capacity).toMatchObject({ warnings: [], acknowledged: false, noProfileFitsHorizon: true });
      expect((await suite.server.post(`/api/assessments/${draft.id}/sign`, { confirmed: true })).status).toBe(
        200,
      );
      await waitUntil(() => about(draft.id).length === 2);
      const signed = about(draft.id).find((message) => message.value.type === 'AssessmentSigned')?.value;
      expect(signed?.type === 'AssessmentSigned' && signed.data.capacity?.noProfileFitsHorizon).toBe(true);
      // What the client was shown during the questionnaire, in the rule's own words.
      expect(signed?.type === 'AssessmentSigned' && signed.data.consistencyNotes).toEqual([
        expect.objectContaining({
          id: 'managing-vs-staying-invested',
          questions: [7, 9],
          changedQuestions: [7],
        }),
      ]);
    });

    it('refuses (400) a contradiction note about questions outside its rule, and stores nothing', async () => {
      const before = await eventCount();
      const response = await suite.server.post(
        '/api/assessments',
        yesBody({ consistencyNotes: [{ id: 'managing-vs-staying-invested', changedQuestions: [6] }] }),
      );
      expect(response.status).toBe(400);
      expect(errorBodySchema.parse(await response.json()).error).toBeTruthy();
      expect(await eventCount()).toBe(before);
    });

    it('refuses (422) to sign a draft stored before the rule without the acknowledgement, then signs with it', async () => {
      // The stored shape of a draft from before capacity was recorded: no `capacity`, nobody asked.
      const assessmentId = randomUUID();
      const { capacity: _none, ...older } = draftedEvent({
        assessmentId,
        ...CHOSE_GROWTH,
      }).data;
      const event: AssessmentDrafted = { type: 'AssessmentDrafted', data: older };
      await suite.server.store.appendToStream(`assessment-${assessmentId}`, [event], {
        expectedVersion: 'no_stream',
      });
      await waitUntil(() => about(assessmentId).length === 1);
      expect(publishedCapacity(assessmentId)[0]).toMatchObject({
        warnings: [{ id: 'horizon' }],
        acknowledged: false,
      });

      const path = `/api/assessments/${assessmentId}/sign`;
      await expectRefused(
        path,
        { confirmed: true },
        'CAPACITY_ACKNOWLEDGEMENT_REQUIRED',
        MESSAGES.capacityAcknowledgementRequired,
      );
      await expectRefused(
        path,
        { confirmed: true, capacityAcknowledged: false },
        'CAPACITY_ACKNOWLEDGEMENT_REQUIRED',
        MESSAGES.capacityAcknowledgementRequired,
      );
      expect((await suite.server.store.readStream(`assessment-${assessmentId}`)).map((e) => e.type)).toEqual([
        'AssessmentDrafted',
      ]);

      const signed = await suite.server.post(path, { confirmed: true, capacityAcknowledged: true });
      expect(signed.status).toBe(200);
      expect(assessmentSchema.parse(await signed.json()).capacity).toMatchObject({ acknowledged: true });
      const stream = await suite.server.store.readStream(`assessment-${assessmentId}`);
      expect(stream[1]?.data).toMatchObject({
        capacity: { warnings: [{ id: 'horizon' }], acknowledged: true },
      });
      await waitUntil(() => about(assessmentId).length === 2);
      expect(publishedCapacity(assessmentId)[1]).toMatchObject({ acknowledged: true });
    });
  },
);
