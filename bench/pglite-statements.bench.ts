// CPU per statement through the PGlite adapter (in memory): an insert with five kinds of
// parameter, a select by key, and a transaction of two statements. PGlite runs on the product's
// main thread, so this is what every statement of every service costs it.
// Usage: node scripts/run-ts.mjs bench/pglite-statements.bench.ts
import { PgliteSqlClient } from '../platform/src/sql/pglite-client.adapter';

const ROUNDS = 3_000;
const sql = await PgliteSqlClient.open();
await sql.exec('CREATE TABLE t (id serial PRIMARY KEY, v text, n int, at timestamptz, doc jsonb)');
const statements: Array<[string, () => Promise<unknown>]> = [
  [
    'insert',
    () =>
      sql.query('INSERT INTO t (v, n, at, doc) VALUES ($1, $2, $3, $4)', [
        'x',
        3,
        new Date(),
        JSON.stringify({ a: 1 }),
      ]),
  ],
  ['select by key', () => sql.query('SELECT id, v, n, at, doc FROM t WHERE id = $1', [5])],
  [
    'transaction (select, update)',
    () =>
      sql.transaction(async (tx) => {
        await tx.query('SELECT 1');
        await tx.query('UPDATE t SET n = n + 1 WHERE id = $1', [7]);
      }),
  ],
];
// The first round warms up; the second is measured.
for (const measured of [false, true]) {
  for (const [name, run] of statements) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < ROUNDS; i++) await run();
    const used = process.cpuUsage(cpu);
    if (measured)
      console.log(
        `${name}: ${(((performance.now() - started) * 1000) / ROUNDS).toFixed(0)} µs wall, ` +
          `${((used.user + used.system) / ROUNDS).toFixed(0)} µs CPU a statement`,
      );
  }
}
await sql.close();
