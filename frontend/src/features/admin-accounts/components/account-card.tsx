import type { AdminAccount } from '@risk-profile/contracts';
import { Button } from '../../../components/ui/button';
import { useTimeZone } from '../../../lib/time-zone';
import { accountStatus, formatDateTime, lastSignIn } from '../model/account-status';
import type { PendingAction } from './account-confirmation';

interface AccountProps {
  account: AdminAccount;
  isSelf: boolean;
  onAction: (pending: PendingAction) => void;
}

function StatusBadge({ account }: { account: AdminAccount | null }) {
  const status = accountStatus(account);
  return <span className={`accounts-badge accounts-badge--${status.tone}`}>{status.label}</span>;
}

/** What an administrator can do to an account: analyst access, a password or second-factor reset, disable or enable. */
export function AccountActions({ account, isSelf, onAction }: AccountProps) {
  const analystAccess =
    account.role === 'admin' ? (
      <Button
        size="sm"
        variant="outline"
        onClick={() =>
          onAction({ account, action: account.analystAccess ? 'take-analyst-access' : 'give-analyst-access' })
        }
      >
        {account.analystAccess ? 'Take analyst access' : 'Give analyst access'}
        <span className="visually-hidden">
          {' '}
          {account.analystAccess ? 'from' : 'to'} {account.name}
        </span>
      </Button>
    ) : null;
  if (isSelf)
    return (
      <>
        <p className="accounts-card__note">This is your account.</p>
        {analystAccess}
      </>
    );
  return (
    <>
      {analystAccess}
      {account.disabled ? null : (
        <Button size="sm" variant="outline" onClick={() => onAction({ account, action: 'reset-password' })}>
          {account.passwordSet ? 'Send password reset' : 'Send new invitation'}
          <span className="visually-hidden"> to {account.name}</span>
        </Button>
      )}
      {account.secondFactor ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => onAction({ account, action: 'reset-second-factor' })}
        >
          Reset second factor<span className="visually-hidden"> of {account.name}</span>
        </Button>
      ) : null}
      {account.disabled ? (
        <Button size="sm" variant="outline" onClick={() => onAction({ account, action: 'enable' })}>
          Enable<span className="visually-hidden"> {account.name}</span>
        </Button>
      ) : (
        <Button size="sm" variant="destructive" onClick={() => onAction({ account, action: 'disable' })}>
          Disable<span className="visually-hidden"> {account.name}</span>
        </Button>
      )}
    </>
  );
}

const ROLE_LABELS: Readonly<Record<AdminAccount['role'], string>> = {
  adviser: 'Adviser',
  admin: 'Administrator',
  analyst: 'Analyst',
};

/** An account's role (unless an adviser's), status and last sign-in, as rows of a card's facts. */
export function AccountFacts({ account }: { account: AdminAccount | null }) {
  const zone = useTimeZone();
  return (
    <>
      {account && account.role !== 'adviser' ? (
        <div>
          <dt>Role</dt>
          <dd>
            {ROLE_LABELS[account.role]}
            {account.role === 'admin' && account.analystAccess ? ', with analyst access' : ''}
          </dd>
        </div>
      ) : null}
      <div>
        <dt>Account</dt>
        <dd>
          <StatusBadge account={account} />
          {account?.pendingLink && !account.pendingLink.expired ? (
            <span className="accounts-card__note">
              {' '}
              until {formatDateTime(account.pendingLink.expiresAt, zone)}
            </span>
          ) : null}
        </dd>
      </div>
      {account ? (
        <div>
          <dt>Second factor</dt>
          <dd>{account.secondFactor ? 'Authenticator app' : 'None'}</dd>
        </div>
      ) : null}
      <div>
        <dt>Last sign-in</dt>
        <dd>{lastSignIn(account, zone)}</dd>
      </div>
    </>
  );
}

/** A sign-in account that is not an adviser's (an administrator or an analyst), with what can be done to it. */
export function AccountCard({ account, isSelf, onAction }: AccountProps) {
  return (
    <li className="accounts-card" aria-label={account.name}>
      <div className="accounts-card__head">
        <h3 className="accounts-card__name">{account.name}</h3>
        <p className="accounts-card__company">{account.email}</p>
      </div>
      <dl className="accounts-card__facts">
        <AccountFacts account={account} />
      </dl>
      <div className="accounts-card__actions">
        <AccountActions account={account} isSelf={isSelf} onAction={onAction} />
      </div>
    </li>
  );
}
