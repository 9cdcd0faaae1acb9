import { MESSAGES, MIN_REVIEW_REASON_LENGTH, QUESTIONNAIRE_CHANGED_MESSAGE } from '@risk-profile/contracts';

/** Stable codes: clients and the HTTP mapping (http/assessment-error-status.ts) rely on them. */
export type AssessmentErrorCode =
  | 'ASSESSMENT_ALREADY_EXISTS'
  | 'ASSESSMENT_NOT_FOUND'
  | 'ASSESSMENT_ALREADY_SIGNED'
  | 'DERIVED_VALUES_MISMATCH'
  | 'NAME_REQUIRED'
  | 'CONTACT_REQUIRED'
  | 'ANSWER_REQUIRED'
  | 'INCONSISTENT_ANSWERS'
  | 'PROFILE_REQUIRED'
  | 'CHANGE_REASON_REQUIRED'
  | 'RISK_ACKNOWLEDGEMENT_REQUIRED'
  | 'REVIEW_REASON_TOO_SHORT'
  | 'CAPACITY_ACKNOWLEDGEMENT_REQUIRED'
  | 'CONFIRMATION_REQUIRED'
  | 'QUESTIONNAIRE_CHANGED';

export interface ErrorDetail {
  path: string;
  message: string;
}

/** An expected refusal of a command; nothing is stored when one is thrown. */
export class AssessmentError extends Error {
  constructor(
    readonly code: AssessmentErrorCode,
    message: string,
    readonly details?: readonly ErrorDetail[],
  ) {
    super(message);
    this.name = 'AssessmentError';
  }
}

export const assessmentErrors = {
  alreadyExists: () => new AssessmentError('ASSESSMENT_ALREADY_EXISTS', 'This assessment already exists.'),
  notFound: () => new AssessmentError('ASSESSMENT_NOT_FOUND', 'Assessment not found.'),
  alreadySigned: () =>
    new AssessmentError('ASSESSMENT_ALREADY_SIGNED', 'This assessment has already been signed.'),
  derivedValuesMismatch: (details: readonly ErrorDetail[]) =>
    new AssessmentError(
      'DERIVED_VALUES_MISMATCH',
      'The results sent do not match the answers, so nothing was saved. Please reload the page and try again.',
      details,
    ),
  nameRequired: () => new AssessmentError('NAME_REQUIRED', MESSAGES.nameRequired),
  contactRequired: () => new AssessmentError('CONTACT_REQUIRED', MESSAGES.contactRequired),
  answerRequired: (question: number) =>
    new AssessmentError('ANSWER_REQUIRED', MESSAGES.answerQuestion(question)),
  inconsistentAnswers: (details: readonly ErrorDetail[]) =>
    new AssessmentError('INCONSISTENT_ANSWERS', MESSAGES.resolveInconsistencies, details),
  profileRequired: () => new AssessmentError('PROFILE_REQUIRED', MESSAGES.profileRequired),
  changeReasonRequired: () => new AssessmentError('CHANGE_REASON_REQUIRED', MESSAGES.changeReasonRequired),
  riskAcknowledgementRequired: () =>
    new AssessmentError('RISK_ACKNOWLEDGEMENT_REQUIRED', MESSAGES.acknowledgementRequired),
  reviewReasonTooShort: () =>
    new AssessmentError('REVIEW_REASON_TOO_SHORT', MESSAGES.reviewReasonTooShort(MIN_REVIEW_REASON_LENGTH)),
  capacityAcknowledgementRequired: () =>
    new AssessmentError('CAPACITY_ACKNOWLEDGEMENT_REQUIRED', MESSAGES.capacityAcknowledgementRequired),
  confirmationRequired: () => new AssessmentError('CONFIRMATION_REQUIRED', MESSAGES.confirmationRequired),
  questionnaireChanged: (asked: number, current: number) =>
    new AssessmentError('QUESTIONNAIRE_CHANGED', QUESTIONNAIRE_CHANGED_MESSAGE, [
      {
        path: 'questionnaireVersion',
        message: `Answered against questionnaire version ${asked}; the current version is ${current}.`,
      },
    ]),
};
