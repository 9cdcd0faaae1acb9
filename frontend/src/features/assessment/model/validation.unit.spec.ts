import { MESSAGES } from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { middleResponses } from '../testing/fixtures';
import {
  type ClientDetails,
  hasNameAndContact,
  validateClientDetails,
  validateProfileChoice,
  validateQuestionnaire,
} from './validation';

const client = (overrides: Partial<ClientDetails>): ClientDetails => ({
  name: '',
  email: '',
  phone: '',
  ...overrides,
});

describe('validateClientDetails', () => {
  it.each<[string, Partial<ClientDetails>, { field: string; message: string } | null]>([
    ['nothing: the name comes first', {}, { field: 'name', message: MESSAGES.nameRequired }],
    ['a blank name', { name: '   ', email: 'a@b.co' }, { field: 'name', message: MESSAGES.nameRequired }],
    ['a name without contact', { name: 'Jane' }, { field: 'email', message: MESSAGES.contactRequired }],
    [
      'an invalid email',
      { name: 'Jane', email: 'jane@' },
      { field: 'email', message: 'Please enter a valid email address.' },
    ],
    [
      'a short mobile number',
      { name: 'Jane', phone: '0412 345' },
      { field: 'phone', message: 'Please enter a valid mobile number.' },
    ],
    ['a name and email', { name: 'Jane', email: 'jane@example.com' }, null],
    ['a name and mobile', { name: 'Jane', phone: '0412 345 678' }, null],
  ])('%s', (_, details, expected) => {
    expect(validateClientDetails(client(details))).toEqual(expected);
  });
});

describe('hasNameAndContact', () => {
  it.each<[Partial<ClientDetails>, boolean]>([
    [{ name: 'Jane' }, false],
    [{ email: 'jane@example.com' }, false],
    [{ name: 'Jane', email: 'j' }, true],
    [{ name: 'Jane', phone: '04' }, true],
  ])('%o gives %s', (details, expected) => {
    expect(hasNameAndContact(client(details))).toBe(expected);
  });
});

describe('validateQuestionnaire', () => {
  it('names the first unanswered question before anything else', () => {
    const { q5: _five, q2: _two, ...responses } = middleResponses();
    const issue = { id: 'x', title: 't', explanation: 'e', suggestion: 's', questions: [1, 9] };
    expect(validateQuestionnaire(responses, [issue])).toEqual({
      kind: 'unanswered',
      question: 2,
      message: 'Please answer question 2 before proceeding.',
    });
  });

  it('asks for inconsistencies to be resolved once everything is answered', () => {
    const issue = { id: 'x', title: 't', explanation: 'e', suggestion: 's', questions: [1, 9] };
    expect(validateQuestionnaire(middleResponses(), [issue])).toEqual({
      kind: 'inconsistent',
      message: 'Please resolve the highlighted inconsistencies before proceeding to results.',
    });
  });

  it('passes complete, consistent answers', () => {
    expect(validateQuestionnaire(middleResponses(), [])).toBeNull();
  });
});

describe('validateProfileChoice', () => {
  const choice = { selectedProfile: null, changeReason: '', riskAcknowledged: false };

  it.each<[string, Parameters<typeof validateProfileChoice>[0], string | null]>([
    ['no profile chosen', choice, 'Please select your preferred Risk Profile.'],
    ['the recommended profile, nothing else needed', { ...choice, selectedProfile: 'Balanced' }, null],
    [
      'a different profile without a reason',
      { ...choice, selectedProfile: 'Growth', riskAcknowledged: true },
      'Please explain why you feel this Risk Profile is more appropriate.',
    ],
    [
      'a different profile with a blank reason',
      { ...choice, selectedProfile: 'Growth', changeReason: '  ' },
      'Please explain why you feel this Risk Profile is more appropriate.',
    ],
    [
      'a different profile without the acknowledgement',
      { ...choice, selectedProfile: 'Conservative', changeReason: 'Retiring soon' },
      'Please acknowledge that you understand the risks of changing your profile.',
    ],
    [
      'a different profile with reason and acknowledgement',
      { selectedProfile: 'Growth', changeReason: 'Long horizon', riskAcknowledged: true },
      null,
    ],
  ])('%s', (_, given, message) => {
    expect(validateProfileChoice(given, 'Balanced')?.message ?? null).toBe(message);
  });
});
