import type { Assessment, DraftAssessmentBody } from '@risk-profile/contracts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** Creates the draft assessment; the answer carries its id for signing. */
export function createAssessment(body: DraftAssessmentBody): Promise<Assessment> {
  return callEndpoint('createAssessment', { body });
}

export function useCreateAssessment() {
  return useMutation({ mutationFn: createAssessment });
}
