import type { User } from '@risk-profile/contracts';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { passkeyFailure } from '../../../lib/passkey-failure';
import { usePasskeySecondStep } from '../api/passkey-sign-in';

/** "Use a passkey" on the second step: the account's passkey instead of a code. */
export function SecondStepPasskey({
  land,
  onFailure,
  primary,
}: {
  land: (user: User) => void;
  onFailure: (failure: { message: string; expired: boolean }) => void;
  /** The only way offered (the account has no app): the card's main button. */
  primary: boolean;
}) {
  const verify = usePasskeySecondStep();
  return (
    <Button
      variant={primary ? 'primary' : 'outline'}
      block
      loading={verify.isPending}
      onClick={() =>
        verify.mutate(undefined, {
          onSuccess: land,
          onError: (error) =>
            onFailure({
              message: passkeyFailure(error),
              expired: error instanceof ApiError && error.code === 'MFA_SIGN_IN_EXPIRED',
            }),
        })
      }
    >
      Use a passkey
    </Button>
  );
}
