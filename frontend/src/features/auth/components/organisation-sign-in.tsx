import {
  ENDPOINT_ROUTES,
  SSO_REFUSAL_MESSAGES,
  type SsoRefusal,
  type SsoSignInPage,
} from '@risk-profile/contracts';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button';
import { useSignInOptions } from '../api/sign-in-options';

/** Why single sign-on sent the browser back here, as the sign-in page shows it. */
export function OrganisationSignInRefusal({ reason }: { reason: SsoRefusal | undefined }) {
  if (!reason) return null;
  return (
    <Alert tone="error" title="Sign-in with your organisation refused" testId="sso-error">
      {SSO_REFUSAL_MESSAGES[reason]}
    </Alert>
  );
}

/**
 * "Sign in with your organisation", when single sign-on is configured: a plain link, since the
 * sign-in is a chain of full-page redirects (to the provider and back).
 */
export function OrganisationSignIn({ page }: { page: SsoSignInPage }) {
  const { data } = useSignInOptions();
  if (!data?.sso) return null;
  const href = `${ENDPOINT_ROUTES.oidcLogin.path}?page=${page}`;
  return (
    <>
      <p className="auth-divider">or</p>
      <a href={href} className={buttonClass('outline', 'md', 'button--block')} data-testid="sso-sign-in">
        Sign in with your organisation
      </a>
    </>
  );
}
