import { describe, expect, it } from 'vitest';
import { adviserSlugSchema } from './advisers';
import { RESERVED_SEGMENTS } from './reserved-segments';

describe('adviserSlugSchema', () => {
  it.each(['demo-adviser', 'ab', 'harbour-wealth-2', '007', 'a'.repeat(64), 'admins', 'api-team'])(
    'accepts %s',
    (slug) => {
      expect(adviserSlugSchema.parse(slug)).toBe(slug);
    },
  );

  it.each([
    ['a', 'An adviser page name must be 2 to 64 characters.'],
    ['a'.repeat(65), 'An adviser page name must be 2 to 64 characters.'],
    ['Demo-Adviser', 'may contain only lowercase letters'],
    ['demo_adviser', 'may contain only lowercase letters'],
    ['-demo', 'may contain only lowercase letters'],
    ['demo-', 'may contain only lowercase letters'],
    ['demo--adviser', 'may contain only lowercase letters'],
    ['demo adviser', 'may contain only lowercase letters'],
    ['démo', 'may contain only lowercase letters'],
  ])('refuses %s', (slug, message) => {
    const result = adviserSlugSchema.safeParse(slug);
    expect(result.error?.issues[0]?.message).toContain(message);
  });

  it.each(RESERVED_SEGMENTS)('refuses the reserved segment %s', (slug) => {
    expect(adviserSlugSchema.safeParse(slug).error?.issues[0]?.message).toBe(
      'This name is reserved by the site and cannot be an adviser page.',
    );
  });

  it('reserves exactly the segments the site uses', () => {
    expect([...RESERVED_SEGMENTS].sort()).toEqual(
      [
        'account',
        'admin',
        'adviser',
        'analyst',
        'api',
        'assessment',
        'household-confirm',
        'login',
        'privacy',
        'register',
        'security',
        'set-password',
      ].sort(),
    );
  });
});
