import {
  CURRENT_QUESTIONNAIRE_VERSION,
  DEFAULT_DRAFT_RETENTION_DAYS,
  DEFAULT_RECORD_RETENTION_YEARS,
  isKnownQuestionnaireVersion,
  knownQuestionnaireVersions,
} from '@risk-profile/contracts';
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
  /**
   * Signings per client address per hour (0: no limit). Each signing emails a report to the
   * adviser and a copy to an address the signer typed, so it is limited where a draft is not.
   */
  SIGN_RATE_LIMIT_PER_HOUR: env.int(30),
  /**
   * The adviser service (distributed mode), asked whether a draft's adviser exists: a
   * comma-separated list of its instances, used in turn.
   */
  ADVISER_URL: env.urlList('http://localhost:3002'),
  /**
   * The master key (base64 of 32 random bytes) that wraps every assessment's data key: the
   * personal fields of stored events are encrypted under those. Required; the embedded start
   * generates one into DATA_DIR. Losing it makes every assessment's personal data unreadable.
   */
  DATA_ENCRYPTION_KEY: env.masterKey(),
  /** Unsigned drafts are erased this many days after they were made. */
  DRAFT_RETENTION_DAYS: env.int(DEFAULT_DRAFT_RETENTION_DAYS, 1),
  /** Signed records are erased this many years after signing. */
  RECORD_RETENTION_YEARS: env.int(DEFAULT_RECORD_RETENTION_YEARS, 1),
  /** How often the retention job looks for assessments to erase (default hourly); 0 turns it off. */
  RETENTION_SWEEP_INTERVAL_MS: env.int(60 * 60_000),
  /**
   * The questionnaire version clients answer (docs/questionnaire.md, "Versions"); default this
   * build's current one. Drafts and signings for any other version are refused with 409.
   */
  QUESTIONNAIRE_VERSION: env.int(CURRENT_QUESTIONNAIRE_VERSION, 1).refine(isKnownQuestionnaireVersion, {
    error: () => `must be a known questionnaire version (${knownQuestionnaireVersions().join(', ')})`,
  }),
});

export type AssessmentConfig = z.infer<typeof assessmentConfigSchema>;

export function loadAssessmentConfig(source: NodeJS.ProcessEnv = process.env): AssessmentConfig {
  return loadConfig(assessmentConfigSchema, source);
}

/**
 * The assessment process of the distributed mode checks the session cookie itself (a draft made
 * by a signed-in adviser is theirs), on the session state the adviser service keeps: the same
 * keys as the gateway's.
 */
export const assessmentProcessConfigSchema = assessmentConfigSchema.extend({
  SESSION_SECRET: env.sessionSecret(),
  PUBLIC_URL: z.url().optional(),
});
