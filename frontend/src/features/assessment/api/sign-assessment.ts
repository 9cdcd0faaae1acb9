import {
  type Assessment,
  buildPath,
  ENDPOINT_ROUTES,
  type SignAssessmentBody,
} from '@risk-profile/contracts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

export interface SignAssessmentInput {
  id: string;
  body: SignAssessmentBody;
}

/** Signs the draft, which completes it and sends the report. Signing is final (409 on a repeat). */
export function signAssessment({ id, body }: SignAssessmentInput): Promise<Assessment> {
  return callEndpoint('signAssessment', { path: buildPath(ENDPOINT_ROUTES.signAssessment, { id }), body });
}

export function useSignAssessment() {
  return useMutation({ mutationFn: signAssessment });
}
