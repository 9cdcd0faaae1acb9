import type { RoutedMessage, StoredEvent } from '@risk-profile/platform';

/**
 * The stored event as its integration event, on `topic` keyed by `key`: the id is the stored
 * event's (for dedupe downstream), the time its request's, the trace ids from its metadata.
 */
export function integrationMessage(
  event: StoredEvent,
  topic: string,
  key: string,
  value: { type: string; version: number },
): RoutedMessage {
  return {
    topic,
    message: {
      id: event.id,
      key,
      value,
      headers: { 'event-type': value.type, 'event-version': String(value.version) },
    },
  };
}

/** The envelope fields every integration event of a stored event carries. */
export const envelopeOf = (event: StoredEvent, occurredAt: string) => ({
  id: event.id,
  version: 1 as const,
  occurredAt,
  correlationId: typeof event.metadata.correlationId === 'string' ? event.metadata.correlationId : event.id,
  causationId: typeof event.metadata.causationId === 'string' ? event.metadata.causationId : null,
});
