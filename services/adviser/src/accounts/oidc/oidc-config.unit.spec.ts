import { ConfigError } from '@risk-profile/platform';
import { describe, expect, it } from 'vitest';
import { loadAdviserConfig } from '../../config';
import { oidcSettings } from './oidc-config';

const BASE = {
  LINK_TOKEN_SECRET: 's'.repeat(32),
  SESSION_SECRET: 'k'.repeat(32),
  HOUSEHOLD_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
  PUBLIC_URL: 'https://advice.example.com/',
};
const OIDC = {
  OIDC_ISSUER: 'https://login.example.org/tenant/v2.0',
  OIDC_CLIENT_ID: 'risk-profile',
  OIDC_CLIENT_SECRET: 'a-client-secret',
};
const issuesOf = (source: Record<string, string>) => {
  try {
    loadAdviserConfig({ ...BASE, ...source });
    return '';
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
};

describe('the single sign-on configuration', () => {
  it('is off without OIDC_ISSUER, and then refuses SSO_ONLY_ROLES', () => {
    expect(oidcSettings(loadAdviserConfig(BASE))).toBeNull();
    expect(issuesOf({ SSO_ONLY_ROLES: 'admin' })).toMatch(/SSO_ONLY_ROLES: needs single sign-on configured/);
  });

  it('takes the three OIDC keys together, and names the ones missing', () => {
    const message = issuesOf({ OIDC_ISSUER: OIDC.OIDC_ISSUER });
    expect(message).toMatch(/OIDC_CLIENT_ID: is required with OIDC_ISSUER/);
    expect(message).toMatch(/OIDC_CLIENT_SECRET: is required with OIDC_ISSUER/);
  });

  it('wants an https issuer (http only on this machine) and PUBLIC_URL', () => {
    expect(issuesOf({ ...OIDC, OIDC_ISSUER: 'http://login.example.org' })).toMatch(
      /OIDC_ISSUER: must be an https/,
    );
    expect(issuesOf({ ...OIDC, OIDC_ISSUER: 'http://127.0.0.1:4000' })).toBe('');
    expect(() => loadAdviserConfig({ ...BASE, ...OIDC, PUBLIC_URL: undefined as unknown as string })).toThrow(
      /PUBLIC_URL: is required with single sign-on/,
    );
  });

  it('derives the redirect URI and the logout return pages from PUBLIC_URL, and reads the roles', () => {
    const config = loadAdviserConfig({ ...BASE, ...OIDC, SSO_ONLY_ROLES: 'admin, analyst' });
    expect(config.SSO_ONLY_ROLES).toEqual(['admin', 'analyst']);
    const settings = oidcSettings(config)!;
    expect(settings.redirectUri).toBe('https://advice.example.com/api/auth/oidc/callback');
    expect(settings.postLogoutRedirectUri('admin')).toBe('https://advice.example.com/admin/login');
    expect(issuesOf({ ...OIDC, SSO_ONLY_ROLES: 'admin,boss' })).toMatch(/SSO_ONLY_ROLES/);
  });
});
