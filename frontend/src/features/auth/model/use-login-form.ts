import type { SecondFactorMethod, User } from '@risk-profile/contracts';
import type { FormEvent } from 'react';
import { useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { MFA_SETUP_PATH } from '../../../lib/mfa-status';
import { useSignIn } from '../api/sign-in';
import { type FieldErrors, fieldErrors, LOGIN_FAILED_FALLBACK } from './login-form';

/** The second step of a sign-in in progress: where it lands once the code is right, and with what. */
export interface SecondStep {
  land: (user: User) => void;
  methods: readonly SecondFactorMethod[];
}

/**
 * The state of one sign-in form: its values, the field messages of its schema, the failure of the
 * last attempt (cleared on every submit) and a full page navigation to `destination` (or where it
 * sends the user signed in) on success, so the whole site starts again as the signed-in user.
 */
export function useLoginForm(
  kind: 'user' | 'admin',
  schema: z.ZodType,
  destination: string | ((user: User) => string),
) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  /** Set once the password was right and the account's second factor is asked for. */
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const signIn = useSignIn(kind);
  const land = (user: User) =>
    window.location.assign(typeof destination === 'string' ? destination : destination(user));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = fieldErrors(schema, { email, password });
    setErrors(found);
    if (found.email || found.password) return;
    signIn.mutate(
      { email, password },
      {
        onSuccess: (answer) => {
          if ('mfaRequired' in answer) setSecondStep({ land, methods: answer.methods });
          // A role that must have a second factor, signed in only to set one up.
          else if (answer.mfaSetupRequired) window.location.assign(MFA_SETUP_PATH);
          else land(answer.user);
        },
        onError: (error) =>
          setFailure(error instanceof ApiError && error.reason ? error.reason : LOGIN_FAILED_FALLBACK),
      },
    );
  };

  return {
    email,
    setEmail,
    password,
    setPassword,
    errors,
    failure,
    pending: signIn.isPending,
    submit,
    secondStep,
    land,
  };
}
