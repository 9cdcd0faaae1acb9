import {
  DataKeys,
  type EventStore,
  migrate,
  PostgresEventStore,
  type SqlClient,
} from '@risk-profile/platform';
import { ASSESSMENT_DATA_KEYS } from './data-keys';
import { dataProtectionMigrations } from './data-protection.migrations';
import { ErasureAudit } from './erasure-audit';
import { MasterKey } from './master-key';
import { ProtectedEventStore } from './protected-event-store';
import { SubjectIndex } from './subject-index';

export interface DataProtection {
  keys: DataKeys;
  index: SubjectIndex;
  audit: ErasureAudit;
  /** The store with personal fields encrypted on append and decrypted on read. */
  store: EventStore;
}

/** The service's data-protection tables over `sql`, and `eventStore` wrapped to use them. */
export async function openDataProtection(
  sql: SqlClient,
  eventStore: EventStore,
  masterKey: string,
): Promise<DataProtection> {
  await migrate(sql, 'assessment-data-protection', dataProtectionMigrations);
  const master = MasterKey.fromConfig(masterKey);
  const keys = new DataKeys(sql, master, ASSESSMENT_DATA_KEYS);
  const index = new SubjectIndex(sql, master.subjectIndexKey);
  return {
    keys,
    index,
    audit: new ErasureAudit(sql),
    store: new ProtectedEventStore(
      eventStore,
      keys,
      index,
      // The PostgreSQL event store shares the service's database; KurrentDB is elsewhere.
      eventStore instanceof PostgresEventStore ? eventStore : undefined,
    ),
  };
}
