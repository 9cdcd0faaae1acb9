import {
  assessmentSchema,
  consistencyIssueSchema,
  isComplete,
  isoDateTimeSchema,
  partialResponsesSchema,
  profileNameSchema,
  QUESTION_COUNT,
} from '@risk-profile/contracts';
import { z } from 'zod';
import type { AssessmentState } from './assessment-state';

export const SAVED_PROGRESS_KEY = 'risk-profile:progress:v1';

/**
 * Progress kept in local storage between visits. It is validated on the way back in, because
 * storage outlives deployments and anyone can edit it: data that does not fit is discarded.
 */
export const savedProgressSchema = z
  .object({
    version: z.literal(1),
    savedAt: isoDateTimeSchema,
    step: z.enum(['questionnaire', 'results', 'confirmation']),
    client: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
    responses: partialResponsesSchema,
    currentQuestionIndex: z
      .int()
      .min(0)
      .max(QUESTION_COUNT - 1),
    consistencyIssues: z.array(consistencyIssueSchema),
    agreement: z.enum(['yes', 'no']).nullable(),
    selectedProfile: profileNameSchema.nullable(),
    changeReason: z.string(),
    riskAcknowledged: z.boolean(),
    exclusions: z.string(),
    preferences: z.string(),
    assessment: assessmentSchema.nullable(),
    signature: z.object({ signedAt: isoDateTimeSchema }).nullable(),
    adviserSlug: z.string().nullable(),
  })
  .refine((saved) => saved.step === 'questionnaire' || isComplete(saved.responses), {
    message: 'Results need every answer.',
  })
  .refine((saved) => saved.step !== 'confirmation' || saved.assessment?.status === 'draft', {
    message: 'Confirmation needs an unsigned draft.',
  });

export type SavedProgress = z.infer<typeof savedProgressSchema>;

/** The saved form of the state, or null when there is nothing worth saving (welcome, success). */
export function toSavedProgress(
  state: AssessmentState,
  adviserSlug: string | null,
  now: Date,
): SavedProgress | null {
  if (state.step === 'welcome' || state.step === 'success') return null;
  return {
    version: 1,
    savedAt: now.toISOString(),
    step: state.step,
    client: state.client,
    responses: state.responses,
    currentQuestionIndex: state.currentQuestionIndex,
    consistencyIssues: state.consistencyIssues,
    agreement: state.agreement,
    selectedProfile: state.selectedProfile,
    changeReason: state.changeReason,
    riskAcknowledged: state.riskAcknowledged,
    exclusions: state.exclusions,
    preferences: state.preferences,
    assessment: state.assessment,
    signature: state.signature,
    adviserSlug,
  };
}

export function fromSavedProgress(saved: SavedProgress): AssessmentState {
  return {
    step: saved.step,
    client: saved.client,
    responses: saved.responses,
    currentQuestionIndex: saved.currentQuestionIndex,
    consistencyIssues: saved.consistencyIssues,
    agreement: saved.agreement,
    selectedProfile: saved.selectedProfile,
    changeReason: saved.changeReason,
    riskAcknowledged: saved.riskAcknowledged,
    exclusions: saved.exclusions,
    preferences: saved.preferences,
    assessment: saved.assessment,
    signature: saved.signature,
  };
}
