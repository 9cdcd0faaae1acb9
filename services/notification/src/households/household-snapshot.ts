import {
  householdConfirmedV1,
  householdProfileAgreedV1,
  isoDateTimeSchema,
  reportAdviserSchema,
} from '@risk-profile/contracts';
import { z } from 'zod';

/*
 * What notification keeps of a household and renders its messages from: the HouseholdConfirmed
 * snapshot, in which an erased member is a marker with their id alone, and the content of one
 * member's confirmation message. Pure schemas, so the composer (also in its worker) parses them.
 */

const confirmedData = householdConfirmedV1.shape.data;
const confirmedMemberSchema = confirmedData.shape.members.element;

/** What stays of a member whose assessment was erased: that there was one, and when they went. */
const erasedMemberSchema = z.object({
  memberId: z.uuid(),
  erased: z.literal(true),
  erasedAt: isoDateTimeSchema,
});
type ErasedMember = z.infer<typeof erasedMemberSchema>;

export const householdSnapshotSchema = confirmedData.extend({
  members: z.array(z.union([erasedMemberSchema, confirmedMemberSchema])),
});
export type HouseholdSnapshot = z.infer<typeof householdSnapshotSchema>;
type SnapshotMember = HouseholdSnapshot['members'][number];

export const isErased = (member: SnapshotMember): member is ErasedMember => 'erased' in member;

/** A household report delivery: the snapshot, and the member it goes to (null: the adviser). */
export const householdReportContentSchema = z.object({
  household: householdSnapshotSchema,
  memberId: z.uuid().nullable(),
});
export type HouseholdReportContent = z.infer<typeof householdReportContentSchema>;

const agreedData = householdProfileAgreedV1.shape.data;

/** A confirmation request: the agreement, and the member it asks with their own link. */
export const householdConfirmationContentSchema = z.object({
  householdId: z.uuid(),
  name: z.string(),
  adviser: reportAdviserSchema,
  agreed: agreedData.shape.agreed,
  member: agreedData.shape.members.element,
});
export type HouseholdConfirmationContent = z.infer<typeof householdConfirmationContentSchema>;
