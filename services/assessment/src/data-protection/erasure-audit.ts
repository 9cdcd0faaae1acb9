import type { ErasureReason, erasureAuditSchema, erasureOutcomeSchema } from '@risk-profile/contracts';
import type { SqlExecutor } from '@risk-profile/platform';
import type { z } from 'zod';

export type ErasureOutcome = z.infer<typeof erasureOutcomeSchema>;

export interface AuditEntry {
  at: Date;
  /** The administrator who asked; null for the retention job. */
  actorEmail: string | null;
  assessmentId: string;
  outcome: ErasureOutcome;
  reason: ErasureReason;
  /** Why, in words (a refusal's reason); never the client's email or number. */
  detail: string | null;
}

interface Row {
  id: string;
  at: Date;
  actor_email: string | null;
  assessment_id: string;
  outcome: ErasureOutcome;
  reason: ErasureReason;
  detail: string | null;
}

/**
 * Every erasure and refusal, by request or by the retention job: rows are only ever inserted.
 * It names assessments by id, so it outlives their erasure without holding anything personal.
 */
export class ErasureAudit {
  constructor(private readonly sql: SqlExecutor) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.sql.query(
      `INSERT INTO assessment_erasure_audit (at, actor_email, assessment_id, outcome, reason, detail)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [entry.at, entry.actorEmail, entry.assessmentId, entry.outcome, entry.reason, entry.detail],
    );
  }

  /** Newest first; the cursor is the id of the last entry of the previous page. */
  async list(options: { cursor?: string; limit: number }): Promise<z.infer<typeof erasureAuditSchema>> {
    const cursor = options.cursor !== undefined && /^\d{1,18}$/.test(options.cursor) ? options.cursor : null;
    const { rows } = await this.sql.query<Row>(
      `SELECT id::text, at, actor_email, assessment_id::text, outcome, reason, detail
       FROM assessment_erasure_audit WHERE ($1::bigint IS NULL OR id < $1::bigint)
       ORDER BY id DESC LIMIT $2`,
      [cursor, options.limit + 1],
    );
    const page = rows.slice(0, options.limit);
    return {
      items: page.map((row) => ({
        id: row.id,
        at: new Date(row.at).toISOString(),
        actorEmail: row.actor_email,
        assessmentId: row.assessment_id,
        outcome: row.outcome,
        reason: row.reason,
        detail: row.detail,
      })),
      nextCursor: rows.length > options.limit ? page.at(-1)!.id : null,
    };
  }
}
