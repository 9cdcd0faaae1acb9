import { describe, expect, it } from 'vitest';
import {
  isLinkTokenExpired,
  LINK_TOKEN_TTL_DAYS,
  type LinkTokenPayload,
  linkTokenExpiry,
  linkTokenPayloadSchema,
} from './link-token';

const payload: LinkTokenPayload = {
  v: 1,
  name: "Zoë O'Brien 李雷 🙂",
  email: 'zoe@example.com',
  phone: '0412 345 678',
  adviserSlug: 'demo-adviser',
  linkId: '5f0c3b7e-2d4a-4c1e-9b8f-0a1b2c3d4e5f',
  exp: 1_800_000_000,
};

describe('link token payload', () => {
  it('accepts a full payload with non-ASCII characters, and a name-only one', () => {
    // A token issued before link ids were added has none, and still reads.
    expect(linkTokenPayloadSchema.parse(payload)).toEqual(payload);
    const minimal: LinkTokenPayload = { v: 1, name: 'Sam', exp: 1_800_000_000 };
    expect(linkTokenPayloadSchema.parse(minimal)).toEqual(minimal);
  });

  it.each([
    ['JSON that is not an object', [1, 2]],
    ['a missing name', { v: 1, exp: 1800000000 }],
    ['a blank name', { v: 1, name: '  ', exp: 1800000000 }],
    ['an unknown version', { v: 2, name: 'Sam', exp: 1800000000 }],
    ['a bad email', { v: 1, name: 'Sam', email: 'x', exp: 1800000000 }],
    ['a missing expiry', { v: 1, name: 'Sam' }],
    ['an empty link id', { v: 1, name: 'Sam', linkId: '', exp: 1800000000 }],
    ['an oversized link id', { v: 1, name: 'Sam', linkId: 'x'.repeat(65), exp: 1800000000 }],
  ])('refuses %s', (_, value) => {
    expect(linkTokenPayloadSchema.safeParse(value).success).toBe(false);
  });
});

describe('link token expiry', () => {
  const issuedAt = Date.UTC(2026, 0, 1);

  it(`expires ${LINK_TOKEN_TTL_DAYS} days after issue`, () => {
    expect(LINK_TOKEN_TTL_DAYS).toBe(14);
    expect(linkTokenExpiry(issuedAt)).toBe(Date.UTC(2026, 0, 15) / 1000);
  });

  it.each([
    [Date.UTC(2026, 0, 14, 23, 59, 59), false],
    [Date.UTC(2026, 0, 15), true],
    [Date.UTC(2026, 1, 1), true],
  ])('at %i is expired: %s', (now, expired) => {
    expect(isLinkTokenExpired({ v: 1, name: 'Sam', exp: linkTokenExpiry(issuedAt) }, now)).toBe(expired);
  });
});
