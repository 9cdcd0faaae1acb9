import { describe, expect, it } from 'vitest';
import { loadAssessmentConfig } from './config';

describe('the assessment configuration', () => {
  it('applies the documented defaults', () => {
    expect(loadAssessmentConfig({})).toEqual({ ASSESSMENT_BODY_LIMIT: '64kb', TRUST_PROXY: false });
  });

  it('treats an empty variable as unset', () => {
    expect(loadAssessmentConfig({ ASSESSMENT_BODY_LIMIT: '' }).ASSESSMENT_BODY_LIMIT).toBe('64kb');
  });
});
