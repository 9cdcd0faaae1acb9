import { buttonClass } from '../../../components/ui/button';
import { useCurrentUser } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePasskeys } from '../api/passkeys';
import { useMfaStatus } from '../api/second-factor';
import { HOME_OF } from '../model/home';
import { PasskeysSection } from './passkeys-section';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';
import '../account.css';

/** /account: the signed-in person's own sign-in security (any role). */
export function AccountPage() {
  useDocumentTitle('Account security');
  const status = useMfaStatus();
  const passkeys = usePasskeys();
  // A session that may only set up a second factor (an app or a passkey) sees nothing else.
  const setupOnly = status.data?.required === true && !status.data.totp && (passkeys.data?.length ?? 0) === 0;
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
      <PasskeysSection />
      {status.data && !setupOnly ? <SessionsSection /> : null}
    </div>
  );
}
