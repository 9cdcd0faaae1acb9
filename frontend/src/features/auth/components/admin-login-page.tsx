import { adminLoginFormSchema, type SsoRefusal } from '@risk-profile/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { appConfig } from '../../../lib/env';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLoginForm } from '../model/use-login-form';
import { LoginFields } from './login-fields';
import { OrganisationSignIn, OrganisationSignInRefusal } from './organisation-sign-in';
import { PasskeySignIn } from './passkey-sign-in';
import { SecondStepCard } from './second-step-card';
import '../auth.css';

/** The demo administrator, shown only while the deployment runs with demo data. */
const DEMO_ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' } as const;

/** /admin/login: an administrator signs in to the analytics dashboard. */
export function AdminLoginPage({ ssoError }: { ssoError?: SsoRefusal | undefined }) {
  useDocumentTitle('Admin Login');
  const form = useLoginForm('admin', adminLoginFormSchema, '/admin/dashboard');
  if (form.secondStep) return <SecondStepCard step={form.secondStep} />;

  return (
    <div className="page auth-page">
      <section className="card auth-card">
        <h1 className="auth-card__title">Admin Login</h1>
        <p className="auth-card__subtitle">Access the Risk Profile Analytics Dashboard</p>
        <OrganisationSignInRefusal reason={ssoError} />
        {form.failure ? (
          <Alert tone="error" title="Login failed" testId="admin-login-error">
            {form.failure}
          </Alert>
        ) : null}
        <form className="auth-form" onSubmit={form.submit} noValidate>
          <LoginFields form={form} />
          <Button type="submit" block loading={form.pending} disabled={form.pending}>
            {form.pending ? 'Logging in...' : 'Login to Dashboard'}
          </Button>
        </form>
        <OrganisationSignIn page="admin" />
        <PasskeySignIn page="admin" land={form.land} />
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
