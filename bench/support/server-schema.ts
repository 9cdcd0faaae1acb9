import { PgSqlClient } from '../../platform/src/sql/pg-client.adapter';
import type { SqlClient } from '../../platform/src/sql/sql-client.port';

/**
 * Runs `measure` on a schema of its own on the PostgreSQL server of TEST_DATABASE_URL (or
 * DATABASE_URL), dropped afterwards; says it is skipped when none is set.
 */
export async function onServerSchema(
  prefix: string,
  measure: (sql: SqlClient) => Promise<void>,
  options: { max?: number } = {},
): Promise<void> {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) {
    console.log('PostgreSQL server: skipped (set TEST_DATABASE_URL)');
    return;
  }
  const schema = `${prefix}_${process.pid}`;
  const admin = PgSqlClient.open(url, { max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const sql = PgSqlClient.open(
    `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    options,
  );
  try {
    await measure(sql);
  } finally {
    await sql.close();
    await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
  }
}
