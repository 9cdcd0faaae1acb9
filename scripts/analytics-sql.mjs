#!/usr/bin/env node
// Runs one read-only SQL query on the embedded analytics store (chDB under DATA_DIR/clickhouse)
// and prints the result: `npm run analytics:sql -- "SELECT ..."`. Run it while the product is
// stopped: chDB binds its data directory to one process. The tables are in the `analytics`
// database (CLICKHOUSE_DATABASE), which is the current database here; docs/analytics-schema.md
// describes them. Options: --format <ClickHouse output format> (default PrettyCompactMonoBlock).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { format: { type: 'string', default: 'PrettyCompactMonoBlock' } },
});
const sql = positionals.join(' ').trim();
if (!sql) {
  console.error('Usage: npm run analytics:sql -- "SELECT ..." [--format CSVWithNames]');
  process.exit(2);
}
const database = process.env.CLICKHOUSE_DATABASE ?? 'analytics';
if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(database)) {
  console.error(`CLICKHOUSE_DATABASE is not an identifier: ${database}`);
  process.exit(2);
}
const path = resolve(process.env.DATA_DIR ?? './data', 'clickhouse');
if (!existsSync(join(path, 'metadata'))) {
  console.error(`No analytics store at ${path} (start the product once, or set DATA_DIR).`);
  process.exit(1);
}

const { Session } = await import('chdb');
let session;
try {
  session = new Session(path);
} catch (error) {
  // ClickHouse locks DATA_DIR/clickhouse/status while a process has it open.
  console.error(
    `Cannot open ${path}: is the product running? Stop it first.\n${error.cause?.message ?? error.message}`,
  );
  process.exit(1);
}
try {
  session.query(`USE ${database}`);
  // readonly = 1: the query can read, and cannot write, alter, drop or change settings.
  session.query('SET readonly = 1');
  process.stdout.write(session.query(sql, values.format));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  session.close();
}
