import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../features/account/components/account-page';
import { hasSession } from '../lib/mfa-status';
import { signInRedirect } from '../lib/sign-in-redirect';

export const Route = createFileRoute('/account')({
  // Any session, one that may only set up a second factor included; a visitor signs in first.
  beforeLoad: signInRedirect(async (queryClient) => ((await hasSession(queryClient)) ? null : '/login')),
  component: AccountPage,
});
