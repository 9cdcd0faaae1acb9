import { z } from 'zod';
import {
  AGREED_REASON_REQUIRED_MESSAGE,
  MAX_AGREED_REASON_LENGTH,
  MAX_HOUSEHOLD_MEMBERS,
  MIN_HOUSEHOLD_MEMBERS,
} from '../households/household-rules';
import { CAPACITY_FOR_LOSS_LEVELS } from '../questionnaire/capacity';
import { profileNameSchema, riskGroupSchema } from '../questionnaire/profiles.schema';
import { defineEndpoint, errorBodySchema, REFUSED_RESPONSES } from './endpoint';
import { MAX_NAME_LENGTH } from './limits';
import { isoDateTimeSchema, optionalEmailSchema, optionalPhoneSchema, withMarkLimit } from './primitives';

/*
 * Households (docs/households.md): two to six clients profiled together. Each member answers and
 * signs an ordinary assessment from a link of their own; the adviser sees them side by side, agrees
 * the household's profile for joint money with a reason, and each member confirms it.
 */

export const HOUSEHOLD_CONTACT_REQUIRED_MESSAGE =
  "Please enter each member's email address or mobile number, to send their link and report.";
export const HOUSEHOLD_MEMBER_COUNT_MESSAGE = `A household has ${MIN_HOUSEHOLD_MEMBERS} to ${MAX_HOUSEHOLD_MEMBERS} members.`;

const personName = (what: string) =>
  withMarkLimit(
    z
      .string({ error: `Please enter ${what}.` })
      .trim()
      .min(1, `Please enter ${what}.`)
      .max(MAX_NAME_LENGTH, `Please keep the name to ${MAX_NAME_LENGTH} characters or fewer.`),
  );

export const householdMemberInputSchema = z
  .object({
    clientName: personName("the member's name"),
    clientEmail: optionalEmailSchema,
    clientPhone: optionalPhoneSchema,
    /**
     * The member sits with the adviser: no link is sent; the answer carries the member's link for
     * the adviser to open on their own device. The contact still receives the report.
     */
    inPerson: z.boolean().default(false),
  })
  .superRefine((member, ctx) => {
    if (member.clientEmail === null && member.clientPhone === null) {
      ctx.addIssue({ code: 'custom', path: ['clientEmail'], message: HOUSEHOLD_CONTACT_REQUIRED_MESSAGE });
    }
  });

export const createHouseholdBodySchema = z.object({
  name: personName("the household's name"),
  members: z
    .array(householdMemberInputSchema)
    .min(MIN_HOUSEHOLD_MEMBERS, HOUSEHOLD_MEMBER_COUNT_MESSAGE)
    .max(MAX_HOUSEHOLD_MEMBERS, HOUSEHOLD_MEMBER_COUNT_MESSAGE),
});
export type CreateHouseholdBody = z.input<typeof createHouseholdBodySchema>;

export const createdHouseholdSchema = z.object({
  id: z.uuid(),
  members: z.array(
    z.object({
      memberId: z.uuid(),
      linkId: z.string(),
      /** Only for a member added in person: the link the adviser opens for them. */
      url: z.url().optional(),
    }),
  ),
});
export type CreatedHousehold = z.infer<typeof createdHouseholdSchema>;

/** Where a member stands: their link sent, answering, signed, or their data erased or restricted. */
export const HOUSEHOLD_MEMBER_STATUSES = [
  'link_sent',
  'in_progress',
  'signed',
  'erased',
  'restricted',
] as const;
export const householdMemberStatusSchema = z.enum(HOUSEHOLD_MEMBER_STATUSES);

/** Waiting for signatures, ready to agree, waiting for confirmations, confirmed. */
export const HOUSEHOLD_STATUSES = [
  'awaiting_members',
  'ready_to_agree',
  'awaiting_confirmations',
  'confirmed',
] as const;
export const householdStatusSchema = z.enum(HOUSEHOLD_STATUSES);
export type HouseholdStatus = z.infer<typeof householdStatusSchema>;

export const householdMemberViewSchema = z.object({
  memberId: z.uuid(),
  /** Null once the member's data is erased. */
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: householdMemberStatusSchema,
  assessmentId: z.uuid().nullable(),
  signedAt: isoDateTimeSchema.nullable(),
  riskScore: z.int().nullable(),
  riskGroup: riskGroupSchema.nullable(),
  recommendedProfile: profileNameSchema.nullable(),
  profile: profileNameSchema.nullable(),
  capacityForLoss: z.enum(CAPACITY_FOR_LOSS_LEVELS).nullable(),
  maxGroupForCapacity: riskGroupSchema.nullable(),
  confirmedAt: isoDateTimeSchema.nullable(),
  /**
   * A member added in person who has not started yet: their questionnaire link, for the adviser to
   * open on their own device (signed afresh on every view, so a reload never loses it); else null.
   */
  inPersonUrl: z.url().nullable(),
});

export const householdFlagSchema = z.object({
  id: z.enum(['profiles-apart', 'capacity-below-profile']),
  memberId: z.uuid().optional(),
  otherMemberId: z.uuid().optional(),
  message: z.string(),
});

export const answerDifferenceSchema = z.object({
  question: z.int().min(1).max(17),
  /** The question's short label (contracts QUESTION_LABELS). */
  label: z.string(),
  spread: z.int().min(1).max(4),
  answers: z.array(z.object({ memberId: z.uuid(), score: z.int().min(1).max(5), answer: z.string() })),
});

export const agreedProfileBasisSchema = z.enum(['lowest', 'average', 'other']);

export const agreedHouseholdProfileSchema = z.object({
  profile: profileNameSchema,
  reason: z.string(),
  basis: agreedProfileBasisSchema,
  flagged: z.boolean(),
  beyondCapacity: z.array(z.uuid()),
  agreedBy: z.string(),
  agreedAt: isoDateTimeSchema,
});

export const householdViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  adviserSlug: z.string(),
  createdAt: isoDateTimeSchema,
  status: householdStatusSchema,
  members: z.array(householdMemberViewSchema),
  /** Once every member has signed: the questions answered furthest apart, and the flags. */
  differences: z.array(answerDifferenceSchema),
  flags: z.array(householdFlagSchema),
  options: z.object({ lowest: profileNameSchema, average: profileNameSchema }).nullable(),
  agreed: agreedHouseholdProfileSchema.nullable(),
  confirmedAt: isoDateTimeSchema.nullable(),
});
export type HouseholdView = z.infer<typeof householdViewSchema>;

export const householdSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: isoDateTimeSchema,
  status: householdStatusSchema,
  memberCount: z.int(),
  signedCount: z.int(),
  flagged: z.boolean(),
});

export const householdListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const householdListSchema = z.object({
  households: z.array(householdSummarySchema),
  nextCursor: z.string().nullable(),
});

export const agreeHouseholdProfileBodySchema = z.object({
  profile: profileNameSchema,
  reason: withMarkLimit(
    z
      .string({ error: AGREED_REASON_REQUIRED_MESSAGE })
      .trim()
      .min(1, AGREED_REASON_REQUIRED_MESSAGE)
      .max(
        MAX_AGREED_REASON_LENGTH,
        `Please keep the reason to ${MAX_AGREED_REASON_LENGTH} characters or fewer.`,
      ),
  ),
});
export type AgreeHouseholdProfileBody = z.input<typeof agreeHouseholdProfileBodySchema>;

/** What a member reads before confirming the agreed profile (their confirmation link's page). */
export const householdConfirmationSchema = z.object({
  householdName: z.string(),
  memberName: z.string(),
  adviserName: z.string(),
  companyName: z.string(),
  ownProfile: profileNameSchema,
  agreedProfile: profileNameSchema,
  reason: z.string(),
  flagged: z.boolean(),
  confirmedAt: isoDateTimeSchema.nullable(),
});

export const householdConfirmationQuerySchema = z.object({
  token: z.string().min(1, 'The confirmation link is missing its token.').max(2048),
});

export const confirmHouseholdProfileBodySchema = z.object({
  token: z.string().min(1, 'The confirmation link is missing its token.').max(2048),
  signatureName: personName('your full name to sign'),
});

const refused = REFUSED_RESPONSES;
const notFound = errorBodySchema;

export const createHouseholdEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/adviser/households',
  service: 'adviser',
  access: 'adviser',
  summary: 'Creates a household of 2 to 6 members and sends each member their own questionnaire link.',
  body: createHouseholdBodySchema,
  responses: { 201: createdHouseholdSchema, ...refused, 429: errorBodySchema },
});

export const listHouseholdsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/adviser/households',
  service: 'adviser',
  access: 'adviser',
  summary: "The signed-in adviser's households, newest first, paged by cursor.",
  query: householdListQuerySchema,
  responses: { 200: householdListSchema, ...refused },
});

export const getHouseholdEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/adviser/households/:id',
  service: 'adviser',
  access: 'adviser',
  summary:
    "Every member's status and results side by side, the answers furthest apart and the flags; 404 when not the adviser's.",
  responses: { 200: householdViewSchema, ...refused, 404: notFound },
});

export const agreeHouseholdProfileEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/adviser/households/:id/agreed-profile',
  service: 'adviser',
  access: 'adviser',
  summary:
    "Records the household's profile for joint money with a reason and emails each member a confirmation link (agreeing again replaces it and asks again); 409 before every member has signed or once every member has confirmed.",
  body: agreeHouseholdProfileBodySchema,
  responses: { 200: householdViewSchema, ...refused, 404: notFound, 409: errorBodySchema },
});

export const getHouseholdConfirmationEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/household-confirmations',
  service: 'adviser',
  access: 'public',
  summary: 'What a member confirms, from the token of their confirmation link.',
  query: householdConfirmationQuerySchema,
  responses: { 200: householdConfirmationSchema, 400: errorBodySchema, 404: notFound, 429: errorBodySchema },
});

export const confirmHouseholdProfileEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/household-confirmations',
  service: 'adviser',
  access: 'public',
  summary: "A member confirms the household's agreed profile with their signature; once per member.",
  body: confirmHouseholdProfileBodySchema,
  responses: {
    200: householdConfirmationSchema,
    400: errorBodySchema,
    404: notFound,
    409: errorBodySchema,
    429: errorBodySchema,
  },
});

export const householdReportPdfEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/adviser/households/:id/report.pdf',
  service: 'notification',
  access: 'adviser',
  summary:
    'The household report as PDF once every member has confirmed the agreed profile; 404 before then or when not theirs.',
  responses: {
    200: z.string(),
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    404: notFound,
  },
});
