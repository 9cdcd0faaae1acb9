import { describe, expect, it } from 'vitest';
import { compareProfiles, PROFILE_NAMES, profileByName, profileForGroup, RISK_PROFILES } from './profiles';
import { profileNameSchema } from './profiles.schema';

describe('RISK_PROFILES', () => {
  it.each([
    [1, 'Conservative', 'about 1 in 20', 'down 2% to 8%', '3+ years', '70-80%', '20-30%'],
    [2, 'Moderately Conservative', '2 to 3 in 20', 'down 8% to 15%', '4 to 6 years', '50-60%', '40-50%'],
    [3, 'Balanced', '3 to 4 in 20', 'down 12% to 22%', '5 to 7 years', '30-40%', '60-70%'],
    [4, 'Growth', '4 to 5 in 20', 'down 18% to 30%', '7+ years', '20-30%', '70-80%'],
    [5, 'High Growth', '5 to 6 in 20', 'down 25% to 40%', '10+ years', '10-20%', '80-90%'],
  ] as const)(
    'group %i is %s with the specified figures',
    (group, name, negativeYears, badYear, minimumHorizon, defensive, growth) => {
      const profile = profileForGroup(group);
      expect(profile).toMatchObject({
        group,
        name,
        negativeYears,
        badYear,
        minimumHorizon,
        defensiveAllocation: defensive,
        growthAllocation: growth,
      });
      expect(profile.description.split('. ').length).toBeGreaterThanOrEqual(2);
      expect(profileByName(name)).toBe(profile);
    },
  );

  it('lists the profiles in group order', () => {
    expect(RISK_PROFILES.map((p) => p.name)).toEqual(PROFILE_NAMES);
  });

  it('validates profile names exactly', () => {
    expect(profileNameSchema.safeParse('High Growth').success).toBe(true);
    expect(profileNameSchema.safeParse('high growth').success).toBe(false);
  });
});

describe('compareProfiles', () => {
  it.each([
    ['Balanced', 'Balanced', 'same'],
    ['Growth', 'Balanced', 'higher'],
    ['High Growth', 'Conservative', 'higher'],
    ['Moderately Conservative', 'Balanced', 'lower'],
  ] as const)('%s chosen over %s is %s', (chosen, recommended, expected) => {
    expect(compareProfiles(chosen, recommended)).toBe(expected);
  });
});
