import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { passkeyFailure } from './passkey-failure';

const named = (name: string, code?: string) => Object.assign(new Error('browser said no'), { name, code });

describe('passkeyFailure', () => {
  it('words a cancelled or timed-out prompt', () => {
    expect(passkeyFailure(named('NotAllowedError'))).toBe(
      'The passkey prompt was cancelled or timed out. Please try again.',
    );
  });

  it('words a passkey the device already holds', () => {
    expect(passkeyFailure(named('InvalidStateError', 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'))).toBe(
      'This device already holds a passkey for your account.',
    );
  });

  it('passes the server’s message through', () => {
    expect(passkeyFailure(new ApiError(409, 'Your role requires a second factor.'))).toBe(
      'Your role requires a second factor.',
    );
  });
});
