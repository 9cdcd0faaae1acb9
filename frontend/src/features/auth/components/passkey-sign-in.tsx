import type { SsoSignInPage, User } from '@risk-profile/contracts';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { passkeyFailure } from '../../../lib/passkey-failure';
import { usePasskeySignIn } from '../api/passkey-sign-in';

/** "Sign in with a passkey": no email or password, the device's screen lock instead. */
export function PasskeySignIn({ page, land }: { page: SsoSignInPage; land: (user: User) => void }) {
  const signIn = usePasskeySignIn(page);
  if (!browserSupportsWebAuthn()) return null;
  return (
    <>
      <p className="auth-divider">or</p>
      {signIn.isError ? (
        <Alert tone="error" testId="passkey-sign-in-error">
          {passkeyFailure(signIn.error)}
        </Alert>
      ) : null}
      <Button
        variant="outline"
        block
        loading={signIn.isPending}
        onClick={() => signIn.mutate(undefined, { onSuccess: land })}
      >
        Sign in with a passkey
      </Button>
    </>
  );
}
