import type { SendQuestionnaireLinkBody } from '@risk-profile/contracts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client';

/** Asks the server to email or text the client a link to complete the questionnaire later. */
export function sendQuestionnaireLink(body: SendQuestionnaireLinkBody): Promise<{ message: string }> {
  return callEndpoint('sendQuestionnaireLink', { body });
}

export function useSendQuestionnaireLink() {
  return useMutation({ mutationFn: sendQuestionnaireLink });
}
