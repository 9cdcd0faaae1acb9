import type { AnalystEngineSlot } from './analyst-engine';
import { asClickHouseError, ClickHouseError } from './clickhouse-error';
import { checkReadOnly, parseAst } from './read-only-guard';

/**
 * Queries already found read-only: the verdict and the statement it is about (ClickHouse's
 * formatting of the text), keyed by the exact text and parameters; never any query's output.
 * BI tools send the same queries again and again, so a repeat skips the check's two engine calls.
 */
const MAX_CHECKED_QUERIES = 1_000;
const checkedKey = (text: string, params: Record<string, string>): string =>
  JSON.stringify([text, Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]);

/**
 * The check formats the analyst's text with `SELECT formatQuery({q:String})`; ClickHouse names
 * that statement at the end of an error in the text (`…: In scope SELECT formatQuery('…')`). The
 * error is about the analyst's own text (its position and excerpt count in it), so that scope is
 * dropped: the analyst reads ClickHouse's code, position, excerpt and expectation, as a server
 * answers the text itself. A scope is one escaped string literal running to the end.
 */
const FORMAT_QUERY_SCOPE = /^:? In scope SELECT formatQuery\('(?:[^'\\]|\\[\s\S])*'\)$/;

function withoutFormatQueryScope(error: ClickHouseError): ClickHouseError {
  const message = error.message;
  for (let at = message.indexOf(' In scope SELECT formatQuery('); at >= 0; ) {
    const start = message[at - 1] === ':' ? at - 1 : at;
    if (FORMAT_QUERY_SCOPE.test(message.slice(start)))
      return new ClickHouseError(error.code, error.type, message.slice(0, start));
    at = message.indexOf(' In scope SELECT formatQuery(', at + 1);
  }
  return error;
}

/** A refusal of the read-only check (the query is refused, not failed, in the query log). */
export const isRefusedByCheck = (error: unknown): boolean =>
  (error as { refusedByCheck?: boolean } | null)?.refusedByCheck === true;

/** The read-only check of each query text, remembered for the texts seen most recently. */
export class CheckedQueries {
  private readonly checked = new Map<string, { sql: string; format: string | null }>();

  constructor(private readonly database: string) {}

  /** The checked statement for a text, from the cache or checked now on the engine. */
  async check(
    slot: AnalystEngineSlot,
    text: string,
    params: Record<string, string>,
  ): Promise<{ sql: string; format: string | null }> {
    const key = checkedKey(text, params);
    const cached = this.checked.get(key);
    // Most recently used last, so the oldest is the one dropped.
    this.checked.delete(key);
    let checked = cached;
    if (!checked) {
      const sql = await slot.format(text).catch((error: unknown) => {
        throw withoutFormatQueryScope(asClickHouseError(error));
      });
      const ast = parseAst(await slot.explainAst(sql, params));
      try {
        checked = { sql, format: checkReadOnly(ast, { database: this.database, sql }).format };
      } catch (error) {
        throw Object.assign(error as Error, { refusedByCheck: true });
      }
    }
    if (this.checked.size >= MAX_CHECKED_QUERIES) this.checked.delete(this.checked.keys().next().value!);
    this.checked.set(key, checked);
    return checked;
  }
}
