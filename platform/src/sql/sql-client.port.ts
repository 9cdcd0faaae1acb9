/**
 * The one relational port. The PostgreSQL adapters (event store, bus log, checkpoints, service
 * tables) are written once against it and run unchanged over embedded PGlite and a pg Pool.
 */
export interface QueryResult<R> {
  rows: R[];
  /** Rows inserted, updated or deleted (0 for a SELECT that returned nothing). */
  rowCount: number;
}

export interface SqlExecutor {
  query<R = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
}

export interface SqlClient extends SqlExecutor {
  readonly kind: 'pglite' | 'pg';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
  close(): Promise<void>;
}

/** The PostgreSQL SQLSTATE code the adapters map to a typed error. */
export const PG_UNIQUE_VIOLATION = '23505';

export function sqlState(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

const PREPARED = new Map<string, string>();

/**
 * Marks a hot statement for server-side preparation: on a PostgreSQL server each connection
 * parses and plans it once and then only binds and executes (PGlite, in process, has no planning
 * round trip to save). Returns the text unchanged; names must be unique per text.
 */
export function prepared(name: string, text: string): string {
  const known = PREPARED.get(text);
  if (known !== undefined && known !== name)
    throw new Error(`Statement prepared twice: ${name} and ${known}`);
  PREPARED.set(text, name);
  return text;
}

/** The prepared-statement name of a statement text, if it was marked with `prepared`. */
export function preparedName(text: string): string | undefined {
  return PREPARED.get(text);
}
