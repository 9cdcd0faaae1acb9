import {
  assessmentSchema,
  consistencyIssueSchema,
  consistencyNoteSeenSchema,
  isComplete,
  isoDateTimeSchema,
  MAX_CONSISTENCY_WARNINGS,
  partialResponsesSchema,
  profileNameSchema,
  QUESTION_COUNT,
} from '@risk-profile/contracts';
import { z } from 'zod';

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
    // Absent from progress saved before the notes shown were kept: none recorded.
    consistencyNotes: z.array(consistencyNoteSeenSchema).max(MAX_CONSISTENCY_WARNINGS).default([]),
    agreement: z.enum(['yes', 'no']).nullable(),
    selectedProfile: profileNameSchema.nullable(),
    changeReason: z.string(),
    riskAcknowledged: z.boolean(),
    // Absent from progress saved before capacity for loss was asked about.
    capacityAcknowledged: z.boolean().default(false),
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
