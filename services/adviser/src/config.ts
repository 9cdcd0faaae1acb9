import { LINK_TOKEN_TTL_DAYS } from '@risk-profile/contracts';
import { env, loadConfig } from '@risk-profile/platform';
import { z } from 'zod';
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
  });

export type AdviserConfig = z.infer<typeof adviserConfigSchema>;

export function loadAdviserConfig(source: NodeJS.ProcessEnv = process.env): AdviserConfig {
  return loadConfig(adviserConfigSchema, source);
}
