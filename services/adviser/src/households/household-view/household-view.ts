import {
  agreedProfileOptions,
  answerDifferences,
  type HouseholdConfirmedV1,
  type HouseholdStatus,
  type HouseholdView,
  householdFlags,
  QUESTION_SHORT_LABELS,
  type QuestionNumber,
  questionnaireVersion,
  versionQuestion,
} from '@risk-profile/contracts';
import type { HouseholdState } from '../household.decider';
import {
  type HouseholdRow,
  isReadyToAgree,
  isSigned,
  type MemberRow,
  type SignedMember,
} from '../household-members';

type Comparison = Pick<HouseholdConfirmedV1['data'], 'differences' | 'flags'>;

/** The answer a score stands for, in the words the member chose it from (their version's). */
function answerText(question: QuestionNumber, score: number, version: number): string {
  const { options, scoring } = versionQuestion(questionnaireVersion(version), question);
  return options[scoring.indexOf(score as (typeof scoring)[number])] ?? String(score);
}

/** The questions answered furthest apart and the flags, among the members who signed. */
export function compareMembers(signed: readonly SignedMember[]): Comparison {
  const versionOf = new Map(signed.map((member) => [member.memberId, member.questionnaireVersion]));
  return {
    differences: answerDifferences(signed).map((difference) => ({
      question: difference.question,
      label: QUESTION_SHORT_LABELS[difference.question as QuestionNumber],
      spread: difference.spread,
      answers: difference.answers.map((answer) => ({
        memberId: answer.memberId,
        score: answer.score,
        answer: answerText(
          difference.question as QuestionNumber,
          answer.score,
          versionOf.get(answer.memberId) ?? 1,
        ),
      })),
    })),
    flags: householdFlags(signed),
  };
}

export function householdStatus(
  members: readonly MemberRow[],
  agreement: { agreed: boolean; confirmed: boolean },
): HouseholdStatus {
  if (agreement.confirmed) return 'confirmed';
  if (agreement.agreed) return 'awaiting_confirmations';
  return isReadyToAgree(members) ? 'ready_to_agree' : 'awaiting_members';
}

/**
 * Every member side by side: a member whose data was erased shows only that; one whose
 * processing is restricted shows their name and status, not their results. The comparison and
 * the options exist once every other member has signed (at least two).
 */
export function householdView(
  household: HouseholdRow,
  members: readonly MemberRow[],
  state: HouseholdState,
  /** The link of a member added in person who has not started (see the view's inPersonUrl). */
  inPersonUrl: (member: MemberRow) => string | null = () => null,
): HouseholdView {
  const ready = isReadyToAgree(members);
  const signed = members.filter(isSigned);
  const comparison = ready ? compareMembers(signed) : { differences: [], flags: [] };
  const agreed = state.status === 'agreed' || state.status === 'confirmed' ? state : null;
  return {
    id: household.id,
    name: household.name,
    adviserSlug: household.adviserSlug,
    createdAt: household.createdAt.toISOString(),
    status: householdStatus(members, { agreed: agreed !== null, confirmed: state.status === 'confirmed' }),
    members: members.map((member) => {
      const shown = member.status !== 'restricted' && member.status !== 'erased';
      return {
        memberId: member.memberId,
        name: member.name,
        email: member.email,
        phone: member.phone,
        status: member.status,
        assessmentId: shown ? member.assessmentId : null,
        signedAt: shown ? (member.signedAt?.toISOString() ?? null) : null,
        riskScore: shown ? member.riskScore : null,
        riskGroup: shown ? member.riskGroup : null,
        recommendedProfile: shown ? member.recommendedProfile : null,
        profile: shown ? member.profile : null,
        capacityForLoss: shown ? member.capacityForLoss : null,
        maxGroupForCapacity: shown ? member.maxGroupForCapacity : null,
        confirmedAt: agreed?.confirmations[member.memberId]?.confirmedAt ?? null,
        inPersonUrl: member.status === 'link_sent' ? inPersonUrl(member) : null,
      };
    }),
    differences: comparison.differences,
    flags: comparison.flags,
    options: ready ? agreedProfileOptions(signed) : null,
    agreed: agreed?.agreement.agreed ?? null,
    confirmedAt: agreed?.confirmedAt ?? null,
  };
}
