import { z } from 'zod';
import { erasureReasonSchema } from '../events/assessment-lifecycle/assessment-erasure';
import { formatMobileNumber } from '../format/phone';
import { defineEndpoint, errorBodySchema, REFUSED_RESPONSES } from './endpoint';
import { isoDateTimeSchema, optionalEmailSchema, optionalPhoneSchema } from './primitives';
import { recordStatusSchema } from './records';

/*
 * A client's requests about their data (docs/records.md, "Retention and erasure"): an
 * administrator finds every assessment of one client by email or phone, exports all of it as a
 * ZIP, or erases it. Signed records inside their retention period are not erased: processing is
 * restricted instead, and the refusal is audited with its reason.
 */

/** Unsigned drafts are erased this many days after they were made (their last change). */
export const DEFAULT_DRAFT_RETENTION_DAYS = 90;
/** Signed records are erased this many years after signing. */
export const DEFAULT_RECORD_RETENTION_YEARS = 7;

export interface RetentionPolicy {
  draftRetentionDays: number;
  recordRetentionYears: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `years` calendar years on, in UTC (29 February rolls to 1 March). */
export function addUtcYears(date: Date, years: number): Date {
  const moved = new Date(date.getTime());
  moved.setUTCFullYear(moved.getUTCFullYear() + years);
  return moved;
}

/**
 * When an assessment's retention ends and it is erased: a signed record `recordRetentionYears`
 * after signing, a draft `draftRetentionDays` after it was made (its last change). The assessment
 * service erases by it and notification shows it, so both read this one rule.
 */
export function retainedUntil(
  assessment: { status: string; draftedAt: Date; signedAt: Date | null },
  policy: RetentionPolicy,
): Date {
  if (assessment.status === 'signed' && assessment.signedAt !== null) {
    return addUtcYears(assessment.signedAt, policy.recordRetentionYears);
  }
  return new Date(assessment.draftedAt.getTime() + policy.draftRetentionDays * DAY_MS);
}

export const DATA_SUBJECT_REQUIRED_MESSAGE = "Enter the client's email address or mobile number.";
export const NO_MATCHING_ASSESSMENTS_MESSAGE = 'No assessment matches this email address or mobile number.';

/**
 * One client, by email or by mobile number (exactly one). Both sides match the same way: the
 * email in lower case, the number's digits as the page formats them.
 */
export const dataSubjectSchema = z
  .object({ email: optionalEmailSchema, phone: optionalPhoneSchema })
  .superRefine((subject, ctx) => {
    if ((subject.email === null) === (subject.phone === null)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: DATA_SUBJECT_REQUIRED_MESSAGE });
    }
  });
export type DataSubject = z.output<typeof dataSubjectSchema>;

/** How a subject is matched: `email:<lower case>` or `phone:<digits>`; the same in every service. */
export function dataSubjectKey(subject: { email: string | null; phone: string | null }): string {
  if (subject.email !== null) return `email:${subject.email.trim().toLowerCase()}`;
  if (subject.phone !== null) return `phone:${formatMobileNumber(subject.phone).replace(/ /g, '')}`;
  throw new RangeError('A data subject needs an email or a phone');
}

/** The keys an assessment's client answers to: one per contact they gave. */
export function dataSubjectKeysOf(client: {
  clientEmail: string | null;
  clientPhone: string | null;
}): string[] {
  return [
    ...(client.clientEmail === null ? [] : [dataSubjectKey({ email: client.clientEmail, phone: null })]),
    ...(client.clientPhone === null ? [] : [dataSubjectKey({ email: null, phone: client.clientPhone })]),
  ];
}

export const subjectAssessmentSchema = z.object({
  id: z.uuid(),
  adviserSlug: z.string().nullable(),
  clientName: z.string(),
  clientEmail: z.string().nullable(),
  clientPhone: z.string().nullable(),
  status: recordStatusSchema,
  startedAt: isoDateTimeSchema,
  signedAt: isoDateTimeSchema.nullable(),
  /** When retention ends and the record is erased (drafted + draft retention, signed + record retention). */
  retainedUntil: isoDateTimeSchema,
  restrictedAt: isoDateTimeSchema.nullable(),
});
export type SubjectAssessment = z.infer<typeof subjectAssessmentSchema>;

export const subjectAssessmentsSchema = z.object({ items: z.array(subjectAssessmentSchema) });

export const ERASURE_OUTCOMES = ['erased', 'restricted', 'already-erased'] as const;
export const erasureOutcomeSchema = z.enum(ERASURE_OUTCOMES);

export const erasureResultSchema = z.object({
  items: z.array(
    z.object({
      assessmentId: z.uuid(),
      outcome: erasureOutcomeSchema,
      /** For a restricted record: why it was not erased, in words. */
      reason: z.string().nullable(),
      retainedUntil: isoDateTimeSchema.nullable(),
    }),
  ),
});
export type ErasureResult = z.infer<typeof erasureResultSchema>;

/** The erasure audit: every erasure and refusal, by request or by the retention job. */
export const erasureAuditEntrySchema = z.object({
  id: z.string(),
  at: isoDateTimeSchema,
  /** The administrator's email; null for the retention job. */
  actorEmail: z.string().nullable(),
  assessmentId: z.uuid(),
  outcome: erasureOutcomeSchema,
  reason: erasureReasonSchema,
  detail: z.string().nullable(),
});
export const erasureAuditSchema = z.object({
  items: z.array(erasureAuditEntrySchema),
  nextCursor: z.string().nullable(),
});
export const erasureAuditQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

const refused = REFUSED_RESPONSES;

export const findSubjectAssessmentsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/data-requests/assessments',
  service: 'notification',
  access: 'admin',
  summary:
    "Every assessment of one client (by email or phone), restricted ones included; the page's preview.",
  query: dataSubjectSchema,
  responses: { 200: subjectAssessmentsSchema, ...refused },
});

export const exportSubjectEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/data-requests/export.zip',
  service: 'notification',
  access: 'admin',
  summary:
    'Everything held about one client as a ZIP: a JSON file of every assessment and its events, each report as PDF, the delivery history. Audited.',
  query: dataSubjectSchema,
  responses: { 200: z.string(), ...refused, 404: errorBodySchema },
});

export const eraseSubjectEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/data-requests/erasures',
  service: 'assessment',
  access: 'admin',
  summary:
    'Erases every assessment of one client (its data key deleted, read models purged); a signed record inside retention is restricted instead. Audited.',
  body: dataSubjectSchema,
  responses: { 200: erasureResultSchema, ...refused, 404: errorBodySchema },
});

export const erasureAuditEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/data-requests/erasures',
  service: 'assessment',
  access: 'admin',
  summary: 'Every erasure and refusal, newest first, by request or by the retention job.',
  query: erasureAuditQuerySchema,
  responses: { 200: erasureAuditSchema, ...refused },
});
