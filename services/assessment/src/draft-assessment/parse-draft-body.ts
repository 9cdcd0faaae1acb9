import {
  createAssessmentEndpoint,
  type DraftAssessment,
  MESSAGES,
  RESPONSE_KEYS,
} from '@risk-profile/contracts';
import { HttpError, parseBody } from '@risk-profile/platform';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isAbsent = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The contract's schema refuses a missing answer or a missing profile choice with zod's generic
 * wording; the product words both, so those two refusals are given its messages here.
 */
function productMessage(input: unknown, firstPath: string): string | undefined {
  const body = isRecord(input) ? input : {};
  if (firstPath === 'responses' || firstPath.startsWith('responses.')) {
    const responses = isRecord(body.responses) ? body.responses : {};
    const missing = RESPONSE_KEYS.findIndex((key) => isAbsent(responses[key]));
    if (missing !== -1) return MESSAGES.answerQuestion(missing + 1);
  }
  if (firstPath === 'selectedProfile' && isAbsent(body.selectedProfile)) return MESSAGES.profileRequired;
  return undefined;
}

export function parseDraftBody(input: unknown): DraftAssessment {
  try {
    return parseBody(createAssessmentEndpoint, input);
  } catch (error) {
    const firstPath = error instanceof HttpError ? error.details?.[0]?.path : undefined;
    const message = firstPath === undefined ? undefined : productMessage(input, firstPath);
    if (error instanceof HttpError && message !== undefined) {
      throw new HttpError(error.status, message, error.code, error.details);
    }
    throw error;
  }
}
