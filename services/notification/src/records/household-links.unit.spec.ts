import { describe, expect, it } from 'vitest';
import { anonymousHouseholdName } from './household-links';

describe("an erased member's household's name", () => {
  it('is the household and its id in short, nothing a person typed', () => {
    expect(anonymousHouseholdName('3F2A9C1B-0000-4000-8000-000000000001')).toBe('Household 3f2a9c1b');
  });
});
