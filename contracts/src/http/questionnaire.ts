import { z } from 'zod';
import { groupScoreBand } from '../questionnaire/percentile-words';
import { profileNameSchema, riskGroupSchema } from '../questionnaire/profiles.schema';
import { answerScoreSchema } from '../questionnaire/responses.schema';
import type { QuestionnaireVersion } from '../questionnaire/versions';
import { questionnaireVersionSchema } from '../questionnaire/versions.schema';
import { defineEndpoint } from './endpoint';

const sectionIdSchema = z.enum(['A', 'B', 'estimate']);

/**
 * The questionnaire a client answers now (docs/questionnaire.md, "Versions"): its version and
 * everything the page shows and scores with. The page sends `version` back with the draft and the
 * signature; the service refuses them (409) once another version is current.
 */
export const questionnaireSchema = z.object({
  version: questionnaireVersionSchema,
  sections: z.array(
    z.object({ id: sectionIdSchema, title: z.string(), questionNumbers: z.array(z.int().min(1).max(18)) }),
  ),
  questions: z.array(
    z.object({
      number: z.int().min(1).max(18),
      id: z.string(),
      section: sectionIdSchema,
      text: z.string(),
      explanation: z.string(),
      options: z.array(z.string()).length(5),
      /** The score of each option, A to E. */
      scoring: z.array(answerScoreSchema).length(5),
      isEstimate: z.boolean(),
    }),
  ),
  profiles: z.array(
    z.object({
      group: riskGroupSchema,
      name: profileNameSchema,
      description: z.string(),
      negativeYears: z.string(),
      badYear: z.string(),
      minimumHorizon: z.string(),
      defensiveAllocation: z.string(),
      growthAllocation: z.string(),
      /** The scores of the profile's group, both ends included. */
      scoreBand: z.object({ from: z.int(), to: z.int() }),
    }),
  ),
  /** The percentile's norms: scores treated as normal with this mean and standard deviation. */
  norms: z.object({ mean: z.number(), standardDeviation: z.number() }),
});
export type QuestionnaireBody = z.infer<typeof questionnaireSchema>;

/** A version as the endpoint answers it. */
export function questionnaireBody(q: QuestionnaireVersion): QuestionnaireBody {
  return {
    version: q.version,
    sections: q.sections.map(({ id, title, questionNumbers }) => ({
      id,
      title,
      questionNumbers: [...questionNumbers],
    })),
    questions: q.questions.map((question) => ({
      number: question.number,
      id: question.id,
      section: question.section,
      text: question.text,
      explanation: question.explanation,
      options: [...question.options],
      scoring: [...question.scoring],
      isEstimate: question.isEstimate === true,
    })),
    profiles: q.profiles.map((profile) => ({
      ...profile,
      scoreBand: groupScoreBand(profile.group, q.scoring),
    })),
    norms: { mean: q.scoring.percentileMean, standardDeviation: q.scoring.percentileStandardDeviation },
  };
}

export const getQuestionnaireEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/questionnaire',
  service: 'assessment',
  access: 'public',
  summary:
    "The current questionnaire: its version, sections, questions (text, options, explanations, option scores), profiles with their score bands, and the percentile's norms.",
  responses: { 200: questionnaireSchema },
});

/** What a draft or a signature answered against a questionnaire that is no longer current is told (409). */
export const QUESTIONNAIRE_CHANGED_MESSAGE =
  'The questionnaire has changed since this page was loaded. Please reload the page.';
