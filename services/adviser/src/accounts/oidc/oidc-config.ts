import {
  oidcCallbackEndpoint,
  SSO_SIGN_IN_PAGES,
  type SsoSignInPage,
  type UserRole,
} from '@risk-profile/contracts';

/** The configuration keys single sign-on reads (a slice of the adviser service's config). */
export interface OidcConfigKeys {
  OIDC_ISSUER?: string | undefined;
  OIDC_CLIENT_ID?: string | undefined;
  OIDC_CLIENT_SECRET?: string | undefined;
  OIDC_EMAIL_VERIFIED_CLAIM?: string | undefined;
  SSO_ONLY_ROLES: readonly UserRole[];
  PUBLIC_URL?: string | undefined;
}

export interface OidcSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** The claim that must be true for the email to count as verified (`email_verified` by default). */
  emailVerifiedClaim: string;
  /** PUBLIC_URL/api/auth/oidc/callback, as registered at the provider. */
  redirectUri: string;
  /** Where the provider sends the browser after RP-initiated logout: the sign-in page it started from. */
  postLogoutRedirectUri: (page: SsoSignInPage) => string;
}

const OIDC_KEYS = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * What is wrong with the single sign-on keys: the three OIDC keys go together, the issuer is
 * https (plain http only on this machine, for tests and trials), the redirect URI needs
 * PUBLIC_URL, and SSO_ONLY_ROLES without a provider would lock those roles out.
 */
export function oidcConfigIssues(config: OidcConfigKeys): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  const set = OIDC_KEYS.filter((key) => config[key] !== undefined);
  if (set.length > 0 && set.length < OIDC_KEYS.length) {
    for (const key of OIDC_KEYS.filter((candidate) => config[candidate] === undefined)) {
      issues.push({ path: [key], message: `is required with ${set.join(' and ')} (single sign-on)` });
    }
  }
  if (config.OIDC_ISSUER) {
    const issuer = new URL(config.OIDC_ISSUER);
    if (
      issuer.protocol !== 'https:' &&
      !(issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname))
    ) {
      issues.push({ path: ['OIDC_ISSUER'], message: 'must be an https address (http only on localhost)' });
    }
    if (!config.PUBLIC_URL) {
      issues.push({
        path: ['PUBLIC_URL'],
        message: 'is required with single sign-on: the redirect URI is PUBLIC_URL/api/auth/oidc/callback',
      });
    }
  }
  if (config.SSO_ONLY_ROLES.length > 0 && !config.OIDC_ISSUER) {
    issues.push({
      path: ['SSO_ONLY_ROLES'],
      message: 'needs single sign-on configured (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET)',
    });
  }
  return issues;
}

/** The settings of single sign-on, or null when it is not configured. */
export function oidcSettings(config: OidcConfigKeys): OidcSettings | null {
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, PUBLIC_URL } = config;
  if (!OIDC_ISSUER || !OIDC_CLIENT_ID || !OIDC_CLIENT_SECRET || !PUBLIC_URL) return null;
  const base = PUBLIC_URL.replace(/\/+$/, '');
  return {
    issuer: new URL(OIDC_ISSUER),
    clientId: OIDC_CLIENT_ID,
    clientSecret: OIDC_CLIENT_SECRET,
    emailVerifiedClaim: config.OIDC_EMAIL_VERIFIED_CLAIM ?? 'email_verified',
    redirectUri: `${base}${oidcCallbackEndpoint.path}`,
    postLogoutRedirectUri: (page) => `${base}${SSO_SIGN_IN_PAGES[page]}`,
  };
}
