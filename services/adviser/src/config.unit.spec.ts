import { ConfigError } from '@risk-profile/platform';
import { describe, expect, it } from 'vitest';
import { loadAdviserConfig } from './config';

const SECRET = 's'.repeat(32);
const SESSION = 'k'.repeat(32);
const DATA_KEY = Buffer.alloc(32, 1).toString('base64');

describe('the adviser configuration', () => {
  it('applies the documented defaults', () => {
    expect(
      loadAdviserConfig({
        LINK_TOKEN_SECRET: SECRET,
        SESSION_SECRET: SESSION,
        HOUSEHOLD_ENCRYPTION_KEY: DATA_KEY,
      }),
    ).toEqual({
      DEMO_DATA: false,
      LINK_TOKEN_SECRET: SECRET,
      LINK_TOKEN_TTL_DAYS: 14,
      ADVISER_BODY_LIMIT: '16kb',
      TRUST_PROXY: false,
      SESSION_SECRET: SESSION,
      LOGIN_RATE_LIMIT_PER_MINUTE: 10,
      SHORT_LINK_RATE_LIMIT_PER_MINUTE: 20,
      HOUSEHOLD_CONFIRMATION_RATE_LIMIT_PER_MINUTE: 20,
      OIDC_EMAIL_VERIFIED_CLAIM: 'email_verified',
      SSO_ONLY_ROLES: [],
      HOUSEHOLD_ENCRYPTION_KEY: DATA_KEY,
    });
  });

  it('refuses demo data in production', () => {
    expect(() =>
      loadAdviserConfig({
        LINK_TOKEN_SECRET: SECRET,
        SESSION_SECRET: SESSION,
        HOUSEHOLD_ENCRYPTION_KEY: DATA_KEY,
        DEMO_DATA: 'true',
        NODE_ENV: 'production',
      }),
    ).toThrow(/DEMO_DATA: must be false in production/);
  });

  it.each([
    ['missing', {}],
    ['shorter than 32 characters', { LINK_TOKEN_SECRET: 's'.repeat(31) }],
  ])('fails fast when the link token secret is %s', (_, env) => {
    expect(() => loadAdviserConfig(env)).toThrow(ConfigError);
    expect(() => loadAdviserConfig(env)).toThrow(/LINK_TOKEN_SECRET/);
  });

  it('lists every bad key at once', () => {
    try {
      loadAdviserConfig({ DEMO_DATA: 'maybe', LINK_TOKEN_TTL_DAYS: '0' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).issues.map((issue) => issue.split(':')[0])).toEqual([
        'DEMO_DATA',
        'LINK_TOKEN_SECRET',
        'LINK_TOKEN_TTL_DAYS',
        'SESSION_SECRET',
        'HOUSEHOLD_ENCRYPTION_KEY',
      ]);
    }
  });
});
