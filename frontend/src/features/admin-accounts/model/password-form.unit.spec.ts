import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-form';

describe('passwordProblem', () => {
  it('asks for 12 characters and the same password twice', () => {
    expect(passwordProblem('short', 'short')).toEqual({
      password: 'The password must be at least 12 characters.',
    });
    expect(passwordProblem('long enough words', 'long enough word')).toEqual({
      confirmation: 'The two passwords do not match.',
    });
    expect(passwordProblem('long enough words', 'long enough words')).toEqual({});
  });
});
