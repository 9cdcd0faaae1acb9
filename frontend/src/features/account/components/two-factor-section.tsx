import type { TotpSetup as Setup } from '@risk-profile/contracts';
import { type FormEvent, useState } from 'react';
import { Alert, LoadFailure } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { usePasskeys } from '../api/passkeys';
import { useDisableTotp, useMfaStatus, useSetupTotp } from '../api/second-factor';
import { CodeField, useCodeInput } from './code-field';
import { TotpSetup } from './totp-setup';

/** Two-step sign-in: on or off, setting it up, turning it off with a current code. */
export function TwoFactorSection() {
  const status = useMfaStatus();
  const start = useSetupTotp();
  const passkeys = usePasskeys();
  const [setup, setSetup] = useState<Setup | null>(null);

  if (status.isPending) return <Spinner label="Loading two-step sign-in..." />;
  if (status.isError || !status.data)
    return <LoadFailure title="Could not load two-step sign-in" error={status.error} />;
  const { totp, recoveryCodesLeft, required } = status.data;

  return (
    <section className="card account-section" aria-labelledby="two-step-title">
      <h2 id="two-step-title">Two-step sign-in</h2>
      {setup ? (
        <TotpSetup setup={setup} onDone={() => window.location.assign('/account')} />
      ) : totp ? (
        <>
          <p data-testid="two-step-status">
            On: after your password you enter a code from your authenticator app. {recoveryCodesLeft} of 10
            recovery codes left.
          </p>
          {required && (passkeys.data?.length ?? 0) === 0 ? (
            <p className="account-note">
              Your role requires a second factor and this app is your only one, so it cannot be turned off
              until you add a passkey.
            </p>
          ) : (
            <TurnOff />
          )}
        </>
      ) : (
        <>
          {required && (passkeys.data?.length ?? 0) === 0 ? (
            <Alert tone="warning" title="Set up two-step sign-in to continue">
              Your role requires a second factor: a code from an authenticator app after your password, or a
              passkey (below). Set one up now; until then this is the only page you can use.
            </Alert>
          ) : (
            <p data-testid="two-step-status">
              Off. Add a code from an authenticator app to your password, so a stolen password alone cannot
              sign in.
            </p>
          )}
          {start.isError ? <Alert tone="error">{errorMessage(start.error)}</Alert> : null}
          <Button loading={start.isPending} onClick={() => start.mutate(undefined, { onSuccess: setSetup })}>
            Set up an authenticator app
          </Button>
        </>
      )}
    </section>
  );
}

function TurnOff() {
  const disable = useDisableTotp();
  const input = useCodeInput();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = input.checked();
    if (code) disable.mutate(code, { onSuccess: () => input.setCode('') });
  };
  return (
    <form className="account-form" onSubmit={submit} noValidate>
      {disable.isError ? <Alert tone="error">{errorMessage(disable.error)}</Alert> : null}
      <CodeField label="Code from your app, to turn it off" input={input} />
      <Button type="submit" variant="destructive" loading={disable.isPending}>
        Turn off two-step sign-in
      </Button>
    </form>
  );
}
