import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SignedContent } from '../domain/assessment.signed-content';
import { consistentResponses } from '../testing/fixtures';
import { canonicalJson } from './canonical-json';
import { signatureDigest } from './signature-digest';

const content: SignedContent = {
  assessmentId: '0b6b8f4e-8a53-4d0e-9a59-0d1b0a7f2c11',
  clientName: 'Zoë O\'Brien "Jo"',
  clientEmail: 'jo@example.com',
  clientPhone: null,
  responses: consistentResponses({ q1: 4, q10: 2 }),
  riskScore: 36,
  originalProfile: 'Balanced',
  selectedProfile: 'Growth',
  profileChangeReason: 'Long horizon.\nNo need for the money.',
  investmentExclusions: 'Tobacco',
  investmentPreferences: '',
  signedAt: '2026-01-10T09:05:00.000Z',
  ipAddress: '203.0.113.7',
  userAgent: 'Mozilla/5.0',
};

// Written out by hand: keys sorted at every level (q1, q10..q18, q2..q9), no whitespace, JSON escapes.
const EXPECTED =
  '{"assessmentId":"0b6b8f4e-8a53-4d0e-9a59-0d1b0a7f2c11","clientEmail":"jo@example.com",' +
  '"clientName":"Zoë O\'Brien \\"Jo\\"","clientPhone":null,"investmentExclusions":"Tobacco",' +
  '"investmentPreferences":"","ipAddress":"203.0.113.7","originalProfile":"Balanced",' +
  '"profileChangeReason":"Long horizon.\\nNo need for the money.",' +
  '"responses":{"q1":4,"q10":2,"q11":3,"q12":3,"q13":3,"q14":3,"q15":3,"q16":3,"q17":3,"q18":3,' +
  '"q2":3,"q3":3,"q4":3,"q5":3,"q6":3,"q7":3,"q8":3,"q9":3},' +
  '"riskScore":36,"selectedProfile":"Growth","signedAt":"2026-01-10T09:05:00.000Z","userAgent":"Mozilla/5.0"}';

describe('canonicalJson', () => {
  it('writes the signed content in the documented canonical form', () => {
    expect(canonicalJson({ ...content })).toBe(EXPECTED);
  });

  it('gives the same text whatever order the keys were built in', () => {
    expect(canonicalJson({ b: [2, { d: true, c: null }], a: 'x' })).toBe(
      '{"a":"x","b":[2,{"c":null,"d":true}]}',
    );
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('refuses %s, which JSON cannot represent', (value) => {
    expect(() => canonicalJson({ value })).toThrow(TypeError);
  });
});

describe('signatureDigest', () => {
  it('is the lowercase hex SHA-256 of the canonical JSON in UTF-8', () => {
    const expected = createHash('sha256').update(Buffer.from(EXPECTED, 'utf8')).digest('hex');
    expect(signatureDigest(content)).toBe(expected);
  });

  it('matches an independent recomputation, as an auditor would do it', () => {
    // Python: hashlib.sha256(json.dumps(content, sort_keys=True, separators=(',', ':'),
    // ensure_ascii=False).encode()).hexdigest()
    expect(signatureDigest(content)).toBe('6862832565eb791195405d5e6fc99e0ddea54c94ae786567a8ffb4c2d3baf5d8');
  });

  it('changes when anything signed changes', () => {
    expect(signatureDigest({ ...content, ipAddress: '203.0.113.8' })).not.toBe(signatureDigest(content));
    expect(signatureDigest({ ...content, responses: consistentResponses({ q1: 5, q10: 2 }) })).not.toBe(
      signatureDigest(content),
    );
  });
});
