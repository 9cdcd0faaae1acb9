import type { WebhookEndpointView } from '@risk-profile/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteEndpoint, webhooksQueryOptions } from '../api/webhooks';
import { EndpointCard, LiveNotice, type Notice } from './endpoint-card';
import { SecretPanel } from './secret-panel';
import { WebhookForm } from './webhook-form';
import '../webhooks.css';

/**
 * /admin/webhooks: the endpoints that CRMs and practice systems receive events at (Standard
 * Webhooks: each delivery a signed POST, retried for about a day), a form to add one, and per
 * endpoint its delivery log with "Send again" (docs/webhooks.md).
 */
export function WebhooksPage() {
  const endpoints = useQuery(webhooksQueryOptions());
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointView | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const remove = useDeleteEndpoint();

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setNotice({ tone: 'success', text: `Endpoint ${deleting.url} deleted, with its deliveries.` });
        setDeleting(null);
      },
    });
  };

  return (
    <div className="webhooks">
      <p className="webhooks__note">
        A system you register here is told when something happens (an assessment is signed, erased or
        restricted, a link is sent, a review falls due) instead of asking the API again and again. Each
        delivery is a POST signed with the endpoint's secret (Standard Webhooks), retried for about a day
        until it is answered with a 2xx.
      </p>
      <section className="webhooks__section" aria-labelledby="webhooks-add">
        <h2 id="webhooks-add">Add an endpoint</h2>
        <WebhookForm
          onCreated={({ secret }, url) => {
            setNotice({ tone: 'success', text: `Endpoint ${url} added.` });
            setCreated({ url, secret });
          }}
        />
        {created ? (
          <SecretPanel
            title={`Signing secret of ${created.url}`}
            secret={created.secret}
            onDone={() => setCreated(null)}
          />
        ) : null}
      </section>
      <LiveNotice notice={notice} />
      <section className="webhooks__section" aria-labelledby="webhooks-list" aria-busy={endpoints.isFetching}>
        <h2 id="webhooks-list">Endpoints</h2>
        {endpoints.isPending ? (
          <Spinner label="Loading the endpoints..." />
        ) : endpoints.isError ? (
          <Alert tone="error" title="Could not load the endpoints">
            {errorMessage(endpoints.error)}
          </Alert>
        ) : endpoints.data.length === 0 ? (
          <p className="webhooks__note">No endpoints yet: nothing is sent.</p>
        ) : (
          <ul className="webhooks__list">
            {endpoints.data.map((endpoint) => (
              <EndpointCard
                key={endpoint.id}
                endpoint={endpoint}
                onDelete={(chosen) => {
                  remove.reset();
                  setDeleting(chosen);
                }}
              />
            ))}
          </ul>
        )}
      </section>
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete this endpoint?"
        description={`Nothing more is sent to ${deleting?.url ?? ''}, its pending deliveries are dropped and its delivery log is deleted. This cannot be undone; disable it instead to pause it.`}
        testId="webhook-delete-dialog"
        footer={
          <>
            <Button variant="outline" onClick={() => setDeleting(null)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={confirmDelete} loading={remove.isPending}>
              Delete endpoint
            </Button>
          </>
        }
      >
        {remove.isError ? <Alert tone="error">{errorMessage(remove.error)}</Alert> : null}
      </Dialog>
    </div>
  );
}
