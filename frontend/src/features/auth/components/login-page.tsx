import { clientLoginFormSchema } from '@risk-profile/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSignIn } from '../api/sign-in';
import { type FieldErrors, fieldErrors, LOGIN_FAILED_FALLBACK } from '../model/login-form';
import '../auth.css';

/** /login: an adviser (or administrator) signs in to the assessment platform. */
export function LoginPage() {
  useDocumentTitle('Sign in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const signIn = useSignIn('user');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = fieldErrors(clientLoginFormSchema, { email, password });
    setErrors(found);
    if (found.email || found.password) return;
    signIn.mutate(
      { email, password },
      {
        // A full page navigation: the whole site starts again as the signed-in user.
        onSuccess: () => window.location.assign('/'),
        onError: (error) =>
          setFailure(error instanceof ApiError && error.reason ? error.reason : LOGIN_FAILED_FALLBACK),
      },
    );
  };

  return (
    <div className="page auth-page">
      <section className="card auth-card">
        <h1 className="auth-card__title">Investment Risk Assessment</h1>
        <p className="auth-card__subtitle">Sign in to access the assessment platform</p>
        {failure ? (
          <Alert tone="error" testId="login-error">
            {failure}
          </Alert>
        ) : null}
        <form className="auth-form" onSubmit={submit} noValidate>
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.email}
          />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
          />
          <Button type="submit" block loading={signIn.isPending}>
            {signIn.isPending ? 'Signing in...' : 'Sign In'}
          </Button>
        </form>
      </section>
    </div>
  );
}
