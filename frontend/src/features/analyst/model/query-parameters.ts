/** A `{name:Type}` placeholder of ClickHouse's query parameters, bound with `param_<name>`. */
export interface QueryParameter {
  name: string;
  type: string;
}

// Types may hold parentheses and quotes (`DateTime64(3, 'UTC')`), never a closing brace.
const PLACEHOLDER = /\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*:\s*([^{}]+?)\s*\}/g;

/**
 * The query parameters a query names, each once, in order of first use, so the page can ask
 * for their values. Placeholders inside string literals and comments are found too: a field too
 * many is harmless, as ClickHouse ignores a `param_` the query does not use.
 */
export function queryParameters(sql: string): QueryParameter[] {
  const seen = new Map<string, QueryParameter>();
  for (const match of sql.matchAll(PLACEHOLDER)) {
    const name = match[1]!;
    if (!seen.has(name)) seen.set(name, { name, type: match[2]! });
  }
  return [...seen.values()];
}

/** The address of a query: the format, then each parameter's value as `param_<name>`. */
export function queryUrl(path: string, format: string, values: Readonly<Record<string, string>>): string {
  const search = new URLSearchParams({ default_format: format });
  for (const [name, value] of Object.entries(values)) search.set(`param_${name}`, value);
  return `${path}?${search.toString()}`;
}
