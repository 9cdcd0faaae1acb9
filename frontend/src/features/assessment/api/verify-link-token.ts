import type { VerifiedLink } from '@risk-profile/contracts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** Checks a link token's signature and expiry on the server; throws when invalid or expired. */
export function verifyLinkToken(token: string): Promise<VerifiedLink> {
  return callEndpoint('verifyQuestionnaireLink', { body: { token }, checkAhead: true });
}

export function useVerifyLinkToken() {
  return useMutation({ mutationFn: verifyLinkToken });
}
