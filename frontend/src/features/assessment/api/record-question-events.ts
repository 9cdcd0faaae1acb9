import { ENDPOINT_ROUTES, type QuestionEvent } from '@risk-profile/contracts';
import { callEndpoint } from '../../../lib/api-client';

/**
 * Sends a batch of question events. While the page unloads a normal request may be cancelled,
 * so `unloading` hands the batch to the browser (sendBeacon, else a keepalive fetch).
 * Analytics must never disturb the client: failures, a 404 included, are only logged.
 */
export async function recordQuestionEvents(
  events: readonly QuestionEvent[],
  unloading = false,
): Promise<void> {
  if (events.length === 0) return;
  const body = { events: [...events] };
  try {
    if (unloading && typeof navigator.sendBeacon === 'function') {
      const blob = new Blob([JSON.stringify(body)], { type: 'application/json' });
      if (navigator.sendBeacon(ENDPOINT_ROUTES.ingestQuestionEvents.path, blob)) return;
    }
    await callEndpoint('ingestQuestionEvents', { body, keepalive: unloading });
  } catch (error) {
    console.warn('Could not record question analytics', error);
  }
}
