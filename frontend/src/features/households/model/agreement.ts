import {
  AGREED_OTHER_REASON_MESSAGE,
  AGREED_REASON_REQUIRED_MESSAGE,
  type AgreedProfileBasis,
  type AgreeHouseholdProfileBody,
  agreeHouseholdProfileBodySchema,
  groupOfProfile,
  type HouseholdView,
  MIN_REVIEW_REASON_LENGTH,
  PROFILE_NAMES,
  type ProfileName,
} from '@risk-profile/contracts';

/*
 * The agreement form: the members' lowest profile, their average, or another with the longer
 * reason. The service decides the same way (decideAgreedProfile); the page says it first.
 */

export type AgreementChoice = AgreedProfileBasis;

export interface AgreementOptions {
  lowest: ProfileName;
  average: ProfileName;
}

export interface AgreementValues {
  choice: AgreementChoice | null;
  /** The profile picked under "Another profile". */
  otherProfile: ProfileName | null;
  reason: string;
}

export const emptyAgreement = (): AgreementValues => ({ choice: null, otherProfile: null, reason: '' });

export const CHOOSE_PROFILE_MESSAGE = "Please choose the household's profile.";
export const CHOOSE_OTHER_PROFILE_MESSAGE = 'Please choose the other profile.';

export interface AgreementChoiceOption {
  value: AgreementChoice;
  label: string;
  description: string;
}

const LOWEST_DESCRIPTION = "The most cautious member's profile.";
const AVERAGE_DESCRIPTION = "Between the members' profiles; between two, the more cautious.";

/** The radio choices: one for the lowest and the average when they are the same profile. */
export function agreementChoices(options: AgreementOptions): AgreementChoiceOption[] {
  const other: AgreementChoiceOption = {
    value: 'other',
    label: 'Another profile',
    description: `Flagged on the record and report, with a reason of at least ${MIN_REVIEW_REASON_LENGTH} characters.`,
  };
  if (options.lowest === options.average) {
    return [
      { value: 'lowest', label: `Lowest and average: ${options.lowest}`, description: LOWEST_DESCRIPTION },
      other,
    ];
  }
  return [
    { value: 'lowest', label: `Lowest: ${options.lowest}`, description: LOWEST_DESCRIPTION },
    { value: 'average', label: `Average: ${options.average}`, description: AVERAGE_DESCRIPTION },
    other,
  ];
}

/** What "Another profile" offers: every profile but the lowest and the average. */
export const otherProfiles = (options: AgreementOptions): ProfileName[] =>
  PROFILE_NAMES.filter((profile) => profile !== options.lowest && profile !== options.average);

export function chosenProfile(values: AgreementValues, options: AgreementOptions): ProfileName | null {
  switch (values.choice) {
    case 'lowest':
      return options.lowest;
    case 'average':
      return options.average;
    case 'other':
      return values.otherProfile;
    case null:
      return null;
  }
}

/** The basis the service records for a profile: as decideAgreedProfile names it. */
export function basisOf(profile: ProfileName, options: AgreementOptions): AgreedProfileBasis {
  if (profile === options.lowest) return 'lowest';
  return profile === options.average ? 'average' : 'other';
}

/** The reason's length as the rule counts it: characters, not UTF-16 units, without the edges' spaces. */
export const reasonLength = (reason: string): number => [...reason.trim()].length;

export interface AgreementErrors {
  choice?: string;
  reason?: string;
}

export type AgreementCheck =
  | { ok: true; body: AgreeHouseholdProfileBody; basis: AgreedProfileBasis }
  | { ok: false; errors: AgreementErrors };

/** The form checked as the service checks it: the request's schema, then the longer reason for another. */
export function checkAgreement(values: AgreementValues, options: AgreementOptions): AgreementCheck {
  const errors: AgreementErrors = {};
  const profile = chosenProfile(values, options);
  if (values.choice === null) errors.choice = CHOOSE_PROFILE_MESSAGE;
  else if (profile === null) errors.choice = CHOOSE_OTHER_PROFILE_MESSAGE;
  const parsed = agreeHouseholdProfileBodySchema.shape.reason.safeParse(values.reason);
  const reason = parsed.success ? parsed.data : null;
  if (!parsed.success) errors.reason = parsed.error.issues[0]?.message ?? AGREED_REASON_REQUIRED_MESSAGE;
  else if (profile !== null && basisOf(profile, options) === 'other') {
    if (reasonLength(parsed.data) < MIN_REVIEW_REASON_LENGTH) errors.reason = AGREED_OTHER_REASON_MESSAGE;
  }
  if (profile === null || reason === null || errors.choice || errors.reason) return { ok: false, errors };
  return { ok: true, body: { profile, reason }, basis: basisOf(profile, options) };
}

type Member = HouseholdView['members'][number];

/** The members whose capacity for loss cannot bear `profile` (the service flags such an agreement). */
export function membersBeyondCapacity(members: readonly Member[], profile: ProfileName): Member[] {
  const group = groupOfProfile(profile);
  return members.filter(
    (member) => member.maxGroupForCapacity !== null && group > member.maxGroupForCapacity,
  );
}
