import type {
  AdminAccount,
  AdminAdviser,
  CreateAdviserBody,
  UpdateAdviserBody,
} from '@risk-profile/contracts';
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  type AccountAction,
  useAccountAction,
  useAdminAccounts,
  useAdminAdvisers,
  useCreateAdviser,
  useCreateAnalyst,
  useCurrentAdmin,
  useSetAnalystAccess,
  useUpdateAdviser,
} from '../api/admin-accounts';
import { accountStatus, formatDateTime, lastSignIn } from '../model/account-status';
import { AdviserFormDialog } from './adviser-form-dialog';
import { AnalystFormDialog } from './analyst-form-dialog';
import { ConfirmDialog } from './confirm-dialog';
import '../admin-accounts.css';

const ADMIN_LOGIN_PATH = '/admin/login';

/** An administrator's analyst access given or taken away, beside the actions every account has. */
type PageAction = AccountAction | 'give-analyst-access' | 'take-analyst-access';

interface PendingAction {
  account: AdminAccount;
  action: PageAction;
}

function confirmation({ account, action }: PendingAction) {
  const who = `${account.name} (${account.email})`;
  switch (action) {
    case 'give-analyst-access':
      return {
        title: `Give ${account.name} analyst access?`,
        description: `${who} may then query the analytics store (the query page and /clickhouse). Their sessions end now; the access applies from their next sign-in.`,
        confirmLabel: 'Give analyst access',
        destructive: false,
      };
    case 'take-analyst-access':
      return {
        title: `Take ${account.name}'s analyst access away?`,
        description: `${who} is signed out everywhere at once, and their API tokens and password stop working at /clickhouse.`,
        confirmLabel: 'Take analyst access away',
        destructive: true,
      };
    case 'disable':
      return {
        title: `Disable ${account.name}?`,
        description: `${who} is signed out everywhere at once and cannot sign in until the account is enabled again.`,
        confirmLabel: 'Disable account',
        destructive: true,
      };
    case 'enable':
      return {
        title: `Enable ${account.name}?`,
        description: `${who} can sign in again with their password.`,
        confirmLabel: 'Enable account',
        destructive: false,
      };
    case 'reset-password':
      return account.passwordSet
        ? {
            title: `Reset the password of ${account.name}?`,
            description: `${who} is signed out at once, their current password stops working, and they get an email with a link to choose a new one (it works once, for 72 hours).`,
            confirmLabel: 'Reset and send email',
            destructive: true,
          }
        : {
            title: `Send ${account.name} a new link?`,
            description: `${who} gets a new email with a link to set their password (it works once, for 72 hours). Any earlier link stops working.`,
            confirmLabel: 'Send new link',
            destructive: false,
          };
  }
}

const doneMessage = (account: AdminAccount, action: PageAction): string =>
  action === 'give-analyst-access'
    ? `${account.name} has analyst access from their next sign-in.`
    : action === 'take-analyst-access'
      ? `${account.name}'s analyst access is taken away and their sessions have ended.`
      : action === 'disable'
        ? `${account.name}'s account is disabled and their sessions have ended.`
        : action === 'enable'
          ? `${account.name}'s account is enabled.`
          : `A link to set a password is being emailed to ${account.email}.`;

function StatusBadge({ account }: { account: AdminAccount | null }) {
  const status = accountStatus(account);
  return <span className={`accounts-badge accounts-badge--${status.tone}`}>{status.label}</span>;
}

function AccountActions({
  account,
  isSelf,
  onAction,
}: {
  account: AdminAccount;
  isSelf: boolean;
  onAction: (pending: PendingAction) => void;
}) {
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

function AccountFacts({ account }: { account: AdminAccount | null }) {
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
              until {formatDateTime(account.pendingLink.expiresAt)}
            </span>
          ) : null}
        </dd>
      </div>
      <div>
        <dt>Last sign-in</dt>
        <dd>{lastSignIn(account)}</dd>
      </div>
    </>
  );
}

/** /admin/advisers: the firm's advisers and every sign-in account, and what an administrator does with them. */
export function AdminAccountsPage() {
  useDocumentTitle('Advisers and accounts');
  const advisers = useAdminAdvisers();
  const accounts = useAdminAccounts();
  const me = useCurrentAdmin();
  const create = useCreateAdviser();
  const createAnalyst = useCreateAnalyst();
  const setAnalystAccess = useSetAnalystAccess();
  const [analystForm, setAnalystForm] = useState(false);
  const update = useUpdateAdviser();
  const act = useAccountAction();
  const [form, setForm] = useState<{ open: boolean; adviser: AdminAdviser | null }>({
    open: false,
    adviser: null,
  });
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionFailure, setActionFailure] = useState<string | null>(null);

  const signedOut = [advisers.error, accounts.error, me.error].some(
    (error) => error instanceof ApiError && (error.status === 401 || error.status === 403),
  );
  useEffect(() => {
    // A full navigation: the login page belongs to another part of the site.
    if (signedOut) window.location.replace(ADMIN_LOGIN_PATH);
  }, [signedOut]);

  if (advisers.isPending || accounts.isPending || signedOut) {
    return (
      <div className="page admin accounts">
        <Spinner label="Loading advisers and accounts..." />
      </div>
    );
  }
  if (advisers.isError || accounts.isError) {
    return (
      <div className="page admin accounts">
        <Alert tone="error" title="Could not load advisers and accounts">
          {errorMessage(advisers.error ?? accounts.error)}
        </Alert>
      </div>
    );
  }

  const administrators = accounts.data.filter((account) => account.role === 'admin');
  const analysts = accounts.data.filter((account) => account.role === 'analyst');
  // The administrator's own account: the one the server refuses to disable or reset.
  const selfId = me.data?.id;
  const startAction = (next: PendingAction) => {
    setActionFailure(null);
    setPending(next);
  };

  const submitForm = async (body: CreateAdviserBody | UpdateAdviserBody) => {
    if (form.adviser) {
      const saved = await update.mutateAsync({ slug: form.adviser.slug, body });
      setNotice(`Saved the details of ${saved.adviserName}.`);
    } else {
      const created = await create.mutateAsync(body as CreateAdviserBody);
      setNotice(`${created.adviserName} was created. An invitation is being emailed to ${created.email}.`);
    }
  };

  const confirm = async () => {
    if (!pending) return;
    try {
      const { account, action } = pending;
      if (action === 'give-analyst-access' || action === 'take-analyst-access') {
        await setAnalystAccess.mutateAsync({
          id: account.id,
          analystAccess: action === 'give-analyst-access',
        });
      } else {
        await act.mutateAsync({ id: account.id, action });
      }
      setNotice(doneMessage(pending.account, pending.action));
      setPending(null);
    } catch (error) {
      setActionFailure(errorMessage(error));
    }
  };

  return (
    <div className="page admin accounts">
      <header className="admin__header">
        <div>
          <h1 className="admin__title">Advisers and accounts</h1>
          <p className="admin__subtitle">Create advisers, edit their details, and manage who can sign in.</p>
        </div>
        <div className="admin__actions">
          <a className={buttonClass('outline')} href="/admin/dashboard">
            Dashboard
          </a>
          <Button variant="outline" onClick={() => setAnalystForm(true)}>
            New analyst
          </Button>
          <Button onClick={() => setForm({ open: true, adviser: null })}>New adviser</Button>
        </div>
      </header>
      {notice ? (
        <Alert tone="success" testId="accounts-notice">
          {notice}
        </Alert>
      ) : null}

      <section className="accounts__section" aria-labelledby="advisers-heading">
        <h2 id="advisers-heading">Advisers</h2>
        {advisers.data.length === 0 ? (
          <p className="admin__empty">No advisers yet. Create the first with “New adviser”.</p>
        ) : (
          <ul className="accounts-list" aria-labelledby="advisers-heading">
            {advisers.data.map((adviser) => (
              <li key={adviser.slug} className="accounts-card" aria-label={adviser.adviserName}>
                <div className="accounts-card__head">
                  <h3 className="accounts-card__name">{adviser.adviserName}</h3>
                  <p className="accounts-card__company">{adviser.companyName}</p>
                </div>
                <dl className="accounts-card__facts">
                  <div>
                    <dt>Page</dt>
                    <dd>
                      /{adviser.slug}
                      {adviser.formerSlugs.length > 0 ? (
                        <span className="accounts-card__note">
                          {' '}
                          (formerly {adviser.formerSlugs.map((slug) => `/${slug}`).join(', ')})
                        </span>
                      ) : null}
                    </dd>
                  </div>
                  <div>
                    <dt>Email</dt>
                    <dd>{adviser.email}</dd>
                  </div>
                  {adviser.licenceNumber ? (
                    <div>
                      <dt>Licence</dt>
                      <dd>{adviser.licenceNumber}</dd>
                    </div>
                  ) : null}
                  <AccountFacts account={adviser.account} />
                </dl>
                <div className="accounts-card__actions">
                  <Button size="sm" variant="outline" onClick={() => setForm({ open: true, adviser })}>
                    Edit<span className="visually-hidden"> {adviser.adviserName}</span>
                  </Button>
                  {adviser.account ? (
                    <AccountActions account={adviser.account} isSelf={false} onAction={startAction} />
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="accounts__section" aria-labelledby="administrators-heading">
        <h2 id="administrators-heading">Administrators</h2>
        <ul className="accounts-list" aria-labelledby="administrators-heading">
          {administrators.map((account) => (
            <li key={account.id} className="accounts-card" aria-label={account.name}>
              <div className="accounts-card__head">
                <h3 className="accounts-card__name">{account.name}</h3>
                <p className="accounts-card__company">{account.email}</p>
              </div>
              <dl className="accounts-card__facts">
                <AccountFacts account={account} />
              </dl>
              <div className="accounts-card__actions">
                <AccountActions account={account} isSelf={account.id === selfId} onAction={startAction} />
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="accounts__section" aria-labelledby="analysts-heading">
        <h2 id="analysts-heading">Analysts</h2>
        {analysts.length === 0 ? (
          <p className="admin__empty">No analysts yet. Create one with “New analyst”.</p>
        ) : (
          <ul className="accounts-list" aria-labelledby="analysts-heading">
            {analysts.map((account) => (
              <li key={account.id} className="accounts-card" aria-label={account.name}>
                <div className="accounts-card__head">
                  <h3 className="accounts-card__name">{account.name}</h3>
                  <p className="accounts-card__company">{account.email}</p>
                </div>
                <dl className="accounts-card__facts">
                  <AccountFacts account={account} />
                </dl>
                <div className="accounts-card__actions">
                  <AccountActions account={account} isSelf={false} onAction={startAction} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <AnalystFormDialog
        open={analystForm}
        onOpenChange={setAnalystForm}
        pending={createAnalyst.isPending}
        onSubmit={async (body) => {
          const created = await createAnalyst.mutateAsync(body);
          setNotice(`${body.name} was created. An invitation is being emailed to ${created.email}.`);
        }}
      />
      <AdviserFormDialog
        open={form.open}
        onOpenChange={(open) => setForm((prev) => ({ ...prev, open }))}
        adviser={form.adviser}
        pending={create.isPending || update.isPending}
        onSubmit={submitForm}
      />
      {pending ? (
        <ConfirmDialog
          open
          {...confirmation(pending)}
          pending={act.isPending || setAnalystAccess.isPending}
          failure={actionFailure}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </div>
  );
}
