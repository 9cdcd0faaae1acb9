import { describe, expect, it } from 'vitest';
import {
  LINK_EMAIL_REQUIRED_MESSAGE,
  LINK_PHONE_REQUIRED_MESSAGE,
  resolveShortLinkBodySchema,
  SHORT_LINK_CODE_ALPHABET,
  SHORT_LINK_CODE_LENGTH,
  sendQuestionnaireLinkBodySchema,
  shortLinkPath,
  verifiedLinkSchema,
  verifyQuestionnaireLinkBodySchema,
} from './questionnaire-links';

const base = { clientName: 'Jo Client', clientEmail: 'jo@example.com', clientPhone: '0412 345 678' };

describe('sendQuestionnaireLinkBodySchema', () => {
  it.each([
    [
      { ...base, method: 'email' },
      { ...base, method: 'email' },
    ],
    [
      { ...base, clientEmail: null, method: 'sms' },
      { ...base, clientEmail: null, method: 'sms' },
    ],
    [
      { clientName: '  Jo Client ', clientEmail: ' jo@example.com ', clientPhone: '', method: 'email' },
      { ...base, clientPhone: null, method: 'email' },
    ],
  ])('accepts %j', (body, parsed) => {
    expect(sendQuestionnaireLinkBodySchema.parse(body)).toEqual(parsed);
  });

  it.each([
    [{ ...base, clientEmail: null, method: 'email' }, 'clientEmail', LINK_EMAIL_REQUIRED_MESSAGE],
    [{ ...base, clientEmail: '', method: 'email' }, 'clientEmail', LINK_EMAIL_REQUIRED_MESSAGE],
    [{ ...base, clientPhone: null, method: 'sms' }, 'clientPhone', LINK_PHONE_REQUIRED_MESSAGE],
    [{ ...base, clientName: ' ', method: 'email' }, 'clientName', "Please enter the client's name."],
    [{ ...base, clientEmail: 'jo@', method: 'email' }, 'clientEmail', 'Please enter a valid email address.'],
    [
      { ...base, clientPhone: '+61 412 345', method: 'sms' },
      'clientPhone',
      'Please enter a valid mobile number.',
    ],
    [
      { ...base, clientPhone: '0412 345 6789', method: 'sms' },
      'clientPhone',
      'Please enter a valid mobile number.',
    ],
    [{ ...base, method: 'fax' }, 'method', expect.stringContaining('Invalid option')],
  ])('refuses %j at %s', (body, path, message) => {
    const issues = sendQuestionnaireLinkBodySchema.safeParse(body).error?.issues ?? [];
    expect(issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))).toEqual([
      { path, message },
    ]);
  });
});

describe('the client phone of a link', () => {
  // Only a mobile number can take an SMS: no emergency, premium-rate or landline number.
  it.each(['000', '1', '1900 123 456', '02 9876 5432', '0312 345 678', '0512 345 678', '4123 456 789'])(
    'refuses %j with the spec message',
    (clientPhone) => {
      const issues = sendQuestionnaireLinkBodySchema.safeParse({ ...base, clientPhone, method: 'sms' }).error
        ?.issues;
      expect(issues?.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))).toEqual([
        { path: 'clientPhone', message: 'Please enter a valid mobile number.' },
      ]);
    },
  );
});

describe('verifyQuestionnaireLinkBodySchema', () => {
  it.each([
    ['abc.def', true],
    ['', false],
    ['x'.repeat(2048), true],
    ['x'.repeat(2049), false],
  ])('token %s valid: %s', (token, valid) => {
    expect(verifyQuestionnaireLinkBodySchema.safeParse({ token }).success).toBe(valid);
  });
});

describe('verifiedLinkSchema', () => {
  it('carries nullable contact details and an ISO expiry', () => {
    const link = {
      name: 'Jo',
      email: null,
      phone: '0412 345 678',
      adviserSlug: 'demo-adviser',
      linkId: null,
      expiresAt: '2026-01-15T00:00:00.000Z',
    };
    expect(verifiedLinkSchema.parse(link)).toEqual(link);
    const withId = { ...link, linkId: '5f0c3b7e-2d4a-4c1e-9b8f-0a1b2c3d4e5f' };
    expect(verifiedLinkSchema.parse(withId)).toEqual(withId);
    expect(verifiedLinkSchema.safeParse({ ...link, expiresAt: 'next week' }).success).toBe(false);
  });
});

describe('a short link code', () => {
  it('is ten base62 characters', () => {
    expect(SHORT_LINK_CODE_LENGTH).toBe(10);
    expect(SHORT_LINK_CODE_ALPHABET).toHaveLength(62);
    expect(new Set(SHORT_LINK_CODE_ALPHABET).size).toBe(62);
    expect(resolveShortLinkBodySchema.parse({ code: 'aZ09bY18cX' })).toEqual({ code: 'aZ09bY18cX' });
    expect(shortLinkPath('aZ09bY18cX')).toBe('/l/aZ09bY18cX');
  });

  it.each([
    ['too short', 'aZ09bY18c', 'The link code is not valid.'],
    ['too long', 'aZ09bY18cX1', 'The link code is not valid.'],
    ['not base62', 'aZ09bY18c-', 'The link code is not valid.'],
    ['missing', undefined, 'The link code is missing.'],
  ])('is refused when %s', (_, code, message) => {
    expect(resolveShortLinkBodySchema.safeParse({ code }).error?.issues.map((i) => i.message)).toEqual([
      message,
    ]);
  });
});
