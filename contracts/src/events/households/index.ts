import { z } from 'zod';
import {
  agreedHouseholdProfileSchema,
  answerDifferenceSchema,
  householdFlagSchema,
} from '../../http/households';
import { isoDateTimeSchema } from '../../http/primitives';
import { CAPACITY_FOR_LOSS_LEVELS } from '../../questionnaire/capacity';
import { profileNameSchema, riskGroupSchema } from '../../questionnaire/profiles.schema';
import { reportAdviserSchema } from '../assessment-lifecycle/assessment-signed';
import { integrationEventEnvelope } from '../envelope';

/** Keyed by household id, so one household's events arrive in the order they happened. */
export const HOUSEHOLDS_TOPIC = 'risk-profile.households.v1';

const memberContact = {
  memberId: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
};

/**
 * An adviser created a household; each member's `linkId` is the questionnaire link sent to them
 * (its own QuestionnaireLinkRequested), which ties the member's assessment to the household.
 */
export const householdCreatedV1 = integrationEventEnvelope(
  'HouseholdCreated',
  1,
  z.object({
    householdId: z.uuid(),
    adviserSlug: z.string(),
    name: z.string(),
    members: z.array(
      z.object({ ...memberContact, linkId: z.string().min(1).max(64), inPerson: z.boolean() }),
    ),
    createdAt: isoDateTimeSchema,
  }),
);

/** One member's signed results as the agreement compared them. */
const memberResult = z.object({
  ...memberContact,
  assessmentId: z.uuid(),
  riskScore: z.int(),
  riskGroup: riskGroupSchema,
  recommendedProfile: profileNameSchema,
  profile: profileNameSchema,
  capacityForLoss: z.enum(CAPACITY_FOR_LOSS_LEVELS),
  maxGroupForCapacity: riskGroupSchema,
  signedAt: isoDateTimeSchema,
});

/**
 * The adviser agreed the household's profile (again, when it replaces an earlier agreement).
 * Notification emails each member `confirmUrl`, their own link to confirm it.
 */
export const householdProfileAgreedV1 = integrationEventEnvelope(
  'HouseholdProfileAgreed',
  1,
  z.object({
    householdId: z.uuid(),
    name: z.string(),
    adviser: reportAdviserSchema,
    agreed: agreedHouseholdProfileSchema,
    members: z.array(memberResult.extend({ confirmUrl: z.url(), confirmExpiresAt: isoDateTimeSchema })),
  }),
);

/** A member confirmed the agreed profile with their signature. */
export const householdMemberConfirmedV1 = integrationEventEnvelope(
  'HouseholdMemberConfirmed',
  1,
  z.object({
    householdId: z.uuid(),
    memberId: z.uuid(),
    signatureName: z.string(),
    confirmedAt: isoDateTimeSchema,
  }),
);

/**
 * Every member has confirmed: the whole household record, so notification renders and emails the
 * household report (to the adviser and each member, once) without asking the adviser service.
 */
export const householdConfirmedV1 = integrationEventEnvelope(
  'HouseholdConfirmed',
  1,
  z.object({
    householdId: z.uuid(),
    name: z.string(),
    adviser: reportAdviserSchema,
    agreed: agreedHouseholdProfileSchema,
    members: z.array(memberResult.extend({ signatureName: z.string(), confirmedAt: isoDateTimeSchema })),
    differences: z.array(answerDifferenceSchema),
    flags: z.array(householdFlagSchema),
    confirmedAt: isoDateTimeSchema,
  }),
);

export type HouseholdCreatedV1 = z.infer<typeof householdCreatedV1>;
export type HouseholdProfileAgreedV1 = z.infer<typeof householdProfileAgreedV1>;
export type HouseholdMemberConfirmedV1 = z.infer<typeof householdMemberConfirmedV1>;
export type HouseholdConfirmedV1 = z.infer<typeof householdConfirmedV1>;

export const householdsTopicSchema = z.discriminatedUnion('type', [
  householdCreatedV1,
  householdProfileAgreedV1,
  householdMemberConfirmedV1,
  householdConfirmedV1,
]);
