import type { Logger } from '../logging/logger';
import type { SqlClient } from './sql-client.port';

/**
 * PGlite runs PostgreSQL as a single backend with no postmaster, so nothing ever starts
 * PostgreSQL's autovacuum, although `SHOW autovacuum` says on. Without it the embedded database
 * never reuses the space of deleted rows (the bus log purges a day's messages and its files keep
 * growing: 88 MB after three rounds of inserting and purging 30 MB, 1 MB after one VACUUM),
 * never refreshes the planner's statistics, and never freezes old rows, so after some two
 * billion transactions they would vanish from view (a single backend does not refuse new
 * transaction ids near wraparound as a server does). This does autovacuum's job from the
 * product's own process: every `intervalMs` (autovacuum's naptime) it asks which tables
 * PostgreSQL's own autovacuum rules and settings would vacuum or analyze now, and does that, one
 * statement at a time with a pause before each, so requests are served in between. A PostgreSQL
 * server runs its own autovacuum.
 */
export interface EmbeddedAutovacuumOptions {
  logger: Logger;
  /** Time between checks; autovacuum's own naptime is a minute. */
  intervalMs?: number;
}

export interface AutovacuumRun {
  vacuumed: string[];
  analyzed: string[];
}

interface Candidate {
  name: string;
  /** The table itself is due for a vacuum. */
  main: boolean;
  /** Its TOAST table is. */
  toast: boolean;
  analyze: boolean;
}

/*
 * PostgreSQL 18's rules (autovacuum.c, relation_needs_vacanalyze), with its settings read from
 * the database: a table is vacuumed when its dead rows pass the threshold plus the scale factor
 * times its rows (capped by autovacuum_vacuum_max_threshold unless that is -1), when rows
 * inserted since its last vacuum pass the insert threshold plus its scale factor times its
 * unfrozen rows (never, if the threshold is -1), or when its oldest transaction id or multixact
 * is older than the freeze maximum age; and analyzed when rows changed since its last analyze
 * pass the analyze threshold plus its scale factor times its rows. Shared catalogs are included:
 * the database's oldest transaction id is theirs too. A table with `autovacuum_enabled = false`
 * (a TOAST table without options of its own follows its table) is only vacuumed against
 * wraparound; other per-table settings are not read, as none of our tables sets any.
 *
 * A TOAST table is vacuumed through the table it belongs to (alone when only it is due, with
 * PROCESS_MAIN false). One rule differs from PostgreSQL, whose autovacuum vacuums in background
 * processes: rows inserted count for a TOAST table only until its first vacuum (which gives it a
 * row count for its dead-row threshold), because here a VACUUM holds up the event loop, and the
 * TOAST table holds nearly all the bytes of the bus log (some 3 ms a MB to scan) only to mark
 * pages that the purge deletes a week later.
 *
 * Why it matters more here than on a server: PostgreSQL refuses new transaction ids near
 * wraparound only under a postmaster; a single backend such as PGlite's only warns, and would
 * go on until old rows vanished from view. Freezing them in time is this check's job.
 */
const CANDIDATES = `
WITH settings AS (
  SELECT current_setting('autovacuum_vacuum_threshold')::float8 AS vac_base,
         current_setting('autovacuum_vacuum_scale_factor')::float8 AS vac_scale,
         current_setting('autovacuum_vacuum_max_threshold', true)::float8 AS vac_max,
         current_setting('autovacuum_vacuum_insert_threshold')::float8 AS ins_base,
         current_setting('autovacuum_vacuum_insert_scale_factor')::float8 AS ins_scale,
         current_setting('autovacuum_analyze_threshold')::float8 AS anl_base,
         current_setting('autovacuum_analyze_scale_factor')::float8 AS anl_scale,
         current_setting('autovacuum_freeze_max_age')::float8 AS freeze_max,
         current_setting('autovacuum_multixact_freeze_max_age')::float8 AS multixact_max
),
tables AS (
  SELECT c.oid, c.relkind, c.relfrozenxid, c.relminmxid, c.reltoastrelid,
         NOT coalesce('autovacuum_enabled=false' = ANY (coalesce(c.reloptions, owner.reloptions)), false) AS enabled,
         c.reltuples < 0 AS never_vacuumed,
         greatest(c.reltuples, 0)::float8 AS reltuples,
         CASE WHEN c.relpages > 0 THEN 1 - least(c.relallfrozen::float8 / c.relpages, 1) ELSE 1 END AS unfrozen,
         coalesce(s.n_dead_tup, 0)::float8 AS dead,
         coalesce(s.n_ins_since_vacuum, 0)::float8 AS inserted,
         coalesce(s.n_mod_since_analyze, 0)::float8 AS modified
  FROM pg_class c
  LEFT JOIN pg_stat_all_tables s ON s.relid = c.oid
  LEFT JOIN pg_class owner ON c.relkind = 't' AND owner.reltoastrelid = c.oid
  WHERE c.relkind IN ('r', 'm', 't') AND c.relpersistence <> 't'
),
needs AS (
  SELECT t.oid, t.relkind, t.reltoastrelid,
         (t.enabled AND t.dead > CASE WHEN st.vac_max >= 0
                                      THEN least(st.vac_base + st.vac_scale * t.reltuples, st.vac_max)
                                      ELSE st.vac_base + st.vac_scale * t.reltuples END
          OR t.enabled AND st.ins_base >= 0 AND t.relkind <> 't'
             AND t.inserted > st.ins_base + st.ins_scale * t.reltuples * t.unfrozen
          OR t.enabled AND st.ins_base >= 0 AND t.relkind = 't' AND t.never_vacuumed
             AND t.inserted > st.ins_base
          OR age(t.relfrozenxid) > st.freeze_max
          OR mxid_age(t.relminmxid) > st.multixact_max) AS vacuum_due,
         -- ANALYZE skips pg_statistic (it holds the statistics), so it would be due for ever.
         (t.enabled AND t.relkind <> 't' AND t.oid <> 'pg_catalog.pg_statistic'::regclass
          AND t.modified > st.anl_base + st.anl_scale * t.reltuples) AS analyze_due
  FROM tables t CROSS JOIN settings st
)
SELECT format('%I.%I', ns.nspname, c.relname) AS name,
       n.vacuum_due AS main,
       coalesce(toast.vacuum_due, false) AS toast,
       n.analyze_due AS analyze
FROM needs n
JOIN pg_class c ON c.oid = n.oid
JOIN pg_namespace ns ON ns.oid = c.relnamespace
LEFT JOIN needs toast ON toast.oid = n.reltoastrelid
WHERE n.relkind <> 't' AND (n.vacuum_due OR coalesce(toast.vacuum_due, false) OR n.analyze_due)
ORDER BY c.relpages DESC`;

/** The pause before each VACUUM or ANALYZE, so requests waiting on the event loop go first. */
const STATEMENT_PAUSE_MS = 20;

export class EmbeddedAutovacuum {
  private timer: NodeJS.Timeout | undefined;
  /** Checks under way (the timer's, and any asked for through runOnce), which stop() waits for. */
  private readonly running = new Set<Promise<unknown>>();
  private stopped = false;

  private constructor(
    private readonly sql: SqlClient,
    private readonly options: Required<EmbeddedAutovacuumOptions>,
  ) {}

  /** Starts the checks (the first one interval after now). Only for PGlite: a server has its own. */
  static start(sql: SqlClient, options: EmbeddedAutovacuumOptions): EmbeddedAutovacuum {
    const autovacuum = new EmbeddedAutovacuum(sql, { intervalMs: 60_000, ...options });
    autovacuum.schedule();
    return autovacuum;
  }

  /**
   * One check: vacuums and analyzes what PostgreSQL's autovacuum would now. A table that fails
   * is logged and tried again at the next check; the others go on.
   */
  runOnce(): Promise<AutovacuumRun> {
    const run = this.check();
    const settled = run.catch(() => undefined).finally(() => this.running.delete(settled));
    this.running.add(settled);
    return run;
  }

  private async check(): Promise<AutovacuumRun> {
    if (this.stopped) return { vacuumed: [], analyzed: [] };
    // A single backend hands its statistics to the shared counters at most once a second, when
    // idle: this makes it hand them over now, so the check below sees every change.
    await this.sql.query('SELECT pg_stat_force_next_flush()');
    const { rows } = await this.sql.query<Candidate>(CANDIDATES);
    const run: AutovacuumRun = { vacuumed: [], analyzed: [] };
    for (const table of rows) {
      const vacuum = `VACUUM (PROCESS_MAIN ${table.main}, PROCESS_TOAST ${table.toast})`;
      if ((table.main || table.toast) && (await this.perform(vacuum, table.name))) {
        run.vacuumed.push(table.name);
      }
      if (table.analyze && (await this.perform('ANALYZE', table.name))) run.analyzed.push(table.name);
    }
    return run;
  }

  /**
   * One statement, after a short pause: a statement holds up the event loop while it runs, so
   * requests that arrived meanwhile are answered before the next one (a check that vacuumed four
   * tables at once held up one dashboard request for some 300 ms). False if it failed (logged)
   * or the check was stopped.
   */
  private async perform(command: string, table: string): Promise<boolean> {
    await new Promise((resolve) => setTimeout(resolve, STATEMENT_PAUSE_MS));
    if (this.stopped) return false;
    const started = performance.now();
    try {
      await this.sql.query(`${command} ${table}`);
    } catch (error) {
      this.options.logger.warn(
        { err: error, table, command },
        'embedded autovacuum failed; tried again later',
      );
      return false;
    }
    this.options.logger.debug(
      { table, command, ms: Math.round(performance.now() - started) },
      'embedded autovacuum',
    );
    return true;
  }

  /** Stops checking; a check under way finishes the statement it is on. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await Promise.all([...this.running]);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.runOnce()
        .catch((error: unknown) =>
          this.options.logger.warn({ err: error }, 'embedded autovacuum check failed; tried again later'),
        )
        .finally(() => this.schedule());
    }, this.options.intervalMs);
    this.timer.unref();
  }
}
