import { z } from 'zod';
import { capacityRecordSchema } from '../questionnaire/capacity.schema';
import { consistencyIssueSchema, consistencyNoteSchema } from '../questionnaire/consistency.schema';
import { profileNameSchema, riskGroupSchema } from '../questionnaire/profiles.schema';
import { responsesSchema } from '../questionnaire/responses.schema';
import { questionnaireVersionSchema } from '../questionnaire/versions.schema';
import { adviserSlugSchema } from './advisers';
import { riskScoreSchema } from './assessments';
import { defineEndpoint, errorBodySchema, REFUSED_RESPONSES } from './endpoint';
import { isoDateTimeSchema, messageBodySchema, sha256HexSchema } from './primitives';
import { linkMethodSchema } from './questionnaire-links';
import {
  ACCESS_LOG_ACTIONS,
  MAX_RECORD_PAGE_SIZE,
  MAX_RECORD_SEARCH_LENGTH,
  RECORD_PAGE_SIZE,
  RECORD_STATUSES,
} from './record-lists';

/**
 * The adviser's workspace and the admin's view of every adviser's assessments: the records read
 * model the notification service keeps from the lifecycle and links topics (it already holds the
 * deliveries and the report renderer, so the report on demand is the emailed one).
 */

/** A signed profile older than this many months is due for review, unless configured otherwise. */
export const DEFAULT_REVIEW_INTERVAL_MONTHS = 12;
export const recordStatusSchema = z.enum(RECORD_STATUSES);

/**
 * `saved`: written as a file to the outbox folder on the server (no mail server or SMS provider
 * is configured), so not sent to anyone.
 */
export const DELIVERY_STATUSES = ['pending', 'sent', 'saved', 'failed', 'suppressed'] as const;
export const deliveryStatusSchema = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

export const DELIVERY_KINDS = [
  'adviser-report',
  'client-report',
  'client-sms',
  'link-email',
  'link-sms',
] as const;
export const deliveryKindSchema = z.enum(DELIVERY_KINDS);

const blankToUndefined = (value: string | undefined) =>
  value === undefined || value === '' ? undefined : value;

/** The list's query string: search by name, email or phone, filter by status and review, page by cursor. */
export const recordListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(
      MAX_RECORD_SEARCH_LENGTH,
      `Please keep the search to ${MAX_RECORD_SEARCH_LENGTH} characters or fewer.`,
    )
    .optional()
    .transform(blankToUndefined),
  status: z.enum(RECORD_STATUSES, { error: 'Status must be in_progress or signed.' }).optional(),
  reviewDue: z
    .enum(['true', 'false'], { error: 'reviewDue must be true or false.' })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  /** One household's members' assessments, by the household's id. */
  household: z.uuid({ error: 'household must be a household id.' }).optional(),
  /** Opaque: the `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional().transform(blankToUndefined),
  limit: z.coerce.number().int().min(1).max(MAX_RECORD_PAGE_SIZE).default(RECORD_PAGE_SIZE),
});
export type RecordListQuery = z.output<typeof recordListQuerySchema>;

/** The admin's list takes the same query plus the adviser (slug); no adviser means every adviser. */
export const adminRecordListQuerySchema = recordListQuerySchema.extend({
  adviser: adviserSlugSchema.optional(),
});
export type AdminRecordListQuery = z.output<typeof adminRecordListQuerySchema>;

/** One delivery of one message, as the delivery log holds it. */
export const recordDeliverySchema = z.object({
  id: z.uuid(),
  kind: deliveryKindSchema,
  recipientRole: z.enum(['adviser', 'client']),
  channel: linkMethodSchema,
  recipient: z.string(),
  status: deliveryStatusSchema,
  createdAt: isoDateTimeSchema,
  sentAt: isoDateTimeSchema.nullable(),
  failedAt: isoDateTimeSchema.nullable(),
  /** A report sent again on request, and who asked (their email). */
  resend: z.boolean(),
  requestedBy: z.string().nullable(),
});
export type RecordDelivery = z.infer<typeof recordDeliverySchema>;

/**
 * The household a member's assessment was started in (by its link). Its name is as the adviser
 * gave it, or `Household` and a short id once any member of it is erased (docs/records.md).
 */
export const recordHouseholdSchema = z.object({ id: z.uuid(), name: z.string() });

/** A row of the list. */
export const recordSummarySchema = z.object({
  id: z.uuid(),
  adviserSlug: z.string().nullable(),
  clientName: z.string(),
  clientEmail: z.string().nullable(),
  clientPhone: z.string().nullable(),
  status: recordStatusSchema,
  /** The questionnaire version the answers were scored against: the record shows its wording and bands. */
  questionnaireVersion: questionnaireVersionSchema,
  riskScore: riskScoreSchema,
  riskGroup: riskGroupSchema,
  recommendedProfile: profileNameSchema,
  selectedProfile: profileNameSchema,
  profileChanged: z.boolean(),
  /** The chosen profile is riskier than the recommended one. */
  aboveRecommendation: z.boolean(),
  startedAt: isoDateTimeSchema,
  signedAt: isoDateTimeSchema.nullable(),
  /** When the signed profile falls due for review (signedAt plus the review interval). */
  reviewDueAt: isoDateTimeSchema.nullable(),
  reviewDue: z.boolean(),
  /** The latest delivery of the adviser's report, or null before signing or without an adviser. */
  reportDelivery: recordDeliverySchema.nullable(),
  /** Two or more groups above the recommendation: flagged for the adviser's review. */
  adviserReview: z.boolean(),
  /** The chosen profile goes beyond the client's time horizon or capacity for loss. */
  capacityWarning: z.boolean(),
  /**
   * Processing restricted after a refused erasure (docs/records.md): no more messages; the
   * adviser's lists hide it, so only administrators see it. Null when not restricted.
   */
  restrictedAt: isoDateTimeSchema.nullable(),
  /** The household of a member's assessment; null (or absent, from older servers) when none. */
  household: recordHouseholdSchema.nullable().optional(),
});
export type RecordSummary = z.infer<typeof recordSummarySchema>;

export const recordListSchema = z.object({
  items: z.array(recordSummarySchema),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type RecordList = z.infer<typeof recordListSchema>;

export const recordHistoryEntrySchema = z.object({
  at: isoDateTimeSchema,
  event: z.enum(['drafted', 'signed', 'delivery']),
  delivery: recordDeliverySchema.nullable(),
});

/** What was signed: present once the assessment is signed. */
export const signedRecordSchema = z.object({
  responses: responsesSchema,
  percentile: z.int().min(1).max(99),
  profileChangeReason: z.string().nullable(),
  riskAcknowledged: z.boolean(),
  consistencyWarnings: z.array(consistencyIssueSchema),
  /** The notes shown during the questionnaire and what the client changed; null when not recorded (older assessments). */
  consistencyNotes: z.array(consistencyNoteSchema).nullable(),
  investmentExclusions: z.string(),
  investmentPreferences: z.string(),
  signature: z.object({
    signedAt: isoDateTimeSchema,
    /** As people read it: an IPv4-mapped address is shown as IPv4. */
    ipAddress: z.string(),
    userAgent: z.string(),
    digest: sha256HexSchema,
  }),
  adviser: z
    .object({
      slug: z.string(),
      adviserName: z.string(),
      companyName: z.string(),
      email: z.string(),
      licenceNumber: z.string().nullable(),
      disclaimer: z.string().nullable(),
    })
    .nullable(),
});
export type SignedRecord = z.infer<typeof signedRecordSchema>;

/** The whole record of one assessment. */
export const recordDetailSchema = recordSummarySchema.extend({
  linkId: z.string().nullable(),
  /** Capacity for loss, its warnings and acknowledgement, and the override's grade. */
  capacity: capacityRecordSchema.nullable(),
  signed: signedRecordSchema.nullable(),
  /** Drafted, signed and every delivery, oldest first. */
  history: z.array(recordHistoryEntrySchema),
  /** How anyone can check the digest against the signed content, in plain words. */
  verification: z.string().nullable(),
});
export type RecordDetail = z.infer<typeof recordDetailSchema>;

export const resendReportBodySchema = z.object({
  to: z.enum(['adviser', 'client'], {
    error: 'Choose whether to send the report to the adviser or the client.',
  }),
});
export type ResendReportBody = z.input<typeof resendReportBodySchema>;

export const resendReportResultSchema = messageBodySchema.extend({ delivery: recordDeliverySchema });

/** A questionnaire link the adviser sent, its delivery and whether it led to a signed assessment. */
export const sentLinkSchema = z.object({
  linkId: z.string(),
  clientName: z.string(),
  clientEmail: z.string().nullable(),
  clientPhone: z.string().nullable(),
  method: linkMethodSchema,
  requestedAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema,
  delivery: recordDeliverySchema.nullable(),
  /** The assessment started from the link, the newest if several; null when none was. */
  assessmentId: z.uuid().nullable(),
  assessmentStatus: recordStatusSchema.nullable(),
});
export type SentLink = z.infer<typeof sentLinkSchema>;

export const sentLinkListQuerySchema = z.object({
  cursor: z.string().max(200).optional().transform(blankToUndefined),
  limit: z.coerce.number().int().min(1).max(MAX_RECORD_PAGE_SIZE).default(RECORD_PAGE_SIZE),
});
export const sentLinkListSchema = z.object({
  items: z.array(sentLinkSchema),
  nextCursor: z.string().nullable(),
});
export type SentLinkList = z.infer<typeof sentLinkListSchema>;

export const accessLogActionSchema = z.enum(ACCESS_LOG_ACTIONS);

export const accessLogEntrySchema = z.object({
  id: z.string(),
  at: isoDateTimeSchema,
  actorEmail: z.string(),
  actorRole: z.enum(['adviser', 'admin']),
  action: accessLogActionSchema,
  /** The assessment concerned; null for an export of a list. */
  assessmentId: z.uuid().nullable(),
  ipAddress: z.string(),
  /** What an export contained (its filters), or which household was viewed, in words. */
  detail: z.string().nullable(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

export const accessLogQuerySchema = z.object({
  actor: z.string().trim().max(254).optional().transform(blankToUndefined),
  action: accessLogActionSchema.optional(),
  assessment: z.uuid({ error: 'assessment must be an assessment id.' }).optional(),
  cursor: z.string().max(200).optional().transform(blankToUndefined),
  limit: z.coerce.number().int().min(1).max(MAX_RECORD_PAGE_SIZE).default(RECORD_PAGE_SIZE),
});
export const accessLogSchema = z.object({
  items: z.array(accessLogEntrySchema),
  nextCursor: z.string().nullable(),
});

const notFound = errorBodySchema;
const refused = REFUSED_RESPONSES;
/** A read by id takes no query or body: nothing to refuse as 400 (a malformed id is a 404). */
const refusedById = { 401: errorBodySchema, 403: errorBodySchema } as const;

export const listAdviserRecordsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/adviser/assessments',
  service: 'notification',
  access: 'adviser',
  summary:
    "The signed-in adviser's clients' assessments, newest first, searched and filtered, paged by cursor.",
  query: recordListQuerySchema,
  responses: { 200: recordListSchema, ...refused },
});

export const getAdviserRecordEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/adviser/assessments/:id',
  service: 'notification',
  access: 'adviser',
  summary: "One assessment's record; 404 when it does not exist or belongs to another adviser.",
  responses: { 200: recordDetailSchema, ...refusedById, 404: notFound },
});

export const adviserReportPdfEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/adviser/assessments/:id/report.pdf',
  service: 'notification',
  access: 'adviser',
  summary: 'The signed report as PDF, rendered from the stored events; 404 when not signed or not theirs.',
  responses: { 200: z.string(), ...refusedById, 404: notFound },
});

export const adviserResendReportEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/adviser/assessments/:id/resend',
  service: 'notification',
  access: 'adviser',
  summary: 'Sends the signed report again to the adviser or the client, as a new delivery; rate limited.',
  body: resendReportBodySchema,
  responses: {
    202: resendReportResultSchema,
    ...refused,
    404: notFound,
    409: errorBodySchema,
    429: errorBodySchema,
  },
});

export const listSentLinksEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/adviser/links',
  service: 'notification',
  access: 'adviser',
  summary: 'The questionnaire links the signed-in adviser sent, newest first, with delivery and completion.',
  query: sentLinkListQuerySchema,
  responses: { 200: sentLinkListSchema, ...refused },
});

export const listAdminRecordsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/assessments',
  service: 'notification',
  access: 'admin',
  summary: "Every adviser's assessments (or one adviser's), with the adviser list's search and filters.",
  query: adminRecordListQuerySchema,
  responses: { 200: recordListSchema, ...refused },
});

export const getAdminRecordEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/assessments/:id',
  service: 'notification',
  access: 'admin',
  summary: "One assessment's record; 404 when it does not exist.",
  responses: { 200: recordDetailSchema, ...refusedById, 404: notFound },
});

export const adminReportPdfEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/assessments/:id/report.pdf',
  service: 'notification',
  access: 'admin',
  summary: 'The signed report as PDF, rendered from the stored events; 404 when not signed.',
  responses: { 200: z.string(), ...refusedById, 404: notFound },
});

export const exportAdminRecordsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/assessments.csv',
  service: 'notification',
  access: 'admin',
  summary: 'The filtered list as CSV (every page), safe to open in a spreadsheet.',
  query: adminRecordListQuerySchema.omit({ cursor: true, limit: true }),
  responses: { 200: z.string(), ...refused },
});

export const accessLogEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/access-log',
  service: 'notification',
  access: 'admin',
  summary: 'Who viewed, downloaded, resent or exported which record, newest first; append-only.',
  query: accessLogQuerySchema,
  responses: { 200: accessLogSchema, ...refused },
});
