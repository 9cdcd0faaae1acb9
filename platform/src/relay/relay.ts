import { randomUUID } from 'node:crypto';
import type { EventBus, OutgoingMessage } from '../event-bus/event-bus.port';
import type { EventStore, GlobalPosition, StoredEvent } from '../event-store/event-store.port';
import { createLogger, type Logger } from '../logging/logger';
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
  const pollIntervalMs = options.pollIntervalMs ?? 100;
  const lingerMs = options.lingerMs ?? 10;
  const leaseMs = options.leaseMs ?? 10_000;
  const owner = randomUUID();
  let holding = false;
  let nextClaimAt = 0;
  const logger = options.logger ?? createLogger('relay');

  let checkpoint: { position: GlobalPosition | undefined } | undefined;
  let running = true;
  let woken = false;
  let wakeUp: (() => void) | undefined;
  // Batches never overlap: catchUp() and the background loop take turns.
  let turn: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const result = turn.then(fn);
    turn = result.catch(() => {});
    return result;
  };

  async function holdsLease(): Promise<boolean> {
    if (Date.now() >= nextClaimAt) {
      holding = await checkpoints.claim(name, owner, leaseMs);
      nextClaimAt = Date.now() + leaseMs / 3;
      // Another replica moved the checkpoint while this one stood by: read it again on takeover.
      if (!holding) checkpoint = undefined;
    }
    return holding;
  }

  async function relayBatch(): Promise<number> {
    if (!(await holdsLease())) return 0;
    checkpoint ??= { position: await checkpoints.load(name) };
    const events = await store.readAll({ after: checkpoint.position, limit: batchSize });
    if (events.length === 0) return 0;
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
    return events.length;
  }

  function idle(): Promise<void> {
    if (!running || woken) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        wakeUp = undefined;
        resolve();
      }, pollIntervalMs);
      wakeUp = () => {
        clearTimeout(timer);
        wakeUp = undefined;
        // Linger: appends arrive in bursts under load, and one batch of many events costs the
        // same three round trips (read, publish, checkpoint) as a batch of one.
        if (running && lingerMs > 0) setTimeout(resolve, lingerMs);
        else resolve();
      };
    });
  }

  function wake(): void {
    if (wakeUp) wakeUp();
    else woken = true;
  }

  async function loop(): Promise<void> {
    while (running) {
      try {
        const relayed = await exclusive(relayBatch);
        if (relayed === batchSize) continue;
      } catch (error) {
        // Nothing was checkpointed: the same events are read and published again next time.
        logger.error({ err: error, relay: name }, 'relay batch failed; retrying');
      }
      await idle();
    }
  }

  const done = loop();

  return {
    async stop() {
      running = false;
      wake();
      await done;
      if (holding) await checkpoints.release(name, owner).catch(() => {});
    },
    async catchUp() {
      while ((await exclusive(relayBatch)) > 0) {}
    },
    wake,
  };
}
