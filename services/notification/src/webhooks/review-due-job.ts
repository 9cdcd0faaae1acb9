import { type Logger, type SqlClient, startWorker } from '@risk-profile/platform';
import { reviewDueAt } from '../records/record-rules';
import { type PlannedWebhook, webhookId } from './plan-webhook';
import { recordWebhookDeliveries } from './webhook-deliveries';

/** How often the records are looked over for reviews that fell due. */
export const REVIEW_DUE_INTERVAL_MS = 60 * 60_000;

// A round's share; a backlog (the first run after an upgrade) is worked through in turns.
const ROUND_SIZE = 200;

export interface ReviewDueJobOptions {
  sql: SqlClient;
  clock: () => Date;
  logger: Logger;
  reviewIntervalMonths: number;
  intervalMs?: number;
  onRecorded: () => void;
}

interface DueRow {
  assessment_id: string;
  adviser_slug: string | null;
  signed_at: Date | string;
}

/**
 * review.due, once per signed assessment (the client's latest with their adviser, not restricted)
 * whose review date has come, read from the records read model as its "review due" filter does.
 * The event's id is the assessment's, so its webhook-id is the same whichever instance or run
 * sends it; the note in webhook_reviews_due, written in the same transaction, makes it once.
 */
export function startReviewDueJob(options: ReviewDueJobOptions) {
  const { sql, clock, logger } = options;
  async function round() {
    const now = clock();
    const { rows } = await sql.query<DueRow>(
      `SELECT r.assessment_id, r.adviser_slug, r.signed_at FROM records_assessments r
       WHERE r.status = 'signed' AND NOT r.superseded AND r.restricted_at IS NULL
         AND (r.signed_at AT TIME ZONE 'UTC') + make_interval(months => $1::int) <= ($2::timestamptz AT TIME ZONE 'UTC')
         AND NOT EXISTS (SELECT 1 FROM webhook_reviews_due w WHERE w.assessment_id = r.assessment_id)
       ORDER BY r.signed_at LIMIT $3`,
      [options.reviewIntervalMonths, now.toISOString(), ROUND_SIZE],
    );
    if (rows.length === 0) return 'none' as const;
    let recorded = 0;
    await sql.transaction(async (tx) => {
      for (const row of rows) {
        const signedAt = new Date(row.signed_at);
        const dueAt = reviewDueAt(signedAt, options.reviewIntervalMonths);
        const noted = await tx.query(
          `INSERT INTO webhook_reviews_due (assessment_id, due_at, emitted_at) VALUES ($1::uuid, $2::timestamptz, $3::timestamptz)
           ON CONFLICT (assessment_id) DO NOTHING`,
          [row.assessment_id, dueAt.toISOString(), now.toISOString()],
        );
        if (noted.rowCount === 0) continue;
        const planned: PlannedWebhook = {
          id: webhookId(`review-${row.assessment_id}`),
          event: {
            type: 'review.due',
            timestamp: dueAt.toISOString(),
            data: {
              assessmentId: row.assessment_id,
              adviserSlug: row.adviser_slug,
              signedAt: signedAt.toISOString(),
              reviewDueAt: dueAt.toISOString(),
            },
          },
          orderingKey: row.assessment_id,
          assessmentId: row.assessment_id,
        };
        recorded += (await recordWebhookDeliveries(tx, planned, now, { endpointsCreatedBy: dueAt })).recorded;
      }
    });
    if (recorded > 0) {
      logger.info({ deliveries: recorded }, 'review.due webhooks recorded');
      options.onRecorded();
    }
    return rows.length === ROUND_SIZE ? ('more' as const) : ('none' as const);
  }
  return startWorker({
    round,
    onError: (error) => logger.error({ err: error }, 'review.due round failed; retrying'),
    pollIntervalMs: options.intervalMs ?? REVIEW_DUE_INTERVAL_MS,
  });
}
