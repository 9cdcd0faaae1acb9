export * from './event-bus.port';
export { KafkaEventBus, type KafkaEventBusOptions } from './kafka-event-bus.adapter';
export { fnv1a32, partitionOf } from './partitioner';
export { PostgresEventBus, type PostgresEventBusOptions } from './postgres-event-bus.adapter';
export { backoffDelay, deadLetterMessage, retryPolicy } from './retry';
