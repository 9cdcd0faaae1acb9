/**
 * EventBus port: topics of keyed messages, consumed by named consumer groups at least once.
 * An offset is committed only after the handler succeeds; a failing message is retried with
 * exponential backoff, then sent to the dead-letter topic and skipped so the partition moves on.
 * Adapters: a durable log in PostgreSQL (PGlite or pg) and Kafka (kafkajs).
 */

export type Headers = Record<string, string>;

export interface OutgoingMessage<V = unknown> {
  /** Unique message id (the integration event id); consumers deduplicate on it. */
  id: string;
  /** Partitioning key: messages with one key keep their order. */
  key: string;
  value: V;
  headers?: Headers;
}

export interface BusMessage<V = unknown> {
  id: string;
  topic: string;
  key: string;
  value: V;
  headers: Headers;
  partition: number;
  /** Adapter-specific offset, as a string. */
  offset: string;
  timestamp: Date;
  /** 1 on first delivery to this handler, then 2, 3... on retries. */
  attempt: number;
}

export interface RetryPolicy {
  /** Total attempts including the first. */
  maxAttempts: number;
  initialDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 5, initialDelayMs: 100, maxDelayMs: 5_000 };

export function deadLetterTopic(topic: string): string {
  return `${topic}.dlq`;
}

export interface SubscribeOptions<V = unknown> {
  groupId: string;
  topics: readonly string[];
  handler: (message: BusMessage<V>) => Promise<void>;
  /**
   * Optional: a consumer that writes in bulk (a ClickHouse projector) takes each fetched batch of
   * one partition at once; the offset moves past the batch only when this resolves. If it fails,
   * the batch is delivered again one message at a time through `handler`, with the usual retries
   * and dead-lettering, so one poison message cannot hold the partition. Adapters without batched
   * fetching (Kafka's eachMessage) call `handler` only.
   */
  handleBatch?: (messages: BusMessage<V>[]) => Promise<void>;
  /**
   * Most messages fetched (and handed to `handleBatch`) at once, where the adapter fetches in
   * batches; the adapter's own setting otherwise. A bulk writer sets it to its write size, so a
   * backlog is written in full batches rather than in fetch-sized pieces.
   */
  batchSize?: number;
  retry?: Partial<RetryPolicy>;
  /** Read from the earliest retained message when the group has no committed offset (default true). */
  fromBeginning?: boolean;
}

export interface Subscription {
  /** Stops fetching, lets the in-flight message finish, and releases the partitions. */
  stop(): Promise<void>;
}

/** Messages of one key on one topic to purge from the log, except those with the ids kept. */
export interface KeyPurge {
  topic: string;
  key: string;
  keepIds?: readonly string[];
}

export interface EventBus {
  publish(topic: string, messages: readonly OutgoingMessage[]): Promise<void>;
  subscribe<V = unknown>(options: SubscribeOptions<V>): Promise<Subscription>;
  /**
   * Optional: removes the content of every message of each key (but the kept ids) from the log
   * for good, an erasure's personal data (docs/records.md, "Retention and erasure"). Consumers
   * that have not read a purged message yet skip it. The PostgreSQL log does it (and rewrites its
   * table, so no copy survives in the table files); Kafka cannot delete one key's messages from a
   * topic, so it has no purge: they age out with the topic's retention. Returns the messages purged.
   */
  purgeKeys?(purges: readonly KeyPurge[]): Promise<number>;
  /**
   * Optional: replaces the value of each logged message of `topic` with one of these ids, for
   * good: an erasure that leaves the message but not a subject's personal data in it (a household
   * whose member was erased). Consumers that have not read it yet read the new value. The
   * PostgreSQL log does it (and rewrites its table); Kafka cannot rewrite a message: there the old
   * value ages out with the topic's retention. Returns the messages replaced.
   */
  replaceMessages?(topic: string, messages: readonly { id: string; value: unknown }[]): Promise<number>;
  /**
   * Optional: the consumer groups of this bus's subscriptions that have not been given their
   * partitions yet (on Kafka, a join waits for the group's rebalance: after a member was killed,
   * until its session expires). Readiness names them. The PostgreSQL log has no such wait.
   */
  waitingGroups?(): readonly string[];
  close(): Promise<void>;
}

/** What readiness says while `groups` wait for their partitions, or undefined when none waits. */
export function waitingGroupsReason(groups: readonly string[] | undefined): string | undefined {
  if (groups === undefined || groups.length === 0) return undefined;
  const names = groups.map((group) => `"${group}"`).join(', ');
  return `waiting for the consumer group${groups.length === 1 ? '' : 's'} ${names} to give this instance its partitions`;
}
