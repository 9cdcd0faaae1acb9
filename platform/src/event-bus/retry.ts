import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../logging/logger';
import { type BusMessage, DEFAULT_RETRY, type OutgoingMessage, type RetryPolicy } from './event-bus.port';

export function retryPolicy(overrides: Partial<RetryPolicy> = {}): RetryPolicy {
  const policy = { ...DEFAULT_RETRY, ...overrides };
  if (!Number.isInteger(policy.maxAttempts) || policy.maxAttempts < 1) {
    throw new Error(`retry.maxAttempts must be a positive integer, got ${policy.maxAttempts}`);
  }
  return policy;
}

/** Delay before attempt `failedAttempt + 1`: initialDelayMs * 2^(failedAttempt-1), capped at maxDelayMs. */
export function backoffDelay(policy: RetryPolicy, failedAttempt: number): number {
  return Math.min(policy.initialDelayMs * 2 ** (failedAttempt - 1), policy.maxDelayMs);
}

export type DeliveryOutcome = 'handled' | 'dead-lettered' | 'aborted';

export interface Delivery<V> {
  message: Omit<BusMessage<V>, 'attempt'>;
  handler: (message: BusMessage<V>) => Promise<void>;
  policy: RetryPolicy;
  /** Aborted when the subscription stops: a pending retry is abandoned, the offset is not committed. */
  signal: AbortSignal;
  deadLetter: (message: OutgoingMessage) => Promise<void>;
  logger: Logger;
  /** Called while waiting between attempts (Kafka needs heartbeats to keep the partition). */
  onWait?: () => Promise<void>;
}

/**
 * Runs the handler until it succeeds or the attempts run out; then the message goes to the
 * dead-letter topic, so one poison message never blocks its partition. A rejection of
 * `deadLetter` propagates: the caller must not move past a message it could not park.
 */
export async function deliverWithRetry<V>(delivery: Delivery<V>): Promise<DeliveryOutcome> {
  const { message, policy, signal, logger } = delivery;
  let lastError: unknown;
  for (let attempt = 1; attempt <= policy.maxAttempts; attempt++) {
    try {
      await delivery.handler({ ...message, attempt });
      return 'handled';
    } catch (error) {
      lastError = error;
      logger.warn(
        { err: error, topic: message.topic, messageId: message.id, attempt, maxAttempts: policy.maxAttempts },
        'event bus handler failed',
      );
    }
    if (attempt === policy.maxAttempts) break;
    if (!(await pause(backoffDelay(policy, attempt), signal, delivery.onWait))) return 'aborted';
  }
  await delivery.deadLetter(deadLetterMessage(message, lastError, policy.maxAttempts));
  logger.error(
    { topic: message.topic, messageId: message.id, attempts: policy.maxAttempts },
    'event bus message sent to the dead-letter topic',
  );
  return 'dead-lettered';
}

export function deadLetterMessage(
  message: Omit<BusMessage, 'attempt'>,
  error: unknown,
  attempts: number,
): OutgoingMessage {
  const reason = error instanceof Error ? error.message : String(error);
  return {
    id: message.id,
    key: message.key,
    value: message.value,
    headers: {
      ...message.headers,
      'x-original-topic': message.topic,
      'x-original-partition': String(message.partition),
      'x-original-offset': message.offset,
      'x-error': reason.slice(0, 1_000),
      'x-attempts': String(attempts),
    },
  };
}

/** Waits `ms` (heartbeating on the way); false when the signal aborted the wait. */
async function pause(ms: number, signal: AbortSignal, onWait?: () => Promise<void>): Promise<boolean> {
  const step = onWait ? 1_000 : ms;
  let left = ms;
  while (left > 0) {
    if (signal.aborted) return false;
    const chunk = Math.min(step, left);
    try {
      await sleep(chunk, undefined, { signal });
    } catch {
      return false;
    }
    left -= chunk;
    await onWait?.();
  }
  return !signal.aborted;
}
