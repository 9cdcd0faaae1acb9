import { draftAssessmentBodySchema } from '@risk-profile/contracts';
import {
  type EventStore,
  PostgresEventStore,
  type SqlClient,
  type StoredEvent,
} from '@risk-profile/platform';
import { sqlTargets } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DraftAssessment, decide } from '../domain/assessment.decider';
import { AssessmentError } from '../domain/assessment.errors';
import { evolve, initialState } from '../domain/assessment.state';
import { draftAssessment } from '../draft-assessment/draft-assessment.handler';
import { signAssessment } from '../sign-assessment/sign-assessment.handler';
import { yesBody } from '../testing/fixtures';
import { ConcurrencyConflictError, handleCommand } from './command-handler';

const NOW = new Date('2026-01-10T09:00:00.000Z');
const context = { now: NOW, correlationId: 'req-1', ipAddress: '203.0.113.7', userAgent: 'test' };
const signBody = { investmentExclusions: '', investmentPreferences: '', confirmed: true as const };

/**
 * A store whose reads of one stream are held until `parties` readers have all read, so racing
 * commands are guaranteed to decide on the same version before either appends.
 */
function racingStore(store: EventStore, parties: number): EventStore {
  let waiting: Array<() => void> = [];
  return {
    appendToStream: (...args) => store.appendToStream(...args),
    readAll: (options) => store.readAll(options),
    close: () => store.close(),
    async readStream(streamId: string): Promise<StoredEvent[]> {
      const events = await store.readStream(streamId);
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length === parties) {
          for (const release of waiting) release();
          waiting = [];
        }
      });
      return events;
    },
  };
}

describe.each(sqlTargets())('handleCommand on $name', (target) => {
  let sql: SqlClient;
  let store: PostgresEventStore;

  beforeAll(async () => {
    if (target.skipReason) return;
    sql = await target.open();
    store = await PostgresEventStore.create(sql);
  });
  afterAll(async () => {
    await sql?.close();
  });

  it.skipIf(target.skipReason)('stores exactly one of two signatures decided on the same draft', async () => {
    const draft = await draftAssessment(store, draftAssessmentBodySchema.parse(yesBody()), context);
    if (draft.status !== 'draft') throw new Error('expected a draft');
    const id = draft.assessment.assessmentId;

    const racing = racingStore(store, 2);
    const outcomes = await Promise.allSettled([
      signAssessment(racing, id, signBody, context),
      signAssessment(racing, id, signBody, context),
    ]);

    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ConcurrencyConflictError);
    const stream = await store.readStream(`assessment-${id}`);
    expect(stream.map((event) => event.type)).toEqual(['AssessmentDrafted', 'AssessmentSigned']);
  });

  it.skipIf(target.skipReason)(
    'creates a new stream only once when two commands race to create it',
    async () => {
      const streamId = 'assessment-0b6b8f4e-8a53-4d0e-9a59-0d1b0a7f2c11';
      const body = draftAssessmentBodySchema.parse(yesBody());
      const command: DraftAssessment = {
        type: 'DraftAssessment',
        data: { ...body, assessmentId: '0b6b8f4e-8a53-4d0e-9a59-0d1b0a7f2c11', draftedAt: NOW },
      };
      const racing = racingStore(store, 2);
      const outcomes = await Promise.allSettled([
        handleCommand(racing, streamId, decide, evolve, initialState, command),
        handleCommand(racing, streamId, decide, evolve, initialState, command),
      ]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(await store.readStream(streamId)).toHaveLength(1);
    },
  );

  it.skipIf(target.skipReason)('refuses a "new" stream that already exists, appending nothing', async () => {
    const id = '5f1d2c3b-4a59-4e68-8d7c-6b5a49382716';
    const streamId = `assessment-${id}`;
    const body = draftAssessmentBodySchema.parse(yesBody());
    const command: DraftAssessment = {
      type: 'DraftAssessment',
      data: { ...body, assessmentId: id, draftedAt: NOW },
    };
    await handleCommand(store, streamId, decide, evolve, initialState, command, {}, { newStream: true });
    await expect(
      handleCommand(store, streamId, decide, evolve, initialState, command, {}, { newStream: true }),
    ).rejects.toBeInstanceOf(ConcurrencyConflictError);
    expect(await store.readStream(streamId)).toHaveLength(1);
  });

  it.skipIf(target.skipReason)('appends nothing when the decider refuses', async () => {
    const streamId = 'assessment-7d0c7b7e-2b1a-4c55-9f5e-3c1f0f0e9a01';
    const body = draftAssessmentBodySchema.parse(yesBody({ riskScore: 50 }));
    const command: DraftAssessment = {
      type: 'DraftAssessment',
      data: { ...body, assessmentId: '7d0c7b7e-2b1a-4c55-9f5e-3c1f0f0e9a01', draftedAt: NOW },
    };
    await expect(
      handleCommand(store, streamId, decide, evolve, initialState, command),
    ).rejects.toBeInstanceOf(AssessmentError);
    expect(await store.readStream(streamId)).toEqual([]);
  });

  it.skipIf(target.skipReason)(
    'returns the state after the new events and records the metadata',
    async () => {
      const body = draftAssessmentBodySchema.parse(yesBody());
      const draft = await draftAssessment(store, body, context);
      if (draft.status !== 'draft') throw new Error('expected a draft');
      const signed = await signAssessment(store, draft.assessment.assessmentId, signBody, context);
      expect(signed.status).toBe('signed');
      const [drafted, signedEvent] = await store.readStream(`assessment-${draft.assessment.assessmentId}`);
      expect(drafted!.metadata.correlationId).toBe('req-1');
      expect(signedEvent!.metadata.causationId).not.toBe(drafted!.metadata.causationId);
    },
  );
});
