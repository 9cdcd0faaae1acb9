export { type CheckpointStore, InMemoryCheckpointStore, PostgresCheckpointStore } from './checkpoint-store';
export { forgetProcessedBefore, prepareConsumerIdempotency, runOnce, runOnceEach } from './idempotency';
export { type Relay, type RelayOptions, type RoutedMessage, startRelay } from './relay';
export { type StreamHistoryOptions, streamHistory } from './stream-history';
