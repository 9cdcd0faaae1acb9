import { LINK_TOKEN_TTL_DAYS } from '@risk-profile/contracts';
import { env, loadConfig } from '@risk-profile/platform';
import { z } from 'zod';
import { MIN_LINK_TOKEN_SECRET_LENGTH } from './links/link-token-signer';

export const adviserConfigSchema = z.object({
  /** Seed the demo adviser (slug demo-adviser) on start. Default false; the local start sets true. */
  DEMO_DATA: env.bool(false),
  /**
   * HMAC-SHA256 key of questionnaire link tokens. Required, no default, at least 32 characters:
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
});

export type AdviserConfig = z.infer<typeof adviserConfigSchema>;

export function loadAdviserConfig(source: NodeJS.ProcessEnv = process.env): AdviserConfig {
  return loadConfig(adviserConfigSchema, source);
}
