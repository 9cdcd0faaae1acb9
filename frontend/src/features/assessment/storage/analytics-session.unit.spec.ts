import { analyticsSessionIdSchema } from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { parseSessionId } from './analytics-session';

describe('parseSessionId', () => {
  it.each([
    '0b6f3c7e-2c55-4a53-9a55-2d1f0c1e7a10',
    'x',
    'x'.repeat(100),
    'x'.repeat(101),
    '',
    42,
    null,
    undefined,
    { id: 'x' },
  ])('accepts %j exactly when the analytics contract does', (value) => {
    const accepted = analyticsSessionIdSchema.safeParse(value).success;
    expect(parseSessionId(value)).toBe(accepted ? value : undefined);
  });
});
