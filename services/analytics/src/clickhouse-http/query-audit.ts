import type { Caller } from './analyst-caller';
import type { AnalystQueryLog } from './analyst-query-log';
import type { ClickHouseError } from './clickhouse-error';

export type QueryOutcome =
  | { outcome: 'ok'; rows: number | null }
  | { outcome: 'refused' | 'failed'; error: ClickHouseError };

export interface AuditedQuery {
  caller: Caller;
  query: string;
  format: string | null;
  /** performance.now() when the request came in: the log keeps how long it took. */
  started: number;
}

/** Appends a query to the analyst query log, with how it ended. */
export async function auditQuery(
  deps: { log: AnalystQueryLog; clock: () => Date },
  { caller, query, format, started }: AuditedQuery,
  outcome: QueryOutcome,
): Promise<void> {
  await deps.log.append({
    at: deps.clock(),
    analystId: caller.analyst.id,
    analystEmail: caller.analyst.email,
    query,
    format,
    outcome: outcome.outcome,
    errorCode: outcome.outcome === 'ok' ? null : outcome.error.code,
    error: outcome.outcome === 'ok' ? null : outcome.error.message,
    rows: outcome.outcome === 'ok' ? outcome.rows : null,
    elapsedMs: performance.now() - started,
  });
}
