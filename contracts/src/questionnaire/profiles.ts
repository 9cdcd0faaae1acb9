/** The five profiles, in group order: group 1 is the first name, group 5 the last. */
export const PROFILE_NAMES = [
  'Conservative',
  'Moderately Conservative',
  'Balanced',
  'Growth',
  'High Growth',
] as const;

export type ProfileName = (typeof PROFILE_NAMES)[number];

export type RiskGroup = 1 | 2 | 3 | 4 | 5;

/** What a client agrees to when choosing a profile other than the recommended one (the page and the report). */
export const RISK_ACKNOWLEDGEMENT_STATEMENT =
  'I understand the risks of choosing a Risk Profile different from the one recommended for me, including the possibility of larger losses or lower returns, and I accept responsibility for this choice.';

export interface RiskProfile {
  group: RiskGroup;
  name: ProfileName;
  description: string;
  /** How often a year ends with a loss, e.g. 'about 1 in 20'. */
  negativeYears: string;
  /** The range of a bad year's fall, e.g. 'down 2% to 8%'. */
  badYear: string;
  minimumHorizon: string;
  defensiveAllocation: string;
  /** The complement of the defensive allocation. */
  growthAllocation: string;
}

// Figures are the profile table of docs/product-rules.md, word for word.
export const RISK_PROFILES: readonly RiskProfile[] = [
  {
    group: 1,
    name: 'Conservative',
    description:
      'You put protecting the value of your money ahead of growing it. A Conservative portfolio holds mostly cash and fixed interest, so its value should move only a little from year to year, and its long-term returns are expected to be modest and may only just keep pace with inflation.',
    negativeYears: 'about 1 in 20',
    badYear: 'down 2% to 8%',
    minimumHorizon: '3+ years',
    defensiveAllocation: '70-80%',
    growthAllocation: '20-30%',
  },
  {
    group: 2,
    name: 'Moderately Conservative',
    description:
      'You want some growth but are cautious about falls in value. A Moderately Conservative portfolio holds a little more in defensive assets such as cash and fixed interest than in growth assets such as shares and property. You should expect occasional small losses in exchange for returns somewhat above those of cash.',
    negativeYears: '2 to 3 in 20',
    badYear: 'down 8% to 15%',
    minimumHorizon: '4 to 6 years',
    defensiveAllocation: '50-60%',
    growthAllocation: '40-50%',
  },
  {
    group: 3,
    name: 'Balanced',
    description:
      'You want a balance between growing your money and limiting falls in its value. A Balanced portfolio holds mostly growth assets such as shares and property, with a meaningful share in cash and fixed interest to soften falls. You should expect some years with losses and be prepared to stay invested through them.',
    negativeYears: '3 to 4 in 20',
    badYear: 'down 12% to 22%',
    minimumHorizon: '5 to 7 years',
    defensiveAllocation: '30-40%',
    growthAllocation: '60-70%',
  },
  {
    group: 4,
    name: 'Growth',
    description:
      'Your main goal is long-term growth, and you accept that the value of your investments will rise and fall along the way. A Growth portfolio holds mostly shares and property, so losses in some years are to be expected, and it suits money you will not need for at least seven years.',
    negativeYears: '4 to 5 in 20',
    badYear: 'down 18% to 30%',
    minimumHorizon: '7+ years',
    defensiveAllocation: '20-30%',
    growthAllocation: '70-80%',
  },
  {
    group: 5,
    name: 'High Growth',
    description:
      'You aim for the highest long-term returns and accept large and sometimes prolonged falls in value to pursue them. A High Growth portfolio is invested almost entirely in shares and property, so its value can swing widely from year to year. It suits money you will not need for at least ten years.',
    negativeYears: '5 to 6 in 20',
    badYear: 'down 25% to 40%',
    minimumHorizon: '10+ years',
    defensiveAllocation: '10-20%',
    growthAllocation: '80-90%',
  },
];

// `profiles` is a questionnaire version's table (versions.ts); names never change between versions.
export function profileForGroup(
  group: RiskGroup,
  profiles: readonly RiskProfile[] = RISK_PROFILES,
): RiskProfile {
  const profile = profiles[group - 1];
  if (profile === undefined) throw new RangeError(`No risk profile for group ${String(group)}`);
  return profile;
}

export function profileByName(
  name: ProfileName,
  profiles: readonly RiskProfile[] = RISK_PROFILES,
): RiskProfile {
  const profile = profiles.find((candidate) => candidate.name === name);
  if (profile === undefined) throw new RangeError(`No risk profile named ${name}`);
  return profile;
}

export type ProfileComparison = 'same' | 'higher' | 'lower';

/** Where the client's chosen profile sits relative to the recommended one ('higher' means more risk). */
export function compareProfiles(chosen: ProfileName, recommended: ProfileName): ProfileComparison {
  const difference = profileByName(chosen).group - profileByName(recommended).group;
  if (difference === 0) return 'same';
  return difference > 0 ? 'higher' : 'lower';
}
