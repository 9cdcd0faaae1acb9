import { z } from 'zod';
import { analyticsSessionIdSchema } from '../../http/analytics';
import { riskScoreSchema } from '../../http/assessments';
import { deviceTypeSchema, isoDateTimeSchema } from '../../http/primitives';
import { capacityRecordSchema } from '../../questionnaire/capacity.schema';
import { profileNameSchema, riskGroupSchema } from '../../questionnaire/profiles.schema';
import { questionnaireVersionSchema } from '../../questionnaire/versions.schema';
import { integrationEventEnvelope } from '../envelope';

/** A draft was created; analytics counts it and joins it to the session and device. */
export const assessmentDraftedV1 = integrationEventEnvelope(
  'AssessmentDrafted',
  1,
  z.object({
    assessmentId: z.uuid(),
    clientName: z.string(),
    clientEmail: z.string().nullable(),
    clientPhone: z.string().nullable(),
    adviserSlug: z.string().nullable(),
    /** The questionnaire link the client arrived by, if any; optional in version 1. */
    linkId: z.string().min(1).max(64).nullable().optional(),
    /** The questionnaire version the answers were scored against; absent (1) on events published before versions. */
    questionnaireVersion: questionnaireVersionSchema.optional(),
    riskScore: riskScoreSchema,
    riskGroup: riskGroupSchema,
    originalProfile: profileNameSchema,
    selectedProfile: profileNameSchema,
    profileChanged: z.boolean(),
    /** Capacity for loss and the override's grade (docs/product-rules.md); optional in version 1. */
    capacity: capacityRecordSchema.optional(),
    sessionId: analyticsSessionIdSchema.nullable(),
    deviceType: deviceTypeSchema.nullable(),
    createdAt: isoDateTimeSchema,
  }),
);
export type AssessmentDraftedV1 = z.infer<typeof assessmentDraftedV1>;
