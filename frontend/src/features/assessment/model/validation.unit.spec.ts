import { deriveCapacity, MESSAGES } from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { middleResponses } from '../testing/fixtures';
import {
  type ClientDetails,
  hasNameAndContact,
  validateAgreement,
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
  const choice = {
    selectedProfile: null,
    changeReason: '',
    riskAcknowledged: false,
    capacityAcknowledged: false,
  };
  // Every answer 3: a 5 to 7 year horizon and a moderate capacity for loss, so Balanced fits.
  const capacity = deriveCapacity(middleResponses());

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
      // Growth needs 7 years, beyond the 5 to 7 of these answers: the capacity acknowledgement too.
      {
        selectedProfile: 'Growth',
        changeReason: 'Long horizon',
        riskAcknowledged: true,
        capacityAcknowledged: true,
      },
      null,
    ],
    [
      'a profile beyond the horizon without the capacity acknowledgement',
      {
        selectedProfile: 'Growth',
        changeReason: 'Long horizon',
        riskAcknowledged: true,
        capacityAcknowledged: false,
      },
      MESSAGES.capacityAcknowledgementRequired,
    ],
    [
      'two groups up with a reason under 40 characters once trimmed',
      {
        selectedProfile: 'High Growth',
        changeReason: `  ${'x'.repeat(39)}  `,
        riskAcknowledged: true,
        capacityAcknowledged: true,
      },
      MESSAGES.reviewReasonTooShort(40),
    ],
    [
      'two groups up with a reason of 40 characters and both acknowledgements',
      {
        selectedProfile: 'High Growth',
        changeReason: 'x'.repeat(40),
        riskAcknowledged: true,
        capacityAcknowledged: true,
      },
      null,
    ],
    [
      'two groups down with a short reason',
      {
        selectedProfile: 'Conservative',
        changeReason: 'Retiring',
        riskAcknowledged: true,
        capacityAcknowledged: false,
      },
      null,
    ],
  ])('%s', (_, given, message) => {
    expect(validateProfileChoice(given, 'Balanced', capacity)?.message ?? null).toBe(message);
  });

  it('asks the reason before the length, and the risk acknowledgement before the capacity one', () => {
    const highGrowth = { ...choice, selectedProfile: 'High Growth' as const };
    expect(validateProfileChoice(highGrowth, 'Balanced', capacity)?.field).toBe('changeReason');
    expect(validateProfileChoice({ ...highGrowth, changeReason: 'yolo' }, 'Balanced', capacity)?.field).toBe(
      'riskAcknowledged',
    );
  });

  it('needs the capacity acknowledgement on the NO path even for the recommended profile', () => {
    const short = deriveCapacity(middleResponses({ q13: 1 }));
    const kept = { ...choice, selectedProfile: 'Balanced' as const };
    expect(validateProfileChoice(kept, 'Balanced', short)?.field).toBe('capacityAcknowledged');
    expect(validateProfileChoice({ ...kept, capacityAcknowledged: true }, 'Balanced', short)).toBeNull();
  });
});

describe('validateAgreement', () => {
  it('needs the capacity acknowledgement only when the kept profile goes beyond', () => {
    const short = deriveCapacity(middleResponses({ q13: 1 }));
    expect(validateAgreement(false, 'Balanced', short)).toEqual({
      field: 'capacityAcknowledged',
      message: MESSAGES.capacityAcknowledgementRequired,
    });
    expect(validateAgreement(true, 'Balanced', short)).toBeNull();
    expect(validateAgreement(false, 'Balanced', deriveCapacity(middleResponses()))).toBeNull();
  });
});
