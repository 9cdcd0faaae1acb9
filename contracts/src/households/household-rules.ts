import type { CapacityForLoss } from '../questionnaire/capacity';
import { MIN_REVIEW_REASON_LENGTH } from '../questionnaire/capacity';
import { PROFILE_NAMES, type ProfileName, profileByName, type RiskGroup } from '../questionnaire/profiles';
import type { AnswerScore, Responses } from '../questionnaire/responses';

/*
 * A household: two to six clients profiled together (docs/product-rules.md, "Households"). Each
 * member answers and signs alone; these rules compare the signed results and decide what the
 * adviser may record as the household's profile for joint money. Nothing here reads anything but
 * the members' own results, so every service recomputes the same comparison from its records.
 */

export const MIN_HOUSEHOLD_MEMBERS = 2;
export const MAX_HOUSEHOLD_MEMBERS = 6;

/** Chosen profiles this many groups apart or more are flagged for the adviser. */
export const PROFILES_APART_GROUPS = 2;

/** How many of the questions where the members' answers differ most the household view lists. */
export const DIFFERENCES_SHOWN = 5;

/** What the comparison needs of one member's signed assessment. */
export interface HouseholdMemberResult {
  memberId: string;
  name: string;
  /** The profile the member signed (recommended or chosen). */
  profile: ProfileName;
  capacityForLoss: CapacityForLoss;
  /** The highest group whose bad year the member's capacity for loss can bear. */
  maxGroupForCapacity: RiskGroup;
  /** The answer scores (1 to 5) the member gave, questions 1 to 17. */
  responses: Responses;
}

export const groupOfProfile = (profile: ProfileName): RiskGroup => profileByName(profile).group;
const profileOfGroup = (group: RiskGroup): ProfileName => PROFILE_NAMES[group - 1]!;

export interface AnswerDifference {
  question: number;
  /** The highest answer score minus the lowest, 1 to 4. */
  spread: number;
  answers: { memberId: string; score: AnswerScore }[];
}

/**
 * The questions (1 to 17: attitude, horizon and capacity; 18 is each member's guess at their own
 * group, compared through the profiles instead) whose answer scores are furthest apart, widest
 * first, then in question order; questions everyone answered alike are left out.
 */
export function answerDifferences(
  members: readonly Pick<HouseholdMemberResult, 'memberId' | 'responses'>[],
  shown = DIFFERENCES_SHOWN,
): AnswerDifference[] {
  const differences: AnswerDifference[] = [];
  for (let question = 1; question <= 17; question++) {
    const answers = members.flatMap((member) => {
      const score = member.responses[`q${question}` as keyof Responses];
      return score === undefined ? [] : [{ memberId: member.memberId, score }];
    });
    if (answers.length < 2) continue;
    const scores = answers.map((answer) => answer.score);
    const spread = Math.max(...scores) - Math.min(...scores);
    if (spread > 0) differences.push({ question, spread, answers });
  }
  return differences.sort((a, b) => b.spread - a.spread || a.question - b.question).slice(0, shown);
}

export type HouseholdFlag =
  | { id: 'profiles-apart'; message: string }
  | { id: 'capacity-below-profile'; memberId: string; otherMemberId: string; message: string };

/**
 * What the adviser must see before agreeing a profile: chosen profiles two or more groups apart,
 * and every member whose capacity for loss cannot bear the profile another member chose (joint
 * money invested at the other's profile would put the first beyond what they can afford to lose).
 */
export function householdFlags(members: readonly HouseholdMemberResult[]): HouseholdFlag[] {
  const flags: HouseholdFlag[] = [];
  if (members.length < 2) return flags;
  const groups = members.map((member) => groupOfProfile(member.profile));
  const lowest = members[groups.indexOf(Math.min(...groups) as RiskGroup)]!;
  const highest = members[groups.indexOf(Math.max(...groups) as RiskGroup)]!;
  const apart = Math.max(...groups) - Math.min(...groups);
  if (apart >= PROFILES_APART_GROUPS) {
    flags.push({
      id: 'profiles-apart',
      message: `${highest.name} chose ${highest.profile} and ${lowest.name} chose ${lowest.profile}: ${apart} groups apart.`,
    });
  }
  for (const member of members) {
    for (const other of members) {
      if (other === member || groupOfProfile(other.profile) <= member.maxGroupForCapacity) continue;
      flags.push({
        id: 'capacity-below-profile',
        memberId: member.memberId,
        otherMemberId: other.memberId,
        message: `${member.name}'s capacity for loss (${member.capacityForLoss}) can bear ${profileOfGroup(member.maxGroupForCapacity)} at most; ${other.name} chose ${other.profile}.`,
      });
    }
  }
  return flags;
}

/** Where an agreed profile comes from: the members' lowest, their average, or another. */
export type AgreedProfileBasis = 'lowest' | 'average' | 'other';

/** The two profiles an adviser can agree with a short reason. */
export function agreedProfileOptions(members: readonly Pick<HouseholdMemberResult, 'profile'>[]): {
  lowest: ProfileName;
  average: ProfileName;
} {
  if (members.length === 0) throw new RangeError('a household has members');
  const groups = members.map((member) => groupOfProfile(member.profile));
  const mean = groups.reduce((sum, group) => sum + group, 0) / groups.length;
  // Between two groups the average takes the more cautious one: joint money is invested for all.
  return {
    lowest: profileOfGroup(Math.min(...groups) as RiskGroup),
    average: profileOfGroup(Math.floor(mean) as RiskGroup),
  };
}

export const MAX_AGREED_REASON_LENGTH = 2000;
export const AGREED_REASON_REQUIRED_MESSAGE = "Please give the reason for the household's agreed profile.";
export const AGREED_OTHER_REASON_MESSAGE = `A profile other than the members' lowest or average needs a reason of at least ${MIN_REVIEW_REASON_LENGTH} characters.`;

export interface AgreedProfileDecision {
  basis: AgreedProfileBasis;
  /** Shown on the household record and report: another profile, or one beyond a member's capacity. */
  flagged: boolean;
  /** The members whose capacity for loss cannot bear the agreed profile. */
  beyondCapacity: string[];
}

/**
 * Checks an agreed profile against the members' signed results: any profile may be agreed, with a
 * reason; one other than the lowest or the average needs the longer reason that a two-group
 * override needs, and is flagged, as is one beyond any member's capacity for loss.
 */
export function decideAgreedProfile(
  members: readonly HouseholdMemberResult[],
  agreed: { profile: ProfileName; reason: string },
): { ok: true; decision: AgreedProfileDecision } | { ok: false; error: string } {
  const reason = agreed.reason.trim();
  if (reason === '') return { ok: false, error: AGREED_REASON_REQUIRED_MESSAGE };
  const options = agreedProfileOptions(members);
  const basis: AgreedProfileBasis =
    agreed.profile === options.lowest ? 'lowest' : agreed.profile === options.average ? 'average' : 'other';
  if (basis === 'other' && [...reason].length < MIN_REVIEW_REASON_LENGTH) {
    return { ok: false, error: AGREED_OTHER_REASON_MESSAGE };
  }
  const group = groupOfProfile(agreed.profile);
  const beyondCapacity = members
    .filter((member) => group > member.maxGroupForCapacity)
    .map((member) => member.memberId);
  return {
    ok: true,
    decision: { basis, flagged: basis === 'other' || beyondCapacity.length > 0, beyondCapacity },
  };
}
