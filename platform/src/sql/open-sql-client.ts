import { join } from 'node:path';
import { PgSqlClient } from './pg-client.adapter';
import { PgliteSqlClient } from './pglite-client.adapter';
import type { SqlClient } from './sql-client.port';

/** A PostgreSQL server when DATABASE_URL is set, else embedded PGlite under the data folder. */
export async function openSqlClient(options: { databaseUrl?: string; dataDir?: string }): Promise<SqlClient> {
  if (options.databaseUrl) return PgSqlClient.open(options.databaseUrl);
  return PgliteSqlClient.open(options.dataDir ? join(options.dataDir, 'pglite') : undefined);
}
