import { z } from 'zod';
import { agreedProfileBasisSchema, householdStatusSchema } from '../http/households';
import { isoDateTimeSchema } from '../http/primitives';
import { linkMethodSchema } from '../http/questionnaire-links';
import { CAPACITY_FOR_LOSS_LEVELS, OVERRIDE_GRADES } from '../questionnaire/capacity';
import { profileNameSchema, riskGroupSchema } from '../questionnaire/profiles.schema';
import type { WebhookEventType } from './event-types';

/*
 * The bodies of webhook deliveries (docs/webhooks.md): Standard Webhooks' `{ type, timestamp,
 * data }`, one schema per event type, which the OpenAPI document's `webhooks` section publishes.
 * `timestamp` is when the event happened, not when it was sent (the `webhook-timestamp` header).
 * Personal data goes only where an integrator needs it to file the record (assessment.signed,
 * questionnaire_link.sent); household events carry ids, statuses and profiles, never a member's
 * name or contact.
 */

function webhookEvent<const T extends WebhookEventType, D extends z.ZodType>(
  type: T,
  data: D,
  about: string,
) {
  return z.object({ type: z.literal(type), timestamp: isoDateTimeSchema, data }).describe(about);
}

const adviserSchema = z
  .object({ slug: z.string(), name: z.string(), company: z.string(), email: z.string() })
  .nullable()
  .describe('The adviser the report went to; null for an assessment without one.');

export const assessmentSignedWebhook = webhookEvent(
  'assessment.signed',
  z.object({
    assessmentId: z.uuid(),
    adviser: adviserSchema,
    signedAt: isoDateTimeSchema,
    questionnaireVersion: z.int().min(1).describe('The questionnaire version the client answered.'),
    riskScore: z.int(),
    riskGroup: riskGroupSchema,
    percentile: z.int().min(1).max(99),
    recommendedProfile: profileNameSchema,
    selectedProfile: profileNameSchema,
    profileChanged: z.boolean(),
    profileChangeReason: z.string().nullable(),
    capacity: z
      .object({
        capacityForLoss: z.enum(CAPACITY_FOR_LOSS_LEVELS),
        capacityScore: z.int(),
        overrideGrade: z.enum(OVERRIDE_GRADES),
        adviserReview: z.boolean(),
      })
      .nullable()
      .describe('Capacity for loss as recorded; null on assessments signed before it was recorded.'),
    client: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
    reportUrl: z.string().describe("The report PDF, for an adviser signed in to the adviser's workspace."),
  }),
  'A client signed their assessment: the profile, capacity for loss and the client as recorded.',
);

export const assessmentErasedWebhook = webhookEvent(
  'assessment.erased',
  z.object({ assessmentId: z.uuid() }),
  "The assessment's personal data was erased (a data request or the end of retention): delete your copy.",
);

export const assessmentRestrictedWebhook = webhookEvent(
  'assessment.restricted',
  z.object({ assessmentId: z.uuid(), restrictedAt: isoDateTimeSchema, retainedUntil: isoDateTimeSchema }),
  'An erasure was asked while the signed record must still be kept: stop processing it until retainedUntil, when it is erased.',
);

export const questionnaireLinkSentWebhook = webhookEvent(
  'questionnaire_link.sent',
  z.object({
    linkId: z.string(),
    adviserSlug: z.string(),
    method: linkMethodSchema,
    client: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
    expiresAt: isoDateTimeSchema,
  }),
  'An adviser sent a client a questionnaire link.',
);

export const reviewDueWebhook = webhookEvent(
  'review.due',
  z.object({
    assessmentId: z.uuid(),
    adviserSlug: z.string().nullable(),
    signedAt: isoDateTimeSchema,
    reviewDueAt: isoDateTimeSchema,
  }),
  'A signed assessment reached its review date (REVIEW_INTERVAL_MONTHS after signing); sent once per assessment.',
);

const householdIds = { householdId: z.uuid(), adviserSlug: z.string() };
const memberIds = z.object({ memberId: z.uuid(), assessmentId: z.uuid().nullable() });

export const householdCreatedWebhook = webhookEvent(
  'household.created',
  z.object({ ...householdIds, status: householdStatusSchema, members: z.array(memberIds) }),
  'An adviser created a household; each member was sent their own questionnaire link.',
);

const agreedSchema = z.object({
  profile: profileNameSchema,
  basis: agreedProfileBasisSchema,
  flagged: z.boolean(),
  agreedAt: isoDateTimeSchema,
});

export const householdProfileAgreedWebhook = webhookEvent(
  'household.profile_agreed',
  z.object({
    ...householdIds,
    status: householdStatusSchema,
    agreed: agreedSchema,
    members: z.array(
      memberIds.extend({ profile: profileNameSchema, riskGroup: riskGroupSchema, riskScore: z.int() }),
    ),
  }),
  "The adviser agreed the household's profile for joint money; each member is asked to confirm it.",
);

export const householdMemberConfirmedWebhook = webhookEvent(
  'household.member_confirmed',
  z.object({ householdId: z.uuid(), memberId: z.uuid(), confirmedAt: isoDateTimeSchema }),
  "A member confirmed the household's agreed profile.",
);

export const householdConfirmedWebhook = webhookEvent(
  'household.confirmed',
  z.object({
    ...householdIds,
    status: householdStatusSchema,
    agreed: agreedSchema,
    members: z.array(memberIds.extend({ profile: profileNameSchema, confirmedAt: isoDateTimeSchema })),
    confirmedAt: isoDateTimeSchema,
  }),
  "Every member confirmed the household's agreed profile.",
);

/** Every event's schema by its type: the OpenAPI `webhooks` section and the tests read it. */
export const WEBHOOK_EVENT_SCHEMAS = {
  'assessment.signed': assessmentSignedWebhook,
  'assessment.erased': assessmentErasedWebhook,
  'assessment.restricted': assessmentRestrictedWebhook,
  'questionnaire_link.sent': questionnaireLinkSentWebhook,
  'review.due': reviewDueWebhook,
  'household.created': householdCreatedWebhook,
  'household.profile_agreed': householdProfileAgreedWebhook,
  'household.member_confirmed': householdMemberConfirmedWebhook,
  'household.confirmed': householdConfirmedWebhook,
} as const satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookEvent = {
  [T in WebhookEventType]: z.infer<(typeof WEBHOOK_EVENT_SCHEMAS)[T]>;
}[WebhookEventType];
