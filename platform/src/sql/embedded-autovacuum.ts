import type { Logger } from '../logging/logger';
import type { SqlClient } from './sql-client.port';

/**
 * PGlite runs PostgreSQL as a single backend with no postmaster, so its autovacuum never starts
 * (although `SHOW autovacuum` says on): deleted rows' space is never reused, statistics go stale,
 * and old rows are never frozen, which near transaction-id wraparound would make them vanish (a
 * single backend only warns). This does autovacuum's job from the product's own process, one
 * statement at a time so requests are served in between (docs/adr/0011-embedded-autovacuum.md
 * explains the design). A PostgreSQL server runs its own.
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
 * PostgreSQL 18's rules (autovacuum.c, relation_needs_vacanalyze) with the database's settings;
 * shared catalogs are included, as the database's oldest transaction id is theirs too. Per-table
 * settings other than `autovacuum_enabled` are not read: none of our tables sets any. One rule
 * differs: a TOAST table's inserted rows count only until its first vacuum, because here a VACUUM
 * holds up the event loop and the bus log's TOAST table would be scanned only to mark pages the
 * purge soon deletes.
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
   * requests that arrived meanwhile are answered before the next one. False if it failed (logged)
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
