import { errorMessage } from './api-client';

/**
 * What to tell a person whose passkey prompt failed: the browser's refusals (cancelled, timed
 * out, a passkey already on this device) in words, the server's own message otherwise.
 */
export function passkeyFailure(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return 'This device already holds a passkey for your account.';
  }
  if (name === 'NotAllowedError' || code === 'ERROR_CEREMONY_ABORTED') {
    return 'The passkey prompt was cancelled or timed out. Please try again.';
  }
  return errorMessage(error);
}
