import type { householdConfirmationSchema } from '@risk-profile/contracts';
import { type EventStore, httpError, type SqlExecutor } from '@risk-profile/platform';
import type { z } from 'zod';
import { HouseholdError, type HouseholdState } from '../household.decider';
import type { HouseholdConfirmSubject, HouseholdConfirmTokens } from '../household-confirm-token';
import { isExcluded, membersOf } from '../household-members';
import { readHousehold } from '../household-stream';

export const CONFIRM_LINK_INVALID_MESSAGE =
  'This confirmation link is not valid. Please open the link from your email exactly as it was sent.';
export const CONFIRM_LINK_EXPIRED_MESSAGE =
  'This confirmation link has expired. Please ask your adviser to agree the household profile again.';
export const CONFIRM_LINK_GONE_MESSAGE = 'This confirmation link is no longer available.';

type Confirmation = z.infer<typeof householdConfirmationSchema>;

/** The token's subject, or 400 for a token this service did not make or that has expired. */
export function confirmSubjectOf(tokens: HouseholdConfirmTokens, token: string): HouseholdConfirmSubject {
  const verified = tokens.verify(token);
  if (verified.ok) return verified.subject;
  throw httpError.badRequest(
    verified.reason === 'expired' ? CONFIRM_LINK_EXPIRED_MESSAGE : CONFIRM_LINK_INVALID_MESSAGE,
  );
}

/**
 * The household behind a token, refused (404) when its agreement was replaced or the member's
 * data has since been erased or restricted: nothing about them is shown or signed any more.
 */
export async function confirmingHousehold(
  deps: { sql: SqlExecutor; store: EventStore },
  subject: HouseholdConfirmSubject,
): Promise<Extract<HouseholdState, { status: 'agreed' | 'confirmed' }>> {
  const state = await readHousehold(deps.store, subject.householdId);
  if (state.status === 'none' || state.status === 'created')
    throw httpError.notFound(CONFIRM_LINK_GONE_MESSAGE);
  if (state.agreement.agreementId !== subject.agreementId) {
    throw new HouseholdError(
      'AGREEMENT_REPLACED',
      'Your adviser has changed the household profile since this link was sent. Please use the link in their latest email.',
    );
  }
  const members = await membersOf(deps.sql, [subject.householdId]);
  const member = members.find((m) => m.memberId === subject.memberId);
  if (!member || isExcluded(member)) throw httpError.notFound(CONFIRM_LINK_GONE_MESSAGE);
  return state;
}

/** What the member reads before confirming, from the agreement their link names. */
export function confirmationView(
  state: Extract<HouseholdState, { status: 'agreed' | 'confirmed' }>,
  memberId: string,
): Confirmation {
  const { agreement } = state;
  const member = agreement.members.find((m) => m.memberId === memberId);
  if (!member) throw httpError.notFound(CONFIRM_LINK_GONE_MESSAGE);
  return {
    householdName: agreement.name,
    memberName: member.name,
    adviserName: agreement.adviser.adviserName,
    companyName: agreement.adviser.companyName,
    ownProfile: member.profile,
    agreedProfile: agreement.agreed.profile,
    reason: agreement.agreed.reason,
    flagged: agreement.agreed.flagged,
    confirmedAt: state.confirmations[memberId]?.confirmedAt ?? null,
  };
}
