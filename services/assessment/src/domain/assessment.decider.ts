import {
  blankToNull,
  type ConsistencyIssue,
  type ConsistencyNoteSeen,
  capacityOutcome,
  capacityRecord,
  consistencyNotesRecord,
  type DeviceType,
  deriveAssessment,
  type ErasureReason,
  firstUnanswered,
  isComplete,
  MIN_REVIEW_REASON_LENGTH,
  type ProfileName,
  type QuestionnaireVersion,
  questionnaireVersionOf,
  type ReportAdviser,
  type Responses,
} from '@risk-profile/contracts';
import { signedCapacity } from './assessment.capacity';
import { assessmentErrors, type ErrorDetail } from './assessment.errors';
import type {
  AssessmentDrafted,
  AssessmentErased,
  AssessmentEvent,
  AssessmentProcessingRestricted,
  AssessmentSigned,
} from './assessment.events';
import type { AssessmentState } from './assessment.state';

/**
 * Create the draft from the client's answers and choices. Derived figures the client sends are
 * only compared with the server's own, never stored; fields are as loose as a caller could send
 * them, because every rule below is the domain's to enforce, whatever validated them before.
 */
export interface DraftAssessment {
  type: 'DraftAssessment';
  data: {
    assessmentId: string;
    clientName: string;
    clientEmail: string | null;
    clientPhone: string | null;
    /** The questionnaire version the page showed. */
    questionnaireVersion: number;
    /** The service's current questionnaire: the draft is scored by it, and refused for any other version. */
    questionnaire: QuestionnaireVersion;
    responses: Responses;
    riskScore: number;
    originalProfile: string;
    selectedProfile: ProfileName | null;
    profileChanged: boolean;
    profileChangeReason: string | null;
    riskAcknowledged: boolean;
    /** The client confirmed CAPACITY_ACKNOWLEDGEMENT_STATEMENT (needed when the capacity rule warns). */
    capacityAcknowledged: boolean;
    consistencyWarnings: readonly Pick<ConsistencyIssue, 'id'>[];
    /** The contradiction notes the page showed and what was changed while each showed; absent from older pages. */
    consistencyNotes?: readonly ConsistencyNoteSeen[] | undefined;
    investmentExclusions: string;
    investmentPreferences: string;
    adviserSlug: string | null;
    /** The adviser the slug names, as the adviser directory answered; null without a slug. */
    adviser: ReportAdviser | null;
    /** The questionnaire link the client arrived by (the page has it from the link's token), or null. */
    linkId: string | null;
    sessionId: string | null;
    deviceType: DeviceType | null;
    draftedAt: Date;
  };
}

/** Sign (and so complete) a draft. */
export interface SignAssessment {
  type: 'SignAssessment';
  data: {
    assessmentId: string;
    investmentExclusions: string;
    investmentPreferences: string;
    confirmed: boolean;
    /** The capacity acknowledgement given at signing (needed when the draft's warnings were not acknowledged). */
    capacityAcknowledged: boolean;
    /** The questionnaire version the page showed, and the service's current one. */
    questionnaireVersion: number;
    currentQuestionnaireVersion: number;
    signedAt: Date;
    ipAddress: string;
    userAgent: string;
    /**
     * SHA-256 over `signedContent(draft, signing)`, computed by the application (node:crypto)
     * so this module stays pure. Unused when the state refuses the command anyway.
     */
    digest: string;
  };
}

/** Erase the assessment's personal data (its data key is deleted once the event is stored). */
export interface EraseAssessment {
  type: 'EraseAssessment';
  data: { reason: ErasureReason; erasedAt: Date };
}

/** Refuse an erasure of a signed record inside retention: restrict its processing instead. */
export interface RestrictProcessing {
  type: 'RestrictProcessing';
  data: { restrictedAt: Date; retainedUntil: Date };
}

export type AssessmentCommand = DraftAssessment | SignAssessment | EraseAssessment | RestrictProcessing;

export function decide(command: AssessmentCommand, state: AssessmentState): AssessmentEvent[] {
  switch (command.type) {
    case 'DraftAssessment':
      return [draft(command, state)];
    case 'SignAssessment':
      return [sign(command, state)];
    case 'EraseAssessment':
      return erase(command, state);
    case 'RestrictProcessing':
      return restrict(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown assessment command ${(unknown as { type: string }).type}`);
    }
  }
}

const sortedIds = (warnings: readonly Pick<ConsistencyIssue, 'id'>[]) =>
  warnings.map((warning) => warning.id).sort();

function draft({ data }: DraftAssessment, state: AssessmentState): AssessmentDrafted {
  if (state.status !== 'initial') throw assessmentErrors.alreadyExists();
  // Before anything else: every other check would judge the answers by a questionnaire the client never saw.
  const questionnaire = data.questionnaire;
  if (data.questionnaireVersion !== questionnaire.version) {
    throw assessmentErrors.questionnaireChanged(data.questionnaireVersion, questionnaire.version);
  }

  // The order of the page's own steps: details, answers, results, profile choice.
  const clientName = data.clientName.trim();
  if (clientName === '') throw assessmentErrors.nameRequired();
  const clientEmail = blankToNull(data.clientEmail);
  const clientPhone = blankToNull(data.clientPhone);
  if (clientEmail === null && clientPhone === null) throw assessmentErrors.contactRequired();

  const responses = data.responses;
  if (!isComplete(responses)) throw assessmentErrors.answerRequired(firstUnanswered(responses)!);
  const derived = deriveAssessment(responses, questionnaire);

  const mismatches: ErrorDetail[] = [];
  if (data.riskScore !== derived.riskScore) {
    mismatches.push({ path: 'riskScore', message: `The answers give a risk score of ${derived.riskScore}.` });
  }
  if (data.originalProfile !== derived.originalProfile) {
    mismatches.push({
      path: 'originalProfile',
      message: `The answers give the ${derived.originalProfile} profile.`,
    });
  }
  const expectedWarnings = sortedIds(derived.consistencyWarnings);
  if (sortedIds(data.consistencyWarnings).join('\n') !== expectedWarnings.join('\n')) {
    mismatches.push({
      path: 'consistencyWarnings',
      message: `The answers give these consistency warnings: ${expectedWarnings.join(', ') || 'none'}.`,
    });
  }
  if (mismatches.length > 0) throw assessmentErrors.derivedValuesMismatch(mismatches);

  if (derived.consistencyWarnings.length > 0) {
    throw assessmentErrors.inconsistentAnswers(
      derived.consistencyWarnings.map((issue) => ({ path: 'responses', message: issue.title })),
    );
  }

  const selectedProfile = data.selectedProfile;
  if (selectedProfile === null) throw assessmentErrors.profileRequired();
  const profileChanged = selectedProfile !== derived.originalProfile;
  if (data.profileChanged !== profileChanged) {
    throw assessmentErrors.derivedValuesMismatch([
      {
        path: 'profileChanged',
        message: `The selected profile ${profileChanged ? 'differs from' : 'is'} the recommended one.`,
      },
    ]);
  }
  const profileChangeReason = profileChanged ? blankToNull(data.profileChangeReason) : null;
  if (profileChanged && profileChangeReason === null) throw assessmentErrors.changeReasonRequired();
  if (profileChanged && data.riskAcknowledged !== true) throw assessmentErrors.riskAcknowledgementRequired();

  // Capacity for loss is recomputed from the answers, never taken from the page.
  const outcome = capacityOutcome(
    responses,
    derived.originalProfile,
    selectedProfile,
    questionnaire.capacity,
  );
  if (outcome.overrideGrade === 'review' && (profileChangeReason ?? '').length < MIN_REVIEW_REASON_LENGTH) {
    throw assessmentErrors.reviewReasonTooShort();
  }
  const capacityAcknowledged = data.capacityAcknowledged === true;
  if (outcome.warnings.length > 0 && !capacityAcknowledged)
    throw assessmentErrors.capacityAcknowledgementRequired();

  return {
    type: 'AssessmentDrafted',
    data: {
      assessmentId: data.assessmentId,
      clientName,
      clientEmail,
      clientPhone,
      questionnaireVersion: questionnaire.version,
      responses,
      riskScore: derived.riskScore,
      riskGroup: derived.riskGroup,
      percentile: derived.percentile,
      originalProfile: derived.originalProfile,
      predictedGroup: derived.predictedGroup,
      selectedProfile,
      profileChanged,
      profileChangeReason,
      riskAcknowledged: profileChanged,
      consistencyWarnings: derived.consistencyWarnings,
      // Written from the rules; only ids and question numbers come from the page.
      ...(data.consistencyNotes === undefined
        ? {}
        : {
            consistencyNotes: consistencyNotesRecord(data.consistencyNotes, questionnaire.consistencyRules),
          }),
      investmentExclusions: data.investmentExclusions.trim(),
      investmentPreferences: data.investmentPreferences.trim(),
      adviserSlug: data.adviserSlug,
      adviser: data.adviser,
      linkId: data.linkId,
      capacity: capacityRecord(outcome, capacityAcknowledged),
      sessionId: data.sessionId,
      deviceType: data.deviceType,
      draftedAt: data.draftedAt.toISOString(),
    },
  };
}

function sign({ data }: SignAssessment, state: AssessmentState): AssessmentSigned {
  // An erased draft is gone for its client: there is nothing left to sign.
  if (state.status === 'initial' || state.erasure) throw assessmentErrors.notFound();
  if (state.status === 'signed') throw assessmentErrors.alreadySigned();
  // The client confirms results scored by the draft's version, and reads them on a page of its own.
  const current = data.currentQuestionnaireVersion;
  for (const asked of [data.questionnaireVersion, questionnaireVersionOf(state.assessment)]) {
    if (asked !== current) throw assessmentErrors.questionnaireChanged(asked, current);
  }
  if (data.confirmed !== true) throw assessmentErrors.confirmationRequired();
  // A draft stored before the capacity rule was never asked: its client acknowledges at signing.
  const capacity = signedCapacity(state.assessment, data.capacityAcknowledged === true);
  if (capacity.warnings.length > 0 && !capacity.acknowledged)
    throw assessmentErrors.capacityAcknowledgementRequired();
  return {
    type: 'AssessmentSigned',
    data: {
      assessmentId: state.assessment.assessmentId,
      // Stored exactly as given: the digest was computed over these very values.
      investmentExclusions: data.investmentExclusions,
      investmentPreferences: data.investmentPreferences,
      signedAt: data.signedAt.toISOString(),
      ipAddress: data.ipAddress,
      userAgent: data.userAgent,
      capacity,
      digest: data.digest,
    },
  };
}

/** Erasing twice stores nothing the second time. */
function erase({ data }: EraseAssessment, state: AssessmentState): AssessmentErased[] {
  if (state.status === 'initial') throw assessmentErrors.notFound();
  if (state.erasure) return [];
  const a = state.assessment;
  return [
    {
      type: 'AssessmentErased',
      data: {
        assessmentId: a.assessmentId,
        reason: data.reason,
        linkId: a.linkId ?? null,
        adviserSlug: a.adviserSlug,
        erasedAt: data.erasedAt.toISOString(),
      },
    },
  ];
}

/** Only a signed record is kept against an erasure request; restricting twice stores nothing. */
function restrict({ data }: RestrictProcessing, state: AssessmentState): AssessmentProcessingRestricted[] {
  if (state.status !== 'signed' || state.erasure) throw assessmentErrors.notFound();
  if (state.restriction) return [];
  return [
    {
      type: 'AssessmentProcessingRestricted',
      data: {
        assessmentId: state.assessment.assessmentId,
        restrictedAt: data.restrictedAt.toISOString(),
        retainedUntil: data.retainedUntil.toISOString(),
      },
    },
  ];
}
