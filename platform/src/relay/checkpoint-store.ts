import type { GlobalPosition } from '../event-store/event-store.port';
import { type Migration, migrate } from '../sql/migrations';
import type { SqlClient } from '../sql/sql-client.port';
import type { LeaseStore } from '../workers/leased-worker';

/**
 * Where each named relay (or projection) has got to in the event store's global order, and who
 * may move it: several replicas of a service each start the relay, and only the holder of the
 * lease publishes, so replicas add no duplicates on the bus.
 */
export interface CheckpointStore extends LeaseStore {
  load(name: string): Promise<GlobalPosition | undefined>;
  save(name: string, position: GlobalPosition): Promise<void>;
}

const MIGRATIONS: readonly Migration[] = [
  {
    id: '001-create-relay-checkpoints',
    sql: `CREATE TABLE relay_checkpoints (
      name text PRIMARY KEY,
      position text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
  },
  {
    id: '002-create-relay-leases',
    sql: `CREATE TABLE relay_leases (
      name text PRIMARY KEY,
      owner text NOT NULL,
      lease_until timestamptz NOT NULL
    )`,
  },
];

export class PostgresCheckpointStore implements CheckpointStore {
  private constructor(private readonly sql: SqlClient) {}

  static async create(sql: SqlClient): Promise<PostgresCheckpointStore> {
    await migrate(sql, 'relay', MIGRATIONS);
    return new PostgresCheckpointStore(sql);
  }

  async load(name: string): Promise<GlobalPosition | undefined> {
    const { rows } = await this.sql.query<{ position: string }>(
      'SELECT position FROM relay_checkpoints WHERE name = $1',
      [name],
    );
    return rows[0]?.position;
  }

  async save(name: string, position: GlobalPosition): Promise<void> {
    await this.sql.query(
      `INSERT INTO relay_checkpoints (name, position) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, updated_at = now()`,
      [name, position],
    );
  }

  async claim(name: string, owner: string, leaseMs: number): Promise<boolean> {
    // The database clock decides expiry, so replicas with skewed clocks agree.
    const { rows } = await this.sql.query(
      `INSERT INTO relay_leases (name, owner, lease_until)
       VALUES ($1, $2, now() + $3 * interval '1 millisecond')
       ON CONFLICT (name) DO UPDATE SET owner = EXCLUDED.owner, lease_until = EXCLUDED.lease_until
       WHERE relay_leases.owner = EXCLUDED.owner OR relay_leases.lease_until < now()
       RETURNING owner`,
      [name, owner, leaseMs],
    );
    return rows.length === 1;
  }

  async release(name: string, owner: string): Promise<void> {
    await this.sql.query('DELETE FROM relay_leases WHERE name = $1 AND owner = $2', [name, owner]);
  }
}

/** For tests and tools that need no durability. */
export class InMemoryCheckpointStore implements CheckpointStore {
  private readonly positions = new Map<string, GlobalPosition>();
  private readonly leases = new Map<string, { owner: string; until: number }>();

  async claim(name: string, owner: string, leaseMs: number): Promise<boolean> {
    const lease = this.leases.get(name);
    if (lease && lease.owner !== owner && lease.until >= Date.now()) return false;
    this.leases.set(name, { owner, until: Date.now() + leaseMs });
    return true;
  }

  async release(name: string, owner: string): Promise<void> {
    if (this.leases.get(name)?.owner === owner) this.leases.delete(name);
  }

  async load(name: string): Promise<GlobalPosition | undefined> {
    return this.positions.get(name);
  }

  async save(name: string, position: GlobalPosition): Promise<void> {
    this.positions.set(name, position);
  }
}
