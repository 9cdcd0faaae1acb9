import { clientLoginFormSchema, type SsoRefusal } from '@risk-profile/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { landingAfterSignIn } from '../model/login-form';
import { useLoginForm } from '../model/use-login-form';
import { LoginFields } from './login-fields';
import { OrganisationSignIn, OrganisationSignInRefusal } from './organisation-sign-in';
import { PasskeySignIn } from './passkey-sign-in';
import { SecondStepCard } from './second-step-card';
import '../auth.css';

/** /login: an adviser (or administrator) signs in to the assessment platform. */
export function LoginPage({ ssoError }: { ssoError?: SsoRefusal | undefined }) {
  useDocumentTitle('Sign in');
  const form = useLoginForm('user', clientLoginFormSchema, landingAfterSignIn);
  if (form.secondStep) return <SecondStepCard step={form.secondStep} />;

  return (
    <div className="page auth-page">
      <section className="card auth-card">
        <h1 className="auth-card__title">Investment Risk Assessment</h1>
        <p className="auth-card__subtitle">Sign in to access the assessment platform</p>
        <OrganisationSignInRefusal reason={ssoError} />
        {form.failure ? (
          <Alert tone="error" testId="login-error">
            {form.failure}
          </Alert>
        ) : null}
        <form className="auth-form" onSubmit={form.submit} noValidate>
          <LoginFields form={form} />
          <Button type="submit" block loading={form.pending}>
            {form.pending ? 'Signing in...' : 'Sign In'}
          </Button>
        </form>
        <OrganisationSignIn page="user" />
        <PasskeySignIn page="user" land={form.land} />
      </section>
    </div>
  );
}
