import { LINK_TOKEN_TTL_DAYS, userRoleSchema } from '@risk-profile/contracts';
import { env, loadConfig } from '@risk-profile/platform';
import { z } from 'zod';
import { parseRoleList } from './accounts/mfa/mfa-policy';
import { oidcConfigIssues } from './accounts/oidc/oidc-config';
import { MIN_LINK_TOKEN_SECRET_LENGTH } from './links/link-token-signer';

export const adviserConfigSchema = z
  .object({
    /** Seed the demo adviser (slug demo-adviser) on start. Default false; the local start sets true. */
    DEMO_DATA: env.bool(false),
    /**
     * Key of questionnaire link tokens (an AES-256-GCM key is derived from it). Required, no default, at least 32 characters:
     * the embedded start generates one and keeps it under ./data; production passes its own.
     */
    LINK_TOKEN_SECRET: z
      .string({ error: 'is required (at least 32 characters)' })
      .min(MIN_LINK_TOKEN_SECRET_LENGTH, `must be at least ${MIN_LINK_TOKEN_SECRET_LENGTH} characters`),
    /** Days a questionnaire link stays valid. Default 14. */
    LINK_TOKEN_TTL_DAYS: env.int(LINK_TOKEN_TTL_DAYS, 1),
    /** Largest accepted JSON body. Default 16kb (the largest body is a link token of at most 2 KB). */
    ADVISER_BODY_LIMIT: z.string().default('16kb'),
    /** Proxies trusted for the client address (docs/configuration.md). Default false: the peer. */
    TRUST_PROXY: env.trustProxy(),
    /** HS256 key of session cookies (the embedded start generates one; production passes its own). */
    SESSION_SECRET: env.sessionSecret(),
    /** The site's public address: an https one makes the session cookie Secure and __Host- prefixed. */
    PUBLIC_URL: z.url().optional(),
    /** Sign-in attempts per client IP per minute, on the two login endpoints together. */
    LOGIN_RATE_LIMIT_PER_MINUTE: env.int(10),
    /** Short link lookups (POST /api/questionnaire-links/resolve) per client IP per minute. */
    SHORT_LINK_RATE_LIMIT_PER_MINUTE: env.int(20),
    /** Household confirmation link lookups and confirmations (/api/household-confirmations) per client IP per minute. */
    HOUSEHOLD_CONFIRMATION_RATE_LIMIT_PER_MINUTE: env.int(20),
    /** Single sign-on (OpenID Connect): the provider's issuer; with the two below, or none of them. */
    OIDC_ISSUER: z.url().optional(),
    /** The product's client id at that provider. */
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    /** The product's client secret at that provider. */
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    /**
     * The claim that says the provider verified the email (true). Microsoft Entra ID sends no
     * `email_verified`; its optional claim `xms_edov` says the same of the email's domain.
     */
    OIDC_EMAIL_VERIFIED_CLAIM: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'must be a claim name')
      .default('email_verified'),
    /** Roles that sign in only through single sign-on: password sign-in refuses them. Default none. */
    SSO_ONLY_ROLES: env.list().pipe(z.array(userRoleSchema)),
    /**
     * Roles that must sign in with a second factor (comma-separated: admin, adviser, analyst; empty
     * for none). Default `admin,analyst` with NODE_ENV=production, none otherwise (mfa-policy.ts).
     */
    MFA_REQUIRED_ROLES: z
      .string()
      .optional()
      .refine(
        (value) => value === undefined || parseRoleList(value) !== null,
        'must be a comma-separated list of admin, adviser and analyst (or empty)',
      ),
    /**
     * Seals the TOTP secrets of second factors at rest (AES-256-GCM): base64 of 32 random bytes.
     * The embedded start generates one into DATA_DIR; required with NODE_ENV=production.
     */
    MFA_ENCRYPTION_KEY: env.optionalSecretKey(),
    /**
     * The master key (base64 of 32 random bytes) that wraps each household member's data key:
     * their names and contacts in the household's events are sealed under those (ADR 0028). Not
     * DATA_ENCRYPTION_KEY: this service holds no key to the assessments' data. The embedded start
     * generates one into DATA_DIR. Losing it makes every member's name and contact unreadable.
     */
    HOUSEHOLD_ENCRYPTION_KEY: env.masterKey(),
    /** "production" refuses demo data. */
    NODE_ENV: z.string().optional(),
  })
  .superRefine((config, context) => {
    if (config.NODE_ENV === 'production' && config.DEMO_DATA) {
      context.addIssue({
        code: 'custom',
        path: ['DEMO_DATA'],
        message: 'must be false in production (demo accounts have published passwords)',
      });
    }
    if (config.NODE_ENV === 'production' && !config.MFA_ENCRYPTION_KEY) {
      context.addIssue({
        code: 'custom',
        path: ['MFA_ENCRYPTION_KEY'],
        message: 'is required in production (base64 of 32 random bytes, e.g. `openssl rand -base64 32`)',
      });
    }
    for (const issue of oidcConfigIssues(config)) context.addIssue({ code: 'custom', ...issue });
  });

export type AdviserConfig = z.infer<typeof adviserConfigSchema>;

export function loadAdviserConfig(source: NodeJS.ProcessEnv = process.env): AdviserConfig {
  return loadConfig(adviserConfigSchema, source);
}
