import type { EventBus, OutgoingMessage } from '../event-bus/event-bus.port';
import type { EventStore, GlobalPosition, StoredEvent } from '../event-store/event-store.port';
import { createLogger, type Logger } from '../logging/logger';
import { startLeasedWorker } from '../workers/leased-worker';
import type { RoundOutcome } from '../workers/wakeable-loop';
import type { CheckpointStore } from './checkpoint-store';

export interface RoutedMessage {
  topic: string;
  message: OutgoingMessage;
}

export interface RelayOptions {
  /** Names the checkpoint and the lease: replicas share both, and only the holder publishes. */
  name: string;
  store: EventStore;
  bus: EventBus;
  checkpoints: CheckpointStore;
  /** The messages for one stored event (none for events that stay private). */
  route: (event: StoredEvent) => RoutedMessage[] | Promise<RoutedMessage[]>;
  batchSize?: number;
  pollIntervalMs?: number;
  /** After a wake-up, wait this long so events appended meanwhile go in the same batch (default 10). */
  lingerMs?: number;
  /** How long a replica's claim lasts without renewal (default 10 s); renewed every third of it. */
  leaseMs?: number;
  logger?: Logger;
}

export interface Relay {
  /** Lets the current batch finish and stops polling. */
  stop(): Promise<void>;
  /** Publishes everything readable now; rejects if a batch fails (used by tests and tools). */
  catchUp(): Promise<void>;
  /** Looks for new events now instead of at the next poll (call after appending). */
  wake(): void;
}

/**
 * Follows the event store in global order and publishes each event's routed messages, then moves
 * its checkpoint. The checkpoint is saved only after the bus accepted the batch: a crash in
 * between publishes the batch again on restart (duplicates, which consumers drop by message id)
 * but never loses an event. Every replica of a service starts the relay; a lease in the
 * checkpoint store lets one of them publish at a time, and a standby takes over when the holder
 * stops or stops renewing. (A holder paused past its lease may publish one batch the new holder
 * also publishes: duplicates again, never a loss.)
 */
export function startRelay(options: RelayOptions): Relay {
  const { name, store, bus, checkpoints, route } = options;
  const batchSize = options.batchSize ?? 200;
  const logger = options.logger ?? createLogger('relay');
  let checkpoint: { position: GlobalPosition | undefined } | undefined;

  async function relayBatch(): Promise<RoundOutcome> {
    checkpoint ??= { position: await checkpoints.load(name) };
    const events = await store.readAll({ after: checkpoint.position, limit: batchSize });
    if (events.length === 0) return 'none';
    const byTopic = new Map<string, OutgoingMessage[]>();
    for (const event of events) {
      for (const { topic, message } of await route(event)) {
        const messages = byTopic.get(topic) ?? [];
        messages.push(message);
        byTopic.set(topic, messages);
      }
    }
    for (const [topic, messages] of byTopic) await bus.publish(topic, messages);
    const last = events[events.length - 1]!.position;
    await checkpoints.save(name, last);
    checkpoint = { position: last };
    return events.length === batchSize ? 'more' : 'some';
  }

  const worker = startLeasedWorker({
    name,
    leases: checkpoints,
    leaseMs: options.leaseMs ?? 10_000,
    round: relayBatch,
    // Another replica may have moved the checkpoint while this one stood by.
    onAcquired: () => {
      checkpoint = undefined;
    },
    // Nothing was checkpointed: the same events are read and published again next time.
    onError: (error) => logger.error({ err: error, relay: name }, 'relay batch failed; retrying'),
    pollIntervalMs: options.pollIntervalMs ?? 100,
    // Appends arrive in bursts under load, and one batch of many events costs the same three
    // round trips (read, publish, checkpoint) as a batch of one.
    lingerMs: options.lingerMs ?? 10,
  });

  return { stop: worker.stop, catchUp: worker.drain, wake: worker.wake };
}
