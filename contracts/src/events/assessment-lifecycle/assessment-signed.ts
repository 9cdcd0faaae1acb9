import { z } from 'zod';
import { analyticsSessionIdSchema } from '../../http/analytics';
import { riskScoreSchema } from '../../http/assessments';
import { deviceTypeSchema, isoDateTimeSchema, sha256HexSchema } from '../../http/primitives';
import { capacityRecordSchema } from '../../questionnaire/capacity.schema';
import { consistencyIssueSchema, consistencyNoteSchema } from '../../questionnaire/consistency.schema';
import { profileNameSchema, riskGroupSchema } from '../../questionnaire/profiles.schema';
import { responsesSchema } from '../../questionnaire/responses.schema';
import { questionnaireVersionSchema } from '../../questionnaire/versions.schema';
import { integrationEventEnvelope } from '../envelope';

/** The adviser as the client saw them when the assessment was drafted: where the report goes. */
export const reportAdviserSchema = z.object({
  slug: z.string(),
  adviserName: z.string(),
  companyName: z.string(),
  email: z.string(),
  /** The firm's licence or registration number and the report's disclaimer; optional in version 1. */
  licenceNumber: z.string().nullable().optional(),
  disclaimer: z.string().nullable().optional(),
});
export type ReportAdviser = z.infer<typeof reportAdviserSchema>;

/**
 * The assessment was signed, which completes it. It carries the whole snapshot so notification
 * can render the adviser report and the client copy, and analytics can time the completion,
 * without calling back into the assessment service.
 */
export const assessmentSignedV1 = integrationEventEnvelope(
  'AssessmentSigned',
  1,
  z.object({
    assessmentId: z.uuid(),
    clientName: z.string(),
    clientEmail: z.string().nullable(),
    clientPhone: z.string().nullable(),
    /**
     * The questionnaire version the answers were scored against, whose wording and rules every
     * rendering of the record uses; absent (1) on events published before versions.
     */
    questionnaireVersion: questionnaireVersionSchema.optional(),
    responses: responsesSchema,
    riskScore: riskScoreSchema,
    riskGroup: riskGroupSchema,
    percentile: z.int().min(1).max(99),
    originalProfile: profileNameSchema,
    selectedProfile: profileNameSchema,
    profileChanged: z.boolean(),
    profileChangeReason: z.string().nullable(),
    /**
     * The client acknowledged the risk of a profile other than the recommended one (required
     * whenever the profile changed). Added to version 1; absent on events published before.
     */
    riskAcknowledged: z.boolean().optional(),
    consistencyWarnings: z.array(consistencyIssueSchema),
    /**
     * The contradiction notes the client was shown during the questionnaire and the questions they
     * changed while each showed, written by the assessment service from the rules; optional in
     * version 1 (absent on events of assessments drafted before it was recorded).
     */
    consistencyNotes: z.array(consistencyNoteSchema).optional(),
    /**
     * Capacity for loss, its warnings and their acknowledgement, and the override's grade, as the
     * assessment service recomputed them; optional in version 1 (absent on events published
     * before: `capacityRecordOf` recomputes it from the answers).
     */
    capacity: capacityRecordSchema.optional(),
    investmentExclusions: z.string(),
    investmentPreferences: z.string(),
    adviserSlug: z.string().nullable(),
    /**
     * Where the adviser's report goes; null without an adviser. Added to version 1 as a field that
     * consumers may ignore; an assessment drafted before it existed carries null with its slug.
     */
    adviser: reportAdviserSchema.nullable().default(null),
    /** The questionnaire link the client arrived by, if any; optional in version 1. */
    linkId: z.string().min(1).max(64).nullable().optional(),
    signedAt: isoDateTimeSchema,
    ipAddress: z.string(),
    userAgent: z.string(),
    digest: sha256HexSchema,
    sessionId: analyticsSessionIdSchema.nullable(),
    deviceType: deviceTypeSchema.nullable(),
    createdAt: isoDateTimeSchema,
  }),
);
export type AssessmentSignedV1 = z.infer<typeof assessmentSignedV1>;
