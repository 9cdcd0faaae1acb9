import { describe, expect, it } from 'vitest';
import { draftAssessment, middleResponses } from '../testing/fixtures';
import { type AssessmentState, initialAssessmentState } from './assessment-state';
import { fromSavedProgress, toSavedProgress } from './saved-progress';
import { savedProgressSchema } from './saved-progress.schema';

const now = new Date('2026-11-21T10:00:00.000Z');

const confirmationState: AssessmentState = {
  ...initialAssessmentState,
  step: 'confirmation',
  client: { name: 'Jane Citizen', email: 'jane@example.com', phone: '0412 345 678' },
  responses: middleResponses(),
  currentQuestionIndex: 17,
  agreement: 'no',
  selectedProfile: 'Growth',
  changeReason: 'Long horizon',
  riskAcknowledged: true,
  capacityAcknowledged: true,
  consistencyNotes: [{ id: 'managing-vs-staying-invested', changedQuestions: [7] }],
  exclusions: 'Tobacco',
  preferences: 'Ethical funds',
  assessment: draftAssessment({ selectedProfile: 'Growth', profileChanged: true }),
};

/** What local storage does to a value: JSON out and back. */
const throughStorage = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('saved progress', () => {
  it('survives a round trip through storage unchanged', () => {
    const saved = toSavedProgress(confirmationState, 'demo-adviser', now);
    const parsed = savedProgressSchema.parse(throughStorage(saved));
    expect(parsed.adviserSlug).toBe('demo-adviser');
    expect(parsed.savedAt).toBe(now.toISOString());
    expect(fromSavedProgress(parsed)).toEqual(confirmationState);
  });

  it('reads progress saved before the capacity acknowledgement existed as not acknowledged', () => {
    const { capacityAcknowledged: _none, ...older } = toSavedProgress(confirmationState, null, now)!;
    expect(fromSavedProgress(savedProgressSchema.parse(throughStorage(older))).capacityAcknowledged).toBe(
      false,
    );
  });

  it('reads progress saved before the contradiction notes were kept as none shown', () => {
    const { consistencyNotes: _none, ...older } = toSavedProgress(confirmationState, null, now)!;
    expect(fromSavedProgress(savedProgressSchema.parse(throughStorage(older))).consistencyNotes).toEqual([]);
  });

  it('keeps a questionnaire in progress', () => {
    const state: AssessmentState = {
      ...initialAssessmentState,
      step: 'questionnaire',
      client: { name: 'Jane', email: '', phone: '0412 345 678' },
      responses: { q1: 2, q2: 4 },
      currentQuestionIndex: 2,
    };
    const parsed = savedProgressSchema.parse(throughStorage(toSavedProgress(state, null, now)));
    expect(fromSavedProgress(parsed)).toEqual(state);
  });

  it.each(['welcome', 'success'] as const)('saves nothing at %s', (step) => {
    expect(toSavedProgress({ ...initialAssessmentState, step }, null, now)).toBeNull();
  });

  it.each<[string, (saved: Record<string, unknown>) => unknown]>([
    ['an unknown version', (saved) => ({ ...saved, version: 2 })],
    ['an answer out of range', (saved) => ({ ...saved, responses: { q1: 9 } })],
    ['an unknown question', (saved) => ({ ...saved, responses: { ...(saved.responses as object), q19: 3 } })],
    ['an unknown profile', (saved) => ({ ...saved, selectedProfile: 'Aggressive' })],
    ['results with answers missing', (saved) => ({ ...saved, step: 'results', responses: { q1: 3 } })],
    ['confirmation without a draft', (saved) => ({ ...saved, assessment: null })],
    ['a question index past the end', (saved) => ({ ...saved, currentQuestionIndex: 18 })],
    ['a missing field', ({ client: _client, ...saved }) => saved],
  ])('rejects %s', (_, corrupt) => {
    const saved = throughStorage(toSavedProgress(confirmationState, null, now)) as Record<string, unknown>;
    expect(savedProgressSchema.safeParse(corrupt(saved)).success).toBe(false);
  });
});
