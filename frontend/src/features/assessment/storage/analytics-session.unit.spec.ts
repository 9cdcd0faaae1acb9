import { analyticsSessionIdSchema } from '@risk-profile/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyticsSessionId, parseSessionId, rotateAnalyticsSessionId } from './analytics-session';

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

describe('the analytics session id', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a UUIDv7 carrying the time it was made, kept for the tab until a new assessment', () => {
    const stored = new Map<string, string>();
    vi.stubGlobal('window', {
      sessionStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => stored.set(key, value),
      },
    });
    const before = Date.now();
    const id = analyticsSessionId();
    const after = Date.now();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const time = Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(after);
    expect(analyticsSessionIdSchema.safeParse(id).success).toBe(true);
    expect(analyticsSessionId()).toBe(id);
    const next = rotateAnalyticsSessionId();
    expect(next).not.toBe(id);
    expect(analyticsSessionId()).toBe(next);
  });
});
