import { describe, expect, it } from 'vitest';
import { loadAssessmentConfig } from './config';

describe('the assessment configuration', () => {
  it('applies the documented defaults', () => {
    expect(loadAssessmentConfig({})).toEqual({ ASSESSMENT_BODY_LIMIT: '64kb', TRUST_PROXY: 'loopback' });
  });

  it.each([
    ['false', false],
    ['1', 1],
    ['10.0.0.0/8, 172.16.0.0/12', '10.0.0.0/8, 172.16.0.0/12'],
  ])('reads TRUST_PROXY=%s as express expects it', (value, expected) => {
    expect(loadAssessmentConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('treats an empty variable as unset', () => {
    expect(loadAssessmentConfig({ ASSESSMENT_BODY_LIMIT: '' }).ASSESSMENT_BODY_LIMIT).toBe('64kb');
  });
});
