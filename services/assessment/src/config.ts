import { env, loadConfig } from '@risk-profile/platform';
import { z } from 'zod';

export const assessmentConfigSchema = z.object({
  /** Largest accepted JSON body. Default 64kb: a full draft is about 5 KB, free text up to 5000 characters. */
  ASSESSMENT_BODY_LIMIT: z.string().default('64kb'),
  /**
   * Proxies trusted for the client address (docs/configuration.md). Default false: the peer. In
   * distributed mode "1" (the gateway in front), so the signing IP is the client's.
   */
  TRUST_PROXY: env.trustProxy(),
});

export type AssessmentConfig = z.infer<typeof assessmentConfigSchema>;

export function loadAssessmentConfig(source: NodeJS.ProcessEnv = process.env): AssessmentConfig {
  return loadConfig(assessmentConfigSchema, source);
}
