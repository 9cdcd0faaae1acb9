import type { AgreedProfileBasis, HouseholdStatus, HouseholdView } from '@risk-profile/contracts';

type Member = HouseholdView['members'][number];

export const HOUSEHOLD_STATUS_LABELS: Readonly<Record<HouseholdStatus, string>> = {
  awaiting_members: 'Waiting for members',
  ready_to_agree: 'Ready to agree',
  awaiting_confirmations: 'Waiting for confirmations',
  confirmed: 'Confirmed',
};

// "Not started", not "Link sent": a member sitting with the adviser was sent nothing.
export const MEMBER_STATUS_LABELS: Readonly<Record<Member['status'], string>> = {
  link_sent: 'Not started',
  in_progress: 'In progress',
  signed: 'Signed',
  erased: 'Data erased',
  restricted: 'Processing restricted',
};

export const BASIS_LABELS: Readonly<Record<AgreedProfileBasis, string>> = {
  lowest: "The lowest of the members' profiles",
  average: "The average of the members' profiles",
  other: "Another profile than the members' lowest or average",
};

/** A member as the page names them: erased members keep their place, without their name. */
export const memberName = (member: Pick<Member, 'name'>): string => member.name ?? 'Erased member';

/** How to reach a member, as the page shows it. */
export const memberContact = (member: Pick<Member, 'email' | 'phone' | 'status'>): string =>
  member.status === 'erased' ? 'Erased' : (member.email ?? member.phone ?? 'No contact given');

/** "1 of 2 signed". */
export const signedOfTotal = (summary: { signedCount: number; memberCount: number }): string =>
  `${summary.signedCount} of ${summary.memberCount} signed`;

/** Why the agreement was flagged, in words: another profile, a member's capacity, or both. */
export function agreementFlagText(
  agreed: NonNullable<HouseholdView['agreed']>,
  members: readonly Member[],
): string {
  if (!agreed.flagged) return 'No';
  const reasons: string[] = [];
  if (agreed.basis === 'other') reasons.push("another profile than the members' lowest or average");
  const beyond = members.filter((member) => agreed.beyondCapacity.includes(member.memberId)).map(memberName);
  if (beyond.length > 0) reasons.push(`beyond the capacity for loss of ${beyond.join(' and ')}`);
  return reasons.length > 0 ? `Yes: ${reasons.join('; ')}` : 'Yes';
}
