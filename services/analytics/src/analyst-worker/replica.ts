import { linkSync, mkdirSync, readdirSync, statSync } from 'node:fs';
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
 * queries run"). Each refresh gets the product's tables frozen (ClickHouse's FREEZE: hard links to
 * the parts as they were). A table whose parts changed since the last refresh is rebuilt in a
 * staging table from hard links to the frozen parts, then swapped in partition by partition with
 * REPLACE PARTITION, which is atomic: a query sees the table before or after, never half of it.
 * Parts never change once written, so a refresh costs a few file links whatever the store's size.
 */
export class Replica {
  /** The create statement each replica table was made from (the product's, at that refresh). */
  private readonly created = new Map<string, string>();
  /** The product's parts each table was last rebuilt from. */
  private readonly applied = new Map<string, string>();

  constructor(
    private readonly sql: ReplicaSql,
    private readonly database: string,
  ) {}

  private get staging(): string {
    return `${this.database}_replica_staging`;
  }

  /** A fresh replica: whatever an earlier run left is rebuilt from the product's parts. */
  async reset(): Promise<void> {
    for (const database of [this.database, this.staging]) {
      await this.sql.run(`DROP DATABASE IF EXISTS ${database} SYNC`);
      await this.sql.run(`CREATE DATABASE ${database}`);
    }
    this.created.clear();
    this.applied.clear();
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
      this.applied.delete(name);
    }
    return parts;
  }

  private async refreshTable(snapshot: string, table: FrozenTable): Promise<number> {
    await this.ensureTable(table);
    const frozen = join(snapshot, 'store', table.uuid.slice(0, 3), table.uuid);
    let source: string[] = [];
    try {
      source = readdirSync(frozen)
        .filter((name) => PART.test(name))
        .sort();
    } catch {
      // A table without parts freezes nothing.
    }
    const key = source.join(',');
    if (this.applied.get(table.name) === key) return source.length;
    const target = `${this.database}.${table.name}`;
    const staging = `${this.staging}.${table.name}`;
    await this.sql.run(`DROP TABLE IF EXISTS ${staging} SYNC`);
    await this.sql.run(`CREATE TABLE ${staging} AS ${target}`);
    await this.sql.run(`SYSTEM STOP MERGES ${staging}`);
    const [[stagingPath] = []] = await this.sql.rows(
      `SELECT data_paths[1] FROM system.tables WHERE database = ${quote(this.staging)} AND name = ${quote(table.name)}`,
    );
    if (!stagingPath) throw new Error(`the staging table for ${table.name} has no data path`);
    for (const part of source) {
      linkTree(join(frozen, part), join(stagingPath, 'detached', part));
      await this.sql.run(`ALTER TABLE ${staging} ATTACH PART ${quote(part)}`);
    }
    const partitions = async (database: string) =>
      new Set(
        (
          await this.sql.rows(
            `SELECT DISTINCT partition_id FROM system.parts WHERE database = ${quote(database)} AND table = ${quote(table.name)} AND active`,
          )
        ).map(([id]) => id!),
      );
    const wanted = await partitions(this.staging);
    for (const id of wanted)
      await this.sql.run(`ALTER TABLE ${target} REPLACE PARTITION ID ${quote(id)} FROM ${staging}`);
    for (const id of await partitions(this.database)) {
      if (!wanted.has(id)) await this.sql.run(`ALTER TABLE ${target} DROP PARTITION ID ${quote(id)}`);
    }
    await this.sql.run(`DROP TABLE ${staging} SYNC`);
    this.applied.set(table.name, key);
    return source.length;
  }

  /** The replica's table for `table`, made again when the product's definition changed. */
  private async ensureTable(table: FrozenTable): Promise<void> {
    if (this.created.get(table.name) === table.create) return;
    await this.sql.run(`DROP TABLE IF EXISTS ${this.database}.${table.name} SYNC`);
    await this.sql.run(table.create);
    // Its parts are replaced at each refresh: merging them would be wasted work.
    await this.sql.run(`SYSTEM STOP MERGES ${this.database}.${table.name}`);
    // Replaced parts' files go at once, not after ClickHouse's 8 minutes.
    await this.sql.run(`ALTER TABLE ${this.database}.${table.name} MODIFY SETTING old_parts_lifetime = 1`);
    this.created.set(table.name, table.create);
    this.applied.delete(table.name);
  }
}
