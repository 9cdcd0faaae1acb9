export { PostgresCheckpointStore } from './checkpoint-store';
export { runOnce, runOnceEach } from './idempotency';
export { type Relay, type RoutedMessage, startRelay } from './relay';
export { streamHistory } from './stream-history';
