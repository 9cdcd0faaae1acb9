import { describe, expect, it } from 'vitest';
import { signatureProblem } from './confirmation';

describe("a member's typed signature", () => {
  it('is asked for when blank, in the words of the contract', () => {
    expect(signatureProblem('token', '  ')).toBe('Please enter your full name to sign.');
  });

  it('will do when a name is typed', () => {
    expect(signatureProblem('token', 'Sam Lee')).toBeNull();
  });
});
