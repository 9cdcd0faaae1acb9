import type { Express } from 'express';
import type { EventBus } from '../event-bus/event-bus.port';
import type { EventStore } from '../event-store/event-store.port';
import type { Logger } from '../logging/logger';
import type { SqlClient } from '../sql/sql-client.port';

/**
 * What the composition roots hand a service: in embedded mode one PGlite database carries
 * every service's tables, the event store and the bus log; in the other modes each service
 * process gets its own adapters chosen by configuration.
 */
export interface PlatformDeps {
  sql: SqlClient;
  eventStore: EventStore;
  bus: EventBus;
  logger: Logger;
  /** Injected so tests pin time. */
  clock: () => Date;
  /**
   * How long loops that this process wakes itself (relays, bus consumers) wait between looks
   * for work other processes wrote. Unset: each loop's own default, for a database several
   * instances share. PGlite is this process's alone, so there polling is only a safety net.
   */
  pollIntervalMs?: number;
}

/**
 * A service as the gateway and the entry points see it: an express app (mounted directly by the
 * embedded gateway, served on its own port otherwise) and background work (relays, consumers).
 */
export interface ServiceModule {
  name: 'assessment' | 'adviser' | 'notification' | 'analytics';
  app: Express;
  /** Starts relays and consumers. Called once after every service is created. */
  start(): Promise<void>;
  /** Stops background work; the caller closes the shared adapters afterwards. */
  stop(): Promise<void>;
  ready(): Promise<boolean>;
}

export const systemClock = (): Date => new Date();
