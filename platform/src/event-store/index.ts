export * from './event-store.port';
export { KurrentDbEventStore } from './kurrentdb-event-store.adapter';
export { PostgresEventStore } from './postgres-event-store.adapter';
