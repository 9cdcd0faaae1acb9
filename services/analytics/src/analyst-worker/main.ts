// Entry of the analysts' engine process (bundled as analyst-worker.mjs beside each server entry):
// chDB on a replica of the analytics tables, serving the product's /clickhouse over loopback
// (docs/analyst-access.md, "Where analysts' queries run").
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { setPriority } from 'node:os';
import { basename, dirname } from 'node:path';
import { queryHandler, type StreamingSession } from './query-server';
import { Replica } from './replica';
import {
  type AnalystWorkerSettings,
  type FromWorker,
  type ToWorker,
  WORKER_SETTINGS_ENV,
} from './worker-protocol';

// Before chDB starts its threads, so its background threads inherit it; a query's own threads are
// set by ClickHouse from os_thread_priority (below). The product gets the CPU first.
try {
  setPriority(19);
} catch {
  // Not allowed to lower it (it only can be lowered): run as is.
}

const settings = JSON.parse(process.env[WORKER_SETTINGS_ENV] ?? 'null') as AnalystWorkerSettings | null;
if (!settings || !process.send) throw new Error('analyst-worker runs as a child of the analytics service');
const send = (message: FromWorker) => process.send!(message);

interface ChdbSession extends StreamingSession {
  queryAsync(sql: string, opts?: { format?: string }): Promise<{ text(): string }>;
  close(): void;
}
const { Session } = (await import('chdb')) as unknown as {
  Session: new (path: string, opts?: { connectionArgs?: string[] }) => ChdbSession;
};

const { limits, database } = settings;
// ClickHouse shows its folder in system.tables and system.databases. Opened through this
// process's own working directory, that is /proc/self/cwd/<folder>: nothing of the server's
// layout reaches an analyst.
let path = settings.path;
if (existsSync('/proc/self/cwd')) {
  process.chdir(dirname(path));
  path = `/proc/self/cwd/${basename(path)}`;
}
const admin = new Session(path, {
  // displayName() (which Grafana's driver asks) names the product, not the host.
  connectionArgs: [`--max_server_memory_usage=${settings.serverMemoryBytes}`, '--display_name=risk-profile'],
});
const replica = new Replica(
  {
    run: async (sql) => {
      await admin.queryAsync(sql);
    },
    rows: async (sql) =>
      (await admin.queryAsync(sql, { format: 'TSVRaw' }))
        .text()
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('\t')),
  },
  database,
);
await replica.reset();

// Every analyst session is opened now, while the engine is idle (chDB refuses one while a query
// runs), with the limits set, then read-only.
const sessions: ChdbSession[] = [];
for (let i = 0; i < settings.concurrency; i++) {
  const session = new Session(path);
  await session.queryAsync(`USE ${database}`);
  await session.queryAsync(
    `SET max_execution_time = ${limits.maxExecutionSeconds}, timeout_overflow_mode = 'throw', max_result_rows = ${limits.maxResultRows}, max_result_bytes = ${limits.maxResultBytes}, result_overflow_mode = 'throw', max_memory_usage = ${limits.maxMemoryBytes}, max_threads = ${limits.maxThreads}, os_thread_priority = 19`,
  );
  // readonly = 2: no write, no DDL, and the table functions ClickHouse keeps from readonly = 1
  // (zeros, format) work. Settings could be changed, but no statement that changes one gets past
  // the check (SET, SETTINGS, a URL setting), and what would matter is this process's alone.
  await session.queryAsync('SET readonly = 2');
  sessions.push(session);
}

let syncing = Promise.resolve();
process.on('message', (message: ToWorker) => {
  if (message.type !== 'sync') return;
  syncing = syncing.then(async () => {
    try {
      const parts = await replica.refresh(message.snapshot, message.tables);
      send({ type: 'synced', id: message.id, parts });
    } catch (error) {
      send({ type: 'synced', id: message.id, error: (error as Error).message.slice(0, 500) });
    }
  });
});
// The product gone (its channel closed): nothing else may use this process.
process.on('disconnect', () => process.exit(0));

const server = createServer(queryHandler({ sessions, secret: settings.secret, limits }));
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  send({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
});
