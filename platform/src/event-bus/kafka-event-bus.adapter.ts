import {
  type Admin,
  type Consumer,
  type ConsumerRunConfig,
  type IHeaders,
  Kafka,
  type KafkaMessage,
  logLevel,
  Partitioners,
  type Producer,
} from 'kafkajs';
import { createLogger, type Logger } from '../logging/logger';
import {
  type BusMessage,
  deadLetterTopic,
  type EventBus,
  type Headers,
  type OutgoingMessage,
  type SubscribeOptions,
  type Subscription,
} from './event-bus.port';
import { deliverWithRetry, retryPolicy } from './retry';

export interface KafkaEventBusOptions {
  brokers: string[];
  clientId?: string;
  /** Create missing topics (and their dead-letter topics) through the admin API. */
  allowTopicCreation?: boolean;
  /** Partitions of topics this bus creates (default 4). */
  numPartitions?: number;
  /** Replicas of topics this bus creates (default 1: a single-broker development cluster). */
  replicationFactor?: number;
  /**
   * Consumer session timeout (KAFKA_SESSION_TIMEOUT_MS; kafkajs's default 30 s): a member that
   * sends no heartbeat for this long (a killed process) leaves its group, and until then a new
   * member's join waits. Heartbeats every tenth of it.
   */
  sessionTimeoutMs?: number;
  /**
   * Consumer rebalance timeout (KAFKA_REBALANCE_TIMEOUT_MS; kafkajs's default 60 s): how long the
   * group's coordinator waits for its members to rejoin in a rebalance before it drops those that
   * have not.
   */
  rebalanceTimeoutMs?: number;
  logger?: Logger;
}

const MESSAGE_ID = 'message-id';

/** The event bus on Kafka: keyed messages from an idempotent producer, offsets committed by hand. */
export class KafkaEventBus implements EventBus {
  private readonly knownTopics = new Set<string>();
  private readonly subscriptions = new Set<KafkaSubscription>();
  /** Subscriptions whose group has not given them partitions yet, by group (see waitingGroups). */
  private readonly joining = new Map<object, string>();

  private constructor(
    private readonly kafka: Kafka,
    private readonly producer: Producer,
    private readonly admin: Admin | undefined,
    private readonly options: KafkaEventBusOptions,
    private readonly logger: Logger,
  ) {}

  static async create(options: KafkaEventBusOptions): Promise<KafkaEventBus> {
    const logger = options.logger ?? createLogger('event-bus');
    const kafka = new Kafka({
      clientId: options.clientId ?? 'risk-profile',
      brokers: options.brokers,
      logLevel: logLevel.WARN,
      logCreator:
        () =>
        ({ level, log }) => {
          const { message, ...extra } = log;
          if (level <= logLevel.ERROR) logger.error(extra, `kafka: ${message}`);
          else logger.warn(extra, `kafka: ${message}`);
        },
    });
    // Idempotence with one request in flight: a retried send neither duplicates nor reorders.
    const producer = kafka.producer({
      // kafkajs 2's default (Java's murmur2, so keys land where Java clients put them), named so
      // kafkajs does not warn on every start that its default changed in 2.0.
      createPartitioner: Partitioners.DefaultPartitioner,
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
    });
    await producer.connect();
    let admin: Admin | undefined;
    if (options.allowTopicCreation) {
      admin = kafka.admin();
      await admin.connect();
    }
    return new KafkaEventBus(kafka, producer, admin, options, logger);
  }

  async publish(topic: string, messages: readonly OutgoingMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await this.ensureTopics([topic]);
    await this.producer.send({
      topic,
      acks: -1,
      messages: messages.map((m) => ({
        key: m.key,
        value: JSON.stringify(m.value ?? null),
        headers: { ...m.headers, [MESSAGE_ID]: m.id },
      })),
    });
  }

  async subscribe<V = unknown>(options: SubscribeOptions<V>): Promise<Subscription> {
    if (options.topics.length === 0) throw new Error('subscribe needs at least one topic');
    // Waiting from now until the group first gives this member partitions; a failed subscribe
    // stops waiting too.
    const joinKey = {};
    this.joining.set(joinKey, options.groupId);
    try {
      await this.ensureTopics(options.topics.flatMap((t) => [t, deadLetterTopic(t)]));
    } catch (error) {
      this.joining.delete(joinKey);
      throw error;
    }
    const consumer = this.kafka.consumer({
      groupId: options.groupId,
      ...(this.options.sessionTimeoutMs
        ? {
            sessionTimeout: this.options.sessionTimeoutMs,
            heartbeatInterval: this.options.sessionTimeoutMs / 10,
          }
        : {}),
      ...(this.options.rebalanceTimeoutMs ? { rebalanceTimeout: this.options.rebalanceTimeoutMs } : {}),
    });
    // A crashed consumer stops (kafkajs's STOP) and may start again: only a join, or the
    // subscription's end, ends the wait.
    const subscription = new KafkaSubscription(consumer, this.logger, options.groupId, () => {
      this.joining.delete(joinKey);
      this.subscriptions.delete(subscription);
    });
    consumer.on(consumer.events.GROUP_JOIN, () => {
      this.joining.delete(joinKey);
      subscription.joined();
    });
    this.subscriptions.add(subscription);
    const policy = retryPolicy(options.retry);
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: [...options.topics], fromBeginning: options.fromBeginning ?? true });
    } catch (error) {
      this.joining.delete(joinKey);
      throw error;
    }
    // A subscription returns once the group has given it partitions: "from the end" is resolved
    // then, and members of one process join in turn rather than all at once. A join that takes
    // longer than a minute (a killed member's session still to expire, a group that refuses a
    // join for a while) fails a "from the end" subscription; any other is returned with a warning
    // and joins in the background (a consumer that crashed is restarted: see KafkaSubscription),
    // so a slow rebalance delays consumption, never ends the process.
    // The wait settles false, never rejects: kafkajs's run() returns only after its first join, which
    // a rebalance can hold past the wait, and a rejection nobody awaits yet would end the process.
    let settle: (joinedInTime: boolean) => void = () => {};
    const joined = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => settle(false), JOIN_WAIT_MS);
      const off = consumer.on(consumer.events.GROUP_JOIN, () => settle(true));
      settle = (joinedInTime) => {
        clearTimeout(timer);
        off();
        resolve(joinedInTime);
      };
    });
    const runConfig: ConsumerRunConfig = {
      autoCommit: false,
      eachMessage: async ({ topic, partition, message, heartbeat }) => {
        if (subscription.stopping) return;
        const outcome = await deliverWithRetry({
          message: toBusMessage<V>(topic, partition, message),
          handler: options.handler,
          policy,
          signal: subscription.signal,
          deadLetter: (dead) => this.publish(deadLetterTopic(topic), [dead]),
          logger: this.logger,
          onWait: heartbeat,
        });
        if (outcome === 'aborted') return;
        await consumer.commitOffsets([
          { topic, partition, offset: (BigInt(message.offset) + 1n).toString() },
        ]);
      },
    };
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (!payload.restart) subscription.restartAfterCrash(payload.error, () => consumer.run(runConfig));
    });
    const running = consumer.run(runConfig);
    // A run() that rejects (a consumer that cannot run at all) fails the subscription.
    const joinedInTime = await Promise.race([joined, running.then(() => joined)]).catch((error: unknown) => {
      settle(false);
      this.joining.delete(joinKey);
      throw error;
    });
    if (!joinedInTime) {
      if (options.fromBeginning === false) {
        this.joining.delete(joinKey);
        await subscription.stop();
        throw new Error(`group ${options.groupId} did not join in time`);
      }
      this.logger.warn(
        { group: options.groupId },
        'kafka: the consumer group has not given this member partitions yet; it goes on trying',
      );
    }
    return subscription;
  }

  waitingGroups(): readonly string[] {
    return [...new Set(this.joining.values())];
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.producer.disconnect();
    await this.admin?.disconnect();
  }

  private async ensureTopics(topics: readonly string[]): Promise<void> {
    const missing = topics.filter((t) => !this.knownTopics.has(t));
    if (missing.length === 0) return;
    if (this.admin) {
      const existing = new Set(await this.admin.listTopics());
      const toCreate = missing.filter((t) => !existing.has(t));
      if (toCreate.length > 0) {
        await this.admin.createTopics({
          waitForLeaders: true,
          topics: toCreate.map((topic) => ({
            topic,
            numPartitions: this.options.numPartitions ?? 4,
            replicationFactor: this.options.replicationFactor ?? 1,
          })),
        });
      }
    }
    for (const t of missing) this.knownTopics.add(t);
  }
}

/** How long a subscription waits for its group to give it partitions (see subscribe). */
const JOIN_WAIT_MS = 60_000;
/** The first and the longest pause before a crashed consumer is run again. */
const RESTART_FIRST_MS = 1_000;
const RESTART_MAX_MS = 30_000;

class KafkaSubscription implements Subscription {
  stopping = false;
  private readonly abort = new AbortController();
  private stopped: Promise<void> | undefined;
  private restartTimer: NodeJS.Timeout | undefined;
  /** Crashes since the group last gave this member partitions: the restart backs off with them. */
  private crashes = 0;

  constructor(
    private readonly consumer: Consumer,
    private readonly logger: Logger,
    private readonly groupId: string,
    private readonly onStopped: () => void,
  ) {}

  get signal(): AbortSignal {
    return this.abort.signal;
  }

  joined(): void {
    this.crashes = 0;
  }

  /**
   * kafkajs restarts a consumer that crashed on an error it counts as retriable; on any other it
   * disconnects and stays stopped, and the subscription would look alive while it delivered
   * nothing. A coordinator's error during a join is such a crash: one that answers a member's
   * SyncGroup with INVALID_REQUEST (librdkafka's mock cluster does when the leader's SyncGroup
   * arrived first, where a broker hands the follower its assignment; see
   * ../shared/tools/kafka-mock/README.md), or an authorization error. The consumer is run again,
   * as a new member of its group, after a pause that grows while the crashes repeat, until the
   * subscription is stopped; every crash is logged.
   */
  restartAfterCrash(error: Error, run: () => Promise<void>): void {
    if (this.stopping) return;
    const delayMs = Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** this.crashes);
    this.crashes += 1;
    this.logger.error(
      { group: this.groupId, err: error, restartInMs: delayMs },
      'kafka: the consumer stopped on an error kafkajs does not retry; it runs again',
    );
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (this.stopping) return;
      // run() reports its own failures as crashes; a rejection is one more of them.
      run().catch((runError: unknown) =>
        this.restartAfterCrash(runError instanceof Error ? runError : new Error(String(runError)), run),
      );
    }, delayMs);
  }

  stop(): Promise<void> {
    this.stopped ??= (async () => {
      // Abandon pending retries first: kafkajs waits for the in-flight eachMessage to return.
      this.stopping = true;
      clearTimeout(this.restartTimer);
      this.abort.abort();
      await this.consumer.disconnect();
      this.onStopped();
    })();
    return this.stopped;
  }
}

function toBusMessage<V>(
  topic: string,
  partition: number,
  message: KafkaMessage,
): Omit<BusMessage<V>, 'attempt'> {
  const headers = decodeHeaders(message.headers);
  const id = headers[MESSAGE_ID] ?? `${topic}/${partition}/${message.offset}`;
  delete headers[MESSAGE_ID];
  return {
    id,
    topic,
    key: message.key?.toString('utf8') ?? '',
    value: message.value ? (JSON.parse(message.value.toString('utf8')) as V) : (null as V),
    headers,
    partition,
    offset: message.offset,
    timestamp: new Date(Number(message.timestamp)),
  };
}

function decodeHeaders(raw: IHeaders | undefined): Headers {
  const headers: Headers = {};
  for (const [name, value] of Object.entries(raw ?? {})) {
    if (value === undefined) continue;
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) headers[name] = first.toString();
  }
  return headers;
}
