import { registerQuestionnaireV2Fixture } from '@risk-profile/contracts/testing';
import { describe, expect, it } from 'vitest';
import { loadAssessmentConfig } from './config';

const KEY = Buffer.alloc(32, 1).toString('base64');

describe('the assessment configuration', () => {
  it('applies the documented defaults', () => {
    expect(loadAssessmentConfig({ DATA_ENCRYPTION_KEY: KEY })).toEqual({
      ASSESSMENT_BODY_LIMIT: '64kb',
      TRUST_PROXY: false,
      SIGN_RATE_LIMIT_PER_HOUR: 30,
      ADVISER_URL: ['http://localhost:3002'],
      DATA_ENCRYPTION_KEY: KEY,
      DRAFT_RETENTION_DAYS: 90,
      RECORD_RETENTION_YEARS: 7,
      RETENTION_SWEEP_INTERVAL_MS: 3_600_000,
      QUESTIONNAIRE_VERSION: 1,
    });
  });

  it('takes a registered questionnaire version and refuses any other', () => {
    registerQuestionnaireV2Fixture();
    expect(
      loadAssessmentConfig({ DATA_ENCRYPTION_KEY: KEY, QUESTIONNAIRE_VERSION: '2' }).QUESTIONNAIRE_VERSION,
    ).toBe(2);
    expect(() => loadAssessmentConfig({ DATA_ENCRYPTION_KEY: KEY, QUESTIONNAIRE_VERSION: '99' })).toThrow(
      /QUESTIONNAIRE_VERSION: must be a known questionnaire version \(1, 2[,)]/,
    );
    expect(() => loadAssessmentConfig({ DATA_ENCRYPTION_KEY: KEY, QUESTIONNAIRE_VERSION: '0' })).toThrow(
      /QUESTIONNAIRE_VERSION/,
    );
  });

  it('requires a master key of 32 bytes', () => {
    expect(() => loadAssessmentConfig({})).toThrow(/DATA_ENCRYPTION_KEY: is required/);
    expect(() => loadAssessmentConfig({ DATA_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') })).toThrow(
      /DATA_ENCRYPTION_KEY: must be base64 of 32 random bytes/,
    );
    expect(() => loadAssessmentConfig({ DATA_ENCRYPTION_KEY: 'not base64 at all!' })).toThrow(
      /DATA_ENCRYPTION_KEY/,
    );
  });

  it('refuses a negative signing limit', () => {
    expect(() => loadAssessmentConfig({ DATA_ENCRYPTION_KEY: KEY, SIGN_RATE_LIMIT_PER_HOUR: '-1' })).toThrow(
      /SIGN_RATE_LIMIT_PER_HOUR/,
    );
  });

  it('treats an empty variable as unset', () => {
    expect(
      loadAssessmentConfig({ DATA_ENCRYPTION_KEY: KEY, ASSESSMENT_BODY_LIMIT: '' }).ASSESSMENT_BODY_LIMIT,
    ).toBe('64kb');
  });
});
