import type { GlobalPosition } from '../event-store/event-store.port';
import { type Migration, migrate } from '../sql/migrations';
import type { SqlClient } from '../sql/sql-client.port';

/** Where each named relay (or projection) has got to in the event store's global order. */
export interface CheckpointStore {
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
}

/** For tests and tools that need no durability. */
export class InMemoryCheckpointStore implements CheckpointStore {
  private readonly positions = new Map<string, GlobalPosition>();

  async load(name: string): Promise<GlobalPosition | undefined> {
    return this.positions.get(name);
  }

  async save(name: string, position: GlobalPosition): Promise<void> {
    this.positions.set(name, position);
  }
}
