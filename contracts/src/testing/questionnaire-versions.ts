import {
  type CompleteResponses,
  deriveAssessment,
  QUESTIONNAIRE_V1,
  type QuestionnaireVersion,
  registerQuestionnaireVersion,
} from '../questionnaire';
import { uniformResponses } from './uniform-responses';

/*
 * A second questionnaire version for tests (docs/questionnaire.md, "Versions"): question 3
 * reworded and group 3's score band ending at 42 instead of 45, everything else version 1's. A
 * score of 44 is Balanced under version 1 and Growth under this one.
 */

export const REWORDED_QUESTION_3 =
  'In a single year, how far could the value of your investments fall before you would want to sell?';

export const QUESTIONNAIRE_V2_FIXTURE: QuestionnaireVersion = {
  ...QUESTIONNAIRE_V1,
  version: 2,
  questions: QUESTIONNAIRE_V1.questions.map((question) =>
    question.number === 3 ? { ...question, text: REWORDED_QUESTION_3 } : question,
  ),
  scoring: { ...QUESTIONNAIRE_V1.scoring, groupUpperBounds: [25, 35, 42, 55] },
};

/** Registers the fixture (once per process; again is a no-op) and returns it. */
export const registerQuestionnaireV2Fixture = (): QuestionnaireVersion =>
  registerQuestionnaireVersion(QUESTIONNAIRE_V2_FIXTURE);

/**
 * Consistent answers scoring 44: group 3 (Balanced) under version 1, group 4 (Growth) under the
 * fixture; a horizon of 7 to 10 years, so neither profile asks for a capacity acknowledgement.
 */
export const responsesScoring44 = (): CompleteResponses =>
  uniformResponses(3, { q1: 4, q2: 4, q4: 4, q5: 4, q8: 4, q10: 4, q11: 4, q12: 4, q13: 4 });

/**
 * The answers scoring 44 as a page showing `questionnaire` drafts them: that version's score and
 * recommended profile, kept as the selected one.
 */
export function draftAnswersScoring44(questionnaire: QuestionnaireVersion) {
  const derived = deriveAssessment(responsesScoring44(), questionnaire);
  return {
    responses: responsesScoring44(),
    riskScore: derived.riskScore,
    originalProfile: derived.originalProfile,
    selectedProfile: derived.originalProfile,
  };
}
