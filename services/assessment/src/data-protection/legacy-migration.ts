import type { Logger, SqlClient } from '@risk-profile/platform';
import type { AssessmentEvent } from '../domain/assessment.events';
import type { DataKeys } from './data-keys';
import { MasterKey } from './master-key';
import type { PersonalEventType } from './personal-fields';
import { encryptEvent } from './protected-event-store';
import type { SubjectIndex } from './subject-index';

/** Events rewritten per transaction: a short lock on each, and progress kept if it stops. */
const BATCH = 200;

interface LegacyRow {
  event_id: string;
  stream_id: string;
  type: PersonalEventType;
  data: Record<string, unknown>;
  erased: boolean;
}

/**
 * Encrypts in place the personal fields of assessment events stored before encryption (plaintext
 * AssessmentDrafted / AssessmentSigned rows of es_events), on the PostgreSQL event store only:
 * each row's type and data are rewritten, its id, stream, version, position and metadata kept, so
 * the relay's checkpoint and every consumer's dedupe are unaffected. An assessment already erased
 * gets the erased marker instead (its key is gone). Each event is also applied to the subject
 * index, which the relay, long past these events, would never fill. Then es_events is rewritten (VACUUM FULL),
 * so the plaintext row versions do not stay in the table files. Idempotent: run at every start,
 * it finds nothing the second time. Returns the events rewritten.
 *
 * KurrentDB events cannot be changed: there the path is docs/records.md's (copy each legacy
 * stream encrypted to a new stream and truncate the old one, or erase it by tombstone).
 */
export async function encryptLegacyEvents(
  sql: SqlClient,
  keys: DataKeys,
  index: SubjectIndex,
  logger: Logger,
): Promise<number> {
  const exists = await sql.query<{ found: boolean }>("SELECT to_regclass('es_events') IS NOT NULL AS found");
  if (!exists.rows[0]!.found) return 0;
  let total = 0;
  for (;;) {
    const rewritten = await sql.transaction(async (tx) => {
      const { rows } = await tx.query<LegacyRow>(
        `SELECT e.event_id::text, e.stream_id, e.type, e.data,
                EXISTS (SELECT 1 FROM es_events x WHERE x.stream_id = e.stream_id AND x.type = 'AssessmentErased') AS erased
         FROM es_events e
         WHERE e.type IN ('AssessmentDrafted', 'AssessmentSigned') AND e.stream_id LIKE 'assessment-%'
         ORDER BY e.global_position LIMIT $1 FOR UPDATE`,
        [BATCH],
      );
      for (const row of rows) {
        const assessmentId = row.stream_id.slice('assessment-'.length);
        // An erased assessment's fields are sealed under a key kept nowhere: they read as erased.
        const key = row.erased ? MasterKey.newDataKey() : await keys.within(tx).getOrCreate(assessmentId);
        const stored = encryptEvent(row.stream_id, row.type, row.data, key);
        // The relay published these long ago and will not read them again: index them here.
        if (!row.erased) await index.within(tx).apply({ type: row.type, data: row.data } as AssessmentEvent);
        await tx.query('UPDATE es_events SET type = $2, data = $3::jsonb WHERE event_id = $1', [
          row.event_id,
          stored.type,
          JSON.stringify(stored.data),
        ]);
      }
      return rows.length;
    });
    total += rewritten;
    if (rewritten < BATCH) break;
  }
  if (total > 0) {
    await sql.query('VACUUM FULL es_events');
    logger.info({ events: total }, 'assessment events stored before encryption are now encrypted');
  }
  return total;
}
