import { buttonClass } from '../../../components/ui/button';
import { useCurrentUser } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMfaStatus } from '../api/second-factor';
import { HOME_OF } from '../model/home';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';
import '../account.css';

/** /account: the signed-in person's own sign-in security (any role). */
export function AccountPage() {
  useDocumentTitle('Account security');
  const status = useMfaStatus();
  // A session that may only set up a second factor sees nothing else.
  const setupOnly = status.data?.required === true && !status.data.totp;
  const user = useCurrentUser().data;
  return (
    <div className="page account-page">
      <h1>Account security</h1>
      {user ? (
        // A full navigation: each home is another part of the site, with its own guard.
        <a href={HOME_OF[user.role].path} className={buttonClass('outline', 'sm')}>
          {HOME_OF[user.role].label}
        </a>
      ) : null}
      <TwoFactorSection />
      {status.data && !setupOnly ? <SessionsSection /> : null}
    </div>
  );
}
