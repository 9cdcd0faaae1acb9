import { type AnswerScore, QUESTION_COUNT, QUESTIONS, type QuestionNumber } from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { draftAssessment, middleResponses, signedAssessment } from '../testing/fixtures';
import {
  type AssessmentEvent,
  type AssessmentState,
  assessmentReducer,
  initialAssessmentState,
} from './assessment-state';

const run = (events: AssessmentEvent[], from: AssessmentState = initialAssessmentState) =>
  events.reduce(assessmentReducer, from);

const withDetails: AssessmentEvent[] = [
  { type: 'clientChanged', field: 'name', value: 'Jane Citizen' },
  { type: 'clientChanged', field: 'email', value: 'jane@example.com' },
];

const answerAll = (score: AnswerScore = 3): AssessmentEvent[] =>
  QUESTIONS.map((question) => ({ type: 'answered', question: question.number, score }));

const inQuestionnaire = () => run([...withDetails, { type: 'started' }]);
const inResults = () => run([...answerAll(), { type: 'resultsRequested' }], inQuestionnaire());
const inConfirmation = () => run([{ type: 'draftCreated', assessment: draftAssessment() }], inResults());

describe('welcome', () => {
  it('stays at welcome when started without a name or contact', () => {
    expect(run([{ type: 'started' }]).step).toBe('welcome');
    expect(run([{ type: 'clientChanged', field: 'name', value: 'Jane' }, { type: 'started' }]).step).toBe(
      'welcome',
    );
  });

  it('moves to the questionnaire with a name and a phone only', () => {
    const state = run([
      { type: 'clientChanged', field: 'name', value: 'Jane' },
      { type: 'clientChanged', field: 'phone', value: '0412 345 678' },
      { type: 'started' },
    ]);
    expect(state.step).toBe('questionnaire');
    expect(state.currentQuestionIndex).toBe(0);
  });

  it('merges details from a questionnaire link', () => {
    const state = run([{ type: 'clientPrefilled', details: { name: 'Sam', email: 'sam@example.com' } }]);
    expect(state.client).toEqual({ name: 'Sam', email: 'sam@example.com', phone: '' });
  });
});

describe('questionnaire', () => {
  it('records the score and makes the next question current', () => {
    const state = run([{ type: 'answered', question: 4, score: 2 }], inQuestionnaire());
    expect(state.responses.q4).toBe(2);
    expect(state.currentQuestionIndex).toBe(4);
  });

  it('keeps the last question current after it is answered', () => {
    const state = run(
      [{ type: 'answered', question: QUESTION_COUNT as QuestionNumber, score: 3 }],
      inQuestionnaire(),
    );
    expect(state.currentQuestionIndex).toBe(QUESTION_COUNT - 1);
  });

  it('re-runs the consistency check when one of questions 1-12 is answered', () => {
    const contradicting = run(
      [
        { type: 'answered', question: 1, score: 1 },
        { type: 'answered', question: 9, score: 5 },
      ],
      inQuestionnaire(),
    );
    expect(contradicting.consistencyIssues.map((issue) => issue.questions)).toContainEqual([1, 9]);
    const resolved = run([{ type: 'answered', question: 9, score: 2 }], contradicting);
    expect(resolved.consistencyIssues).toEqual([]);
  });

  it('does not go to results while a question is unanswered', () => {
    const answers = answerAll().filter((event) => event.type === 'answered' && event.question !== 7);
    expect(run([...answers, { type: 'resultsRequested' }], inQuestionnaire()).step).toBe('questionnaire');
  });

  it('does not go to results while answers contradict each other', () => {
    const state = run(
      [
        ...answerAll(),
        { type: 'answered', question: 1, score: 1 },
        { type: 'answered', question: 9, score: 5 },
      ],
      inQuestionnaire(),
    );
    expect(run([{ type: 'resultsRequested' }], state).step).toBe('questionnaire');
  });

  it('goes to results once every question is answered consistently', () => {
    expect(inResults().step).toBe('results');
  });
});

describe('results', () => {
  it('goes back to the questionnaire for a review before a draft exists', () => {
    expect(run([{ type: 'reviewRequested' }], inResults()).step).toBe('questionnaire');
  });

  it('records the agreement, the chosen profile, the reason and the acknowledgement', () => {
    const state = run(
      [
        { type: 'agreementChosen', agreement: 'no' },
        { type: 'profileSelected', profile: 'Growth' },
        { type: 'changeReasonChanged', value: 'Long horizon' },
        { type: 'riskAcknowledgedChanged', value: true },
      ],
      inResults(),
    );
    expect(state).toMatchObject({
      agreement: 'no',
      selectedProfile: 'Growth',
      changeReason: 'Long horizon',
      riskAcknowledged: true,
    });
  });

  it('records the capacity acknowledgement, and clears it when the profile it was for changes', () => {
    const ticked = run(
      [
        { type: 'agreementChosen', agreement: 'no' },
        { type: 'profileSelected', profile: 'Growth' },
        { type: 'capacityAcknowledgedChanged', value: true },
      ],
      inResults(),
    );
    expect(ticked.capacityAcknowledged).toBe(true);
    expect(run([{ type: 'profileSelected', profile: 'Growth' }], ticked).capacityAcknowledged).toBe(true);
    expect(run([{ type: 'profileSelected', profile: 'High Growth' }], ticked).capacityAcknowledged).toBe(
      false,
    );
    expect(run([{ type: 'agreementChosen', agreement: 'yes' }], ticked).capacityAcknowledged).toBe(false);
  });

  it('keeps the box ticked for the recommended profile when the client then agrees', () => {
    const state = run(
      [
        { type: 'capacityAcknowledgedChanged', value: true },
        { type: 'agreementChosen', agreement: 'yes' },
      ],
      inResults(),
    );
    expect(state).toMatchObject({ agreement: 'yes', capacityAcknowledged: true });
    const chooseAnother = run([{ type: 'capacityAcknowledgedChanged', value: true }], inResults());
    expect(run([{ type: 'agreementChosen', agreement: 'no' }], chooseAnother).capacityAcknowledged).toBe(
      false,
    );
  });

  it('takes the capacity acknowledgement at signing, never after', () => {
    expect(
      run([{ type: 'capacityAcknowledgedChanged', value: true }], inConfirmation()).capacityAcknowledged,
    ).toBe(true);
    const welcome = run([{ type: 'capacityAcknowledgedChanged', value: true }], initialAssessmentState);
    expect(welcome.capacityAcknowledged).toBe(false);
  });

  it('moves to confirmation when the draft is created', () => {
    const state = inConfirmation();
    expect(state.step).toBe('confirmation');
    expect(state.assessment?.id).toBe(draftAssessment().id);
    expect(state.selectedProfile).toBe('Balanced');
  });
});

describe('confirmation', () => {
  it('keeps exclusions and preferences', () => {
    const state = run(
      [
        { type: 'exclusionsChanged', value: 'Tobacco' },
        { type: 'preferencesChanged', value: 'Ethical funds' },
      ],
      inConfirmation(),
    );
    expect([state.exclusions, state.preferences]).toEqual(['Tobacco', 'Ethical funds']);
  });

  it('ignores a draft answer to the sign call', () => {
    expect(run([{ type: 'signed', assessment: draftAssessment() }], inConfirmation()).step).toBe(
      'confirmation',
    );
  });

  it('moves to success when signed and records the signing time', () => {
    const state = run(
      [{ type: 'signed', assessment: signedAssessment('2026-11-21T10:05:00.000Z') }],
      inConfirmation(),
    );
    expect(state.step).toBe('success');
    expect(state.signature).toEqual({ signedAt: '2026-11-21T10:05:00.000Z' });
  });

  it('cannot go back to the questionnaire once a draft exists', () => {
    expect(run([{ type: 'reviewRequested' }], inConfirmation()).step).toBe('confirmation');
  });
});

describe('events out of their step', () => {
  it.each<[string, () => AssessmentState, AssessmentEvent]>([
    ['an answer at welcome', () => initialAssessmentState, { type: 'answered', question: 1, score: 3 }],
    [
      'a draft during the questionnaire',
      inQuestionnaire,
      { type: 'draftCreated', assessment: draftAssessment() },
    ],
    ['a name change in results', inResults, { type: 'clientChanged', field: 'name', value: 'Other' }],
    ['a signature in results', inResults, { type: 'signed', assessment: signedAssessment() }],
    ['a profile choice in confirmation', inConfirmation, { type: 'profileSelected', profile: 'Growth' }],
  ])('ignores %s', (_, given, event) => {
    const state = given();
    expect(assessmentReducer(state, event)).toBe(state);
  });
});

describe('reset and restore', () => {
  it('starts again from nothing', () => {
    expect(run([{ type: 'reset' }], inConfirmation())).toEqual(initialAssessmentState);
  });

  it('takes a restored state as it is', () => {
    const restored = { ...initialAssessmentState, step: 'results' as const, responses: middleResponses() };
    expect(run([{ type: 'restored', state: restored }])).toBe(restored);
  });
});

describe('the contradiction notes shown while answering', () => {
  it('keeps each note shown and the questions of it the client changed while it showed', () => {
    // Every answer 3, then questions 5 and 6 at 4: the note about cash kept back shows.
    const shown = run(
      [
        ...answerAll(),
        { type: 'answered', question: 5, score: 4 },
        { type: 'answered', question: 6, score: 4 },
      ],
      inQuestionnaire(),
    );
    expect(shown.consistencyIssues.map((issue) => issue.id)).toEqual(['buying-in-a-fall-vs-cash-kept-back']);
    expect(shown.consistencyNotes).toEqual([
      { id: 'buying-in-a-fall-vs-cash-kept-back', changedQuestions: [] },
    ]);
    // Questions 7 and 9 both 4: a second note; the client changes question 7, then question 6.
    const both = run(
      [
        { type: 'answered', question: 7, score: 4 },
        { type: 'answered', question: 9, score: 4 },
        { type: 'answered', question: 7, score: 3 },
        { type: 'answered', question: 6, score: 3 },
      ],
      shown,
    );
    expect(both.consistencyIssues).toEqual([]);
    expect(both.consistencyNotes).toEqual([
      { id: 'buying-in-a-fall-vs-cash-kept-back', changedQuestions: [6] },
      { id: 'managing-vs-staying-invested', changedQuestions: [7] },
    ]);
  });

  it('keeps none for a client who never saw one', () => {
    expect(inResults().consistencyNotes).toEqual([]);
  });
});
