import { draftAssessmentBodySchema } from '@risk-profile/contracts';
import { ConcurrencyConflictError, PostgresEventStore } from '@risk-profile/platform';
import { describeTargets, freshDatabase, racingStore, sqlTargets } from '@risk-profile/platform/testing';
import { expect, it } from 'vitest';
import { draftAssessment } from '../draft-assessment/draft-assessment.handler';
import { signAssessment } from '../sign-assessment/sign-assessment.handler';
import { yesBody } from '../testing/fixtures';

const NOW = new Date('2026-01-10T09:00:00.000Z');
const context = { now: NOW, correlationId: 'req-1', ipAddress: '203.0.113.7', userAgent: 'test' };
const signBody = { investmentExclusions: '', investmentPreferences: '', confirmed: true as const };

describeTargets(
  sqlTargets(),
  (target) => `signing and drafting through the command handler on ${target.name}`,
  (target) => {
    const db = freshDatabase(target, async (sql) => ({ store: await PostgresEventStore.create(sql) }));
    /** A draft of the YES path, stored. */
    const storedDraft = async () => {
      const draft = await draftAssessment(
        db.store,
        draftAssessmentBodySchema.parse(yesBody()),
        null,
        context,
      );
      if (draft.status !== 'draft') throw new Error('expected a draft');
      return draft;
    };

    it('stores exactly one of two signatures decided on the same draft', async () => {
      const draft = await storedDraft();
      const id = draft.assessment.assessmentId;
      const racing = racingStore(db.store, 2);
      const outcomes = await Promise.allSettled([
        signAssessment(racing, id, signBody, context),
        signAssessment(racing, id, signBody, context),
      ]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toBeInstanceOf(ConcurrencyConflictError);
      const stream = await db.store.readStream(`assessment-${id}`);
      expect(stream.map((event) => event.type)).toEqual(['AssessmentDrafted', 'AssessmentSigned']);
    });

    it('records the request as correlation id and each command as its own causation id', async () => {
      const draft = await storedDraft();
      const signed = await signAssessment(db.store, draft.assessment.assessmentId, signBody, context);
      expect(signed.status).toBe('signed');
      const [drafted, signedEvent] = await db.store.readStream(`assessment-${draft.assessment.assessmentId}`);
      expect(drafted!.metadata.correlationId).toBe('req-1');
      expect(signedEvent!.metadata.causationId).not.toBe(drafted!.metadata.causationId);
    });
  },
);
