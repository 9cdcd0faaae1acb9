import type { HouseholdProfileAgreedV1 } from '@risk-profile/contracts';
import type { NewDelivery } from '../delivery/deliveries';
import type {
  HouseholdConfirmationContent,
  HouseholdReportContent,
  HouseholdSnapshot,
} from './household-snapshot';
import { isErased } from './household-snapshot';

/**
 * What an agreement asks for: each member's own confirmation link, by email, or by SMS to a
 * member with only a mobile number (as questionnaire links go). A member whose assessment was
 * erased is asked nothing.
 */
export function planConfirmationRequests(
  event: HouseholdProfileAgreedV1,
  erased: ReadonlySet<string>,
): NewDelivery[] {
  const { members, ...agreement } = event.data;
  return members.flatMap((member): NewDelivery[] => {
    const recipient = member.email ?? member.phone;
    if (!recipient || erased.has(member.assessmentId.toLowerCase())) return [];
    const content: HouseholdConfirmationContent = {
      householdId: agreement.householdId,
      name: agreement.name,
      adviser: agreement.adviser,
      agreed: agreement.agreed,
      member,
    };
    return [
      {
        eventId: event.id,
        recipientRole: 'client',
        kind: member.email ? 'household-confirm-email' : 'household-confirm-sms',
        recipient,
        content,
        household: {
          householdId: agreement.householdId,
          memberId: member.memberId,
          memberAssessmentId: member.assessmentId,
        },
      },
    ];
  });
}

/**
 * What a confirmed household asks for: the report to the adviser, and to each member with an
 * email (a member with only a mobile number has it from the adviser), all from one snapshot.
 */
export function planHouseholdReports(eventId: string, household: HouseholdSnapshot): NewDelivery[] {
  const report = (memberId: string | null): HouseholdReportContent => ({ household, memberId });
  const toAdviser: NewDelivery = {
    eventId,
    recipientRole: 'adviser',
    kind: 'household-report',
    recipient: household.adviser.email,
    content: report(null),
    household: { householdId: household.householdId, memberId: null, memberAssessmentId: null },
  };
  const toMembers = household.members.flatMap((member): NewDelivery[] =>
    isErased(member) || !member.email
      ? []
      : [
          {
            eventId,
            recipientRole: 'client',
            kind: 'household-report',
            recipient: member.email,
            content: report(member.memberId),
            household: {
              householdId: household.householdId,
              memberId: member.memberId,
              memberAssessmentId: member.assessmentId,
            },
          },
        ],
  );
  return [toAdviser, ...toMembers];
}
