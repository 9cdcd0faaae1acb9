import { describe, expect, it } from 'vitest';
import {
  decodeLinkTokenPayload,
  encodeLinkTokenPayload,
  isLinkTokenExpired,
  LINK_TOKEN_TTL_DAYS,
  type LinkTokenPayload,
  linkTokenExpiry,
  splitLinkToken,
} from './link-token';

const payload: LinkTokenPayload = {
  v: 1,
  name: "Zoë O'Brien 李雷 🙂",
  email: 'zoe@example.com',
  phone: '0412 345 678',
  adviserSlug: 'demo-adviser',
  exp: 1_800_000_000,
};

const token = (payloadPart: string) => `${payloadPart}.c2lnbmF0dXJl`;

describe('link token payload', () => {
  it('round-trips a payload with non-ASCII characters', () => {
    const encoded = encodeLinkTokenPayload(payload);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeLinkTokenPayload(token(encoded))).toEqual(payload);
  });

  it('round-trips a name-only payload', () => {
    const minimal: LinkTokenPayload = { v: 1, name: 'Sam', exp: 1_800_000_000 };
    expect(decodeLinkTokenPayload(token(encodeLinkTokenPayload(minimal)))).toEqual(minimal);
  });

  it('encodes as base64url of UTF-8 JSON without padding, as Node reads it', () => {
    const encoded = encodeLinkTokenPayload({ v: 1, name: 'Zoë', exp: 1 });
    expect(encoded).toBe(Buffer.from('{"v":1,"name":"Zoë","exp":1}', 'utf8').toString('base64url'));
    expect(encoded).not.toContain('=');
  });

  it('refuses to encode an invalid payload', () => {
    expect(() => encodeLinkTokenPayload({ ...payload, name: '' })).toThrow();
    expect(() => encodeLinkTokenPayload({ ...payload, email: 'not-an-email' })).toThrow();
  });

  const base64url = (text: string) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(text)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');

  it.each([
    ['an empty token', ''],
    ['no signature', encodeLinkTokenPayload(payload)],
    ['an empty signature', `${encodeLinkTokenPayload(payload)}.`],
    ['three parts', `${encodeLinkTokenPayload(payload)}.a.b`],
    ['characters outside base64url', token('eyJ2Ijox+fQ')],
    ['an impossible base64 length', token('abcde')],
    ['bytes that are not UTF-8', token('_-8')],
    ['text that is not JSON', token(base64url('hello'))],
    ['JSON that is not an object', token(base64url('[1,2]'))],
    ['a missing name', token(base64url('{"v":1,"exp":1800000000}'))],
    ['a blank name', token(base64url('{"v":1,"name":"  ","exp":1800000000}'))],
    ['an unknown version', token(base64url('{"v":2,"name":"Sam","exp":1800000000}'))],
    ['a bad email', token(base64url('{"v":1,"name":"Sam","email":"x","exp":1800000000}'))],
    ['a missing expiry', token(base64url('{"v":1,"name":"Sam"}'))],
    ['an oversized token', token('a'.repeat(5000))],
  ])('reads nothing from %s', (_, garbage) => {
    expect(decodeLinkTokenPayload(garbage)).toBeUndefined();
  });

  it('splits a token into its payload and signature parts', () => {
    expect(splitLinkToken('abc.def')).toEqual({ payload: 'abc', signature: 'def' });
    expect(splitLinkToken('abc')).toBeUndefined();
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
