import type { AlongsideWrite } from '../event-store/postgres-event-store.adapter';
import type { SqlExecutor } from '../sql/sql-client.port';
import { MasterKey } from './master-key';

/**
 * How long an unwrapped key is reused in this process: a subject's stream is read several times
 * in quick succession (a command's read and append, the relay's page and history), each a key
 * lookup otherwise. An erasure in this process drops the key at once; another instance may still
 * hold it this long after an erasure (docs/records.md, "Retention and erasure").
 */
export const KEY_CACHE_TTL_MS = 5_000;
const KEY_CACHE_SIZE = 10_000;

class KeyCache {
  private readonly entries = new Map<string, { key: Buffer; until: number }>();

  get(id: string): Buffer | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined) return undefined;
    if (entry.until < Date.now()) {
      this.entries.delete(id);
      return undefined;
    }
    return entry.key;
  }

  set(id: string, key: Buffer): void {
    if (this.entries.size >= KEY_CACHE_SIZE) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(id, { key, until: Date.now() + KEY_CACHE_TTL_MS });
  }

  delete(id: string): void {
    this.entries.delete(id);
  }
}

/**
 * Where a kind of data key is kept: a table of `(<idColumn> uuid PRIMARY KEY, wrapped_key text,
 * master_key_id text)` of the owning service, and the subject each key is wrapped for (its AAD),
 * so a key row copied into another table or onto another id does not open.
 */
export interface DataKeyTable {
  table: string;
  idColumn: string;
  subject: (id: string) => string;
}

/**
 * Per-subject data keys (one an assessment, one a household member), wrapped by the master key,
 * one row a subject. Deleting the row is what erases the subject: their events stay, the personal
 * fields sealed under the key no longer open.
 */
export class DataKeys {
  constructor(
    private readonly sql: SqlExecutor,
    private readonly master: MasterKey,
    private readonly where: DataKeyTable,
    private readonly cache = new KeyCache(),
  ) {}

  /** The same keys through `executor` (a transaction). */
  within(executor: SqlExecutor): DataKeys {
    return new DataKeys(executor, this.master, this.where, this.cache);
  }

  private wrap(key: Buffer, id: string): string {
    return this.master.wrap(key, this.where.subject(id));
  }

  /**
   * A new data key for a new subject (its stream cannot exist yet); if one was stored already
   * (a retried append), that one is returned.
   */
  async create(id: string): Promise<Buffer> {
    const { table, idColumn } = this.where;
    const key = MasterKey.newDataKey();
    const { rowCount } = await this.sql.query(
      `INSERT INTO ${table} (${idColumn}, wrapped_key, master_key_id) VALUES ($1, $2, $3)
       ON CONFLICT (${idColumn}) DO NOTHING`,
      [id, this.wrap(key, id), this.master.id],
    );
    if (rowCount === 0) return this.getOrCreate(id);
    this.cache.set(id, key);
    return key;
  }

  /** The subject's data key, made and stored on first use. */
  async getOrCreate(id: string): Promise<Buffer> {
    const { table, idColumn } = this.where;
    const cached = this.cache.get(id);
    if (cached !== undefined) return cached;
    const key = MasterKey.newDataKey();
    const { rows } = await this.sql.query<{ wrapped_key: string }>(
      `WITH created AS (
         INSERT INTO ${table} (${idColumn}, wrapped_key, master_key_id) VALUES ($1, $2, $3)
         ON CONFLICT (${idColumn}) DO NOTHING RETURNING wrapped_key)
       SELECT wrapped_key FROM created
       UNION ALL SELECT wrapped_key FROM ${table} WHERE ${idColumn} = $1`,
      [id, this.wrap(key, id), this.master.id],
    );
    const stored = this.master.unwrap(rows[0]!.wrapped_key, this.where.subject(id));
    this.cache.set(id, stored);
    return stored;
  }

  /**
   * The data keys of these subjects that still exist; an erased one is simply absent. Keys this
   * process holds are not read again: every read of a stream (a command's, the relay's page and
   * its stream history) would otherwise cost a statement each.
   */
  async find(ids: readonly string[]): Promise<Map<string, Buffer>> {
    const { table, idColumn } = this.where;
    const found = new Map<string, Buffer>();
    const missing: string[] = [];
    for (const id of ids) {
      const cached = this.cache.get(id);
      if (cached === undefined) missing.push(id);
      else found.set(id, cached);
    }
    if (missing.length === 0) return found;
    const { rows } = await this.sql.query<{ id: string; wrapped_key: string }>(
      `SELECT ${idColumn}::text AS id, wrapped_key FROM ${table} WHERE ${idColumn} = ANY($1::uuid[])`,
      [missing],
    );
    for (const row of rows) {
      const key = this.master.unwrap(row.wrapped_key, this.where.subject(row.id));
      this.cache.set(row.id, key);
      found.set(row.id, key);
    }
    return found;
  }

  /**
   * A new subject's key, and the insert that stores it in an append's own statement (the key is
   * cached once that statement has succeeded: `remember`). No ON CONFLICT: a key row already
   * there fails the whole statement rather than leave events under a key nobody stored.
   */
  newKeyAlongside(id: string): { key: Buffer; insert: AlongsideWrite } {
    const { table, idColumn } = this.where;
    const key = MasterKey.newDataKey();
    const wrapped = this.wrap(key, id);
    return {
      key,
      insert: (bind) =>
        `INSERT INTO ${table} (${idColumn}, wrapped_key, master_key_id)
         SELECT ${bind(id)}::uuid, ${bind(wrapped)}::text, ${bind(this.master.id)}::text FROM claim`,
    };
  }

  /** A key stored by an append's own statement, cached as `create` caches it. */
  remember(id: string, key: Buffer): void {
    this.cache.set(id, key);
  }

  /** Returns whether a key was deleted. */
  async delete(id: string): Promise<boolean> {
    const { table, idColumn } = this.where;
    this.cache.delete(id);
    const { rowCount } = await this.sql.query(`DELETE FROM ${table} WHERE ${idColumn} = $1`, [id]);
    return rowCount > 0;
  }
}
