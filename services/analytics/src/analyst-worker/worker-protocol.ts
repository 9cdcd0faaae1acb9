/**
 * What the product and its analysts' engine process (analyst-worker/main.ts) say to each other:
 * the process's start-up settings, and the replica refreshes sent over the IPC channel.
 */

/** What an analyst's query runs with (docs/analyst-access.md, "Limits"). */
export interface AnalystLimits {
  maxExecutionSeconds: number;
  maxResultRows: number;
  maxResultBytes: number;
  maxMemoryBytes: number;
  maxThreads: number;
}

/** The worker's settings, passed as JSON in its environment (ANALYST_WORKER). */
export interface AnalystWorkerSettings {
  /** The replica's chDB data directory (the worker's own; nothing else opens it). */
  path: string;
  database: string;
  limits: AnalystLimits;
  /** Queries at once (one chDB session each). */
  concurrency: number;
  /** The key the product sends as the password of each request (generated per start). */
  secret: string;
  /** The whole engine's memory ceiling (ClickHouse's max_server_memory_usage). */
  serverMemoryBytes: number;
}

export const WORKER_SETTINGS_ENV = 'ANALYST_WORKER';

/** One table of the product's analytics database, as frozen for a refresh. */
export interface FrozenTable {
  name: string;
  uuid: string;
  /** `create_table_query` of system.tables on the product's store. */
  create: string;
}

export type ToWorker = { type: 'sync'; id: number; snapshot: string; tables: FrozenTable[] };

export type FromWorker =
  | { type: 'ready'; port: number }
  | { type: 'synced'; id: number; error?: string; parts?: number };
