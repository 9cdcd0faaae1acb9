import { describe, expect, it } from 'vitest';
import { loadAssessmentConfig } from './config';

describe('the assessment configuration', () => {
  it('applies the documented defaults', () => {
    expect(loadAssessmentConfig({})).toEqual({
      ASSESSMENT_BODY_LIMIT: '64kb',
      TRUST_PROXY: false,
      SIGN_RATE_LIMIT_PER_HOUR: 30,
      ADVISER_URL: ['http://localhost:3002'],
    });
  });

  it('refuses a negative signing limit', () => {
    expect(() => loadAssessmentConfig({ SIGN_RATE_LIMIT_PER_HOUR: '-1' })).toThrow(
      /SIGN_RATE_LIMIT_PER_HOUR/,
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadAssessmentConfig({ ASSESSMENT_BODY_LIMIT: '' }).ASSESSMENT_BODY_LIMIT).toBe('64kb');
  });
});
