import { createHmac } from 'node:crypto';
import { decodeLinkTokenPayload } from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { createLinkTokenSigner } from './link-token-signer';

const SECRET = 'unit-test-link-token-secret-0123456789';
const ISSUED = new Date('2026-01-10T09:00:00.000Z');
const clockAt = (date: Date) => () => date;
const days = (n: number) => n * 24 * 60 * 60 * 1000;

const subject = {
  name: 'Jo Client',
  email: 'jo@example.com',
  phone: '0412 345 678',
  adviserSlug: 'demo-adviser',
};

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const hmac = (part: string, secret = SECRET) => createHmac('sha256', secret).update(part).digest('base64url');

describe('a link token signed now', () => {
  const token = createLinkTokenSigner(SECRET, clockAt(ISSUED)).sign(subject);

  it('carries the details readably, for the page, with an expiry 14 days on', () => {
    expect(decodeLinkTokenPayload(token)).toEqual({
      v: 1,
      ...subject,
      exp: (ISSUED.getTime() + days(14)) / 1000,
    });
  });

  it('is the payload part and the HMAC-SHA256 of that part, both base64url', () => {
    const [payload, signature] = token.split('.');
    expect(signature).toBe(hmac(payload!));
  });

  it('verifies until just before it expires', () => {
    const later = createLinkTokenSigner(SECRET, clockAt(new Date(ISSUED.getTime() + days(14) - 1000)));
    expect(later.verify(token)).toEqual({
      ok: true,
      link: { ...subject, expiresAt: '2026-01-24T09:00:00.000Z' },
    });
  });

  it('is expired at its expiry', () => {
    const expired = createLinkTokenSigner(SECRET, clockAt(new Date(ISSUED.getTime() + days(14))));
    expect(expired.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('is refused under another secret', () => {
    const other = createLinkTokenSigner(`${SECRET}-rotated`, clockAt(ISSUED));
    expect(other.verify(token)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('lasts the configured number of days', () => {
    const short = createLinkTokenSigner(SECRET, clockAt(ISSUED), { ttlDays: 2 }).sign(subject);
    expect(decodeLinkTokenPayload(short)?.exp).toBe((ISSUED.getTime() + days(2)) / 1000);
  });
});

describe('a token with only a name and a phone', () => {
  it('verifies with the missing details as null', () => {
    const signer = createLinkTokenSigner(SECRET, clockAt(ISSUED));
    const token = signer.sign({ name: 'Jo Client', email: null, phone: '0412 345 678' });
    expect(signer.verify(token)).toMatchObject({
      ok: true,
      link: { name: 'Jo Client', email: null, phone: '0412 345 678', adviserSlug: null },
    });
  });
});

describe('a tampered or malformed token', () => {
  const signer = createLinkTokenSigner(SECRET, clockAt(ISSUED));
  const token = signer.sign(subject);
  const [payload, signature] = token.split('.') as [string, string];
  const exp = (ISSUED.getTime() + days(14)) / 1000;

  it.each([
    [
      'another name in the payload',
      `${base64url(JSON.stringify({ v: 1, ...subject, name: 'Mallory', exp }))}.${signature}`,
    ],
    [
      'a later expiry',
      `${base64url(JSON.stringify({ v: 1, ...subject, exp: exp + days(365) / 1000 }))}.${signature}`,
    ],
    ['a changed signature', `${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`],
    ['a truncated signature', `${payload}.${signature.slice(0, -1)}`],
  ])('is refused for %s', (_, tampered) => {
    expect(signer.verify(tampered)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it.each([
    ['garbage', 'not a token'],
    ['no signature part', payload],
    ['three parts', `${token}.extra`],
    ['an oversized token', `${'a'.repeat(3000)}.${signature}`],
  ])('is refused as malformed for %s', (_, bad) => {
    expect(signer.verify(bad)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('is refused as malformed when a correctly signed payload is not the contract shape', () => {
    const odd = base64url(JSON.stringify({ v: 2, name: 'Jo', exp }));
    expect(signer.verify(`${odd}.${hmac(odd)}`)).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('a secret', () => {
  it('is refused when shorter than 32 characters', () => {
    expect(() => createLinkTokenSigner('x'.repeat(31), clockAt(ISSUED))).toThrow(/at least 32/);
  });
});
