import type { SqlExecutor } from '@risk-profile/platform';

/**
 * Every place in the current schema where one of `needles` can be read: each text, varchar,
 * json, jsonb and bytea column of every table (and each text array), compared case-insensitively.
 * Returns `table.column` names with a match.
 */
export async function tablesHolding(sql: SqlExecutor, needles: readonly string[]): Promise<string[]> {
  const { rows: columns } = await sql.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT c.table_name, c.column_name, c.data_type
     FROM information_schema.columns c
     JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
       AND c.data_type IN ('text', 'character varying', 'json', 'jsonb', 'bytea', 'ARRAY')`,
  );
  const found: string[] = [];
  for (const { table_name: table, column_name: column, data_type: type } of columns) {
    const value = type === 'bytea' ? `encode("${column}", 'escape')` : `"${column}"::text`;
    for (const needle of needles) {
      const { rows } = await sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${table}" WHERE strpos(lower(${value}), lower($1)) > 0`,
        [needle],
      );
      if (rows[0]!.n > 0) found.push(`${table}.${column} (${needle})`);
    }
  }
  return found;
}
