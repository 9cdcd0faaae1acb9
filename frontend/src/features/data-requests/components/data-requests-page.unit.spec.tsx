import { erasureAuditEntrySchema } from '@risk-profile/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { displaySettingsQueryOptions } from '../../../lib/time-zone';
import { erasureAuditQueryOptions } from '../api/data-requests';
import { DataRequestsPage } from './data-requests-page';

const entry = erasureAuditEntrySchema.parse({
  id: '1',
  // 9:34 am on the 28th in Sydney; still the 27th in UTC.
  at: '2026-11-27T22:34:00.000Z',
  actorEmail: 'admin@example.com',
  assessmentId: '0b7f8f8e-5a4f-4c1e-9a1e-111111111111',
  outcome: 'erased',
  reason: 'request',
  detail: null,
});

function render(timeZone: string | null): string {
  const client = new QueryClient();
  client.setQueryData(erasureAuditQueryOptions().queryKey, {
    pages: [{ items: [entry], nextCursor: null }],
    pageParams: [''],
  });
  if (timeZone) client.setQueryData(displaySettingsQueryOptions.queryKey, { timeZone });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <DataRequestsPage />
    </QueryClientProvider>,
  );
}

const when = (html: string) => /<dt>When<\/dt><dd>([^<]*)/.exec(html)?.[1];

// Issue 42, item 6: the erasure audit wrote the browser's zone; it writes the firm's, named.
describe('the erasure audit', () => {
  it("dates each erasure in the firm's zone, named, whatever the browser's", () => {
    expect(when(render('Australia/Sydney'))).toBe('28 Nov 2026, 9:34 am AEDT');
    expect(when(render('Australia/Perth'))).toBe('28 Nov 2026, 6:34 am AWST');
  });

  it('waits for the zone rather than guess it', () => {
    expect(when(render(null))).toBe('…');
  });
});
