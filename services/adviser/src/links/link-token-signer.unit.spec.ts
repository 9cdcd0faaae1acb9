import { createHmac } from 'node:crypto';
import { LINK_TOKEN_MAX_LENGTH } from '@risk-profile/contracts';
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
  linkId: '5f0c3b7e-2d4a-4c1e-9b8f-0a1b2c3d4e5f',
};

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const hmac = (part: string, secret = SECRET) => createHmac('sha256', secret).update(part).digest('base64url');

describe('a link token signed now', () => {
  const token = createLinkTokenSigner(SECRET, clockAt(ISSUED)).sign(subject);

  it('is opaque: neither the token nor its decoded bytes show the details it carries', () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    const bytes = Buffer.from(token, 'base64url').toString('latin1');
    for (const text of [token, bytes, decodeURIComponent(token)]) {
      for (const detail of [
        'Jo Client',
        'Client',
        'jo@example.com',
        'example',
        '0412',
        'demo-adviser',
        '5f0c3b7e',
        'name',
      ]) {
        expect(text).not.toContain(detail);
      }
    }
  });

  it('differs each time the same details are signed', () => {
    expect(createLinkTokenSigner(SECRET, clockAt(ISSUED)).sign(subject)).not.toBe(token);
  });

  it('verifies until just before it expires, 14 days on', () => {
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
    expect(other.verify(token)).toEqual({ ok: false, reason: 'tampered' });
  });

  it('lasts the configured number of days', () => {
    const short = createLinkTokenSigner(SECRET, clockAt(ISSUED), { ttlDays: 2 }).sign(subject);
    const signerAt = (ms: number) => createLinkTokenSigner(SECRET, clockAt(new Date(ISSUED.getTime() + ms)));
    expect(signerAt(days(2) - 1000).verify(short)).toMatchObject({
      ok: true,
      link: { expiresAt: '2026-01-12T09:00:00.000Z' },
    });
    expect(signerAt(days(2)).verify(short)).toEqual({ ok: false, reason: 'expired' });
  });

  it('stays within the verify endpoint’s length limit with the longest details', () => {
    const longest = createLinkTokenSigner(SECRET, clockAt(ISSUED)).sign({
      name: 'N'.repeat(200),
      email: `${'e'.repeat(64)}@${'d'.repeat(180)}.com`,
      phone: '+'.padEnd(32, '9'),
      adviserSlug: 's'.repeat(64),
      linkId: 'l'.repeat(64),
    });
    expect(longest.length).toBeLessThanOrEqual(LINK_TOKEN_MAX_LENGTH);
  });
});

describe('a token with non-ASCII details', () => {
  it('gives them back exactly', () => {
    const signer = createLinkTokenSigner(SECRET, clockAt(ISSUED));
    const token = signer.sign({ name: "Zoë O'Brien 李雷 🙂", email: 'zoe@example.com' });
    expect(signer.verify(token)).toMatchObject({ ok: true, link: { name: "Zoë O'Brien 李雷 🙂" } });
  });
});

describe('a token with only a name and a phone', () => {
  it('verifies with the missing details as null', () => {
    const signer = createLinkTokenSigner(SECRET, clockAt(ISSUED));
    const token = signer.sign({ name: 'Jo Client', email: null, phone: '0412 345 678' });
    expect(signer.verify(token)).toMatchObject({
      ok: true,
      link: { name: 'Jo Client', email: null, phone: '0412 345 678', adviserSlug: null, linkId: null },
    });
  });
});

describe('a token issued before link ids', () => {
  it('verifies, with a null link id', () => {
    const signer = createLinkTokenSigner(SECRET, clockAt(ISSUED));
    const { linkId: _none, ...withoutId } = subject;
    expect(signer.verify(signer.sign(withoutId))).toEqual({
      ok: true,
      link: { ...withoutId, linkId: null, expiresAt: '2026-01-24T09:00:00.000Z' },
    });
  });
});

describe('a tampered or malformed token', () => {
  const signer = createLinkTokenSigner(SECRET, clockAt(ISSUED));
  const token = signer.sign(subject);
  const bytes = Buffer.from(token, 'base64url');
  const flipped = (index: number) => {
    const copy = Buffer.from(bytes);
    copy[index] = copy[index]! ^ 0x01;
    return copy.toString('base64url');
  };

  // The last character of a token whose length is not a multiple of 4 has unused low bits: setting
  // one spells the same bytes differently.
  const nonCanonical = () => {
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    let spelled = token;
    for (let extra = 1; spelled.length % 4 === 0; extra++)
      spelled = signer.sign({ ...subject, name: `Jo${'e'.repeat(extra)}` });
    const last = ALPHABET.indexOf(spelled.at(-1)!);
    const other = `${spelled.slice(0, -1)}${ALPHABET[last ^ 1]}`;
    expect(Buffer.from(other, 'base64url').equals(Buffer.from(spelled, 'base64url'))).toBe(true);
    return other;
  };

  it.each([
    ['a changed nonce', flipped(1)],
    ['a changed sealed byte', flipped(20)],
    ['a changed tag', flipped(bytes.length - 1)],
    ['a truncated tag', bytes.subarray(0, -1).toString('base64url')],
  ])('is refused for %s', (_, tampered) => {
    expect(signer.verify(tampered)).toEqual({ ok: false, reason: 'tampered' });
  });

  it.each([
    ['garbage', 'not a token'],
    ['an unknown format byte', flipped(0)],
    ['too short to be sealed', bytes.subarray(0, 20).toString('base64url')],
    ['a non-canonical spelling of its bytes', nonCanonical()],
    ['an oversized token', 'a'.repeat(3000)],
  ])('is refused as malformed for %s', (_, bad) => {
    expect(signer.verify(bad)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses a correctly signed token of the old, readable format', () => {
    const payload = base64url(JSON.stringify({ v: 1, ...subject, exp: ISSUED.getTime() / 1000 + 3600 }));
    expect(signer.verify(`${payload}.${hmac(payload)}`)).toEqual({ ok: false, reason: 'old-format' });
  });
});

describe('a secret', () => {
  it('is refused when shorter than 32 characters', () => {
    expect(() => createLinkTokenSigner('x'.repeat(31), clockAt(ISSUED))).toThrow(/at least 32/);
  });
});
