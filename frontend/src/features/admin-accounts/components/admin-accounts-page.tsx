import type { AdminAdviser, CreateAdviserBody, UpdateAdviserBody } from '@risk-profile/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import {
  useAccountAction,
  useAdminAccounts,
  useAdminAdvisers,
  useCreateAdviser,
  useCreateAnalyst,
  useCurrentAdmin,
  useSetAnalystAccess,
  useUpdateAdviser,
} from '../api/admin-accounts';
import { AccountActions, AccountCard, AccountFacts } from './account-card';
import { confirmation, doneMessage, type PendingAction } from './account-confirmation';
import { AdviserFormDialog } from './adviser-form-dialog';
import { AnalystFormDialog } from './analyst-form-dialog';
import { ConfirmDialog } from './confirm-dialog';
import '../admin-accounts.css';

/**
 * /admin/advisers: the firm's advisers and every sign-in account, and what an administrator does
 * with them; inside the admin area's shell (title, Logout, navigation), as its other pages.
 */
export function AdminAccountsPage() {
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
  const queryClient = useQueryClient();
  const router = useRouter();
  useEffect(() => {
    // The session ended under the page (giving one's own account analyst access ends it): every
    // cached answer is stale, as after a logout, and the route's sign-in redirect decides again.
    if (!signedOut) return;
    queryClient.clear();
    void router.invalidate();
  }, [signedOut, queryClient, router]);

  if (advisers.isPending || accounts.isPending || signedOut) {
    return <Spinner label="Loading advisers and accounts..." />;
  }
  if (advisers.isError || accounts.isError) {
    return (
      <Alert tone="error" title="Could not load advisers and accounts">
        {errorMessage(advisers.error ?? accounts.error)}
      </Alert>
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
    <div className="accounts">
      <div className="accounts__toolbar">
        <p className="admin__subtitle">Create advisers, edit their details, and manage who can sign in.</p>
        <div className="admin__actions">
          <Button variant="outline" onClick={() => setAnalystForm(true)}>
            New analyst
          </Button>
          <Button onClick={() => setForm({ open: true, adviser: null })}>New adviser</Button>
        </div>
      </div>
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
            <AccountCard
              key={account.id}
              account={account}
              isSelf={account.id === selfId}
              onAction={startAction}
            />
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
              <AccountCard key={account.id} account={account} isSelf={false} onAction={startAction} />
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
