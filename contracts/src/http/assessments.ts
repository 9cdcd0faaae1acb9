import { z } from 'zod';
import { blankToNull } from '../format/text';
import { MESSAGES } from '../messages';
import { capacityRecordSchema } from '../questionnaire/capacity.schema';
import { consistencyIssueSchema, consistencyNoteSeenSchema } from '../questionnaire/consistency.schema';
import { profileNameSchema, riskGroupSchema } from '../questionnaire/profiles.schema';
import { responsesSchema } from '../questionnaire/responses.schema';
import { questionnaireVersionSchema } from '../questionnaire/versions.schema';
import { adviserSlugSchema } from './advisers';
import { analyticsSessionIdSchema } from './analytics';
import { defineEndpoint, errorBodySchema } from './endpoint';
import { MAX_CHANGE_REASON_LENGTH, MAX_CONSISTENCY_WARNINGS, MAX_NAME_LENGTH } from './limits';
import {
  deviceTypeSchema,
  freeTextSchema,
  isoDateTimeSchema,
  optionalEmailSchema,
  optionalPhoneSchema,
  sha256HexSchema,
  withMarkLimit,
} from './primitives';

const absentToNull = <T>(value: T | null | undefined): T | null => value ?? null;

export const riskScoreSchema = z.int().min(12).max(60);

const draftAssessmentFields = z.object({
  clientName: withMarkLimit(
    z
      .string({ error: MESSAGES.nameRequired })
      .trim()
      .min(1, MESSAGES.nameRequired)
      .max(MAX_NAME_LENGTH, `Please keep your name to ${MAX_NAME_LENGTH} characters or fewer.`),
  ),
  clientEmail: optionalEmailSchema,
  clientPhone: optionalPhoneSchema,
  /**
   * The questionnaire version the page showed (GET /api/questionnaire's `version`); 409 when it is
   * not the service's current one. Absent from a page built before versions, which showed version 1.
   */
  questionnaireVersion: questionnaireVersionSchema.default(1),
  responses: responsesSchema,
  riskScore: riskScoreSchema,
  originalProfile: profileNameSchema,
  selectedProfile: profileNameSchema,
  profileChanged: z.boolean(),
  profileChangeReason: withMarkLimit(
    z
      .string()
      .trim()
      .max(
        MAX_CHANGE_REASON_LENGTH,
        `Please keep your reason to ${MAX_CHANGE_REASON_LENGTH} characters or fewer.`,
      ),
  )
    .nullish()
    .transform(blankToNull),
  riskAcknowledged: z.boolean().default(false),
  /**
   * The client confirmed CAPACITY_ACKNOWLEDGEMENT_STATEMENT: required (422) when the chosen
   * profile goes beyond their time horizon or capacity for loss, which the service recomputes.
   */
  capacityAcknowledged: z.boolean().default(false),
  investmentExclusions: freeTextSchema,
  investmentPreferences: freeTextSchema,
  consistencyWarnings: z.array(consistencyIssueSchema).max(MAX_CONSISTENCY_WARNINGS).default([]),
  /**
   * The contradiction notes shown during the questionnaire, one per rule, with the note's questions
   * the client changed while it showed (docs/questionnaire.md). Optional: a page from before it was
   * added sends none, and the record then says they were not recorded.
   */
  consistencyNotes: z.array(consistencyNoteSeenSchema).max(MAX_CONSISTENCY_WARNINGS).optional(),
  adviserSlug: z.string().trim().nullish().transform(blankToNull).pipe(adviserSlugSchema.nullable()),
  /**
   * The questionnaire link the client arrived by (the verify endpoint's `linkId`); absent or null
   * without one. Optional, so a page from before it was added keeps working.
   */
  linkId: z.uuid('The link id is not valid.').nullish().transform(absentToNull),
  /** The page's placeholder until signing, `draft_{epoch ms}`; carries no meaning on the server. */
  signatureData: z
    .string()
    .regex(/^draft_\d+$/)
    .optional(),
  sessionId: analyticsSessionIdSchema.nullish().transform(absentToNull),
  deviceType: deviceTypeSchema.nullish().transform(absentToNull),
});

/**
 * POST /api/assessments. Unknown keys are dropped rather than refused, so an older page keeps
 * working after a field is added. The cross-field rules repeat the page's own checks (with the
 * product's messages) because the server trusts nothing the browser decided. Whether
 * riskScore and originalProfile match the answers is the service's check (422), since it needs
 * the scoring code.
 */
export const draftAssessmentBodySchema = draftAssessmentFields.superRefine((body, ctx) => {
  if (body.clientEmail === null && body.clientPhone === null) {
    ctx.addIssue({ code: 'custom', path: ['clientEmail'], message: MESSAGES.contactRequired });
  }
  const changed = body.selectedProfile !== body.originalProfile;
  const noteIds = (body.consistencyNotes ?? []).map((note) => note.id);
  if (new Set(noteIds).size !== noteIds.length) {
    ctx.addIssue({
      code: 'custom',
      path: ['consistencyNotes'],
      message: 'Each consistency note may be listed once.',
    });
  }
  if (body.profileChanged !== changed) {
    ctx.addIssue({
      code: 'custom',
      path: ['profileChanged'],
      message: 'profileChanged must be true exactly when selectedProfile differs from originalProfile.',
    });
  }
  if (!changed) return;
  if (body.profileChangeReason === null) {
    ctx.addIssue({ code: 'custom', path: ['profileChangeReason'], message: MESSAGES.changeReasonRequired });
  }
  if (!body.riskAcknowledged) {
    ctx.addIssue({ code: 'custom', path: ['riskAcknowledged'], message: MESSAGES.acknowledgementRequired });
  }
});
export type DraftAssessmentBody = z.input<typeof draftAssessmentBodySchema>;
export type DraftAssessment = z.output<typeof draftAssessmentBodySchema>;

/** What was recorded at signing; the digest is SHA-256 over exactly what the client signed. */
export const assessmentSignatureSchema = z.object({
  signedAt: isoDateTimeSchema,
  ipAddress: z.string(),
  userAgent: z.string(),
  digest: sha256HexSchema,
});

const assessmentFields = z.object({
  id: z.uuid(),
  clientName: z.string(),
  clientEmail: z.string().nullable(),
  clientPhone: z.string().nullable(),
  /** The questionnaire version the answers were scored against; 1 in a response saved (by the page) before versions. */
  questionnaireVersion: questionnaireVersionSchema.default(1),
  responses: responsesSchema,
  riskScore: riskScoreSchema,
  riskGroup: riskGroupSchema,
  percentile: z.int().min(1).max(99),
  originalProfile: profileNameSchema,
  selectedProfile: profileNameSchema,
  profileChanged: z.boolean(),
  profileChangeReason: z.string().nullable(),
  consistencyWarnings: z.array(consistencyIssueSchema),
  adviserSlug: z.string().nullable(),
  investmentExclusions: z.string(),
  investmentPreferences: z.string(),
  /** Capacity for loss and the override's grade, as the service recomputed them. */
  capacity: capacityRecordSchema.optional(),
  createdAt: isoDateTimeSchema,
});

/** The assessment as the service returns it; a signed one always carries its signature. */
export const assessmentSchema = z.discriminatedUnion('status', [
  assessmentFields.extend({ status: z.literal('draft'), signedAt: z.null(), signature: z.null() }),
  assessmentFields.extend({
    status: z.literal('signed'),
    signedAt: isoDateTimeSchema,
    signature: assessmentSignatureSchema,
  }),
]);
export type Assessment = z.infer<typeof assessmentSchema>;

export const createAssessmentEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/assessments',
  service: 'assessment',
  access: 'public',
  summary:
    'Creates the draft assessment; 409 when questionnaireVersion is not the current questionnaire; 422 when riskScore or originalProfile do not match the answers, or when the capacity-for-loss rule needs the acknowledgement or a longer reason.',
  body: draftAssessmentBodySchema,
  responses: { 201: assessmentSchema, 400: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema },
});

export const signAssessmentBodySchema = z.object({
  investmentExclusions: freeTextSchema,
  investmentPreferences: freeTextSchema,
  confirmed: z.literal(true, MESSAGES.confirmationRequired),
  /**
   * The capacity acknowledgement, given again at signing; required (422) when the draft has
   * capacity warnings its client did not acknowledge (a draft stored before the rule).
   */
  capacityAcknowledged: z.boolean().optional(),
  /**
   * The questionnaire version the page showed; 409 when it or the draft's is not current. Absent
   * from a page built before versions, which showed version 1 (`questionnaireVersionOf`).
   */
  questionnaireVersion: questionnaireVersionSchema.optional(),
});
export type SignAssessmentBody = z.input<typeof signAssessmentBodySchema>;

export const signAssessmentEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/assessments/:id/sign',
  service: 'assessment',
  access: 'public',
  summary:
    'Signs (completes) a draft, recording time, IP, user agent and digest; 409 when already signed or when the questionnaire changed since the draft; 422 when capacity warnings of the draft were never acknowledged.',
  body: signAssessmentBodySchema,
  responses: {
    200: assessmentSchema,
    400: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
    422: errorBodySchema,
    429: errorBodySchema,
  },
});
