import {
  CONSISTENCY_RULES,
  type CompleteResponses,
  MESSAGES,
  type ProfileName,
} from '@risk-profile/contracts';
import { uniformResponses } from '@risk-profile/contracts/testing';
import { describe, expect, it } from 'vitest';
import {
  CHOSE_GROWTH,
  draftCommand,
  draftedEvent,
  FIXTURE,
  signCommand,
  signedEvent,
  YES_PATH_DRAFT,
} from '../testing/domain-fixtures';
import {
  adviserContact,
  CHANGED_DRAFT,
  consistentResponses,
  inconsistentResponses,
} from '../testing/fixtures';
import { type AssessmentCommand, type DraftAssessment, decide } from './assessment.decider';
import { AssessmentError, type AssessmentErrorCode } from './assessment.errors';
import type { AssessmentDrafted, AssessmentEvent, AssessmentSigned } from './assessment.events';
import { evolve, initialState } from './assessment.state';

const ID = FIXTURE.assessmentId;
const _DRAFTED_AT = FIXTURE.draftedAt;
const _SIGNED_AT = FIXTURE.signedAt;
const DIGEST = FIXTURE.digest;

const given = (...events: AssessmentEvent[]) => events.reduce(evolve, initialState());

function when(command: AssessmentCommand, past: AssessmentEvent[] = []) {
  return () => decide(command, given(...past));
}

function expectRefusal(attempt: () => unknown, code: AssessmentErrorCode, message?: string) {
  try {
    attempt();
  } catch (error) {
    expect(error).toBeInstanceOf(AssessmentError);
    expect((error as AssessmentError).code).toBe(code);
    if (message !== undefined) expect((error as AssessmentError).message).toBe(message);
    return error as AssessmentError;
  }
  throw new Error(`expected ${code}, but the command was accepted`);
}

const changedTo = (selectedProfile: ProfileName, overrides: Partial<DraftAssessment['data']> = {}) =>
  draftCommand({
    selectedProfile,
    profileChanged: true,
    profileChangeReason: 'I will not need this money for fifteen years.',
    riskAcknowledged: true,
    ...overrides,
  });

const drafted = (): AssessmentDrafted => draftedEvent();
const signed = (): AssessmentSigned => signedEvent();

describe('an assessment that does not exist yet', () => {
  it('is drafted with the values derived on the server', () => {
    expect(when(draftCommand({ clientName: '  Jo Client ', investmentExclusions: ' Tobacco ' }))()).toEqual([
      {
        type: 'AssessmentDrafted',
        data: {
          assessmentId: ID,
          questionnaireVersion: 1,
          ...YES_PATH_DRAFT,
          predictedGroup: 3,
          selectedProfile: 'Balanced',
          profileChanged: false,
          profileChangeReason: null,
          riskAcknowledged: false,
          consistencyWarnings: [],
          investmentExclusions: 'Tobacco',
          investmentPreferences: '',
          adviserSlug: 'demo-adviser',
          adviser: adviserContact('demo-adviser'),
          linkId: null,
          capacity: {
            timeHorizon: '5-7',
            capacityForLoss: 'moderate',
            capacityScore: 12,
            warnings: [],
            acknowledged: false,
            overrideGrade: 'none',
            adviserReview: false,
            noProfileFitsHorizon: false,
          },
          sessionId: 'session-1',
          deviceType: 'mobile',
          draftedAt: '2026-01-10T09:00:00.000Z',
        },
      },
    ]);
  });

  it('is drafted with a changed profile, its reason and the acknowledgement', () => {
    const [event] = when(
      changedTo('Growth', { clientEmail: null, clientPhone: '0412 345 678', capacityAcknowledged: true }),
    )();
    expect(event).toMatchObject({
      type: 'AssessmentDrafted',
      data: {
        ...CHANGED_DRAFT,
        riskAcknowledged: true,
      },
    });
  });

  it('keeps no change reason when the recommended profile is kept', () => {
    const [event] = when(draftCommand({ profileChangeReason: 'left over from an earlier choice' }))();
    expect((event as AssessmentDrafted).data.profileChangeReason).toBeNull();
  });

  it('is drafted when the warnings sent match the answers in another order', () => {
    // Q8 at 5 with Q1 at 1 adds the portfolio rule to the Q1/Q9 one: both must be resolved, but
    // the order the page lists them in is no mismatch.
    const responses: CompleteResponses = { ...inconsistentResponses(), q8: 5 };
    const score = 36 - 2 + 2 + 2;
    const attempt = when(
      draftCommand({
        responses,
        riskScore: score,
        consistencyWarnings: [
          { id: 'portfolio-choice-vs-falls-accepted' },
          { id: 'risk-attitude-vs-staying-invested' },
        ],
      }),
    );
    expectRefusal(attempt, 'INCONSISTENT_ANSWERS', MESSAGES.resolveInconsistencies);
  });

  it.each<[string, Partial<DraftAssessment['data']>, AssessmentErrorCode, string]>([
    ['a blank name', { clientName: '   ' }, 'NAME_REQUIRED', MESSAGES.nameRequired],
    [
      'neither email nor phone',
      { clientEmail: ' ', clientPhone: null },
      'CONTACT_REQUIRED',
      MESSAGES.contactRequired,
    ],
    [
      'an unanswered question',
      { responses: { ...consistentResponses(), q7: undefined } },
      'ANSWER_REQUIRED',
      'Please answer question 7 before proceeding.',
    ],
    [
      'the estimate question unanswered',
      { responses: { ...consistentResponses(), q18: undefined } },
      'ANSWER_REQUIRED',
      'Please answer question 18 before proceeding.',
    ],
    ['no profile chosen', { selectedProfile: null }, 'PROFILE_REQUIRED', MESSAGES.profileRequired],
  ])('is refused for %s', (_, overrides, code, message) => {
    expectRefusal(when(draftCommand(overrides)), code, message);
  });

  it.each<[string, Partial<DraftAssessment['data']>, string]>([
    ['a risk score that the answers do not give', { riskScore: 40 }, 'riskScore'],
    [
      'a recommended profile that the answers do not give',
      { originalProfile: 'Growth', selectedProfile: 'Growth' },
      'originalProfile',
    ],
    [
      'consistency warnings the answers do not raise',
      { consistencyWarnings: [{ id: 'risk-attitude-vs-largest-fall' }] },
      'consistencyWarnings',
    ],
    ['a change flag although the profile is the recommended one', { profileChanged: true }, 'profileChanged'],
  ])('is refused as a mismatch for %s', (_, overrides, path) => {
    const error = expectRefusal(when(draftCommand(overrides)), 'DERIVED_VALUES_MISMATCH');
    expect(error.details?.map((detail) => detail.path)).toEqual([path]);
  });

  it('is refused as a mismatch when inconsistent answers are sent without their warnings', () => {
    const error = expectRefusal(
      when(draftCommand({ responses: inconsistentResponses(), riskScore: 36 - 2 + 2 })),
      'DERIVED_VALUES_MISMATCH',
    );
    expect(error.details).toEqual([
      {
        path: 'consistencyWarnings',
        message: 'The answers give these consistency warnings: risk-attitude-vs-staying-invested.',
      },
    ]);
  });

  it('is refused while the answers contradict each other', () => {
    const error = expectRefusal(
      when(
        draftCommand({
          responses: inconsistentResponses(),
          riskScore: 36,
          consistencyWarnings: [{ id: 'risk-attitude-vs-staying-invested' }],
        }),
      ),
      'INCONSISTENT_ANSWERS',
      MESSAGES.resolveInconsistencies,
    );
    expect(error.details).toHaveLength(1);
  });

  it.each<[string, Partial<DraftAssessment['data']>, AssessmentErrorCode, string]>([
    [
      'without a reason',
      { profileChangeReason: '  ' },
      'CHANGE_REASON_REQUIRED',
      MESSAGES.changeReasonRequired,
    ],
    [
      'without a reason at all',
      { profileChangeReason: null },
      'CHANGE_REASON_REQUIRED',
      MESSAGES.changeReasonRequired,
    ],
    [
      'without the risk acknowledgement',
      { riskAcknowledged: false },
      'RISK_ACKNOWLEDGEMENT_REQUIRED',
      MESSAGES.acknowledgementRequired,
    ],
  ])('is refused with a changed profile %s', (_, overrides, code, message) => {
    expectRefusal(when(changedTo('Conservative', overrides)), code, message);
  });

  it('is refused as a mismatch when a different profile is not flagged as changed', () => {
    const error = expectRefusal(
      when(changedTo('Growth', { profileChanged: false })),
      'DERIVED_VALUES_MISMATCH',
    );
    expect(error.details?.map((detail) => detail.path)).toEqual(['profileChanged']);
  });

  it('cannot be signed', () => {
    expectRefusal(when(signCommand()), 'ASSESSMENT_NOT_FOUND', 'Assessment not found.');
  });
});

describe('the contradiction notes shown during the questionnaire', () => {
  it("records each note in its rule's own words, with the questions changed while it showed", () => {
    const [event] = when(
      draftCommand({
        consistencyNotes: [
          { id: 'managing-vs-staying-invested', changedQuestions: [7] },
          { id: 'buying-in-a-fall-vs-cash-kept-back', changedQuestions: [6] },
        ],
      }),
    )();
    const rule = (id: string) => CONSISTENCY_RULES.find((r) => r.id === id)!;
    expect((event as AssessmentDrafted).data.consistencyNotes).toEqual([
      {
        id: 'buying-in-a-fall-vs-cash-kept-back',
        title: rule('buying-in-a-fall-vs-cash-kept-back').title,
        explanation: rule('buying-in-a-fall-vs-cash-kept-back').explanation,
        questions: [5, 6],
        changedQuestions: [6],
      },
      {
        id: 'managing-vs-staying-invested',
        title: rule('managing-vs-staying-invested').title,
        explanation: rule('managing-vs-staying-invested').explanation,
        questions: [7, 9],
        changedQuestions: [7],
      },
    ]);
    // None shown is recorded as none; a page that reports nothing records nothing.
    expect(
      (when(draftCommand({ consistencyNotes: [] }))()[0] as AssessmentDrafted).data.consistencyNotes,
    ).toEqual([]);
    expect((when(draftCommand())()[0] as AssessmentDrafted).data).not.toHaveProperty('consistencyNotes');
  });
});

describe('capacity for loss in a draft', () => {
  const shortHorizon = consistentResponses({ q13: 1 });
  const reviewReason = 'I have other savings and will not touch this for 15 years.';

  it('refuses a profile beyond the horizon without the capacity acknowledgement, and stores it with one', () => {
    expectRefusal(
      when(changedTo('Growth')),
      'CAPACITY_ACKNOWLEDGEMENT_REQUIRED',
      MESSAGES.capacityAcknowledgementRequired,
    );
    const [event] = when(changedTo('Growth', { capacityAcknowledged: true }))();
    expect((event as AssessmentDrafted).data.capacity).toMatchObject({
      timeHorizon: '5-7',
      warnings: [{ id: 'horizon' }],
      acknowledged: true,
      overrideGrade: 'noted',
      adviserReview: false,
    });
  });

  it('needs the acknowledgement on the YES path too, when the recommended profile itself goes beyond', () => {
    expectRefusal(when(draftCommand({ responses: shortHorizon })), 'CAPACITY_ACKNOWLEDGEMENT_REQUIRED');
    const [event] = when(draftCommand({ responses: shortHorizon, capacityAcknowledged: true }))();
    expect((event as AssessmentDrafted).data.capacity).toMatchObject({
      timeHorizon: 'under-3',
      warnings: [{ id: 'horizon' }],
      acknowledged: true,
      overrideGrade: 'none',
    });
  });

  it('asks no acknowledgement of Conservative when no profile suits the horizon, and records why', () => {
    const conservative = uniformResponses(2, { q7: 3, q13: 1 });
    const [event] = when(
      draftCommand({
        responses: conservative,
        riskScore: 25,
        originalProfile: 'Conservative',
        selectedProfile: 'Conservative',
      }),
    )();
    expect((event as AssessmentDrafted).data.capacity).toMatchObject({
      timeHorizon: 'under-3',
      warnings: [],
      acknowledged: false,
      noProfileFitsHorizon: true,
    });
    // A riskier profile than Conservative still goes beyond the horizon by the client's choice.
    expectRefusal(
      when(
        draftCommand({
          responses: conservative,
          riskScore: 25,
          originalProfile: 'Conservative',
          selectedProfile: 'Moderately Conservative',
          profileChanged: true,
          profileChangeReason: 'I want a little more growth.',
          riskAcknowledged: true,
        }),
      ),
      'CAPACITY_ACKNOWLEDGEMENT_REQUIRED',
    );
  });

  it('warns of losses beyond a low capacity for loss', () => {
    const relies = consistentResponses({ q14: 1 });
    expectRefusal(when(draftCommand({ responses: relies })), 'CAPACITY_ACKNOWLEDGEMENT_REQUIRED');
    const [event] = when(draftCommand({ responses: relies, capacityAcknowledged: true }))();
    expect((event as AssessmentDrafted).data.capacity).toMatchObject({
      capacityForLoss: 'low',
      warnings: [{ id: 'capacity-for-loss' }],
    });
  });

  it('records no acknowledgement where there was nothing to acknowledge', () => {
    const [event] = when(draftCommand({ capacityAcknowledged: true }))();
    expect((event as AssessmentDrafted).data.capacity).toMatchObject({ warnings: [], acknowledged: false });
  });

  it('notes a move down without asking more than a reason', () => {
    const [event] = when(changedTo('Conservative'))();
    expect((event as AssessmentDrafted).data.capacity).toMatchObject({
      warnings: [],
      overrideGrade: 'noted',
      adviserReview: false,
    });
  });

  it('refuses a move two groups up with a reason under 40 characters once trimmed', () => {
    const short = `  ${'x'.repeat(39)}  `;
    for (const profileChangeReason of ['yolo', short]) {
      expectRefusal(
        when(changedTo('High Growth', { profileChangeReason, capacityAcknowledged: true })),
        'REVIEW_REASON_TOO_SHORT',
        MESSAGES.reviewReasonTooShort(40),
      );
    }
  });

  it("flags a move two groups up with a reason of substance for the adviser's review", () => {
    const profileChangeReason = 'x'.repeat(40);
    expectRefusal(
      when(changedTo('High Growth', { profileChangeReason })),
      'CAPACITY_ACKNOWLEDGEMENT_REQUIRED',
    );
    const [event] = when(
      changedTo('High Growth', { profileChangeReason: reviewReason, capacityAcknowledged: true }),
    )();
    expect((event as AssessmentDrafted).data.capacity).toMatchObject({
      warnings: [{ id: 'horizon' }, { id: 'capacity-for-loss' }],
      acknowledged: true,
      overrideGrade: 'review',
      adviserReview: true,
    });
    const [exactly] = when(changedTo('High Growth', { profileChangeReason, capacityAcknowledged: true }))();
    expect((exactly as AssessmentDrafted).data.profileChangeReason).toBe(profileChangeReason);
  });
});

describe('capacity for loss at signing', () => {
  const growth = () =>
    draftedEvent({
      ...CHOSE_GROWTH,
    });
  // A draft stored before capacity was recorded: its client was never asked.
  const beforeTheRule = (): AssessmentDrafted => {
    const { capacity: _none, ...data } = growth().data;
    return { type: 'AssessmentDrafted', data };
  };

  it('keeps the acknowledgement given in the draft', () => {
    const [event] = when(signCommand(), [growth()])();
    expect((event as AssessmentSigned).data.capacity).toEqual(growth().data.capacity);
  });

  it('refuses to sign a draft whose warnings nobody acknowledged, then records the acknowledgement given at signing', () => {
    expectRefusal(
      when(signCommand(), [beforeTheRule()]),
      'CAPACITY_ACKNOWLEDGEMENT_REQUIRED',
      MESSAGES.capacityAcknowledgementRequired,
    );
    const [event] = when(signCommand({ capacityAcknowledged: true }), [beforeTheRule()])();
    expect((event as AssessmentSigned).data.capacity).toMatchObject({
      warnings: [{ id: 'horizon' }],
      acknowledged: true,
      overrideGrade: 'noted',
    });
  });

  it('signs a draft from before the rule without warnings as it always did', () => {
    const { capacity: _none, ...data } = drafted().data;
    const [event] = when(signCommand(), [{ type: 'AssessmentDrafted', data }])();
    expect((event as AssessmentSigned).data.capacity).toMatchObject({ warnings: [], acknowledged: false });
  });
});

describe('a draft assessment', () => {
  it('is signed with what the client added, when and where they signed, and the digest', () => {
    expect(when(signCommand(), [drafted()])()).toEqual([
      {
        type: 'AssessmentSigned',
        data: {
          assessmentId: ID,
          investmentExclusions: 'Tobacco',
          investmentPreferences: 'Renewable energy',
          signedAt: '2026-01-10T09:05:00.000Z',
          ipAddress: '203.0.113.7',
          userAgent: 'Mozilla/5.0',
          capacity: drafted().data.capacity,
          digest: DIGEST,
        },
      },
    ]);
  });

  it('is not signed without the confirmation', () => {
    expectRefusal(
      when(signCommand({ confirmed: false }), [drafted()]),
      'CONFIRMATION_REQUIRED',
      MESSAGES.confirmationRequired,
    );
  });

  it('cannot be drafted again', () => {
    expectRefusal(when(draftCommand(), [drafted()]), 'ASSESSMENT_ALREADY_EXISTS');
  });
});

describe('a signed assessment', () => {
  it('cannot be signed again', () => {
    expectRefusal(
      when(signCommand(), [drafted(), signed()]),
      'ASSESSMENT_ALREADY_SIGNED',
      'This assessment has already been signed.',
    );
  });

  it('cannot be drafted again', () => {
    expectRefusal(when(draftCommand(), [drafted(), signed()]), 'ASSESSMENT_ALREADY_EXISTS');
  });
});
