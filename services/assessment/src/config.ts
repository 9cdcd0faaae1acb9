import { loadConfig } from '@risk-profile/platform';
import { z } from 'zod';

/**
 * express "trust proxy": 'true'/'false', a hop count, or addresses/subnets (comma-separated).
 * It decides whose address `req.ip`, and so the recorded signing IP, is.
 */
export const trustProxySchema = z
  .string()
  .default('loopback')
  .transform((value): boolean | number | string => {
    if (value === 'true' || value === 'false') return value === 'true';
    return /^\d+$/.test(value) ? Number(value) : value;
  });

export const assessmentConfigSchema = z.object({
  /** Largest accepted JSON body. Default 64kb: a full draft is about 5 KB, free text up to 5000 characters. */
  ASSESSMENT_BODY_LIMIT: z.string().default('64kb'),
  /**
   * Proxies trusted for the client address. Default 'loopback' (the embedded gateway or one on
   * the same host). In distributed mode set the gateway's address or subnet, so the signing IP is
   * the client's (from the gateway's X-Forwarded-For) and cannot be forged by the client.
   */
  TRUST_PROXY: trustProxySchema,
});

export type AssessmentConfig = z.infer<typeof assessmentConfigSchema>;

export function loadAssessmentConfig(source: NodeJS.ProcessEnv = process.env): AssessmentConfig {
  return loadConfig(assessmentConfigSchema, source);
}
