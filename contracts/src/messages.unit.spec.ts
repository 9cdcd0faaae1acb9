import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';

// The product's exact wording of validation and error messages; these guard against drift.
describe('MESSAGES', () => {
  it('asks for the first unanswered question by number', () => {
    expect(MESSAGES.answerQuestion(7)).toBe('Please answer question 7 before proceeding.');
  });

  it.each([
    ['profileRequired', 'Please select your preferred Risk Profile.'],
    ['changeReasonRequired', 'Please explain why you feel this Risk Profile is more appropriate.'],
    ['contactRequired', 'Please enter either your email address or mobile number to continue.'],
    ['clientLoginEmail', 'Please enter a valid email address.'],
    ['adminLoginEmail', 'Please enter a valid email address'],
    ['invalidLink', 'The link appears to be invalid or expired. Please enter your details manually.'],
  ] as const)('%s reads exactly as specified', (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });

  it('never leaves the product placeholder in a message', () => {
    for (const value of Object.values(MESSAGES)) {
      const text = typeof value === 'function' ? value(1) : value;
      expect(text).not.toMatch(/[{}]/);
    }
  });
});
