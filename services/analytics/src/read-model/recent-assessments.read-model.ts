import {
  type AssessmentLifecycleTopicEvent,
  type AssessmentSnapshotEvent,
  isAssessmentSnapshot,
  questionnaireVersionOf,
  type RecentAssessments,
} from '@risk-profile/contracts';
import { type Migration, migrate, rewriteErasedTables, type SqlClient } from '@risk-profile/platform';

const MIGRATIONS: readonly Migration[] = [
  {
    id: '001-create-recent-assessments',
    sql: `CREATE TABLE analytics_recent_assessments (
      assessment_id uuid PRIMARY KEY,
      client_name text NOT NULL,
      client_email text,
      created_at timestamptz NOT NULL,
      selected_profile text NOT NULL,
      risk_score int NOT NULL,
      stage int NOT NULL,
      signed_at timestamptz
    );
    CREATE INDEX analytics_recent_assessments_created ON analytics_recent_assessments (created_at DESC)`,
  },
  {
    // For the dashboard's adviser filter. Rows written before it hold NULL: they show under
    // "all advisers" only (the read model keeps no events to fill them from).
    id: '002-recent-assessments-adviser',
    sql: `ALTER TABLE analytics_recent_assessments ADD COLUMN adviser_slug text;
    CREATE INDEX analytics_recent_assessments_adviser_created
      ON analytics_recent_assessments (adviser_slug, created_at DESC)`,
  },
  {
    // The assessments whose personal data was erased (AssessmentErased), by id only: their row is
    // deleted, and a snapshot of one redelivered or arriving late never writes it back.
    id: '003-erased-assessments',
    sql: 'CREATE TABLE analytics_erased_assessments (assessment_id uuid PRIMARY KEY)',
  },
  {
    // For the dashboard's questionnaire-version filter. Rows written before it were answered
    // against version 1, the only one there was.
    id: '004-recent-assessments-questionnaire-version',
    sql: `ALTER TABLE analytics_recent_assessments ADD COLUMN questionnaire_version int NOT NULL DEFAULT 1`,
  },
];

/** The stage of a signed assessment; a draft (started at "Yes, I agree") is 1. */
const SIGNED_STAGE = 2;

/** How many rows the Assessments tab lists. */
export const RECENT_ASSESSMENTS_LIMIT = 50;

/**
 * The analytics service's PostgreSQL read model of recent assessments: the one place it keeps
 * client names and emails (ClickHouse holds no personal data). Writing is an upsert where the
 * later stage wins, so a redelivered or late draft never overwrites the signed version; an erased
 * assessment's row is deleted for good, and its bytes rewritten out of the files.
 */
export class RecentAssessmentsReadModel {
  private constructor(private readonly sql: SqlClient) {}

  static async create(sql: SqlClient): Promise<RecentAssessmentsReadModel> {
    await migrate(sql, 'analytics', MIGRATIONS);
    return new RecentAssessmentsReadModel(sql);
  }

  /**
   * Applies a batch of lifecycle events in one statement. An assessment appears once in it: the
   * batch's own events are folded first the way the upsert folds them (the later stage wins, and
   * of one stage the later event), since one statement cannot update a row twice.
   */
  async applyAll(events: readonly AssessmentLifecycleTopicEvent[]): Promise<void> {
    // Erasure first: it is final, so a snapshot of an erased assessment is never written, in this
    // batch or any later one. Restriction changes nothing here (the dashboard sends no messages).
    const erased = events.filter((e) => e.type === 'AssessmentErased').map((e) => e.data.assessmentId);
    if (erased.length > 0) {
      await this.sql.query(
        `INSERT INTO analytics_erased_assessments (assessment_id) SELECT unnest($1::uuid[])
         ON CONFLICT DO NOTHING`,
        [erased],
      );
      await this.sql.query('DELETE FROM analytics_recent_assessments WHERE assessment_id = ANY($1::uuid[])', [
        erased,
      ]);
      // The deleted rows' bytes stay in the table file (and the WAL) until it is rewritten. Every
      // batch with an erasure rewrites it, whether or not its rows were still here: a batch
      // redelivered after a crash between the delete and the rewrite finds none to delete.
      await rewriteErasedTables(this.sql, ['analytics_recent_assessments']);
    }
    const latest = new Map<string, { event: AssessmentSnapshotEvent; stage: number }>();
    for (const event of events.filter(isAssessmentSnapshot)) {
      const stage = event.type === 'AssessmentSigned' ? SIGNED_STAGE : 1;
      const held = latest.get(event.data.assessmentId);
      if (held === undefined || held.stage <= stage) latest.set(event.data.assessmentId, { event, stage });
    }
    if (latest.size === 0) return;
    const rows = [...latest.values()];
    await this.sql.query(
      `INSERT INTO analytics_recent_assessments
         (assessment_id, client_name, client_email, created_at, selected_profile, risk_score, stage, signed_at,
          adviser_slug, questionnaire_version)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::int[],
                            $7::int[], $8::timestamptz[], $9::text[], $10::int[]) AS u (assessment_id)
       WHERE NOT EXISTS (SELECT 1 FROM analytics_erased_assessments e WHERE e.assessment_id = u.assessment_id)
       ON CONFLICT (assessment_id) DO UPDATE SET
         client_name = EXCLUDED.client_name, client_email = EXCLUDED.client_email,
         selected_profile = EXCLUDED.selected_profile, risk_score = EXCLUDED.risk_score,
         stage = EXCLUDED.stage, signed_at = EXCLUDED.signed_at, adviser_slug = EXCLUDED.adviser_slug,
         questionnaire_version = EXCLUDED.questionnaire_version
       WHERE analytics_recent_assessments.stage <= EXCLUDED.stage`,
      [
        rows.map((r) => r.event.data.assessmentId),
        rows.map((r) => r.event.data.clientName),
        rows.map((r) => r.event.data.clientEmail),
        rows.map((r) => r.event.data.createdAt),
        rows.map((r) => r.event.data.selectedProfile),
        rows.map((r) => r.event.data.riskScore),
        rows.map((r) => r.stage),
        rows.map((r) => (r.event.type === 'AssessmentSigned' ? r.event.data.signedAt : null)),
        rows.map((r) => r.event.data.adviserSlug),
        rows.map((r) => questionnaireVersionOf(r.event.data)),
      ],
    );
  }

  /**
   * Newest first, created at or after `since` (null: all), of one adviser and one questionnaire
   * version (null: every one).
   */
  async recent(
    since: Date | null,
    adviser: string | null = null,
    version: number | null = null,
  ): Promise<RecentAssessments> {
    const { rows } = await this.sql.query<{
      assessment_id: string;
      client_name: string;
      client_email: string | null;
      created_at: Date | string;
      selected_profile: RecentAssessments[number]['selectedProfile'];
      risk_score: number;
      stage: number;
    }>(
      `SELECT assessment_id, client_name, client_email, created_at, selected_profile, risk_score, stage
       FROM analytics_recent_assessments
       WHERE ($1::timestamptz IS NULL OR created_at >= $1::timestamptz)
         AND ($3::text IS NULL OR adviser_slug = $3::text)
         AND ($4::int IS NULL OR questionnaire_version = $4::int)
       ORDER BY created_at DESC, assessment_id
       LIMIT $2`,
      [since?.toISOString() ?? null, RECENT_ASSESSMENTS_LIMIT, adviser, version],
    );
    return rows.map((r) => ({
      id: r.assessment_id,
      status: r.stage === SIGNED_STAGE ? 'signed' : 'started',
      clientName: r.client_name,
      clientEmail: r.client_email,
      createdAt: new Date(r.created_at).toISOString(),
      selectedProfile: r.selected_profile,
      riskScore: r.risk_score,
    }));
  }
}
