import type { User } from '@risk-profile/contracts';
import type { FormEvent } from 'react';
import { useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { useSignIn } from '../api/sign-in';
import { type FieldErrors, fieldErrors, LOGIN_FAILED_FALLBACK } from './login-form';

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
  const signIn = useSignIn(kind);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = fieldErrors(schema, { email, password });
    setErrors(found);
    if (found.email || found.password) return;
    signIn.mutate(
      { email, password },
      {
        onSuccess: (user) =>
          window.location.assign(typeof destination === 'string' ? destination : destination(user)),
        onError: (error) =>
          setFailure(error instanceof ApiError && error.reason ? error.reason : LOGIN_FAILED_FALLBACK),
      },
    );
  };

  return { email, setEmail, password, setPassword, errors, failure, pending: signIn.isPending, submit };
}
