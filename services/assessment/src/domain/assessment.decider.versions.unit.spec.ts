import { QUESTIONNAIRE_CHANGED_MESSAGE, QUESTIONNAIRE_V1 } from '@risk-profile/contracts';
import { draftAnswersScoring44, registerQuestionnaireV2Fixture } from '@risk-profile/contracts/testing';
import { describe, expect, it } from 'vitest';
import { draftCommand, draftedEvent, signCommand } from '../testing/domain-fixtures';
import { decide } from './assessment.decider';
import { AssessmentError } from './assessment.errors';
import type { AssessmentEvent } from './assessment.events';
import { evolve, initialState } from './assessment.state';

const v2 = registerQuestionnaireV2Fixture();
const given = (...events: AssessmentEvent[]) => events.reduce(evolve, initialState());

function refusal(attempt: () => unknown): AssessmentError {
  try {
    attempt();
  } catch (error) {
    if (error instanceof AssessmentError) return error;
    throw error;
  }
  throw new Error('expected a refusal, but the command was accepted');
}

/** A draft of the answers scoring 44 as a page showing `questionnaire` sends it, decided by `current`. */
function draftOf44(page: typeof v2, current: typeof v2) {
  return draftCommand({
    ...draftAnswersScoring44(page),
    questionnaireVersion: page.version,
    questionnaire: current,
  });
}

describe('questionnaire versions in the decider', () => {
  it('scores a draft by the current version and records it', () => {
    const [event] = decide(draftOf44(v2, v2), initialState());
    expect(event).toMatchObject({
      type: 'AssessmentDrafted',
      data: { questionnaireVersion: 2, riskScore: 44, riskGroup: 4, originalProfile: 'Growth' },
    });
    const [byV1] = decide(draftOf44(QUESTIONNAIRE_V1, QUESTIONNAIRE_V1), initialState());
    expect(byV1).toMatchObject({
      data: { questionnaireVersion: 1, riskGroup: 3, originalProfile: 'Balanced' },
    });
  });

  it('refuses a draft answered against a version that is not current, before judging its answers', () => {
    const error = refusal(() => decide(draftOf44(QUESTIONNAIRE_V1, v2), initialState()));
    expect(error.code).toBe('QUESTIONNAIRE_CHANGED');
    expect(error.message).toBe(QUESTIONNAIRE_CHANGED_MESSAGE);
    expect(error.details).toEqual([
      {
        path: 'questionnaireVersion',
        message: 'Answered against questionnaire version 1; the current version is 2.',
      },
    ]);
  });

  it('refuses a signing from a page or of a draft of another version than the current one', () => {
    const draftedV1 = given(draftedEvent());
    const fromOldPage = signCommand({ questionnaireVersion: 1, currentQuestionnaireVersion: 2 });
    expect(refusal(() => decide(fromOldPage, draftedV1)).code).toBe('QUESTIONNAIRE_CHANGED');
    const ofOldDraft = signCommand({ questionnaireVersion: 2, currentQuestionnaireVersion: 2 });
    expect(refusal(() => decide(ofOldDraft, draftedV1)).code).toBe('QUESTIONNAIRE_CHANGED');
    expect(decide(signCommand(), draftedV1)).toMatchObject([{ type: 'AssessmentSigned' }]);
  });

  it('reads a draft stored before versions as version 1', () => {
    const { questionnaireVersion: _none, ...older } = draftedEvent().data;
    const state = given({ type: 'AssessmentDrafted', data: older });
    expect(decide(signCommand(), state)).toMatchObject([{ type: 'AssessmentSigned' }]);
    const signing = signCommand({ questionnaireVersion: 2, currentQuestionnaireVersion: 2 });
    expect(refusal(() => decide(signing, state)).code).toBe('QUESTIONNAIRE_CHANGED');
  });
});
