import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { regexes } from 'zod/v4/core';
import { EMAIL_PATTERN, isEmail } from './email';

describe('isEmail', () => {
  it("uses zod's own email pattern", () => {
    expect(EMAIL_PATTERN.source).toBe(regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(regexes.email.flags);
  });

  it.each([
    'jane@example.com',
    'jane.citizen+risk@mail.example.com.au',
    "o'brien@example.ie",
    'a@b.co',
    'jane@example',
    'jane@@example.com',
    '.jane@example.com',
    'jane..citizen@example.com',
    'jane@-example.com',
    'jane@example.c',
    ' jane@example.com',
    'jane citizen@example.com',
    '',
  ])('agrees with z.email() on %j', (value) => {
    expect(isEmail(value)).toBe(z.email().safeParse(value).success);
  });
});
