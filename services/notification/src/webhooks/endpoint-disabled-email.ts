import { z } from 'zod';
import { renderLinkEmailHtml } from '../rendering/link-email-html';
import type { RenderedEmail } from '../rendering/report-email';
import { formatReportDate } from '../rendering/report-model';

/** What the administrators' email about a disabled endpoint is rendered from (the delivery's content). */
export const endpointDisabledAlertSchema = z.object({
  endpointId: z.uuid(),
  url: z.string(),
  reason: z.string(),
  disabledAt: z.string(),
});
export type EndpointDisabledAlert = z.infer<typeof endpointDisabledAlertSchema>;

/** The email itself: what stopped, why, and that enabling the endpoint sends what waited. */
export function renderEndpointDisabledEmail(alert: EndpointDisabledAlert, timeZone?: string): RenderedEmail {
  const when = formatReportDate(alert.disabledAt, timeZone);
  const subject = 'A webhook endpoint was disabled';
  const intro = `Risk Profile stopped sending webhooks to ${alert.url} on ${when}. ${alert.reason}`;
  const action =
    'Its undelivered events wait: once the receiver works again, enable the endpoint in the admin area (Webhooks), and they are sent in order.';
  const html = renderLinkEmailHtml({
    preview: subject,
    greeting: 'Hello,',
    intro,
    paragraphs: [action],
    notes: [`Endpoint ${alert.endpointId}`],
  });
  const text = `Hello,\n\n${intro}\n\n${action}\n\nEndpoint ${alert.endpointId}\n`;
  return { subject, html, text };
}
