import { ConcurrencyConflictError, HttpError } from '@risk-profile/platform';
import { AssessmentError, type AssessmentErrorCode } from '../domain/assessment.errors';

/** The one place domain refusals become HTTP statuses (docs/assessment-service.md lists them). */
export const STATUS_BY_CODE: Readonly<Record<AssessmentErrorCode, number>> = {
  ASSESSMENT_ALREADY_EXISTS: 409,
  ASSESSMENT_NOT_FOUND: 404,
  ASSESSMENT_ALREADY_SIGNED: 409,
  DERIVED_VALUES_MISMATCH: 422,
  NAME_REQUIRED: 400,
  CONTACT_REQUIRED: 400,
  ANSWER_REQUIRED: 400,
  INCONSISTENT_ANSWERS: 400,
  PROFILE_REQUIRED: 400,
  CHANGE_REASON_REQUIRED: 400,
  RISK_ACKNOWLEDGEMENT_REQUIRED: 400,
  // The body is well formed; what it asks for is refused by the capacity rule the service recomputes.
  REVIEW_REASON_TOO_SHORT: 422,
  CAPACITY_ACKNOWLEDGEMENT_REQUIRED: 422,
  CONFIRMATION_REQUIRED: 400,
  // The request was right for the questionnaire its page showed, which is no longer current.
  QUESTIONNAIRE_CHANGED: 409,
};

export const CONCURRENT_CHANGE_MESSAGE =
  'This assessment was changed by another request at the same time, so nothing was saved. Please reload the page.';

/** Anything that is not an expected refusal passes through to the kit's 500 handler. */
export function toAssessmentHttpError(error: unknown): unknown {
  if (error instanceof AssessmentError) {
    return new HttpError(STATUS_BY_CODE[error.code], error.message, error.code, error.details);
  }
  if (error instanceof ConcurrencyConflictError)
    return new HttpError(409, CONCURRENT_CHANGE_MESSAGE, error.code);
  return error;
}
