/** One table of the analytics database as the schema panel lists it. */
export interface SchemaTable {
  name: string;
  comment: string;
  columns: { name: string; type: string; comment: string }[];
}

/**
 * The tables with their columns in ClickHouse's order, from `system.columns` rows (ordered by
 * table and position) and `system.tables` comments. Tables without columns (none today) are left
 * out: there is nothing to query in them.
 */
export function groupSchema(
  columns: readonly { table: string; name: string; type: string; comment: string }[],
  tables: readonly { name: string; comment: string }[],
): SchemaTable[] {
  const comments = new Map(tables.map((table) => [table.name, table.comment]));
  const grouped = new Map<string, SchemaTable>();
  for (const column of columns) {
    let table = grouped.get(column.table);
    if (!table) {
      table = { name: column.table, comment: comments.get(column.table) ?? '', columns: [] };
      grouped.set(column.table, table);
    }
    table.columns.push({ name: column.name, type: column.type, comment: column.comment });
  }
  return [...grouped.values()];
}
