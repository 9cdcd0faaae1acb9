import type { WebhookDeliveryView } from '@risk-profile/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { InfiniteList } from '../../../components/ui/infinite-list';
import { errorMessage } from '../../../lib/api-client';
import { useDates } from '../../../lib/time-zone';
import { deliveriesQueryOptions, useResendDelivery } from '../api/webhooks';
import { DELIVERY_STATUS_LABELS, deliveryTime, EVENT_LABELS, responseLabel } from '../model/labels';

/**
 * One endpoint's deliveries, newest first, asked again every few seconds while shown; "Send again"
 * sends one now with the same webhook-id and body. `announce` says how that went.
 */
export function DeliveryLog({
  endpointId,
  id,
  announce,
}: {
  endpointId: string;
  /** The element id the card's "Show deliveries" button controls. */
  id: string;
  announce: (tone: 'success' | 'error', text: string) => void;
}) {
  const query = useInfiniteQuery(deliveriesQueryOptions(endpointId));
  const resend = useResendDelivery();
  const sendAgain = (delivery: WebhookDeliveryView) =>
    resend.mutate(
      { id: endpointId, deliveryId: delivery.id },
      {
        onSuccess: () =>
          announce('success', `${EVENT_LABELS[delivery.eventType]} ${delivery.id} is being sent again.`),
        onError: (error) => announce('error', `Could not send ${delivery.id} again: ${errorMessage(error)}`),
      },
    );
  return (
    <section className="webhooks-log" id={id} aria-label="Deliveries">
      <InfiniteList
        query={query}
        loading="Loading the deliveries..."
        failure="Could not load the deliveries"
        empty={
          <p className="webhooks__note">
            No deliveries yet: they appear here when a subscribed event happens.
          </p>
        }
        moreClassName="webhooks__more"
        moreLabel="Show older deliveries"
      >
        {(deliveries) => (
          <ul className="webhooks-log__list">
            {deliveries.map((delivery) => (
              <DeliveryRow
                key={delivery.id}
                delivery={delivery}
                sending={resend.isPending && resend.variables?.deliveryId === delivery.id}
                onSendAgain={() => sendAgain(delivery)}
              />
            ))}
          </ul>
        )}
      </InfiniteList>
    </section>
  );
}

function DeliveryRow({
  delivery,
  sending,
  onSendAgain,
}: {
  delivery: WebhookDeliveryView;
  sending: boolean;
  onSendAgain: () => void;
}) {
  const dates = useDates();
  const at = deliveryTime(delivery);
  return (
    <li className="webhooks-log__item" data-testid="webhook-delivery">
      <p className="webhooks-log__head">
        <span>{EVENT_LABELS[delivery.eventType]}</span>
        <span className={`webhooks-badge webhooks-badge--${delivery.status}`}>
          {DELIVERY_STATUS_LABELS[delivery.status]}
        </span>
      </p>
      <dl className="webhooks__facts">
        <div>
          <dt>Webhook id</dt>
          <dd>
            <code className="webhooks__code">{delivery.id}</code>
          </dd>
        </div>
        <div>
          <dt>Attempts</dt>
          <dd>{delivery.attempts}</dd>
        </div>
        <div>
          <dt>Last response</dt>
          <dd>{responseLabel(delivery)}</dd>
        </div>
        <div>
          <dt>{delivery.lastAttemptAt ? 'Last attempt' : 'Queued'}</dt>
          <dd>
            <time dateTime={at}>{dates.short(at)}</time>
          </dd>
        </div>
        {delivery.status === 'pending' && delivery.nextAttemptAt ? (
          <div>
            <dt>Next attempt</dt>
            <dd>
              <time dateTime={delivery.nextAttemptAt}>{dates.short(delivery.nextAttemptAt)}</time>
            </dd>
          </div>
        ) : null}
      </dl>
      <div>
        <Button variant="outline" size="sm" loading={sending} onClick={onSendAgain}>
          Send again<span className="visually-hidden"> {delivery.id}</span>
        </Button>
      </div>
    </li>
  );
}
