import type { WebhookDeliveryView, WebhookEndpointView } from '@risk-profile/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { displaySettingsQueryOptions } from '../../../lib/time-zone';
import { deliveriesQueryOptions, webhooksQueryOptions } from '../api/webhooks';
import { WebhooksPage } from './webhooks-page';

const FAILING: WebhookEndpointView = {
  id: '0b7f8f8e-5a4f-4c1e-9a1e-111111111111',
  url: 'https://crm.example.com/hooks',
  events: ['assessment.signed', 'assessment.erased'],
  description: 'Xplan production',
  state: 'active',
  disabledReason: null,
  // 9:34 am on the 28th in Sydney.
  failingSince: '2026-11-27T22:34:00.000Z',
  previousSecretExpiresAt: null,
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-27T22:34:00.000Z',
};
const DISABLED: WebhookEndpointView = {
  ...FAILING,
  id: '0b7f8f8e-5a4f-4c1e-9a1e-222222222222',
  url: 'https://old.example.com/hooks',
  description: '',
  state: 'disabled',
  disabledReason: 'Disabled by an administrator',
  failingSince: null,
};

function render(endpoints: WebhookEndpointView[]): string {
  const client = new QueryClient();
  client.setQueryData(webhooksQueryOptions().queryKey, endpoints);
  client.setQueryData(displaySettingsQueryOptions.queryKey, { timeZone: 'Australia/Sydney' });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <WebhooksPage />
    </QueryClientProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the webhooks page', () => {
  it('lists each endpoint with its events, description, state and when it started failing', () => {
    const page = text(render([FAILING, DISABLED]));
    expect(page).toContain('https://crm.example.com/hooks Failing');
    expect(page).toContain('Events Assessment signed, Assessment erased');
    expect(page).toContain('Description Xplan production');
    expect(page).toContain('Failing since 28 Nov 2026, 9:34 am AEDT');
    expect(page).toContain('https://old.example.com/hooks Disabled');
    expect(page).toContain('State Disabled (Disabled by an administrator)');
  });

  it('offers to enable a disabled endpoint and to disable an active one', () => {
    const html = render([FAILING, DISABLED]);
    const cards = html.split('data-testid="webhook-endpoint"').slice(1);
    expect(cards[0]).toMatch(/>Disable<\/button>/);
    expect(cards[1]).toMatch(/>Enable<\/button>/);
  });

  it('labels every event checkbox of the form and has a live line for the results', () => {
    const html = render([]);
    expect(html.match(/role="checkbox"/g)).toHaveLength(9);
    expect(html).toMatch(/<legend[^>]*>Events to send<\/legend>/);
    expect(html).toMatch(/<label class="field__label" for="[^"]+">Endpoint URL/);
    expect(html).toMatch(/role="status"/);
    expect(text(html)).toContain('No endpoints yet');
  });
});

describe('the delivery log query', () => {
  it('reads each page of deliveries as the paged lists read items', async () => {
    const delivery: WebhookDeliveryView = {
      id: 'msg_1',
      eventType: 'assessment.signed',
      status: 'delivered',
      attempts: 1,
      responseCode: 204,
      lastError: null,
      createdAt: '2026-11-28T00:00:00.000Z',
      lastAttemptAt: '2026-11-28T00:00:01.000Z',
      nextAttemptAt: null,
    };
    const asked: string[] = [];
    const fetchBefore = globalThis.fetch;
    globalThis.fetch = (async (input: string) => {
      asked.push(input);
      return new Response(JSON.stringify({ deliveries: [delivery], nextCursor: 'c2' }), { status: 200 });
    }) as typeof fetch;
    try {
      const client = new QueryClient();
      const data = await client.fetchInfiniteQuery(deliveriesQueryOptions(FAILING.id));
      expect(data.pages[0]).toEqual({ items: [delivery], nextCursor: 'c2' });
      expect(asked).toEqual([`/api/admin/webhooks/${FAILING.id}/deliveries`]);
    } finally {
      globalThis.fetch = fetchBefore;
    }
  });
});
