/** How many statement texts stay prepared at once; the least recently used is closed beyond it. */
const MAX_PREPARED = 400;

export interface StatementPlan {
  /** The server-side name the statement runs under. */
  name: string;
  /** Parse is needed (first use, or after a failure left its state unknown). */
  parse: boolean;
  /** Names to close first: evicted statements, and this one before it is parsed again. */
  close: string[];
}

/**
 * Statement texts prepared once on PGlite's single connection, as node-postgres does for the
 * statements marked `prepared` on a server. Parsing and planning a statement is about half of
 * what a short one costs on PGlite (bench/RESULTS.md, "PGlite statements"), and every service
 * runs the same few dozen texts again and again. Names are this process's own; a statement whose
 * run failed is closed and parsed again next time (whether its Parse had succeeded is unknown),
 * and one whose cached plan no longer fits the table (a migration changed it) is forgotten.
 */
export class PreparedStatements {
  private readonly byText = new Map<string, { name: string; ready: boolean }>();
  private readonly evicted: string[] = [];
  private counter = 0;

  plan(text: string): StatementPlan {
    let entry = this.byText.get(text);
    if (entry) {
      // Most recently used last: a Map keeps insertion order.
      this.byText.delete(text);
      this.byText.set(text, entry);
    } else {
      entry = { name: `rp_${++this.counter}`, ready: false };
      this.byText.set(text, entry);
      if (this.byText.size > MAX_PREPARED) {
        const [oldestText, oldest] = this.byText.entries().next().value as [string, { name: string }];
        this.byText.delete(oldestText);
        this.evicted.push(oldest.name);
      }
    }
    const close = this.evicted.splice(0);
    if (!entry.ready) close.push(entry.name);
    return { name: entry.name, parse: !entry.ready, close };
  }

  /** The statement ran: it stays prepared. */
  succeeded(text: string): void {
    const entry = this.byText.get(text);
    if (entry) entry.ready = true;
  }

  /** The statement failed: closed and parsed again at its next use. */
  failed(text: string): void {
    const entry = this.byText.get(text);
    if (entry) entry.ready = false;
  }
}

/** PostgreSQL's answer when a prepared statement's result columns changed under it. */
export function isStalePlan(error: unknown): boolean {
  return (
    (error as { code?: string }).code === '0A000' &&
    /cached plan must not change result type/.test((error as Error).message ?? '')
  );
}
