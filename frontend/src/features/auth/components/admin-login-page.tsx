import { adminLoginFormSchema } from '@risk-profile/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { appConfig } from '../../../lib/env';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSignIn } from '../api/sign-in';
import { type FieldErrors, fieldErrors, LOGIN_FAILED_FALLBACK } from '../model/login-form';
import '../auth.css';

/** The demo administrator, shown only while the deployment runs with demo data. */
const DEMO_ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' } as const;

/** /admin/login: an administrator signs in to the analytics dashboard. */
export function AdminLoginPage() {
  useDocumentTitle('Admin Login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const signIn = useSignIn('admin');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The previous failure is cleared on every submit.
    setFailure(null);
    const found = fieldErrors(adminLoginFormSchema, { email, password });
    setErrors(found);
    if (found.email || found.password) return;
    signIn.mutate(
      { email, password },
      {
        onSuccess: () => window.location.assign('/admin/dashboard'),
        onError: (error) =>
          setFailure(error instanceof ApiError && error.reason ? error.reason : LOGIN_FAILED_FALLBACK),
      },
    );
  };

  return (
    <div className="page auth-page">
      <section className="card auth-card">
        <h1 className="auth-card__title">Admin Login</h1>
        <p className="auth-card__subtitle">Access the Risk Profile Analytics Dashboard</p>
        {failure ? (
          <Alert tone="error" title="Login failed" testId="admin-login-error">
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
          <Button type="submit" block loading={signIn.isPending} disabled={signIn.isPending}>
            {signIn.isPending ? 'Logging in...' : 'Login to Dashboard'}
          </Button>
        </form>
        {appConfig.demoMode ? (
          <div className="auth-hint" data-testid="demo-credentials">
            <p className="auth-hint__title">Demo credentials</p>
            <p>
              Email: <code>{DEMO_ADMIN.email}</code>
            </p>
            <p>
              Password: <code>{DEMO_ADMIN.password}</code>
            </p>
          </div>
        ) : null}
      </section>
    </div>
  );
}
