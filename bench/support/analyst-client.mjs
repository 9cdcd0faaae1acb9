// The ClickHouse HTTP benchmark's analysts, in their own process as a data team's tools are: one
// `@clickhouse/client` per query given, each running its query over and over through the
// product's /clickhouse (as `user` with `password`) from "go" until "stop", then reporting to its
// parent how many each completed, how long they took and why any failed.
// Usage: fork('bench/support/analyst-client.mjs', [url, pathname, user, password, JSON.stringify(queries)])
import { createClient } from '@clickhouse/client';

const [url, pathname, user, password, queriesJson] = process.argv.slice(2);
/** @type {string[]} */
const queries = JSON.parse(queriesJson);
let stopping = false;

/**
 * One analyst: its own client (own connections, as a separate tool would have), its query run
 * back to back. The result is read in full, as a tool would, though a heavy query's is small.
 */
async function analyst(query) {
  // Longer than the interface's time limit (ANALYST_MAX_EXECUTION_SECONDS), so a query the
  // product stops reports the product's error rather than the client's timeout.
  const client = createClient({ url, pathname, username: user, password, request_timeout: 60_000 });
  const figures = { completed: 0, failed: 0, ms: [], errors: {} };
  try {
    while (!stopping) {
      const started = performance.now();
      try {
        const result = await client.query({ query, format: 'JSONEachRow' });
        await result.json();
        figures.completed++;
        figures.ms.push(performance.now() - started);
      } catch (error) {
        figures.failed++;
        const message = String(error instanceof Error ? error.message : error).slice(0, 160);
        figures.errors[message] = (figures.errors[message] ?? 0) + 1;
        // A refusal (too many queries at once, a limit) answers at once: not a busy loop.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (figures.completed + figures.failed === 1) process.send({ first: true });
    }
  } finally {
    await client.close();
  }
  return figures;
}

const running = [];
process.on('message', async (message) => {
  if (message === 'go') running.push(...queries.map(analyst));
  if (message === 'stop') {
    stopping = true;
    const figures = await Promise.all(running);
    process.send({ figures }, () => process.exit(0));
  }
});
// A parent that ends without stopping its analysts (interrupted) takes them with it.
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
