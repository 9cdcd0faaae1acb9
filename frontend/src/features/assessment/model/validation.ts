import {
  type CapacityAssessment,
  type ConsistencyIssue,
  capacityWarnings,
  compareProfiles,
  firstUnanswered,
  INVALID_EMAIL_MESSAGE,
  INVALID_PHONE_MESSAGE,
  isPlausibleMobile,
  MESSAGES,
  MIN_REVIEW_REASON_LENGTH,
  overrideGrade,
  type ProfileName,
  type QuestionNumber,
  type Responses,
} from '@risk-profile/contracts';
import { isEmail } from '../../../lib/email';

export interface ClientDetails {
  name: string;
  email: string;
  phone: string;
}

export type ClientField = keyof ClientDetails;

export interface FieldError<F extends string> {
  field: F;
  message: string;
}

/** Whether the details name someone and give a way to reach them (what Send Link needs). */
export function hasNameAndContact(client: ClientDetails): boolean {
  return client.name.trim() !== '' && (client.email.trim() !== '' || client.phone.trim() !== '');
}

/** The first problem with the client's details, in the order the product checks them. */
export function validateClientDetails(client: ClientDetails): FieldError<ClientField> | null {
  if (client.name.trim() === '') return { field: 'name', message: MESSAGES.nameRequired };
  const email = client.email.trim();
  const phone = client.phone.trim();
  if (email === '' && phone === '') return { field: 'email', message: MESSAGES.contactRequired };
  // Caught here rather than by the server when the draft is saved, after 18 questions.
  if (email !== '' && !isEmail(email)) return { field: 'email', message: INVALID_EMAIL_MESSAGE };
  if (phone !== '' && !isPlausibleMobile(phone)) return { field: 'phone', message: INVALID_PHONE_MESSAGE };
  return null;
}

export type QuestionnaireError =
  | { kind: 'unanswered'; question: QuestionNumber; message: string }
  | { kind: 'inconsistent'; message: string };

/** Every question answered first, then no contradictions left. */
export function validateQuestionnaire(
  responses: Responses,
  issues: readonly ConsistencyIssue[],
): QuestionnaireError | null {
  const missing = firstUnanswered(responses);
  if (missing !== undefined)
    return { kind: 'unanswered', question: missing, message: MESSAGES.answerQuestion(missing) };
  if (issues.length > 0) return { kind: 'inconsistent', message: MESSAGES.resolveInconsistencies };
  return null;
}

export type ProfileChoiceField =
  | 'selectedProfile'
  | 'changeReason'
  | 'riskAcknowledged'
  | 'capacityAcknowledged';

export interface ProfileChoice {
  selectedProfile: ProfileName | null;
  changeReason: string;
  riskAcknowledged: boolean;
  capacityAcknowledged: boolean;
}

/**
 * The profile kept on the YES path needs the capacity acknowledgement when it goes beyond the
 * client's time horizon or capacity for loss (the service refuses the draft otherwise).
 */
export function validateAgreement(
  capacityAcknowledged: boolean,
  recommended: ProfileName,
  capacity: CapacityAssessment,
): FieldError<'capacityAcknowledged'> | null {
  if (capacityWarnings(capacity, recommended).length > 0 && !capacityAcknowledged)
    return { field: 'capacityAcknowledged', message: MESSAGES.capacityAcknowledgementRequired };
  return null;
}

/**
 * A different profile than recommended needs a reason and an acknowledgement of the risk; two or
 * more groups up, a reason of MIN_REVIEW_REASON_LENGTH characters; and any profile beyond the
 * client's horizon or capacity for loss, the capacity acknowledgement. The service's own order.
 */
export function validateProfileChoice(
  choice: ProfileChoice,
  recommended: ProfileName,
  capacity: CapacityAssessment,
): FieldError<ProfileChoiceField> | null {
  const chosen = choice.selectedProfile;
  if (chosen === null) return { field: 'selectedProfile', message: MESSAGES.profileRequired };
  if (compareProfiles(chosen, recommended) !== 'same') {
    const reason = choice.changeReason.trim();
    if (reason === '') return { field: 'changeReason', message: MESSAGES.changeReasonRequired };
    if (!choice.riskAcknowledged)
      return { field: 'riskAcknowledged', message: MESSAGES.acknowledgementRequired };
    if (overrideGrade(recommended, chosen) === 'review' && reason.length < MIN_REVIEW_REASON_LENGTH) {
      return { field: 'changeReason', message: MESSAGES.reviewReasonTooShort(MIN_REVIEW_REASON_LENGTH) };
    }
  }
  return validateAgreement(choice.capacityAcknowledged, chosen, capacity);
}
