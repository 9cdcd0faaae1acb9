import { linkSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FrozenTable } from './worker-protocol';

/** The SQL the replica is kept with: the worker's own session, never an analyst's. */
export interface ReplicaSql {
  run(sql: string): Promise<void>;
  rows(sql: string): Promise<string[][]>;
}

const PART = /^[A-Za-z0-9_-]+$/;
const quote = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** Hard-links a part's files (and its projections' folders) into `to`: parts never change in place. */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const source = join(from, name);
    if (statSync(source).isDirectory()) linkTree(source, join(to, name));
    else linkSync(source, join(to, name));
  }
}

/**
 * The analysts' copy of the product's analytics tables (docs/analyst-access.md, "Where analysts'
 * queries run"). Each refresh gets the product's tables frozen (ClickHouse's FREEZE: hard links
 * to the parts as they were), attaches the parts it does not have and drops those the product no
 * longer has. Parts are immutable and named by their block range and version, so a part with a
 * known name is the same data: a refresh costs a few file links, whatever the store's size. The
 * replica runs no merges, so its parts stay the product's.
 */
export class Replica {
  /** The create statement each replica table was made from (the product's, at that refresh). */
  private readonly created = new Map<string, { create: string; dataPath: string }>();

  constructor(
    private readonly sql: ReplicaSql,
    private readonly database: string,
  ) {}

  /** A fresh replica: whatever an earlier run left is rebuilt from the product's parts. */
  async reset(): Promise<void> {
    await this.sql.run(`DROP DATABASE IF EXISTS ${this.database} SYNC`);
    await this.sql.run(`CREATE DATABASE ${this.database}`);
    await this.sql.run('SYSTEM STOP MERGES');
    this.created.clear();
  }

  /** Brings every table to the snapshot; answers the number of parts the replica holds. */
  async refresh(snapshot: string, tables: FrozenTable[]): Promise<number> {
    let parts = 0;
    for (const table of tables) parts += await this.refreshTable(snapshot, table);
    const wanted = new Set(tables.map((t) => t.name));
    for (const name of [...this.created.keys()]) {
      if (wanted.has(name)) continue;
      await this.sql.run(`DROP TABLE IF EXISTS ${this.database}.${name} SYNC`);
      this.created.delete(name);
    }
    return parts;
  }

  private async refreshTable(snapshot: string, table: FrozenTable): Promise<number> {
    const dataPath = await this.ensureTable(table);
    const frozen = join(snapshot, 'store', table.uuid.slice(0, 3), table.uuid);
    let source: string[] = [];
    try {
      source = readdirSync(frozen).filter((name) => PART.test(name));
    } catch {
      // A table without parts freezes nothing.
    }
    const local = new Set(
      (
        await this.sql.rows(
          `SELECT name FROM system.parts WHERE database = ${quote(this.database)} AND table = ${quote(table.name)} AND active`,
        )
      ).map(([name]) => name!),
    );
    // New parts first: a part that covers older ones (a merge, a mutation) replaces them as it is
    // attached, so a query never sees a table with a part missing.
    for (const part of source) {
      if (local.has(part)) continue;
      const detached = join(dataPath, 'detached', part);
      rmSync(detached, { recursive: true, force: true });
      linkTree(join(frozen, part), detached);
      await this.sql.run(`ALTER TABLE ${this.database}.${table.name} ATTACH PART ${quote(part)}`);
    }
    const kept = new Set(source);
    const stillActive = new Set(
      (
        await this.sql.rows(
          `SELECT name FROM system.parts WHERE database = ${quote(this.database)} AND table = ${quote(table.name)} AND active`,
        )
      ).map(([name]) => name!),
    );
    for (const part of stillActive) {
      if (!kept.has(part))
        await this.sql.run(`ALTER TABLE ${this.database}.${table.name} DROP PART ${quote(part)}`);
    }
    return source.length;
  }

  /** The replica's table for `table`, made again when the product's definition changed. */
  private async ensureTable(table: FrozenTable): Promise<string> {
    const existing = this.created.get(table.name);
    if (existing?.create === table.create) return existing.dataPath;
    await this.sql.run(`DROP TABLE IF EXISTS ${this.database}.${table.name} SYNC`);
    await this.sql.run(table.create);
    // Dropped parts' files go at once (an erased row's part is not kept for ClickHouse's 8 minutes).
    await this.sql.run(`ALTER TABLE ${this.database}.${table.name} MODIFY SETTING old_parts_lifetime = 1`);
    const [[dataPath] = []] = await this.sql.rows(
      `SELECT data_paths[1] FROM system.tables WHERE database = ${quote(this.database)} AND name = ${quote(table.name)}`,
    );
    if (!dataPath) throw new Error(`the replica's table ${table.name} has no data path`);
    this.created.set(table.name, { create: table.create, dataPath });
    return dataPath;
  }
}
