import type { WebhookEndpointView } from '@risk-profile/contracts';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useDates } from '../../../lib/time-zone';
import { useRotateSecret, useSetEndpointActive } from '../api/webhooks';
import { BADGE_LABELS, EVENT_LABELS, endpointBadge } from '../model/labels';
import { DeliveryLog } from './delivery-log';
import { SecretPanel } from './secret-panel';

export interface Notice {
  tone: 'success' | 'error';
  text: string;
}

/** A line that screen readers read out when it changes: what the last action did. */
export function LiveNotice({ notice }: { notice: Notice | null }) {
  return (
    <p className={`webhooks__live${notice ? ` webhooks__live--${notice.tone}` : ''}`} role="status">
      {notice?.text}
    </p>
  );
}

/**
 * One endpoint: its facts, pause or resume, a new secret (shown here, once), delete (the page
 * asks first) and its delivery log. The outcome of each action is read out by the card's live line.
 */
export function EndpointCard({
  endpoint,
  onDelete,
}: {
  endpoint: WebhookEndpointView;
  onDelete: (endpoint: WebhookEndpointView) => void;
}) {
  const dates = useDates();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOpen, setLogOpen] = useState(false);
  const logId = useId();
  const urlId = useId();
  const setActive = useSetEndpointActive();
  const rotate = useRotateSecret();
  const announce = (tone: Notice['tone'], text: string) => setNotice({ tone, text });
  const badge = endpointBadge(endpoint);
  const active = endpoint.state === 'active';

  const toggleActive = () =>
    setActive.mutate(
      { id: endpoint.id, active: !active },
      {
        onSuccess: () =>
          announce('success', active ? 'Endpoint disabled: nothing is sent to it.' : 'Endpoint enabled.'),
        onError: (error) => announce('error', errorMessage(error)),
      },
    );
  const rotateSecret = () =>
    rotate.mutate(endpoint.id, {
      onSuccess: (answer) => {
        setSecret(answer.secret);
        announce('success', 'A new secret was made.');
      },
      onError: (error) => announce('error', `Could not rotate the secret: ${errorMessage(error)}`),
    });

  return (
    <li className="webhooks-card" data-testid="webhook-endpoint">
      <article className="webhooks-card__body" aria-labelledby={urlId}>
        <div className="webhooks-card__head">
          <h3 className="webhooks-card__url" id={urlId}>
            {endpoint.url}
          </h3>
          <span className={`webhooks-badge webhooks-badge--${badge}`}>{BADGE_LABELS[badge]}</span>
        </div>
        <dl className="webhooks__facts">
          <div>
            <dt>Events</dt>
            <dd>{endpoint.events.map((type) => EVENT_LABELS[type]).join(', ')}</dd>
          </div>
          <div>
            <dt>Description</dt>
            <dd>{endpoint.description || '—'}</dd>
          </div>
          <div>
            <dt>State</dt>
            <dd>
              {active ? 'Active' : 'Disabled'}
              {endpoint.disabledReason ? ` (${endpoint.disabledReason})` : ''}
            </dd>
          </div>
          <div>
            <dt>Failing since</dt>
            <dd>
              {endpoint.failingSince ? (
                <time dateTime={endpoint.failingSince}>{dates.short(endpoint.failingSince)}</time>
              ) : (
                '—'
              )}
            </dd>
          </div>
          {endpoint.previousSecretExpiresAt ? (
            <div>
              <dt>Previous secret signs until</dt>
              <dd>
                <time dateTime={endpoint.previousSecretExpiresAt}>
                  {dates.short(endpoint.previousSecretExpiresAt)}
                </time>
              </dd>
            </div>
          ) : null}
        </dl>
        {secret ? (
          <SecretPanel
            title="New signing secret"
            secret={secret}
            note="The previous secret keeps signing beside it for 24 hours, while the receiver changes over."
            onDone={() => setSecret(null)}
          />
        ) : null}
        <div className="webhooks-card__actions">
          <Button
            variant="outline"
            size="sm"
            aria-expanded={logOpen}
            aria-controls={logOpen ? logId : undefined}
            onClick={() => setLogOpen((open) => !open)}
          >
            {logOpen ? 'Hide deliveries' : 'Show deliveries'}
          </Button>
          <Button variant="outline" size="sm" loading={setActive.isPending} onClick={toggleActive}>
            {active ? 'Disable' : 'Enable'}
          </Button>
          <Button variant="outline" size="sm" loading={rotate.isPending} onClick={rotateSecret}>
            Rotate secret
          </Button>
          <Button variant="destructive" size="sm" onClick={() => onDelete(endpoint)}>
            Delete
          </Button>
        </div>
        <LiveNotice notice={notice} />
        {logOpen ? <DeliveryLog endpointId={endpoint.id} id={logId} announce={announce} /> : null}
      </article>
    </li>
  );
}
