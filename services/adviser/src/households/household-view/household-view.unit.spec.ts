import {
  type CompleteResponses,
  QUESTIONNAIRE_V1,
  type QuestionnaireVersion,
  questionByNumber,
  registerQuestionnaireVersion,
} from '@risk-profile/contracts';
import { uniformResponses } from '@risk-profile/contracts/testing';
import { describe, expect, it } from 'vitest';
import type { SignedMember } from '../household-members';
import { compareMembers } from './household-view';

// A version whose question 3 offers its answers in other words, the scores unchanged.
const REWORDED: QuestionnaireVersion = {
  ...QUESTIONNAIRE_V1,
  version: 31,
  questions: QUESTIONNAIRE_V1.questions.map((question) =>
    question.number === 3
      ? { ...question, options: question.options.map((option) => `Reworded: ${option}`) as never }
      : question,
  ),
};

function signed(memberId: string, responses: CompleteResponses, questionnaireVersion: number): SignedMember {
  const { q18: _guess, ...kept } = responses;
  return {
    memberId,
    householdId: 'h',
    linkId: `link-${memberId}`,
    name: memberId,
    email: null,
    phone: null,
    status: 'signed',
    assessmentId: `assessment-${memberId}`,
    signedAt: new Date('2026-11-20T00:00:00.000Z'),
    riskScore: 30,
    riskGroup: 3,
    recommendedProfile: 'Balanced',
    profile: 'Balanced',
    capacityForLoss: 'high',
    maxGroupForCapacity: 5,
    responses: kept,
    questionnaireVersion,
  };
}

describe("the household's differences", () => {
  it("show each member's answer in the words of the questionnaire version they answered", () => {
    registerQuestionnaireVersion(REWORDED);
    const [first, second] = compareMembers([
      signed('ann', uniformResponses(1), 1),
      signed('bob', uniformResponses(5), 31),
    ]).differences.find((difference) => difference.question === 3)!.answers;
    const { options, scoring } = questionByNumber(3);
    expect(first).toEqual({ memberId: 'ann', score: 1, answer: options[scoring.indexOf(1)] });
    expect(second).toEqual({ memberId: 'bob', score: 5, answer: `Reworded: ${options[scoring.indexOf(5)]}` });
  });
});
