import { recoveryCodeSchema, totpCodeSchema } from '@risk-profile/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useVerifySecondFactor } from '../api/sign-in';
import type { SecondStep } from '../model/use-login-form';
import { SecondStepPasskey } from './second-step-passkey';

/**
 * The second step after a right password, on both sign-in pages: a code from the app, one of the
 * recovery codes, or a passkey (the methods the account has). A sign-in left too long (or
 * started in another browser) starts again.
 */
export function SecondStepCard({ step }: { step: SecondStep }) {
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<{ message: string; expired: boolean } | null>(null);
  const verify = useVerifySecondFactor();
  const withCode = step.methods.includes('totp');
  const passkey = step.methods.includes('passkey') ? (
    <SecondStepPasskey land={step.land} onFailure={setFailure} primary={!withCode} />
  ) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = (recovery ? recoveryCodeSchema : totpCodeSchema).safeParse(value);
    setFieldError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    verify.mutate(recovery ? { recoveryCode: value } : { code: value }, {
      onSuccess: step.land,
      onError: (error) =>
        setFailure({
          message:
            error instanceof ApiError ? error.reason : 'The code could not be checked. Please try again.',
          expired: error instanceof ApiError && error.code === 'MFA_SIGN_IN_EXPIRED',
        }),
    });
  };

  return (
    <div className="page auth-page">
      <section className="card auth-card" aria-labelledby="second-step-title">
        <h1 className="auth-card__title" id="second-step-title">
          Two-step sign-in
        </h1>
        <p className="auth-card__subtitle">
          {!withCode
            ? 'Use your passkey to finish signing in: your device asks for its fingerprint, face or PIN.'
            : recovery
              ? 'Enter one of the recovery codes you saved when you set up your app. Each works once.'
              : 'Enter the 6-digit code your authenticator app shows for Risk Profile.'}
        </p>
        {failure ? (
          <Alert tone="error" testId="second-step-error">
            {failure.message}
          </Alert>
        ) : null}
        {failure?.expired ? (
          <Button block onClick={() => window.location.reload()}>
            Start again
          </Button>
        ) : !withCode ? (
          passkey
        ) : (
          <form className="auth-form" onSubmit={submit} noValidate>
            <TextField
              label={recovery ? 'Recovery code' : 'Code'}
              name={recovery ? 'recoveryCode' : 'code'}
              autoComplete="one-time-code"
              inputMode={recovery ? 'text' : 'numeric'}
              autoFocus
              value={value}
              onChange={(event) => setValue(event.target.value)}
              error={fieldError}
            />
            <Button type="submit" block loading={verify.isPending} disabled={verify.isPending}>
              {verify.isPending ? 'Checking...' : 'Verify'}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setRecovery(!recovery);
                setValue('');
                setFieldError(undefined);
              }}
            >
              {recovery ? 'Use a code from my app instead' : 'Use a recovery code instead'}
            </Button>
            {passkey}
          </form>
        )}
      </section>
    </div>
  );
}
