import type { AlongsideWrite, SqlExecutor } from '@risk-profile/platform';
import { MasterKey } from './master-key';

/**
 * How long an unwrapped key is reused in this process: an assessment is read several times in
 * quick succession (the signing's read and append, the relay's page and history), each a key
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
 * The per-assessment data keys, wrapped by the master key, one row an assessment. Deleting the
 * row is what erases the assessment: its events stay, their personal fields no longer open.
 */
export class DataKeys {
  constructor(
    private readonly sql: SqlExecutor,
    private readonly master: MasterKey,
    private readonly cache = new KeyCache(),
  ) {}

  /** The same keys through `executor` (a transaction). */
  within(executor: SqlExecutor): DataKeys {
    return new DataKeys(executor, this.master, this.cache);
  }

  /**
   * A new data key for a new assessment (its stream cannot exist yet); if one was stored already
   * (a retried append), that one is returned.
   */
  async create(assessmentId: string): Promise<Buffer> {
    const key = MasterKey.newDataKey();
    const { rowCount } = await this.sql.query(
      `INSERT INTO assessment_data_keys (assessment_id, wrapped_key, master_key_id) VALUES ($1, $2, $3)
       ON CONFLICT (assessment_id) DO NOTHING`,
      [assessmentId, this.master.wrap(key, assessmentId), this.master.id],
    );
    if (rowCount === 0) return this.getOrCreate(assessmentId);
    this.cache.set(assessmentId, key);
    return key;
  }

  /** The assessment's data key, made and stored on first use (a draft, or a legacy stream's signature). */
  async getOrCreate(assessmentId: string): Promise<Buffer> {
    const cached = this.cache.get(assessmentId);
    if (cached !== undefined) return cached;
    const key = MasterKey.newDataKey();
    const { rows } = await this.sql.query<{ wrapped_key: string }>(
      `WITH created AS (
         INSERT INTO assessment_data_keys (assessment_id, wrapped_key, master_key_id) VALUES ($1, $2, $3)
         ON CONFLICT (assessment_id) DO NOTHING RETURNING wrapped_key)
       SELECT wrapped_key FROM created
       UNION ALL SELECT wrapped_key FROM assessment_data_keys WHERE assessment_id = $1`,
      [assessmentId, this.master.wrap(key, assessmentId), this.master.id],
    );
    const stored = this.master.unwrap(rows[0]!.wrapped_key, assessmentId);
    this.cache.set(assessmentId, stored);
    return stored;
  }

  /**
   * The data keys of these assessments that still exist; an erased one is simply absent. Keys
   * this process holds are not read again: every read of an assessment (the signing's, the
   * relay's page and its stream history) would otherwise cost a statement each.
   */
  async find(assessmentIds: readonly string[]): Promise<Map<string, Buffer>> {
    const found = new Map<string, Buffer>();
    const missing: string[] = [];
    for (const id of assessmentIds) {
      const cached = this.cache.get(id);
      if (cached === undefined) missing.push(id);
      else found.set(id, cached);
    }
    if (missing.length === 0) return found;
    const { rows } = await this.sql.query<{ assessment_id: string; wrapped_key: string }>(
      'SELECT assessment_id::text, wrapped_key FROM assessment_data_keys WHERE assessment_id = ANY($1::uuid[])',
      [missing],
    );
    for (const row of rows) {
      const key = this.master.unwrap(row.wrapped_key, row.assessment_id);
      this.cache.set(row.assessment_id, key);
      found.set(row.assessment_id, key);
    }
    return found;
  }

  /**
   * A new assessment's key, and the insert that stores it in the append's own statement (the
   * key is cached once that statement has succeeded: `remember`). No ON CONFLICT: a key row
   * already there fails the whole statement rather than leave events under a key nobody stored.
   */
  newKeyAlongside(assessmentId: string): { key: Buffer; insert: AlongsideWrite } {
    const key = MasterKey.newDataKey();
    const wrapped = this.master.wrap(key, assessmentId);
    return {
      key,
      insert: (bind) =>
        `INSERT INTO assessment_data_keys (assessment_id, wrapped_key, master_key_id)
         SELECT ${bind(assessmentId)}::uuid, ${bind(wrapped)}::text, ${bind(this.master.id)}::text FROM claim`,
    };
  }

  /** A key stored by an append's own statement, cached as `create` caches it. */
  remember(assessmentId: string, key: Buffer): void {
    this.cache.set(assessmentId, key);
  }

  /** Returns whether a key was deleted. */
  async delete(assessmentId: string): Promise<boolean> {
    this.cache.delete(assessmentId);
    const { rowCount } = await this.sql.query('DELETE FROM assessment_data_keys WHERE assessment_id = $1', [
      assessmentId,
    ]);
    return rowCount > 0;
  }
}
