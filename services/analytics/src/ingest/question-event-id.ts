import { hash } from 'node:crypto';
import type { QuestionEvent } from '@risk-profile/contracts';

/**
 * The event's id is derived from its content, so the same event sent twice (a beacon that
 * arrived although the page thought it failed) is one event in ClickHouse, exactly like a bus
 * redelivery. Formatted as a UUID (version 8: custom, RFC 9562).
 */
export function questionEventId(event: QuestionEvent): string {
  // crypto.hash, one call per event: cheaper than a Hash object for an input this small.
  const hex = hash(
    'sha256',
    JSON.stringify([
      event.sessionId,
      event.questionId,
      event.questionViewedAt,
      event.questionAnsweredAt,
      event.timeSpent,
      event.answerChanges,
      event.finalAnswer,
      event.deviceType,
    ]),
    'hex',
  );
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
