import { describe, expect, it } from 'vitest';
import { questionnaireBody, questionnaireSchema } from '../http/questionnaire';
import {
  QUESTIONNAIRE_V2_FIXTURE,
  REWORDED_QUESTION_3,
  registerQuestionnaireV2Fixture,
  responsesScoring44,
} from '../testing/questionnaire-versions';
import { deriveAssessment } from './assessment-derivation';
import { capacityRecordOf } from './capacity';
import { percentileRecordText } from './percentile-words';
import { QUESTIONS, SECTIONS } from './questions';
import { calculatePercentile, scoreToGroup } from './scoring';
import { CURRENT_QUESTIONNAIRE_VERSION, questionnaireVersionOf } from './version-number';
import {
  isKnownQuestionnaireVersion,
  QUESTIONNAIRE_V1,
  questionnaireOf,
  questionnaireVersion,
  registerQuestionnaireVersion,
  UnknownQuestionnaireVersionError,
  versionQuestion,
} from './versions';
import { MAX_QUESTIONNAIRE_VERSION, questionnaireVersionSchema } from './versions.schema';

describe('the registry of questionnaire versions', () => {
  it("holds version 1 as today's questionnaire, unchanged, and makes it current", () => {
    expect(CURRENT_QUESTIONNAIRE_VERSION).toBe(1);
    const v1 = questionnaireVersion();
    expect(v1).toBe(QUESTIONNAIRE_V1);
    expect(v1.version).toBe(1);
    expect(v1.questions).toBe(QUESTIONS);
    expect(v1.sections).toBe(SECTIONS);
    expect(v1.scoring.groupUpperBounds).toEqual([25, 35, 45, 55]);
  });

  it('refuses a version nobody registered', () => {
    expect(() => questionnaireVersion(99)).toThrow(UnknownQuestionnaireVersionError);
    expect(isKnownQuestionnaireVersion(99)).toBe(false);
  });

  it('reads a record that names no version as version 1', () => {
    expect(questionnaireVersionOf({})).toBe(1);
    expect(questionnaireVersionOf({ questionnaireVersion: null })).toBe(1);
    expect(questionnaireVersionOf({ questionnaireVersion: 2 })).toBe(2);
    expect(questionnaireOf({})).toBe(QUESTIONNAIRE_V1);
  });

  it('keeps a version beside the others, never changed once registered', () => {
    const v2 = registerQuestionnaireV2Fixture();
    expect(registerQuestionnaireV2Fixture()).toBe(v2);
    expect(isKnownQuestionnaireVersion(2)).toBe(true);
    expect(questionnaireVersion(1)).toBe(QUESTIONNAIRE_V1);
    expect(versionQuestion(v2, 3).text).toBe(REWORDED_QUESTION_3);
    expect(versionQuestion(QUESTIONNAIRE_V1, 3).text).not.toBe(REWORDED_QUESTION_3);
    expect(() => registerQuestionnaireVersion({ ...QUESTIONNAIRE_V2_FIXTURE })).toThrow(/exists already/);
    expect(() => registerQuestionnaireVersion({ ...QUESTIONNAIRE_V1 })).toThrow(/exists already/);
  });

  it.each([
    ['a version that is no positive integer', { version: 0 }, /positive integer/],
    ['a version above what analytics stores (UInt16)', { version: 65_536 }, /up to 65535/],
    ['a question missing', { questions: QUESTIONNAIRE_V1.questions.slice(1) }, /18 questions/],
    [
      'a question scored twice the same',
      {
        questions: QUESTIONNAIRE_V1.questions.map((q) =>
          q.number === 4 ? { ...q, scoring: [1, 1, 3, 4, 5] as const } : q,
        ),
      },
      /question 4/,
    ],
    ['profiles renamed', { profiles: [...QUESTIONNAIRE_V1.profiles].reverse() }, /profiles/],
    [
      'score bands that fall',
      { scoring: { ...QUESTIONNAIRE_V1.scoring, groupUpperBounds: [25, 45, 35, 55] as const } },
      /score bands/,
    ],
  ])('refuses %s', (_, change, error) => {
    expect(() => registerQuestionnaireVersion({ ...QUESTIONNAIRE_V1, version: 900, ...change })).toThrow(
      error,
    );
    expect(isKnownQuestionnaireVersion(900)).toBe(false);
  });

  it('takes a version from 1 to 65535, what the analytics column (UInt16) holds', () => {
    expect(MAX_QUESTIONNAIRE_VERSION).toBe(65_535);
    expect(questionnaireVersionSchema.parse(1)).toBe(1);
    expect(questionnaireVersionSchema.parse(65_535)).toBe(65_535);
    for (const bad of [0, 65_536, 1.5]) expect(questionnaireVersionSchema.safeParse(bad).success).toBe(false);
  });
});

describe('scoring by a version', () => {
  const v2 = registerQuestionnaireV2Fixture();

  it("places a score in its own version's band", () => {
    expect(scoreToGroup(44)).toBe(3);
    expect(scoreToGroup(44, QUESTIONNAIRE_V1.scoring)).toBe(3);
    expect(scoreToGroup(44, v2.scoring)).toBe(4);
    expect(scoreToGroup(42, v2.scoring)).toBe(3);
    expect(calculatePercentile(44, v2.scoring)).toBe(calculatePercentile(44));
  });

  it('derives the same answers into each version’s profile', () => {
    const responses = responsesScoring44();
    const byV1 = deriveAssessment(responses, QUESTIONNAIRE_V1);
    const byV2 = deriveAssessment(responses, v2);
    expect(deriveAssessment(responses)).toEqual(byV1);
    expect(byV1).toMatchObject({ riskScore: 44, riskGroup: 3, originalProfile: 'Balanced' });
    expect(byV2).toMatchObject({ riskScore: 44, riskGroup: 4, originalProfile: 'Growth' });
    expect(byV2.consistencyWarnings).toEqual([]);
  });

  it("writes the percentile's words with the version's band", () => {
    expect(percentileRecordText(44, 66, QUESTIONNAIRE_V1.scoring)).toContain('group 3 is 36 to 45');
    expect(percentileRecordText(44, 66, v2.scoring)).toContain('group 4 is 43 to 55');
  });

  it("recomputes an older record's capacity by its version's rule", () => {
    const data = {
      responses: responsesScoring44(),
      originalProfile: 'Growth',
      selectedProfile: 'Growth',
    } as const;
    const custom = { ...v2.capacity, capacityScoreHighAtLeast: 12 };
    expect(capacityRecordOf(data, v2.capacity).capacityForLoss).toBe('moderate');
    expect(capacityRecordOf(data, custom).capacityForLoss).toBe('high');
  });
});

describe('GET /api/questionnaire', () => {
  it("answers a version's questions, profiles with their bands and norms", () => {
    const v2 = registerQuestionnaireV2Fixture();
    const body = questionnaireSchema.parse(questionnaireBody(v2));
    expect(body.version).toBe(2);
    expect(body.questions).toHaveLength(18);
    expect(body.questions[2]?.text).toBe(REWORDED_QUESTION_3);
    expect(body.questions[17]?.isEstimate).toBe(true);
    expect(body.profiles.map((p) => p.scoreBand)).toEqual([
      { from: 12, to: 25 },
      { from: 26, to: 35 },
      { from: 36, to: 42 },
      { from: 43, to: 55 },
      { from: 56, to: 60 },
    ]);
    expect(body.norms).toEqual({ mean: 50, standardDeviation: 15 });
    expect(questionnaireBody(QUESTIONNAIRE_V1).questions[2]?.text).toBe(QUESTIONS[2]?.text);
  });
});
